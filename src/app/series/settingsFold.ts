// A chart panel's settings, folded under one line so the chart and its readout come first. The
// layout decides whether they start open (a bare lab on a screen with room) or folded (a tour's
// chart scene, presenter mode, a phone); once a reader opens or folds them, that stays.

import { el } from '../browser/dom';

/**
 * What the layout asked for last. A panel's code loads when its tab is first shown, often after
 * the layout folded the others: built open regardless, a tour's chart scene at 1280×720 kept its
 * settings open and its chart squeezed, whenever the panel's code came after the layout.
 */
let folded = false;

/** Wraps the settings' parts in a <details> whose summary names them. */
export function settingsFold(name: string, parts: HTMLElement[]): HTMLDetailsElement {
  const summary = el('summary', { 'data-testid': `${name}-settings-toggle` }, ['Settings']);
  const details = el('details', { class: 'panel-settings', 'data-testid': `${name}-settings` }, [
    summary,
    ...parts,
  ]);
  details.open = !folded;
  // A reader's own choice outlasts the layout's.
  summary.addEventListener('click', () => {
    details.dataset.touched = 'true';
  });
  return details;
}

/** Opens or folds every panel's settings the reader has not opened or folded. */
export function foldAllSettings(fold: boolean): void {
  folded = fold;
  for (const details of document.querySelectorAll<HTMLDetailsElement>('details.panel-settings')) {
    if (details.dataset.touched !== 'true') details.open = !fold;
  }
}
