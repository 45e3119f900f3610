// What a phone adds to the page: the header's menu, the switch between the two sides, the trees'
// zoom buttons and pinch, and a swipe on the stage that steps (left: forward, right: back).
// Pointer events throughout, so a mouse, a pen and a finger all work; nothing needs hover.

import { el, setText } from '../browser/dom';
import { icon } from '../browser/icons';
import type { SidePanel } from '../side/sidePanel';

/** How far (px) a finger must travel sideways, and how little up or down, to be a swipe. */
const SWIPE_DISTANCE = 48;
const SWIPE_SLOPE = 0.6;
/** Each zoom button press scales the tree by this much. */
const ZOOM_STEP = 1.5;

/** The header's menu button: on a phone the header's buttons fold behind it. */
export function headerMenu(header: HTMLElement, actions: HTMLElement): HTMLButtonElement {
  actions.id = 'top-actions';
  const button = el('button', {
    type: 'button',
    class: 'menu-toggle',
    'data-testid': 'menu-toggle',
    'aria-controls': 'top-actions',
    'aria-expanded': 'false',
  });
  setText(button, 'Menu');
  button.addEventListener('click', () => {
    const open = !header.classList.contains('menu-open');
    header.classList.toggle('menu-open', open);
    button.setAttribute('aria-expanded', String(open));
  });
  // A choice made in the menu closes it.
  actions.addEventListener('click', (event) => {
    if (event.target instanceof HTMLButtonElement && header.classList.contains('menu-open')) {
      header.classList.remove('menu-open');
      button.setAttribute('aria-expanded', 'false');
    }
  });
  return button;
}

/** Which sides a phone shows: both (stacked or side by side), or one of them at full width. */
type ShownSides = 'both' | 'left' | 'right';

/** The switch above the sides on a phone: Both, or either side alone. */
export function sideSwitch(
  sides: HTMLElement,
  names: () => [string, string],
): { root: HTMLElement; refresh: () => void } {
  const root = el('div', {
    class: 'side-switch',
    role: 'radiogroup',
    'aria-label': 'Sides shown',
    'data-testid': 'side-switch',
  });
  const buttons = new Map<ShownSides, HTMLButtonElement>();
  const show = (which: ShownSides): void => {
    sides.dataset.shown = which;
    for (const [key, button] of buttons) button.setAttribute('aria-checked', String(key === which));
  };
  for (const which of ['both', 'left', 'right'] as const) {
    const button = el('button', {
      type: 'button',
      role: 'radio',
      'data-testid': `side-switch-${which}`,
      'aria-checked': String(which === 'both'),
    });
    button.addEventListener('click', () => show(which));
    buttons.set(which, button);
    root.append(button);
  }
  const refresh = (): void => {
    const [left, right] = names();
    setText(buttons.get('both') as HTMLButtonElement, 'Both');
    setText(buttons.get('left') as HTMLButtonElement, left);
    setText(buttons.get('right') as HTMLButtonElement, right);
  };
  show('both');
  // Named once a scenario is shown (the session does not exist while the page is built).
  return { root, refresh };
}

/** Zoom buttons over each tree, and pinch on it: the tree is drawn larger or smaller. */
export function treeZoom(panel: SidePanel): void {
  const box = panel.root.querySelector<HTMLElement>('.tree-box');
  if (box === null) return;
  const button = (name: 'zoomIn' | 'zoomOut', label: string, factor: number): HTMLElement => {
    const b = el('button', {
      type: 'button',
      class: 'zoom-button',
      'aria-label': `${label} (${panel.side} tree)`,
      title: label,
      'data-testid': `${name === 'zoomIn' ? 'zoom-in' : 'zoom-out'}-${panel.side}`,
    });
    b.append(icon(name));
    b.addEventListener('click', () => panel.tree.setScale(panel.tree.zoomScale * factor));
    return b;
  };
  box.append(
    el('div', { class: 'zoom-buttons' }, [
      button('zoomIn', 'Zoom in', ZOOM_STEP),
      button('zoomOut', 'Zoom out', 1 / ZOOM_STEP),
    ]),
  );
  // Pinch: two pointers on the tree; the ratio of their distances scales it once they lift.
  const pointers = new Map<number, { x: number; y: number }>();
  let startDistance = 0;
  const distance = (): number => {
    const [a, b] = [...pointers.values()];
    return a === undefined || b === undefined ? 0 : Math.hypot(a.x - b.x, a.y - b.y);
  };
  box.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'touch') return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) startDistance = distance();
  });
  box.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  });
  const end = (event: PointerEvent): void => {
    if (pointers.size === 2 && startDistance > 0) {
      const ratio = distance() / startDistance;
      if (ratio > 1.15 || ratio < 0.87) panel.tree.setScale(panel.tree.zoomScale * ratio);
      startDistance = 0;
    }
    pointers.delete(event.pointerId);
  };
  box.addEventListener('pointerup', end);
  box.addEventListener('pointercancel', end);
}

/**
 * A horizontal swipe across `stage` steps: to the left is forward (the next step comes in from
 * the right), to the right is back. A vertical movement scrolls, as ever (touch-action: pan-y).
 */
export function swipeToStep(stage: HTMLElement, step: (delta: 1 | -1) => void): void {
  const starts = new Map<number, { x: number; y: number }>();
  // A gesture that ever had a second finger is a pinch to its end, whichever finger lifts last:
  // the last finger of a pinch travels sideways too.
  let pinch = false;
  const lift = (pointerId: number): { x: number; y: number } | undefined => {
    const start = starts.get(pointerId);
    starts.delete(pointerId);
    const wasPinch = pinch;
    if (starts.size === 0) pinch = false;
    return wasPinch ? undefined : start;
  };
  stage.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'touch') return;
    starts.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (starts.size > 1) pinch = true;
  });
  stage.addEventListener('pointerup', (event) => {
    const start = lift(event.pointerId);
    if (start === undefined) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dy) > Math.abs(dx) * SWIPE_SLOPE) return;
    step(dx < 0 ? 1 : -1);
  });
  stage.addEventListener('pointercancel', (event) => {
    lift(event.pointerId);
  });
}
