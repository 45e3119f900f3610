// Where a large run's link lands, against what its recording has reached: whether the page may
// show it from the first window it records itself, and what it must wait for otherwise.

import type { LargeTimeline } from '../../core/replay/largeTimeline';
import type { Scenario } from '../../core/scenario/scenario';

/**
 * Operations of a large run the page records itself before any worker starts: enough to show
 * its start and step on while the recorders start (they pass it within a fraction of a second),
 * few enough to cost a few ms while the page's code is still cold.
 */
export const FIRST_WINDOW_OPS = 512;

/** Whether the scenario lands where only the whole recording can say: the end, an old link's step, an embedded range. */
function needsWholeRun(scenario: Scenario, legacySteps: boolean): boolean {
  const { embed, step } = scenario;
  return legacySteps || step === 'end' || (embed.on && (embed.from !== null || embed.to !== null));
}

/**
 * Whether the scenario may land in the run's first window: its operation is in it, or its step
 * may be (a step is known to be there only once the window is recorded).
 */
export function landsNearStart(scenario: Scenario, legacySteps: boolean): boolean {
  if (needsWholeRun(scenario, legacySteps)) return false;
  return scenario.op === null || scenario.op <= FIRST_WINDOW_OPS;
}

/**
 * What a large run still being recorded must have before the scenario can land on it (null:
 * it has it, or holds the landing shipped for it): its operation, its step, or all of it. The state there is then the session's to
 * fetch (asked for ahead): a state taken in and the run's first draw in one task would pass 50 ms.
 */
export function landingWait(
  timeline: LargeTimeline,
  scenario: Scenario,
  legacySteps: boolean,
): Promise<boolean> | null {
  if (!timeline.stillRecording) return null;
  const operations = timeline.ops.length;
  if (needsWholeRun(scenario, legacySteps)) return timeline.whenRecorded(operations);
  const { op, step } = scenario;
  // A landing the page ships is drawn before the recording reaches it (largeTimeline.ts, land).
  if (op !== null && timeline.landingAhead === op - 1) return null;
  if (op !== null) {
    return timeline.recordedOps >= Math.min(op, operations) ? null : timeline.whenRecorded(op);
  }
  if (step === 'end') return timeline.whenRecorded(operations);
  return step < timeline.totalSteps ? null : timeline.whenStep(step + 1);
}
