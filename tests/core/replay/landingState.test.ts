// A landing computed ahead (landingState.ts) and drawn before the recording reaches it must show
// at each step of its operation exactly what the recorded run shows there (the counters, the
// pages, the events, the distances, the steps), at any frame count; a step out of it must wait
// for the recording, then show what the recorded run shows.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeLanding,
  decodeLanding,
  encodeLanding,
} from '../../../src/core/replay/landingState';
import { scenarioRaceOps, sideRecorder, sideServer } from '../../../src/core/replay/largeRun';
import { type LargeRecording, LargeTimeline } from '../../../src/core/replay/largeTimeline';
import { OpList } from '../../../src/core/replay/opList';
import { PartialRecording } from '../../../src/core/replay/partialRecording';
import { recordOps } from '../../../src/core/replay/recordOps';
import type { Replay } from '../../../src/core/replay/replay';
import { SIDES } from '../../../src/core/replay/side';
import type { LargePlan } from '../../../src/core/scenario/largePlan';
import {
  type Scenario,
  scenarioPages,
  scenarioWorkload,
  sidePages,
} from '../../../src/core/scenario/scenario';
import { largePlans, largeScenarios } from './largeArbitraries';

function shown(timeline: Replay) {
  return {
    step: timeline.step,
    operation: timeline.opAt(timeline.step),
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
        policy: side.view.policyState,
      };
    }),
  };
}

/** Both sides recorded whole and served in this thread; `recorded` the same as a recording. */
function recorded(scenario: Scenario, plan: LargePlan) {
  const { ops, items } = recordOps(scenarioWorkload(scenario));
  const recorders = SIDES.map((side) => sideRecorder(scenario, side, ops, items, plan));
  for (const recorder of recorders) recorder.runFor(Number.POSITIVE_INFINITY, () => 0);
  const servers = SIDES.map((side, index) =>
    sideServer(scenario, side, ops, items, recorders[index].store),
  );
  const source = { states: (op: number) => Promise.resolve(servers.map((s) => s.stateAt(op))) };
  const whole: LargeRecording = {
    ops,
    items,
    eventCounts: recorders.map((recorder) => recorder.eventCounts),
    raceOps: scenarioRaceOps(scenario, ops.length),
    race: recorders.map((recorder) => recorder.race),
  };
  // The page's recording before anything has come: the operations' arrays laid out, empty.
  const n = ops.length;
  const partial = new PartialRecording(
    OpList.fromArrays(new Uint8Array(n), new Int32Array(n), new Float64Array(n), ops.namesItems),
    items,
    scenarioRaceOps(scenario, n),
    SIDES.map((side) => sidePages(scenario, side)),
    scenarioPages(scenario),
  );
  const arrive = (): void => {
    partial.addOps(0, ops);
    recorders.forEach((recorder, side) => {
      partial.addCounts(side, 0, recorder.eventCounts);
      partial.addRace(side, 0, recorder.race);
    });
  };
  return {
    ops,
    reference: new LargeTimeline(scenario, whole, plan, source),
    early: new LargeTimeline(scenario, partial, plan, source),
    arrive,
  };
}

async function seekTo(timeline: LargeTimeline, step: number): Promise<void> {
  if (!timeline.canSeek(step)) expect(await timeline.fetchFor(step)).toBe(true);
  timeline.seek(step);
}

describe('a landing drawn ahead of the recording', () => {
  it('shows each step of its operation as the recorded run does, and waits to leave it', async () => {
    await fc.assert(
      fc.asyncProperty(
        largeScenarios({ phkWeight: 3 }),
        largePlans(1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 12 }),
        async (scenario, plan, where, frames) => {
          const { ops, reference, early, arrive } = recorded(scenario, plan);
          const op = Math.min(ops.length - 1, 1 + Math.floor(where * (ops.length - 1)));
          const landing = computeLanding(scenario, op);
          expect(landing.stepsBefore).toBe(reference.stepStart[op]);
          expect(landing.stepsThrough).toBe(reference.stepStart[op + 1]);
          early.land(landing);
          expect(early.landingAhead).toBe(op);
          expect(early.totalSteps).toBe(landing.stepsThrough);
          // The slider's frame count, whatever the landing was computed with.
          for (const timeline of [early, reference]) timeline.setFrames(frames);
          // Forward through the operation, then back to its first event.
          const steps: number[] = [];
          for (let step = landing.stepsBefore + 1; step <= landing.stepsThrough; step++) {
            steps.push(step);
          }
          steps.push(landing.stepsBefore + 1);
          for (const step of steps) {
            expect(early.canSeek(step)).toBe(true);
            early.seek(step);
            await seekTo(reference, step);
            expect(shown(early)).toEqual(shown(reference));
          }
          // Out of it: nothing recorded there yet.
          expect(early.canSeek(landing.stepsThrough + 1)).toBe(false);
          if (landing.stepsBefore > 0) expect(early.canSeek(landing.stepsBefore)).toBe(false);
          const waited = early.fetchFor(landing.stepsThrough + 1);
          arrive();
          expect(early.landingAhead).toBeNull();
          expect([...early.stepStart]).toEqual([...reference.stepStart]);
          expect(await waited).toBe(true);
          for (const step of [
            landing.stepsThrough + 1,
            landing.stepsBefore,
            landing.stepsThrough,
          ]) {
            const target = Math.min(step, reference.totalSteps);
            await seekTo(early, target);
            await seekTo(reference, target);
            expect(shown(early)).toEqual(shown(reference));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is read back from its text value for value', () => {
    const scenario = fc.sample(largeScenarios(), { numRuns: 1, seed: 7 })[0];
    const landing = computeLanding(scenario, 100);
    const text = encodeLanding(landing);
    expect(decodeLanding(text)).toEqual(landing);
    expect(JSON.parse(text)).toMatchObject({ op: 100 });
  });

  it('is refused outside the run', () => {
    const scenario = fc.sample(largeScenarios(), { numRuns: 1, seed: 7 })[0];
    expect(() => computeLanding(scenario, -1)).toThrow(RangeError);
    expect(() => computeLanding(scenario, 1e9)).toThrow(RangeError);
  });
});
