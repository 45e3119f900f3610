import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runAtFrames } from '../../../src/core/experiments/sweep';
import { POLICIES } from '../../../src/core/memory/pager';
import { Timeline } from '../../../src/core/replay/timeline';
import { runUntilOp, workloadOperations } from '../../../src/core/replay/truncatedRun';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  scenarioWorkload,
  sideSpec,
} from '../../../src/core/scenario/scenario';
import { STRUCTURE_KINDS } from '../../../src/core/structures/registry';

const COUNTED = [
  'operations',
  'comparisons',
  'swaps',
  'accesses',
  'zeroFills',
  'pageIns',
  'writeBacks',
] as const;

function counted(result: Record<(typeof COUNTED)[number], number>): number[] {
  return COUNTED.map((name) => result[name]);
}

const scenarios = fc.record({
  left: fc.constantFrom(...STRUCTURE_KINDS),
  items: fc.integer({ min: 1, max: 40 }),
  // 8 or more: an 8-ary heap's sibling groups must fit a page.
  itemsPerPage: fc.constantFrom(8, 16),
  frames: fc.integer({ min: 1, max: 12 }),
  seed: fc.integer({ min: 0, max: 1000 }),
  workload: fc.constantFrom('phk', 'expiry', 'asterisk') as fc.Arbitrary<Scenario['workload']>,
  policy: fc.constantFrom(...POLICIES),
});

type Picked = typeof scenarios extends fc.Arbitrary<infer T> ? T : never;

function scenarioOf(picked: Picked): Scenario {
  return {
    ...DEFAULT_SCENARIO,
    ...picked,
    right: 'bheap',
    nodeBytes: 48,
    keys: 1000,
  };
}

describe('a run cut after N operations (sim run --until-op)', () => {
  it('run whole, counts what the direct simulation counts, under every policy', () => {
    fc.assert(
      fc.property(scenarios, (picked) => {
        const scenario = scenarioOf(picked);
        const workload = scenarioWorkload(scenario);
        const spec = sideSpec(scenario, 'left');
        const whole = runUntilOp(
          spec,
          workload,
          scenario.frames,
          workloadOperations(workload),
          scenario.policy,
        );
        const direct = runAtFrames(spec, workload, scenario.frames, null, scenario.policy);
        expect(counted(whole)).toEqual(counted(direct));
      }),
      { numRuns: 60 },
    );
  });

  it('cut after operation k, equals the page at the start of operation k + 1', () => {
    fc.assert(
      fc.property(scenarios, fc.nat({ max: 1_000_000 }), (picked, at) => {
        const scenario = scenarioOf(picked);
        const workload = scenarioWorkload(scenario);
        const timeline = new Timeline(scenario);
        // Any operation boundary, from before the first to after the last.
        const k = at % (timeline.ops.length + 1);
        timeline.seek(timeline.stepStart[k]);
        const cut = runUntilOp(
          sideSpec(scenario, 'left'),
          workload,
          scenario.frames,
          k,
          scenario.policy,
        );
        const c = timeline.sides[0].view.counters;
        expect([cut.operations, cut.comparisons, cut.swaps, cut.pageIns, cut.writeBacks]).toEqual([
          c.operations,
          c.comparisons,
          c.swaps,
          c.pageIns,
          c.writeBacks,
        ]);
      }),
      { numRuns: 60 },
    );
  });

  it('stops at the workload’s end when asked for more, and runs nothing for 0', () => {
    const workload = scenarioWorkload(DEFAULT_SCENARIO);
    const spec = sideSpec(DEFAULT_SCENARIO, 'left');
    const total = workloadOperations(workload);
    expect(total).toBe(4 * DEFAULT_SCENARIO.items);
    expect(runUntilOp(spec, workload, 4, total + 10).operations).toBe(total);
    expect(counted(runUntilOp(spec, workload, 4, 0))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
