// Tests fitting text to a width: the candidate chosen, and the ellipsis cut.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitMeasured } from '../../../src/view/charts/fitText';

/** A monospace font: 7 px a character, as measurerFor assumes without a canvas. */
const mono = (text: string): number => text.length * 7;

describe('fitMeasured', () => {
  it('takes the first candidate that fits', () => {
    expect(fitMeasured(mono, ['run time (s, log scale)', 'run time (s)', 's'], 100)).toBe(
      'run time (s)',
    );
    expect(fitMeasured(mono, ['run time (s, log scale)', 'run time (s)'], 1000)).toBe(
      'run time (s, log scale)',
    );
  });

  it('cuts the last candidate at a word end, with an ellipsis, when none fits', () => {
    // 7 characters fit in 49 px: "ratio" and the ellipsis, the space before "B-heap" trimmed.
    expect(fitMeasured(mono, ['ratio B-heap / Binary heap'], 49)).toBe('ratio…');
    expect(fitMeasured(mono, ['abc'], 3)).toBe('…');
  });

  it('never returns a text wider than max while a shorter cut would fit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.integer({ min: 7, max: 300 }), (text, max) => {
        const fitted = fitMeasured(mono, [text], max);
        expect(mono(fitted)).toBeLessThanOrEqual(max);
        if (fitted !== text) {
          expect(fitted.endsWith('…')).toBe(true);
          expect(text.startsWith(fitted.slice(0, -1))).toBe(true);
        }
      }),
    );
  });
});
