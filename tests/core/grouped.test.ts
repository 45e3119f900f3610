import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/core/grouped';

describe('formatCount', () => {
  it('write every number as Intl writes it in en-US with no fraction digits, halves and signs included', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const value of [
      0,
      -0,
      0.5,
      -0.5,
      1.5,
      2.5,
      -2.5,
      0.49999999999999994,
      -0.4,
      999.5,
      1e21,
      -1e300,
      NaN,
      Infinity,
      -Infinity,
      2 ** 53,
      2 ** 53 - 0.5,
    ]) {
      expect(formatCount(value)).toBe(intl.format(value));
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.integer({ min: -(2 ** 31), max: 2 ** 31 }).map((n) => n + 0.5),
          fc.maxSafeInteger(),
        ),
        (value) => {
          expect(formatCount(value)).toBe(intl.format(value));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
