// What the page takes from the shipped data: the packing of the curves, which runs are shipped,
// and the scaling points rebuilt as the worker would send them.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVIEW_CALL_OVERHEAD } from '../../../src/core/experiments/cost';
import { presetSettings } from '../../../src/core/experiments/curveSettings';
import { scalingPoint } from '../../../src/core/experiments/scaling';
import {
  DEFAULT_SCALING,
  type ScalingCommand,
  type ScalingJob,
} from '../../../src/core/experiments/scalingSeries';
import {
  packCounts,
  SHIPPED_CURVE_RUNS,
  SHIPPED_SCALING,
  shippedCurveIndex,
  shippedScalingPoint,
  unpackCounts,
} from '../../../src/core/experiments/shipped';
import { SHIPPED_CURVES } from '../../../src/core/experiments/shippedCurves.generated';
import { SHIPPED_SCALING_POINTS } from '../../../src/core/experiments/shippedScaling.generated';
import { structureSpec } from '../../../src/core/structures/registry';

describe('packed counts', () => {
  it('unpack to the very counts packed, rising or falling', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 2 ** 40 })), (values) => {
        const counts = Float64Array.from(values);
        expect(unpackCounts(packCounts(counts), counts.length)).toEqual(counts);
      }),
    );
  });

  it('refuse what is not a whole count, and a length that does not match', () => {
    expect(() => packCounts(Float64Array.of(1.5))).toThrow('not a whole count');
    expect(() => unpackCounts(packCounts(Float64Array.of(3, 2)), 3)).toThrow('expected 3');
  });
});

describe('the shipped sweeps', () => {
  const article = presetSettings('fig1');
  const run = (side: 0 | 1) => SHIPPED_CURVE_RUNS[side];

  it('are the article’s run on both heaps, LRU alone, in the generated module’s order', () => {
    expect(SHIPPED_CURVE_RUNS.map((r) => r.structure.kind)).toEqual(['binary', 'bheap']);
    expect(SHIPPED_CURVES.map((curve) => curve.layout)).toEqual(['binary', 'bheap']);
    expect(run(0).workload).toEqual({
      kind: 'phk',
      items: article.items,
      seed: 1,
      keyRange: 2 ** 31,
    });
    expect([shippedCurveIndex(run(0)), shippedCurveIndex(run(1))]).toEqual([0, 1]);
  });

  it('answer nothing else: another seed, page size or policy is computed', () => {
    const other = run(0);
    const reseeded = { kind: 'phk', items: 1_000_000, seed: 2, keyRange: 2 ** 31 } as const;
    expect(shippedCurveIndex({ ...other, workload: reseeded })).toBe(-1);
    expect(
      shippedCurveIndex({ ...other, structure: { ...other.structure, itemsPerPage: 256 } }),
    ).toBe(-1);
    expect(shippedCurveIndex({ ...other, policies: ['lru', 'opt'] })).toBe(-1);
  });
});

describe('the shipped scaling points', () => {
  const command: ScalingCommand = {
    kinds: DEFAULT_SCALING.kinds,
    sizes: DEFAULT_SCALING.sizes,
    itemsPerPage: SHIPPED_SCALING.itemsPerPage,
    nodeBytes: SHIPPED_SCALING.nodeBytes,
    seed: SHIPPED_SCALING.seed,
    keyRange: SHIPPED_SCALING.keyRange,
    overhead: 'review',
    measure: false,
  };

  it('are the points scalingPoint makes, with the overhead asked for', () => {
    for (const kind of ['list', 'treap'] as const) {
      const shipped = shippedScalingPoint(
        SHIPPED_SCALING_POINTS,
        command,
        { kind, items: 1000 },
        REVIEW_CALL_OVERHEAD,
      );
      const computed = scalingPoint(structureSpec(kind, 512), 1000, {
        seed: 1,
        keyRange: 2 ** 31,
        now: null,
        overhead: REVIEW_CALL_OVERHEAD,
      });
      expect(shipped).toEqual(computed);
    }
  });

  it('cover every run of the timer-queue scene, and nothing measured, unshipped or re-seeded', () => {
    const job: ScalingJob = { kind: 'binary', items: 100_000 };
    const point = (c: ScalingCommand, j: ScalingJob) =>
      shippedScalingPoint(SHIPPED_SCALING_POINTS, c, j, REVIEW_CALL_OVERHEAD);
    expect(point(command, job)).not.toBeNull();
    expect(point({ ...command, measure: true }, job)).toBeNull();
    expect(point({ ...command, seed: 2 }, job)).toBeNull();
    expect(point(command, { ...job, items: 2000 })).toBeNull();
    expect(point(command, { kind: 'dary4', items: 100 })).toBeNull();
    // The list up to its limit, the others to 1M: 5 structures at 7 N, but the list's 1M.
    expect(SHIPPED_SCALING_POINTS).toHaveLength(5 * 7 - 1);
  });
});
