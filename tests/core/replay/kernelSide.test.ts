// The replay kernel's recording must be the TypeScript recorder's, array for array: every
// operation's event count, the race at every frame count, each stack image and its scalars, and
// each heap copy. (Its bare runs are held to the small timeline by largeTimeline.test.ts.)

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_MEMORY } from '../../../src/core/memory/observer';
import { KernelHeap } from '../../../src/core/replay/kernelSide';
import { scenarioRaceOps, sideRecorder } from '../../../src/core/replay/largeRun';
import { applyOp } from '../../../src/core/replay/opList';
import { recordOps } from '../../../src/core/replay/recordOps';
import type { LargePlan } from '../../../src/core/scenario/largePlan';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  scenarioWorkload,
  sidePages,
  sideSpec,
} from '../../../src/core/scenario/scenario';
import type { Heap } from '../../../src/core/structures/heap/heap';
import { makeQueue } from '../../../src/core/structures/registry';
import { workloadCapacity } from '../../../src/core/workloads/workloads';

const scenarios: fc.Arbitrary<Scenario> = fc
  .record({
    left: fc.constantFrom('binary', 'bheap', 'bheap-strict', 'dary4', 'dary8'),
    workload: fc.constantFrom('phk', 'expiry', 'asterisk'),
    items: fc.integer({ min: 1, max: 600 }),
    itemsPerPage: fc.constantFrom(8, 16, 64),
    seed: fc.integer({ min: 1, max: 500 }),
    keys: fc.constantFrom(5, 1000, 2 ** 31),
    policy: fc.constantFrom('lru', 'fifo', 'clock'),
    frames: fc.integer({ min: 1, max: 12 }),
  })
  .map((picked) => ({ ...DEFAULT_SCENARIO, ...picked }) as Scenario);

const plans: fc.Arbitrary<LargePlan> = fc
  .record({ denseEvery: fc.integer({ min: 1, max: 50 }), times: fc.integer({ min: 1, max: 5 }) })
  .map(({ denseEvery, times }) => ({ denseEvery, sparseEvery: denseEvery * times, window: 8 }));

describe('the replay kernel', () => {
  it('records what the TypeScript recorder records, for every heap, workload and pager', () => {
    fc.assert(
      fc.property(scenarios, plans, (scenario, plan) => {
        const { ops, items } = recordOps(scenarioWorkload(scenario));
        const reference = sideRecorder(scenario, 'left', ops, items, plan, true);
        const kernel = sideRecorder(scenario, 'left', ops, items, plan);
        reference.runFor(Number.POSITIVE_INFINITY, () => 0);
        // In small runs, as a worker's clock would cut it.
        let ticks = 0;
        while (!kernel.runFor(0, () => ticks++)) {}
        expect([...kernel.eventCounts]).toEqual([...reference.eventCounts]);
        expect([...kernel.race]).toEqual([...reference.race]);
        expect(kernel.store.dense).toEqual(reference.store.dense);
        expect(kernel.store.sparse).toEqual(reference.store.sparse);
        expect(kernel.race.length).toBe(
          scenarioRaceOps(scenario, ops.length).length * sidePages(scenario, 'left'),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('runs bare to the heap heap.ts reaches, items’ slots included', () => {
    fc.assert(
      fc.property(scenarios, fc.double({ min: 0, max: 1, noNaN: true }), (scenario, cut) => {
        const { ops, items } = recordOps(scenarioWorkload(scenario));
        const spec = sideSpec(scenario, 'left');
        const capacity = workloadCapacity(scenarioWorkload(scenario));
        const pages = sidePages(scenario, 'left');
        const handles = new Int32Array(Math.max(1, items));
        const heap = makeQueue(spec, {
          capacity,
          memory: NO_MEMORY,
          onHandle: (item, slot) => {
            handles[item] = slot;
          },
        }) as Heap;
        const until = Math.floor(cut * ops.length);
        for (let k = 0; k < until; k++) applyOp(heap, ops, k, handles);
        const kernel = new KernelHeap(spec, capacity, items, pages, ops);
        // Half the way in one run, then from a copy of it the rest.
        kernel.runBare(0, Math.floor(until / 2));
        const copy = kernel.snapshot();
        const again = new KernelHeap(spec, capacity, items, pages, ops);
        again.restore(copy);
        again.runBare(Math.floor(until / 2), until);
        expect(again.snapshot()).toEqual(heap.snapshot());
      }),
      { numRuns: 60 },
    );
  });
});
