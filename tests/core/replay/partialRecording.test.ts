// A large run recorded a stretch at a time, as its workers do it (worker/sideWorker.ts), here in
// one thread: a recorder records from a source what it records from the whole list; the page's timeline
// over what has come shows the small timeline's state at any step there at once; a seek further
// on waits, then shows that same state once the recording gets there; and when all has come,
// every step, the race and the end are the whole recording's.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstWindow,
  scenarioRaceOps,
  sideRecorder,
  sideServer,
} from '../../../src/core/replay/largeRun';
import { LargeTimeline } from '../../../src/core/replay/largeTimeline';
import { OpList } from '../../../src/core/replay/opList';
import { opSource } from '../../../src/core/replay/opSource';
import { PartialRecording } from '../../../src/core/replay/partialRecording';
import { PartCutter } from '../../../src/core/replay/recordedParts';
import { recordOps } from '../../../src/core/replay/recordOps';
import { SIDES, type SideState } from '../../../src/core/replay/side';
import type { SideServer } from '../../../src/core/replay/sideServer';
import { Timeline } from '../../../src/core/replay/timeline';
import type { LargePlan } from '../../../src/core/scenario/largePlan';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  scenarioPages,
  scenarioWorkload,
  sidePages,
} from '../../../src/core/scenario/scenario';
import { largePlans, largeScenarios } from './largeArbitraries';

