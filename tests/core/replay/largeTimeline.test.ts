// The large run's replay (recorded by side, served from sparse and dense checkpoints, run on from
// an anchor) must show at every step exactly what the small timeline shows, prepared with all its
// events: the steps, the race, the counters, the pages, the events and their distances. Tiny
// checkpoint intervals make every path of it run many times on a few hundred items.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioRaceOps, sideRecorder, sideServer } from '../../../src/core/replay/largeRun';
import { type LargeRecording, LargeTimeline } from '../../../src/core/replay/largeTimeline';
import { recordOps } from '../../../src/core/replay/recordOps';
import type { Replay } from '../../../src/core/replay/replay';
import { SIDES } from '../../../src/core/replay/side';
import { Timeline } from '../../../src/core/replay/timeline';
import type { LargePlan } from '../../../src/core/scenario/largePlan';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  scenarioWorkload,
} from '../../../src/core/scenario/scenario';
import { largePlans, largeScenarios } from './largeArbitraries';

/** Records both sides and serves their states in this thread. */
function large(scenario: Scenario, plan: LargePlan): LargeTimeline {
  return largeFactory(scenario, plan)();
}

/** Records both sides once; each call makes a fresh page-side timeline over the recording. */
function largeFactory(scenario: Scenario, plan: LargePlan): () => LargeTimeline {
  const { ops, items } = recordOps(scenarioWorkload(scenario));
  const recorders = SIDES.map((side) => sideRecorder(scenario, side, ops, items, plan));
  for (const recorder of recorders) recorder.runFor(Number.POSITIVE_INFINITY, () => 0);
  const servers = SIDES.map((side, index) =>
    sideServer(scenario, side, ops, items, recorders[index].store),
  );
  const recording: LargeRecording = {
    ops,
    items,
    eventCounts: recorders.map((recorder) => recorder.eventCounts),
    raceOps: scenarioRaceOps(scenario, ops.length),
    race: recorders.map((recorder) => recorder.race),
  };
  return () =>
    new LargeTimeline(scenario, recording, plan, {
      states: (op) => Promise.resolve(servers.map((server) => server.stateAt(op))),
    });
}

function shown(timeline: Replay) {
  return {
    step: timeline.step,
    events: timeline.currentEvents(),
    distances: timeline.currentDistances(),
    sides: timeline.sides.map((side) => {
      const states = new Uint8Array(side.view.pages);
      side.view.pageStates(states);
      return {
        counters: side.view.counters,
        lastSlot: side.view.lastSlot,
        itemCount: side.view.itemCount,
        currentOp: side.view.currentOp,
        lastEvent: side.view.lastEvent,
        lastReference: side.view.lastReference(),
        latestPage: side.view.lastTouchPage,
        previousPage: side.view.previousTouchPage,
        states: [...states],
        lru: side.view.lruOrder(),
        // FIFO and CLOCK: the mirrored pager, and what the grid writes in its pages.
        policy: side.view.policyState,
        labels: side.view.policyLabels(),
      };
    }),
  };
}

async function seekBoth(small: Timeline, big: LargeTimeline, step: number): Promise<void> {
  if (!big.canSeek(step)) expect(await big.fetchFor(step)).toBe(true);
  expect(big.canSeek(step)).toBe(true);
  big.seek(step);
  small.seek(step);
  expect(shown(big)).toEqual(shown(small));
}

const scenarios: fc.Arbitrary<Scenario> = largeScenarios();

const plans: fc.Arbitrary<LargePlan> = largePlans(1);

describe('the large run’s replay', () => {
  it('has the small timeline’s steps and race at every frame count', () => {
    fc.assert(
      fc.property(scenarios, plans, (scenario, plan) => {
        const small = new Timeline(scenario);
        const big = large(scenario, plan);
        expect([...big.stepStart]).toEqual([...small.stepStart]);
        for (const frames of [1, 2, 3, small.pages]) {
          expect(big.raceAt(frames)).toEqual(small.raceAt(frames));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('shows what the small timeline shows at any step, reached by any jump', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarios,
        plans,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        async (scenario, plan, fractions) => {
          const small = new Timeline(scenario);
          const big = large(scenario, plan);
          for (const fraction of fractions) {
            await seekBoth(small, big, Math.round(fraction * small.totalSteps));
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('steps back and forth around any step as the small timeline does, by step and by operation', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarios,
        plans,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.constantFrom<number | 'op-' | 'op+'>(-1, 1, -40, 40, 'op-', 'op+'), {
          minLength: 1,
          maxLength: 40,
        }),
        async (scenario, plan, fraction, moves) => {
          const small = new Timeline(scenario);
          const big = large(scenario, plan);
          await seekBoth(small, big, Math.round(fraction * small.totalSteps));
          for (const move of moves) {
            const step = small.step;
            const target =
              move === 'op-'
                ? small.previousOpBoundary(step)
                : move === 'op+'
                  ? small.nextOpBoundary(step)
                  : Math.max(0, Math.min(small.totalSteps, step + move));
            await seekBoth(small, big, target);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('shows the first event of any operation as the small timeline does, from a fresh anchor', async () => {
    const scenario = { ...DEFAULT_SCENARIO, items: 300, itemsPerPage: 8, workload: 'expiry' };
    const small = new Timeline(scenario as Scenario);
    for (const denseEvery of [1, 2, 5]) {
      const fresh = largeFactory(scenario as Scenario, {
        denseEvery,
        sparseEvery: denseEvery * 3,
        window: 2,
      });
      for (let k = 0; k < small.ops.length; k += 7) {
        const big = fresh();
        // The anchor is served at the operation itself: the server must have run into it.
        await seekBoth(small, big, small.stepStart[k] + 1);
      }
    }
  });

  it('keeps a new anchor as it plays on, and needs the workers only for jumps', async () => {
    const scenario = { ...DEFAULT_SCENARIO, items: 300, itemsPerPage: 16 } as Scenario;
    const plan = { denseEvery: 16, sparseEvery: 64, window: 32 };
    const small = new Timeline(scenario);
    const big = large(scenario, plan);
    // Playing: one step after another never needs a worker.
    for (let step = 1; step <= small.totalSteps; step += 7) {
      expect(big.canSeek(step)).toBe(true);
      await seekBoth(small, big, step);
    }
    expect(big.anchorOp).toBeGreaterThan(small.ops.length - 2 * plan.window);
    // A jump back to the start of the run is out of reach until fetched.
    const early = small.stepStart[plan.window + 10];
    expect(big.canSeek(early)).toBe(false);
    await seekBoth(small, big, early);
  });
});
