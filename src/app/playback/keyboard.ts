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

/** A field the reader types into: it keeps every key, a clicker's included. */
function isTextEntry(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement &&
    !['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file'].includes(
      target.type,
    )
  );
}

/** What the keys do beyond playback: the tour's scenes and presenter mode. */
interface PageKeys {
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
    // A presentation clicker sends PageDown/PageUp: in a tour they turn the page whatever has
    // the focus (the slider a scene invites the teacher to move included), except a text field.
    const clicker = event.key === 'PageDown' || event.key === 'PageUp';
    if (clicker ? isTextEntry(event.target) : belongsToField(event.target)) return;
    // A dialog (the tour editor) keeps its keys.
    if (event.target instanceof Element && event.target.closest('dialog') !== null) return;
    const action = keyAction(event);
    if (action === null) return;
    // Space on a focused button clicks it: the button's own handler acts, not this one.
    if (action === 'toggle-play' && event.target instanceof HTMLButtonElement) return;
    if (perform(playback, page, action)) event.preventDefault();
  });
}
