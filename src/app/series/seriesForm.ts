// The controls the series panels share: the series to run (at least one), the N values (a
// refused list is named and the previous one stays), the error line, selects, checkboxes and
// the export buttons. Each refusal says what was kept, so nothing changes silently.

import type { Parsed } from '../../core/ranges';
import { el, setText } from '../browser/dom';

/** The line that names a refused input (empty, it takes no room). */
export class ErrorLine {
  readonly element: HTMLParagraphElement;

  constructor(
    name: string,
    private readonly report: (text: string) => void,
  ) {
    this.element = el('p', {
      class: `series-error ${name}-error`,
      role: 'alert',
      'data-testid': `${name}-error`,
    });
  }

  refuse(message: string): void {
    setText(this.element, message);
    this.report(message);
  }

  clear(): void {
    setText(this.element, '');
  }
}

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** A tooltip (where the structure comes from). */
  title?: string;
}

/**
 * Checkboxes for the series to run, in their fixed order: unticking the last one is refused
 * (`refusal` says so) and the box ticked again.
 */
export class ChoiceBoxes<T extends string> {
  readonly element: HTMLFieldSetElement;
  private readonly boxes = new Map<T, HTMLInputElement>();
  private chosen: T[] = [];

  constructor(
    options: { className: string; legend: string; testId: (value: T) => string },
    private readonly choices: readonly Choice<T>[],
    private readonly refusal: string,
    private readonly events: { refuse: (message: string) => void; chose: (values: T[]) => void },
  ) {
    this.element = el('fieldset', { class: `series-choices ${options.className}` }, [
      el('legend', {}, [options.legend]),
    ]);
    for (const choice of choices) {
      const box = el('input', { type: 'checkbox', 'data-testid': options.testId(choice.value) });
      box.addEventListener('change', () => this.read(choice.value, box));
      this.boxes.set(choice.value, box);
      const attributes: Record<string, string> =
        choice.title === undefined ? {} : { title: choice.title };
      this.element.append(el('label', attributes, [box, choice.label]));
    }
  }

  /** Ticks these values' boxes (a link's, or the settings at start). */
  set(values: readonly T[]): void {
    this.chosen = [...values];
    for (const [value, box] of this.boxes) box.checked = values.includes(value);
  }

  private read(changed: T, box: HTMLInputElement): void {
    const next = this.choices
      .map((choice) => choice.value)
      .filter((value) => (value === changed ? box.checked : this.chosen.includes(value)));
    if (next.length === 0) {
      box.checked = true;
      this.events.refuse(this.refusal);
      return;
    }
    this.chosen = next;
    this.events.chose(next);
  }
}

/** A text field for numbers, as the machine panel's and the scaling panel's are. */
export function numberField(attributes: Record<string, string>): HTMLInputElement {
  return el('input', {
    type: 'text',
    inputmode: 'numeric',
    spellcheck: 'false',
    autocomplete: 'off',
    ...attributes,
  });
}

/**
 * The N values' field: read when it changes, and on Enter, which also starts the job if the
 * values are accepted. A refused list is named and the field shows the previous values again.
 */
export class SizesField {
  readonly input: HTMLInputElement;
  private sizes: number[] = [];

  constructor(
    attributes: Record<string, string>,
    private readonly parse: (text: string) => Parsed<number[]>,
    private readonly events: {
      refuse: (message: string) => void;
      /** Accepted values, and whether they differ from the previous ones. */
      read: (sizes: number[], changed: boolean) => void;
      /** Enter on accepted values. */
      start: () => void;
    },
  ) {
    this.input = numberField(attributes);
    this.input.addEventListener('change', () => this.read());
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        if (this.read()) events.start();
      }
    });
  }

  set(sizes: readonly number[]): void {
    this.sizes = [...sizes];
    this.input.value = sizes.join(', ');
  }

  /** Reads the field; false if it was refused. */
  read(): boolean {
    const parsed = this.parse(this.input.value);
    if (!parsed.ok) {
      this.events.refuse(`${parsed.error}; keeping ${this.sizes.join(', ')}.`);
      this.input.value = this.sizes.join(', ');
      return false;
    }
    const before = this.sizes.join();
    this.set(parsed.value);
    this.events.read(parsed.value, parsed.value.join() !== before);
    return true;
  }
}

/** A select of these [value, label] options. */
export function selectOf(
  attributes: Record<string, string>,
  options: readonly (readonly [string, string])[],
): HTMLSelectElement {
  return el(
    'select',
    attributes,
    options.map(([value, label]) => el('option', { value }, [label])),
  );
}

/** Hands a select's new value to `chose`: one of `values`, or undefined for anything else. */
export function onChoice<T extends string>(
  select: HTMLSelectElement,
  values: readonly T[],
  chose: (value: T | undefined) => void,
): void {
  select.addEventListener('change', () => chose(values.find((value) => value === select.value)));
}

export function checkbox(testId: string): HTMLInputElement {
  return el('input', { type: 'checkbox', 'data-testid': testId });
}

/** The export buttons, test ids `${name}-export-${format}`, in a group. */
export function exportGroup(
  name: string,
  buttons: readonly { format: string; label: string; save: () => void }[],
): HTMLElement {
  return el(
    'div',
    { class: 'exports', role: 'group', 'aria-label': 'Export' },
    buttons.map(({ format, label, save }) => {
      const button = el('button', { type: 'button', 'data-testid': `${name}-export-${format}` }, [
        label,
      ]);
      button.addEventListener('click', save);
      return button;
    }),
  );
}

/** A form that never submits: its controls act on their own. */
export function quietForm(
  attributes: Record<string, string>,
  children: HTMLElement[],
): HTMLFormElement {
  const form = el('form', attributes, children);
  form.addEventListener('submit', (event) => event.preventDefault());
  return form;
}
