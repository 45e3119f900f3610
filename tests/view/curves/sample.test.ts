// Tests reducing the curves to each pixel column's min and max.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepare } from '../../../src/view/curves/prepare';
import { POINTS_PER_PX, sample } from '../../../src/view/curves/sample';
import { curves } from './fixtures';

const values = (s: { values: Float64Array; length: number }): number[] =>
  Array.from(s.values.subarray(0, s.length));
const frames = (s: { frames: Float64Array; length: number }): number[] =>
  Array.from(s.frames.subarray(0, s.length));

describe('sample', () => {
  it('keeps every frame while there are few per pixel', () => {
    const p = prepare(curves([3, 2, 1], [1, 1, 0]))!;
    const [left, right, ratio] = sample(p, 10);
    expect(frames(left)).toEqual([1, 2, 3]);
    expect(values(left)).toEqual([5, 4, 3]);
    expect(values(right)).toEqual([3, 3, 2]);
    expect(values(ratio)).toEqual([5 / 3, 4 / 3, 3 / 2]);
  });

  it("keeps each column's minimum and maximum, in frame order, so spikes survive", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1000), { minLength: 2, maxLength: 300 }),
        fc.integer({ min: 1, max: 40 }),
        (pageIns, columns) => {
          const p = prepare(
            curves(
              pageIns,
              pageIns.map(() => 1),
            ),
          )!;
          const [left] = sample(p, columns);
          const all = pageIns.map((v) => 2 + v);
          expect(Math.max(...values(left))).toBe(Math.max(...all));
          expect(Math.min(...values(left))).toBe(Math.min(...all));
          const kept = frames(left);
          kept.forEach((f, i) => {
            if (i > 0) expect(f).toBeGreaterThanOrEqual(kept[i - 1]);
          });
          if (pageIns.length > POINTS_PER_PX * columns) {
            expect(kept.length).toBeLessThanOrEqual(2 * columns);
          }
        },
      ),
    );
  });
});
