// The page's playback keys: listens on the window and leaves alone keys meant for a field.

import { type KeyAction, keyAction } from './keys';
import type { Playback } from './playback';

/**
 * Text fields, menus, the curves' own controls and the memory slider keep their keys; the
 * transport's scrubber (a range input too) leaves them to playback.
 */
function belongsToField(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest('.curves, .memory-bar') !== null) return true;
  if (target instanceof HTMLInputElement && target.type !== 'range') return true;
  return target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** What the keys do beyond playback: the tour's scenes and presenter mode. */
export interface PageKeys {
  nextScene(): boolean;
  previousScene(): boolean;
  togglePresenter(): void;
  /** Leaves presenter mode; false if it was not on (Esc then belongs to others). */
  leavePresenter(): boolean;
}

/** Acts on `action`; false if it did nothing (so the key keeps its default). */
function perform(playback: Playback, page: PageKeys, action: KeyAction): boolean {
  switch (action) {
    case 'next-scene':
      return page.nextScene();
    case 'previous-scene':
      return page.previousScene();
    case 'toggle-presenter':
      page.togglePresenter();
      return true;
    case 'leave-presenter':
      return page.leavePresenter();
    case 'toggle-play':
      playback.togglePlay();
      break;
    case 'step-forward':
      playback.stepBy(1);
      break;
    case 'step-back':
      playback.stepBy(-1);
      break;
    case 'operation-forward':
      playback.stepOperation(1);
      break;
    case 'operation-back':
      playback.stepOperation(-1);
      break;
    // Home and End pause, unlike the transport's jump buttons.
    case 'first-step':
      playback.pause();
      playback.seek(0);
      break;
    case 'last-step':
      playback.pause();
      playback.seekEnd();
      break;
  }
  return true;
}

export function listenForPlaybackKeys(playback: Playback, page: PageKeys): void {
  window.addEventListener('keydown', (event) => {
    if (belongsToField(event.target)) return;
    // A dialog (the tour editor) keeps its keys.
    if (event.target instanceof Element && event.target.closest('dialog') !== null) return;
    const action = keyAction(event);
    if (action === null) return;
    // Space on a focused button clicks it: the button's own handler acts, not this one.
    if (action === 'toggle-play' && event.target instanceof HTMLButtonElement) return;
    if (perform(playback, page, action)) event.preventDefault();
  });
}
