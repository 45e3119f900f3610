import { describe, expect, it } from 'vitest';
import { FIRST_WINDOW_OPS, landingWait, landsNearStart } from '../../../src/app/largeRun/landing';
import type { LargeTimeline } from '../../../src/core/replay/largeTimeline';
import { parseScenario } from '../../../src/core/scenario/parse';

const RUN = 'items=1000000&page=512&frames=9&keys=2147483648';
const scenario = (extra: string) => parseScenario(`?${RUN}${extra}`).scenario;

/** A timeline still recording, with `recordedOps` operations and `totalSteps` steps so far. */
function recording(recordedOps: number, totalSteps: number, still = true) {
  const asked: string[] = [];
  const timeline = {
    stillRecording: still,
    recordedOps,
    totalSteps,
    ops: { length: 4_000_000 },
    whenRecorded: (op: number) => {
      asked.push(`op ${op}`);
      return Promise.resolve(true);
    },
    whenStep: (step: number) => {
      asked.push(`step ${step}`);
      return Promise.resolve(true);
    },
  } as unknown as LargeTimeline;
  return { timeline, asked };
}

describe('landsNearStart', () => {
  it('lands in the first window for no cursor, an early operation or an early step', () => {
    expect(landsNearStart(scenario(''), false)).toBe(true);
    expect(landsNearStart(scenario(`&op=${FIRST_WINDOW_OPS}`), false)).toBe(true);
    expect(landsNearStart(scenario('&step=40'), false)).toBe(true);
  });

  it('waits for the recorders past the first window, at the end, for an old step or an embedded range', () => {
    expect(landsNearStart(scenario(`&op=${FIRST_WINDOW_OPS + 1}`), false)).toBe(false);
    expect(landsNearStart(scenario('&step=end'), false)).toBe(false);
    expect(landsNearStart(scenario('&step=40'), true)).toBe(false);
    expect(landsNearStart(scenario('&embed=1&from=10&to=20'), false)).toBe(false);
  });
});

describe('landingWait', () => {
  it('waits for nothing once the whole run is recorded', () => {
    expect(landingWait(recording(0, 0, false).timeline, scenario('&op=3000000'), false)).toBeNull();
  });

  it('waits for the operation the link names, and no longer once it is recorded', () => {
    const early = recording(1000, 50_000);
    expect(landingWait(early.timeline, scenario('&op=2000001'), false)).not.toBeNull();
    expect(early.asked).toEqual(['op 2000001']);
    expect(
      landingWait(recording(2_000_001, 9e9).timeline, scenario('&op=2000001'), false),
    ).toBeNull();
  });

  it('waits for nothing where the timeline holds the landing shipped for the operation', () => {
    const shipped = recording(1000, 50_000);
    Object.assign(shipped.timeline, { landingAhead: 2_000_000 });
    expect(landingWait(shipped.timeline, scenario('&op=2000001'), false)).toBeNull();
    expect(shipped.asked).toEqual([]);
    // Another operation still waits for the recording.
    expect(landingWait(shipped.timeline, scenario('&op=2000002'), false)).not.toBeNull();
    expect(shipped.asked).toEqual(['op 2000002']);
  });

  it('waits for the step past what has come, and for the whole run at the end', () => {
    const steps = recording(1000, 500);
    landingWait(steps.timeline, scenario('&step=700'), false);
    landingWait(steps.timeline, scenario('&step=end'), false);
    expect(steps.asked).toEqual(['step 701', 'op 4000000']);
    expect(landingWait(recording(1000, 500).timeline, scenario('&step=499'), false)).toBeNull();
  });
});
