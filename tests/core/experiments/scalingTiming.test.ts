import { describe, expect, it } from 'vitest';
import { scalingPoint } from '../../../src/core/experiments/scaling';
import {
  BATCH_ITEMS,
  batchRuns,
  timeScalingPhases,
} from '../../../src/core/experiments/scalingTiming';
import { structureSpec } from '../../../src/core/structures/registry';

describe('timeScalingPhases', () => {
  it('batches small N into enough runs to span a coarse clock, and large N into one', () => {
    expect(batchRuns(100)).toBe(BATCH_ITEMS / 100);
    expect(batchRuns(BATCH_ITEMS / 2 + 1)).toBe(1);
    expect(batchRuns(BATCH_ITEMS * 3)).toBe(1);
  });

  it('divides the best batch time of each phase by the runs in the batch', () => {
    let clock = 0;
    // Every reading advances 40 ms: each phase reads 40 ms per batch, a 100 ms budget allows 2.
    const times = timeScalingPhases(structureSpec('treap', 32), 2000, {
      seed: 4,
      keyRange: 700,
      now: () => {
        clock += 40;
        return clock;
      },
      minTimedMs: 100,
    });
    expect(times.runs).toBe(BATCH_ITEMS / 2000);
    expect(times.addSeconds).toBeCloseTo(0.04 / times.runs, 15);
    expect(times.deleteSeconds).toBeCloseTo(0.04 / times.runs, 15);
  });

  it('runs the same workload as scalingPoint: every add and delete completes for each structure', () => {
    for (const kind of ['list', 'binary', 'dary8', 'rb'] as const) {
      const spec = structureSpec(kind, 16);
      const times = timeScalingPhases(spec, 90, {
        seed: 9,
        keyRange: 50,
        now: () => performance.now(),
        minTimedMs: 0,
      });
      expect(times.addSeconds, kind).toBeGreaterThanOrEqual(0);
      expect(Number.isFinite(times.deleteSeconds), kind).toBe(true);
      // The model run of the same benchmark still succeeds on the same spec (a shared workload).
      expect(scalingPoint(spec, 90, { seed: 9, keyRange: 50, now: null }).items).toBe(90);
    }
  });
});
