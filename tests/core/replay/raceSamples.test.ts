// Where the race of transfers is sampled: from operation 0 to the last, ascending, evenly, and
// never more samples than the page's race table holds.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { raceSampleOps } from '../../../src/core/replay/raceSamples';
import { RACE_ENTRIES } from '../../../src/core/scenario/pageLimits';

describe('raceSampleOps', () => {
  it('samples after every operation while the table has room', () => {
    expect([...raceSampleOps(5, 10)]).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('keeps at least the start and the end, even of an empty run', () => {
    expect([...raceSampleOps(0, 4)]).toEqual([0, 0]);
    expect([...raceSampleOps(1_000_000, RACE_ENTRIES * 2)]).toEqual([0, 1_000_000]);
  });

  it('starts at 0, ends at the last operation, ascends evenly and fits the table', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 600_000 }),
        (operations, pages) => {
          const ops = raceSampleOps(operations, pages);
          expect(ops[0]).toBe(0);
          expect(ops[ops.length - 1]).toBe(operations);
          expect(ops.length).toBeLessThanOrEqual(Math.max(2, operations + 1));
          expect(ops.length * pages <= RACE_ENTRIES || ops.length === 2).toBe(true);
          const gap = operations / (ops.length - 1);
          let uneven = -1;
          for (let i = 1; i < ops.length && uneven < 0; i++) {
            if (ops[i] <= ops[i - 1] || Math.abs(ops[i] - i * gap) > 0.5 + 1e-6) uneven = i;
          }
          expect(uneven, 'the first sample out of place').toBe(-1);
        },
      ),
      { numRuns: 60 },
    );
  });
});
