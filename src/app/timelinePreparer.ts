// Prepares a scenario's timeline without blocking the page: a small one here in short slices, a
// large heap run (over 16,384 items) by its two side workers (largeWorkers.ts), with progress.

import { scenarioPlan } from '../core/replay/largeRun';
import { fillStepIndex, LargeTimeline } from '../core/replay/largeTimeline';
import type { Replay } from '../core/replay/replay';
import { Timeline } from '../core/replay/timeline';
import { isLargeRun } from '../core/scenario/pageLimits';
import { animatedRun, type Scenario } from '../core/scenario/scenario';
import { el, setText } from './dom';
import { LargeWorkers, type RecordingReport } from './largeWorkers';
import { recordingKey } from './recordingKey';

/** Work per slice, in ms: well under the 50 ms a task may take before it is a long task. */
const SLICE_MS = 8;
/** Operations of a large run's step index per task: a part well under a long task. */
const STEP_INDEX_PART = 1 << 20;

export class TimelinePreparer {
  /** The progress line ("Preparing the scenario… N%"), shown while a scenario takes longer. */
  readonly status: HTMLElement;
  /** Counts requests: a slice of a superseded request sees a newer number and stops. */
  private generation = 0;
  /** The last large run's recording (the e2e performance report reads it). */
  lastRecording: RecordingReport | null = null;
  /**
   * The last large run the page moved away from, with its workers: coming back to it (the tour's
   * last scene, Back) needs no new recording, which takes seconds. One at most.
   */
  private kept: { key: string; timeline: LargeTimeline } | null = null;

  constructor() {
    this.status = el('div', {
      class: 'preparing',
      role: 'status',
      'data-testid': 'preparing',
      hidden: '',
    });
  }

  /**
   * Calls `ready` with the scenario's timeline once it is prepared (at once for a small one).
   * Until then the page keeps showing, and playing, the timeline it has. `failed` hears why a
   * large run's workers could not record it.
   */
  prepare(
    scenario: Scenario,
    ready: (timeline: Replay) => void,
    options: { legacySteps?: boolean; failed?: (message: string) => void } = {},
  ): void {
    const generation = ++this.generation;
    if (isLargeRun(animatedRun(scenario))) {
      this.prepareLarge(scenario, generation, ready, options.failed ?? (() => {}));
      return;
    }
    let timeline: Timeline;
    const slice = (): void => {
      if (generation !== this.generation) return;
      if (!timeline.prepareFor(SLICE_MS, () => performance.now())) {
        this.say(`Preparing the scenario… ${Math.floor(timeline.progress * 100)}%`);
        window.setTimeout(slice, 0);
        return;
      }
      this.say(null);
      // Showing it (a seek and a full draw) is a task of its own: added to the slice that
      // finished preparing, a scene change could pass the 50 ms of a long task.
      window.setTimeout(() => {
        if (generation === this.generation) ready(timeline);
      }, 0);
    };
    // The request's own task (a control's change, a click) only parses and asks; setting the
    // scenario up (recording its operations, sizing its tables) and each slice of the first
    // pass are tasks of their own. Together they passed 50 ms at the page's largest sizes.
    window.setTimeout(() => {
      if (generation !== this.generation) return;
      timeline = new Timeline(scenario, { deferred: true, legacySteps: options.legacySteps });
      window.setTimeout(slice, 0);
    }, 0);
  }

  /**
   * The page no longer shows `timeline`: a large run is kept for a return (the one kept before
   * it is let go), anything else disposed.
   */
  retire(timeline: Replay): void {
    if (this.kept?.timeline === timeline) return;
    if (timeline instanceof LargeTimeline) {
      this.kept?.timeline.dispose();
      this.kept = { key: recordingKey(timeline.scenario), timeline };
      return;
    }
    timeline.dispose();
  }

  /**
   * Drops the request in flight, if any: the page went on to something else (a shortcut to a
   * scenario with the same animation), and what was being prepared must never take over.
   */
  cancel(): void {
    this.generation++;
    this.say(null);
  }

  /** Shows a line of status (null hides it): preparing, or a seek waiting for the workers. */
  say(text: string | null): void {
    this.status.hidden = text === null;
    if (text !== null) setText(this.status, text);
  }

  private prepareLarge(
    scenario: Scenario,
    generation: number,
    ready: (timeline: Replay) => void,
    failed: (message: string) => void,
  ): void {
    const kept = this.kept;
    if (kept !== null && kept.key === recordingKey(scenario)) {
      // Recorded before: shown again in a task of its own, as a new one would be.
      this.kept = null;
      window.setTimeout(() => {
        if (generation === this.generation) ready(kept.timeline);
        else this.retire(kept.timeline);
      }, 0);
      return;
    }
    // A different run: the kept one's workers go before new ones start.
    this.kept?.timeline.dispose();
    this.kept = null;
    const items = scenario.items.toLocaleString('en-US');
    this.say(`Recording the run of ${items} items in two workers… 0%`);
    LargeWorkers.record(
      scenario,
      (done) => {
        if (generation === this.generation)
          this.say(
            `Recording the run of ${items} items in two workers… ${Math.floor(done * 100)}%`,
          );
      },
      () => generation !== this.generation,
    ).then(
      ({ workers, recording, report }) => {
        if (generation !== this.generation) {
          workers.dispose();
          return;
        }
        this.lastRecording = report;
        // For the e2e performance report: what the workers took and keep.
        performance.mark('bheap:recorded', { detail: report });
        const operations = recording.ops.length;
        const stepStart = new Float64Array(operations + 1);
        let done = 0;
        // The step index in parts, the timeline's sides (their heaps), and showing it: each a
        // task of its own.
        const index = (): void => {
          if (generation !== this.generation) {
            workers.dispose();
            return;
          }
          const until = Math.min(operations, done + STEP_INDEX_PART);
          fillStepIndex(recording.eventCounts, stepStart, done, until);
          done = until;
          if (done < operations) {
            window.setTimeout(index, 0);
            return;
          }
          window.setTimeout(build, 0);
        };
        const build = (): void => {
          if (generation !== this.generation) {
            workers.dispose();
            return;
          }
          const timeline = new LargeTimeline(
            scenario,
            { ...recording, stepStart },
            scenarioPlan(scenario),
            workers,
          );
          // Each side's heap memory touched in a task of its own, then shown.
          const warm = (side: number): void => {
            if (generation !== this.generation) {
              timeline.dispose();
              return;
            }
            if (side < timeline.sides.length) {
              timeline.sides[side].warmUp();
              window.setTimeout(() => warm(side + 1), 0);
              return;
            }
            this.say(null);
            ready(timeline);
          };
          window.setTimeout(() => warm(0), 0);
        };
        window.setTimeout(index, 0);
      },
      (error: Error) => {
        if (generation !== this.generation) return;
        this.say(null);
        failed(`The workers could not record this run: ${error.message}`);
      },
    );
  }
}
