// The message box under the top bar: what a link, the controls or the curves refused, and why.

import type { ScenarioError } from '../../core/scenario/scenario';
import { el } from '../browser/dom';

export class ErrorBox {
  readonly root: HTMLElement;

  constructor() {
    // Messages are left-to-right English; echoed input has its controls made visible by the
    // parser, and dir pins the line's direction whatever the echo holds.
    this.root = el('div', {
      class: 'scenario-error',
      'data-testid': 'scenario-error',
      role: 'alert',
      dir: 'ltr',
      hidden: '',
    });
  }

  /** Shows `errors` as coming from `source` ("This link", "The controls"…); none hides the box. */
  show(errors: readonly ScenarioError[], source: string): void {
    const box = this.root;
    box.replaceChildren();
    if (errors.length === 0) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    box.append(
      el('strong', {}, [`${source} had ${errors.length === 1 ? 'a problem' : 'problems'}:`]),
    );
    const list = el('ul');
    for (const error of errors) list.append(el('li', {}, [error.message]));
    const dismiss = el('button', { type: 'button', class: 'dismiss', 'aria-label': 'Dismiss' }, [
      '×',
    ]);
    dismiss.addEventListener('click', () => {
      box.hidden = true;
    });
    box.append(list, dismiss);
  }
}