/** Both sides' recorders and servers, and the page's timeline, wired as the workers wire them. */
function progressive(scenario: Scenario, plan: LargePlan, begun: PartialRecording | null = null) {
  const sources = SIDES.map(() => opSource(scenarioWorkload(scenario)));
  const { length, namesItems, items } = sources[0];
  const recorders = SIDES.map((side, index) =>
    sideRecorder(scenario, side, sources[index], items, plan),
  );
  const cutters = recorders.map((recorder, index) => new PartCutter(recorder, index === 0));
  const servers: SideServer[] = SIDES.map((side) =>
    sideServer(scenario, side, { length, namesItems }, items, { plan, dense: [], sparse: [] }),
  );
  const recording =
    begun ??
    new PartialRecording(
      OpList.fromArrays(
        new Uint8Array(length),
        new Int32Array(length),
        new Float64Array(length),
        namesItems,
      ),
      items,
      scenarioRaceOps(scenario, length),
      SIDES.map((side) => sidePages(scenario, side)),
      scenarioPages(scenario),
    );
  // A server answers a state once its recording has reached it, as a serving worker does.
  const asked: { op: number; resolve: (states: SideState[]) => void }[] = [];
  const answer = (): void => {
    for (let i = asked.length - 1; i >= 0; i--) {
      const { op, resolve } = asked[i];
      if (servers.every((server) => server.recorded >= op)) {
        asked.splice(i, 1);
        resolve(servers.map((server) => server.stateAt(op)));
      }
    }
  };
  const timeline = (): LargeTimeline =>
    new LargeTimeline(scenario, recording, plan, {
      states: (op) =>
        new Promise((resolve) => {
          asked.push({ op, resolve });
          answer();
        }),
    });
  /** Records about `chunks` more of a side's chunks (a tick each) and hands them on. */
  const record = (side: number, chunks: number): void => {
    let ticks = 0;
    recorders[side].runFor(chunks, () => ticks++);
    const { server, page } = cutters[side].next();
    servers[side].extend(server);
    recording.addPart(side, page);
    answer();
  };
  const done = (): boolean => recorders.every((recorder) => recorder.done);
  return { recording, timeline, record, done };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

const scenarios: fc.Arbitrary<Scenario> = largeScenarios({
  phkWeight: 2,
  keys: fc.constantFrom(5, 1000, 2 ** 31),
});

const plans: fc.Arbitrary<LargePlan> = largePlans(2);

describe('a large run recorded a stretch at a time', () => {
  it('records from its source what it records from the whole list', () => {
    fc.assert(
      fc.property(scenarios, plans, (scenario, plan) => {
        const { ops, items } = recordOps(scenarioWorkload(scenario));
        const listed = sideRecorder(scenario, 'left', ops, items, plan);
        const drawn = sideRecorder(
          scenario,
          'left',
          opSource(scenarioWorkload(scenario)),
          items,
          plan,
        );
        let ticks = 0;
        listed.runFor(Number.POSITIVE_INFINITY, () => 0);
        while (!drawn.runFor(0, () => ticks++)) {}
        expect([...drawn.eventCounts]).toEqual([...listed.eventCounts]);
        expect([...drawn.race]).toEqual([...listed.race]);
        expect(drawn.store).toEqual(listed.store);
      }),
      { numRuns: 15 },
    );
  });

  it('counts the same events per operation under every pager: the steps do not depend on it', () => {
    const base = { ...DEFAULT_SCENARIO, items: 300, itemsPerPage: 8, frames: 3 } as Scenario;
    const plan = { denseEvery: 7, sparseEvery: 21, window: 8 };
    const counts = (['lru', 'fifo', 'clock'] as const).map((policy) => {
      const scenario = { ...base, policy };
      const { ops, items } = recordOps(scenarioWorkload(scenario));
      const recorder = sideRecorder(scenario, 'left', ops, items, plan);
      recorder.runFor(Number.POSITIVE_INFINITY, () => 0);
      return [...recorder.eventCounts];
    });
    expect(counts[1]).toEqual(counts[0]);
    expect(counts[2]).toEqual(counts[0]);
  });

  it('answers a seek into what has come at once, and one further on once it is recorded', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarios,
        plans,
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 3 })),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (scenario, plan, jumps) => {
          const small = new Timeline(scenario);
          const run = progressive(scenario, plan);
          // The first stretch on both sides: the page shows the run from there.
          run.record(0, 1);
          run.record(1, 1);
          const big = run.timeline();
          expect(big.stillRecording).toBe(true);
          expect(big.totalSteps).toBe(small.stepStart[run.recording.counted]);
          for (const [fraction, chunks] of jumps) {
            const step = Math.round(fraction * small.totalSteps);
            const known = step < big.totalSteps || !big.stillRecording;
            let arrived: boolean | null = null;
            const fetched = big.canSeek(step)
              ? Promise.resolve(true)
              : big.fetchFor(step).then((value) => {
                  arrived = value;
                  return value;
                });
            await settle();
            if (!known) {
              // Not recorded yet: the seek waits while the recorders go on.
              expect(arrived).toBe(null);
              expect(big.canSeek(step)).toBe(false);
            }
            while (arrived === null && !big.canSeek(step)) {
              run.record(0, chunks);
              run.record(1, chunks + 1);
              await settle();
            }
            expect(await fetched).toBe(true);
            expect(big.canSeek(step)).toBe(true);
            big.seek(step);
            small.seek(step);
            expect(big.step).toBe(small.step);
            expect(big.sides.map((side) => side.view.counters)).toEqual(
              small.sides.map((side) => side.view.counters),
            );
            expect(big.currentEvents()).toEqual(small.currentEvents());
            expect(big.sides.map((side) => side.view.lruOrder())).toEqual(
              small.sides.map((side) => side.view.lruOrder()),
            );
          }
          // The rest: then every step, the race and the end are the whole recording's.
          while (!run.done()) {
            run.record(0, 4);
            run.record(1, 4);
          }
          expect(big.stillRecording).toBe(false);
          expect(big.totalSteps).toBe(small.totalSteps);
          expect([...big.stepStart]).toEqual([...small.stepStart]);
          expect(big.raceAt(scenario.frames)).toEqual(small.raceAt(scenario.frames));
          if (!big.canSeek(small.totalSteps)) await big.fetchFor(small.totalSteps);
          big.seek(small.totalSteps);
          small.seek(small.totalSteps);
          expect(big.sides.map((side) => side.view.counters)).toEqual(
            small.sides.map((side) => side.view.counters),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('takes the page’s own first window, then the recorders’ stretches from the start', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarios.filter((scenario) => scenario.workload === 'phk'),
        plans,
        fc.integer({ min: 1, max: 700 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (scenario, plan, windowOps, fraction) => {
          const small = new Timeline(scenario);
          const first = firstWindow(scenario, plan, windowOps);
          if (first === null) throw new Error('phk is drawn as it goes');
          const counted = Math.min(windowOps, small.ops.length);
          expect(first.counted).toBe(counted);
          expect([...first.stepStart.subarray(0, counted + 1)]).toEqual([
            ...small.stepStart.subarray(0, counted + 1),
          ]);
          // The recorders then send the run from operation 0, over what the page has.
          const run = progressive(scenario, plan, first);
          const big = run.timeline();
          // Any step of the window within the page's own reach from the empty heaps shows at once.
          const step = Math.round(fraction * big.totalSteps);
          if (step < big.totalSteps && big.opAt(step) < plan.window) {
            expect(big.canSeek(step)).toBe(true);
            big.seek(step);
            small.seek(step);
            expect(big.sides.map((side) => side.view.counters)).toEqual(
              small.sides.map((side) => side.view.counters),
            );
          }
          while (!run.done()) {
            run.record(0, 3);
            run.record(1, 2);
          }
          expect(first.complete).toBe(true);
          expect([...big.stepStart]).toEqual([...small.stepStart]);
          expect(big.raceAt(scenario.frames)).toEqual(small.raceAt(scenario.frames));
          expect(big.ops.toArray()).toEqual(small.ops.toArray());
        },
      ),
      { numRuns: 20 },
    );
  });

  it('draws the race as far as both sides have come', () => {
    const scenario = { ...DEFAULT_SCENARIO, items: 400, itemsPerPage: 8 } as Scenario;
    const plan = { denseEvery: 5, sparseEvery: 20, window: 8 };
    const small = new Timeline(scenario);
    const run = progressive(scenario, plan);
    run.record(0, 3);
    run.record(1, 1);
    const big = run.timeline();
    const partial = big.raceAt(scenario.frames);
    const whole = small.raceAt(scenario.frames);
    const samples = partial.ops.length;
    expect(samples).toBeGreaterThan(0);
    expect(samples).toBeLessThan(whole.ops.length);
    expect([...partial.ops]).toEqual([...whole.ops.subarray(0, samples)]);
    expect(partial.values.map((values) => [...values])).toEqual(
      whole.values.map((values) => [...values.subarray(0, samples)]),
    );
    // Nothing past what both sides have: the slower side's last sample is the last.
    expect(partial.ops[samples - 1]).toBeLessThanOrEqual(run.recording.counted);
  });

  it('lets go of its waiting seeks when the run is let go', async () => {
    const scenario = { ...DEFAULT_SCENARIO, items: 300, itemsPerPage: 8 } as Scenario;
    const run = progressive(scenario, { denseEvery: 4, sparseEvery: 8, window: 4 });
    run.record(0, 1);
    run.record(1, 1);
    const big = run.timeline();
    const waiting = big.whenRecorded(big.ops.length);
    const far = big.fetchFor(big.stepStart[big.recordedOps] + 10);
    big.dispose();
    expect(await waiting).toBe(false);
    expect(await far).toBe(false);
  });
});
