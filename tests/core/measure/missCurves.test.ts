// A traced run's miss curves: kept only where they change, yet read back within the tolerance at
// every capacity, and zero once the run's lines all fit (a repeated run finds them resident).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compressCurve,
  MISS_CURVE_TOLERANCE,
  missesAt,
} from '../../../src/core/measure/missCurves';
import type { FrameCurves } from '../../../src/core/memory/stackDistances';

/** A made-up curve: page-ins never increasing with the frames, as LRU's are. */
const curves = fc
  .array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 400 })
  .chain((steps) =>
    fc.integer({ min: 1, max: 1000 }).map((zeroFills): FrameCurves => {
      const pageIns = new Float64Array(steps.length);
      let total = steps.reduce((a, b) => a + b, 0);
      steps.forEach((step, index) => {
        pageIns[index] = total;
        total -= step;
      });
      pageIns[steps.length - 1] = 0;
      return {
        pages: steps.length,
        zeroFills: Math.max(zeroFills, steps.length),
        pageIns,
        writeBacks: new Float64Array(steps.length),
      };
    }),
  );

describe('miss curves', () => {
  it('read back every capacity within the tolerance, and nothing once everything fits', () => {
    fc.assert(
      fc.property(curves, (full) => {
        const curve = compressCurve(full);
        expect(curve.capacities[0]).toBe(1);
        expect(curve.capacities.length).toBeLessThanOrEqual(full.zeroFills);
        for (let c = 1; c < full.zeroFills; c++) {
          const exact = full.zeroFills + (c <= full.pageIns.length ? full.pageIns[c - 1] : 0);
          const read = missesAt(curve, c);
          expect(Math.abs(read - exact)).toBeLessThanOrEqual(
            Math.max(0.5, MISS_CURVE_TOLERANCE * exact),
          );
        }
        expect(missesAt(curve, full.zeroFills)).toBe(0);
        expect(missesAt(curve, full.zeroFills + 100)).toBe(0);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
