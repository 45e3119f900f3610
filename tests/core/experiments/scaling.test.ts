import { describe, expect, it } from 'vitest';
import { REVIEW_CALL_OVERHEAD, SECONDS_PER_ACCESS } from '../../../src/core/experiments/cost';
import {
  LIST_MAX_ITEMS,
  SCALING_CSV_HEADER,
  scalingPoint,
  toScalingCsv,
  totalModelSeconds,
} from '../../../src/core/experiments/scaling';
import { NO_MEMORY } from '../../../src/core/memory/observer';
import { STRUCTURE_KINDS, structureSpec } from '../../../src/core/structures/registry';
import { runWorkload } from '../../../src/core/workloads/workloads';

const OPTIONS = { seed: 3, keyRange: 5000, now: null };

describe('scalingPoint', () => {
  it('splits the Asterisk workload accesses into its add and delete phases, for every structure', () => {
    for (const kind of STRUCTURE_KINDS) {
      const spec = structureSpec(kind, 64);
      const point = scalingPoint(spec, 300, OPTIONS);
      const whole = runWorkload(
        { kind: 'asterisk', items: 300, seed: 3, keyRange: 5000 },
        spec,
        NO_MEMORY,
      );
      expect(point.addAccesses + point.deleteAccesses, kind).toBe(whole.accesses);
      expect(point.addSeconds, kind).toBeCloseTo(point.addAccesses * SECONDS_PER_ACCESS, 15);
      expect(point.measuredAddSeconds).toBeNull();
    }
  });

  it('adds the per-call overhead once per add and once per delete', () => {
    const bare = scalingPoint(structureSpec('binary', 64), 250, OPTIONS);
    const loaded = scalingPoint(structureSpec('binary', 64), 250, {
      ...OPTIONS,
      overhead: REVIEW_CALL_OVERHEAD,
    });
    expect(loaded.addSeconds - bare.addSeconds).toBeCloseTo(250 * 3.0e-6, 12);
    expect(loaded.deleteSeconds - bare.deleteSeconds).toBeCloseTo(250 * 0.4e-6, 12);
  });

  it('times the phases with the given clock, best of the runs that fit the budget', () => {
    let clock = 0;
    const point = scalingPoint(structureSpec('dary4', 64), 50, {
      ...OPTIONS,
      // Every reading advances 5 ms: each phase measures 5 ms, the 12 ms budget allows 2 runs.
      now: () => {
        clock += 5;
        return clock;
      },
      minTimedMs: 12,
    });
    expect(point.measuredAddSeconds).toBe(0.005);
    expect(point.measuredDeleteSeconds).toBe(0.005);
  });

  it('refuses a sorted list past its size limit, naming the limit', () => {
    expect(() => scalingPoint(structureSpec('list', 64), LIST_MAX_ITEMS + 1, OPTIONS)).toThrow(
      /limited to N <= 100000/,
    );
  });

  it('reproduces the review at N = 100: list and heap within 2x once calls pay their overhead', () => {
    const withOverhead = { ...OPTIONS, keyRange: 2 ** 31, overhead: REVIEW_CALL_OVERHEAD };
    const list = scalingPoint(structureSpec('list', 512), 100, withOverhead);
    const heap = scalingPoint(structureSpec('binary', 512), 100, withOverhead);
    const ratio = totalModelSeconds(list) / totalModelSeconds(heap);
    expect(ratio).toBeGreaterThan(1);
    expect(ratio).toBeLessThan(2);
  });

  it('writes CSV with one row per point and empty cells for untimed runs', () => {
    const point = scalingPoint(structureSpec('rb', 64), 40, OPTIONS);
    const lines = toScalingCsv([point]).trimEnd().split('\n');
    expect(lines[0]).toBe(SCALING_CSV_HEADER);
    expect(lines[1].startsWith(`rb,40,${point.addAccesses},${point.deleteAccesses},`)).toBe(true);
    expect(lines[1].endsWith(',,')).toBe(true);
  });
});
