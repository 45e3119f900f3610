// Tests the word wrap of chart messages.

import { describe, expect, it } from 'vitest';
import { wrap } from '../../../src/view/charts/messageOverlay';

describe('wrap', () => {
  it('breaks between words, never inside one, and keeps paragraphs apart', () => {
    expect(wrap('Computing the curves of 1M items', 12)).toEqual([
      'Computing',
      'the curves',
      'of 1M items',
    ]);
    expect(wrap('one\ntwo three', 20)).toEqual(['one', 'two three']);
    expect(wrap('a-very-long-word', 4)).toEqual(['a-very-long-word']);
    expect(wrap('', 10)).toEqual(['']);
  });
});
