// The lockstep rule: an operation lasts as many steps as the side with more events in it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lockstepLength } from '../../../src/core/replay/lockstep';

describe('lockstepLength', () => {
  it('is the larger side’s event count', () => {
    expect(lockstepLength([3, 7])).toBe(7);
    expect(lockstepLength([7, 3])).toBe(7);
    expect(lockstepLength([0, 0])).toBe(0);
    expect(lockstepLength([])).toBe(0);
  });

  it('covers every side’s events and is one side’s count, in either order', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(10_000), { minLength: 1, maxLength: 4 }), (counts) => {
        const length = lockstepLength(counts);
        for (const count of counts) expect(length).toBeGreaterThanOrEqual(count);
        expect(counts).toContain(length);
        expect(lockstepLength([...counts].reverse())).toBe(length);
      }),
    );
  });
});
