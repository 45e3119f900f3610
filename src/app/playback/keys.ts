// Which playback action a key press asks for (pure).

export type KeyAction =
  | 'toggle-play'
  | 'step-forward'
  | 'step-back'
  | 'operation-forward'
  | 'operation-back'
  | 'first-step'
  | 'last-step'
  | 'next-scene'
  | 'previous-scene'
  | 'toggle-presenter'
  | 'leave-presenter';

/** The parts of a KeyboardEvent the mapping reads. */
export interface KeyPress {
  key: string;
  code: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * Space plays or pauses, ←/→ step by one event, Shift+←/→ by one operation, Home/End jump to
 * the first and last step. PageDown/PageUp (what a presentation clicker sends) and N/P move
 * between a tour's scenes; F toggles presenter mode and Esc leaves it. Alt, Ctrl and Meta
 * combinations belong to the browser and the OS. Whether the key was meant for a form field is
 * the keyboard listener's call, made first.
 */
export function keyAction(press: KeyPress): KeyAction | null {
  if (press.altKey || press.ctrlKey || press.metaKey) return null;
  if (press.key === ' ' || press.code === 'Space') return 'toggle-play';
  if (press.key === 'ArrowRight') return press.shiftKey ? 'operation-forward' : 'step-forward';
  if (press.key === 'ArrowLeft') return press.shiftKey ? 'operation-back' : 'step-back';
  if (press.key === 'Home') return 'first-step';
  if (press.key === 'End') return 'last-step';
  if (press.key === 'PageDown' || press.key === 'n' || press.key === 'N') return 'next-scene';
  if (press.key === 'PageUp' || press.key === 'p' || press.key === 'P') return 'previous-scene';
  if (press.key === 'f' || press.key === 'F') return 'toggle-presenter';
  if (press.key === 'Escape') return 'leave-presenter';
  return null;
}
