// The median of several runs, and which run the culprit lists are taken from.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median, medianOf, medianRunIndex } from '../../../scripts/lighthouse/median';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([300, 100, 200])).toBe(200);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is null for no values', () => {
    expect(median([])).toBeNull();
  });

  it('lies between the smallest and the largest value and ignores their order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000, max: 1_000 }), { minLength: 1 }), (values) => {
        const middle = median(values)!;
        expect(middle).toBeGreaterThanOrEqual(Math.min(...values));
        expect(middle).toBeLessThanOrEqual(Math.max(...values));
        expect(median([...values].reverse())).toBe(middle);
      }),
    );
  });

  it('leaves out missing values (a run that gave no number)', () => {
    expect(medianOf([null, 5, 1, null, 3])).toBe(3);
    expect(medianOf([null, null])).toBeNull();
  });
});

describe('the median run', () => {
  it('is the run whose key is nearest the median', () => {
    expect(medianRunIndex([90, 60, 75])).toBe(2);
  });

  it('is the earlier of two runs equally near the median', () => {
    expect(medianRunIndex([90, 80, 70, 60])).toBe(1);
    expect(medianRunIndex([60, 70, 80, 90])).toBe(1);
  });

  it('skips runs without a key, and is the first run when none has one', () => {
    expect(medianRunIndex([null, 50, 40, 45])).toBe(3);
    expect(medianRunIndex([null, null])).toBe(0);
  });
});
