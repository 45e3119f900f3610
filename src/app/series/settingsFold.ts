// A chart panel's settings, folded under one line so the chart and its readout come first. The
// layout decides whether they start open (a bare lab on a screen with room) or folded (a tour's
// chart scene, presenter mode, a phone); once a reader opens or folds them, that stays.

import { el } from '../browser/dom';

/** Wraps the settings' parts in a <details> whose summary names them. */
export function settingsFold(name: string, parts: HTMLElement[]): HTMLDetailsElement {
  const summary = el('summary', { 'data-testid': `${name}-settings-toggle` }, ['Settings']);
  const details = el(
    'details',
    { class: 'panel-settings', 'data-testid': `${name}-settings`, open: '' },
    [summary, ...parts],
  );
  // A reader's own choice outlasts the layout's.
  summary.addEventListener('click', () => {
    details.dataset.touched = 'true';
  });
  return details;
}

/** Opens or folds every panel's settings the reader has not opened or folded. */
export function foldAllSettings(fold: boolean): void {
  for (const details of document.querySelectorAll<HTMLDetailsElement>('details.panel-settings')) {
    if (details.dataset.touched !== 'true') details.open = !fold;
  }
}
