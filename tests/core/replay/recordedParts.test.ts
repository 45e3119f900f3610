// A side's recording cut into stretches while it is made: the stretches follow one another with
// no gap or overlap, together they are the whole recording, and each array is a copy of its own
// (a worker transfers it).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sideRecorder } from '../../../src/core/replay/largeRun';
import { opSource } from '../../../src/core/replay/opSource';
import {
  type PagePart,
  PartCutter,
  type RecordedPart,
} from '../../../src/core/replay/recordedParts';
import type { LargePlan } from '../../../src/core/scenario/largePlan';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  scenarioWorkload,
} from '../../../src/core/scenario/scenario';
import { largePlans, largeScenarios } from './largeArbitraries';

/** Records `side` of the scenario in stretches of `chunks[i]` clock ticks, cut after each. */
function cutAll(scenario: Scenario, plan: LargePlan, chunks: number[], sendOps: boolean) {
  const source = opSource(scenarioWorkload(scenario));
  const recorder = sideRecorder(scenario, 'left', source, source.items, plan);
  const cutter = new PartCutter(recorder, sendOps);
  const parts: { server: RecordedPart; page: PagePart }[] = [];
  let ticks = 0;
  let at = 0;
  while (!recorder.done) {
    recorder.runFor(chunks[at++ % chunks.length], () => ticks++);
    parts.push(cutter.next());
  }
  parts.push(cutter.next());
  return { recorder, parts };
}

const concat = <T extends Uint8Array | Int32Array | Float64Array | Uint32Array>(
  arrays: T[],
): number[] => arrays.flatMap((array) => Array.from(array));

describe('PartCutter', () => {
  it('cuts stretches that tile the recording, and together are the whole of it', () => {
    fc.assert(
      fc.property(
        // A third of the large run's sizes: a hundred or so items record in a few ms.
        largeScenarios().map((scenario) => ({ ...scenario, items: Math.ceil(scenario.items / 3) })),
        // Checkpoints tens of operations apart: a few dozen to compare, not thousands.
        largePlans(2).map((plan) => ({
          ...plan,
          denseEvery: plan.denseEvery * 10,
          sparseEvery: plan.sparseEvery * 10,
        })),
        fc.array(fc.integer({ min: 2, max: 40 }), { minLength: 1, maxLength: 5 }),
        (scenario, plan, chunks) => {
          const { recorder, parts } = cutAll(scenario, plan, chunks, true);
          let from = 0;
          let rows = 0;
          for (const { server, page } of parts) {
            expect([server.from, page.from]).toEqual([from, from]);
            expect(server.to).toBe(page.to);
            expect(page.raceFrom).toBe(rows);
            expect(page.counts.length).toBe(page.to - page.from);
            expect(server.ops.kinds.length).toBe(server.to - server.from);
            expect(page.race.length % recorder.pages).toBe(0);
            from = server.to;
            rows += page.race.length / recorder.pages;
          }
          expect(from).toBe(recorder.ops.length);
          expect(rows).toBe(recorder.raceRows);
          const last = parts[parts.length - 1];
          expect(last.server.to - last.server.from).toBe(0);
          expect(concat(parts.map((p) => p.page.counts))).toEqual(Array.from(recorder.eventCounts));
          expect(concat(parts.map((p) => p.page.race))).toEqual(
            Array.from(recorder.race.subarray(0, recorder.raceRows * recorder.pages)),
          );
          expect(concat(parts.map((p) => p.server.ops.keys))).toEqual(
            Array.from(recorder.ops.keys),
          );
          expect(concat(parts.map((p) => p.page.ops?.handles ?? new Int32Array(0)))).toEqual(
            Array.from(recorder.ops.handles),
          );
          expect(parts.flatMap((p) => p.server.dense)).toEqual(recorder.store.dense);
          expect(parts.flatMap((p) => p.server.sparse)).toEqual(recorder.store.sparse);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('copies every array it hands on, and sends the operations to the page from one side only', () => {
    const picked = { ...DEFAULT_SCENARIO, items: 150, itemsPerPage: 8 } as Scenario;
    const plan = { denseEvery: 5, sparseEvery: 10, window: 4 };
    const { recorder, parts } = cutAll(picked, plan, [20], false);
    const shared = [recorder.eventCounts.buffer, recorder.race.buffer, recorder.ops.kinds.buffer];
    for (const { server, page } of parts) {
      expect(page.ops).toBeNull();
      for (const array of [page.counts, page.race, server.ops.kinds, server.ops.handles]) {
        expect(shared).not.toContain(array.buffer);
      }
    }
  });
});
