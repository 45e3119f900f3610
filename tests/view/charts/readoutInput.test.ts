// Tests which keys move a chart's readout.

import { describe, expect, it } from 'vitest';
import { readoutMove } from '../../../src/view/charts/readoutInput';

describe('readoutMove', () => {
  it('maps the arrows, Home, End and Enter, and leaves every other key to the page', () => {
    expect(['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter'].map(readoutMove)).toEqual([
      'previous',
      'next',
      'first',
      'last',
      'pick',
    ]);
    for (const key of [' ', 'ArrowUp', 'ArrowDown', 'PageUp', 'a', 'Escape']) {
      expect(readoutMove(key)).toBeNull();
    }
  });
});
