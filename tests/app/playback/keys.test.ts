import { describe, expect, it } from 'vitest';
import { type KeyPress, keyAction } from '../../../src/app/playback/keys';

function press(key: string, extra: Partial<KeyPress> = {}): KeyPress {
  return {
    key,
    code: '',
    shiftKey: false,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    ...extra,
  };
}

describe('the playback keys', () => {
  it('map as the README states: Space, ←/→, Shift+←/→, Home, End', () => {
    expect(keyAction(press(' '))).toBe('toggle-play');
    expect(keyAction(press('Unidentified', { code: 'Space' }))).toBe('toggle-play');
    expect(keyAction(press('ArrowRight'))).toBe('step-forward');
    expect(keyAction(press('ArrowLeft'))).toBe('step-back');
    expect(keyAction(press('ArrowRight', { shiftKey: true }))).toBe('operation-forward');
    expect(keyAction(press('ArrowLeft', { shiftKey: true }))).toBe('operation-back');
    expect(keyAction(press('Home'))).toBe('first-step');
    expect(keyAction(press('End'))).toBe('last-step');
  });

  it('leave other keys and Alt, Ctrl or Meta combinations to the browser', () => {
    expect(keyAction(press('a'))).toBe(null);
    expect(keyAction(press('ArrowUp'))).toBe(null);
    for (const modifier of ['altKey', 'ctrlKey', 'metaKey'] as const) {
      expect(keyAction(press('ArrowRight', { [modifier]: true }))).toBe(null);
      expect(keyAction(press(' ', { [modifier]: true }))).toBe(null);
    }
  });
});
