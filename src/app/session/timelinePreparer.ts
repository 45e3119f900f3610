// Prepares a scenario's timeline without blocking the page: a small one here, in short slices; a
// large heap run (over 16,384 items) through its workers (largeRun/largeRunPreparer.ts). Only the
// latest request is ever shown: each one supersedes those before it.

import { LargeTimeline } from '../../core/replay/largeTimeline';
import type { Replay } from '../../core/replay/replay';
import { Timeline } from '../../core/replay/timeline';
import { isLargeRun } from '../../core/scenario/pageLimits';
import { animatedRun, type Scenario } from '../../core/scenario/scenario';
import { LargeRunPreparer, type PrepareRequest } from '../largeRun/largeRunPreparer';
import { StatusLine } from './statusLine';

/** Work per slice, in ms: well under the 50 ms a task may take before it is a long task. */
const SLICE_MS = 8;

export class TimelinePreparer {
  /** The progress line ("Preparing the scenario… N%"), shown while a scenario takes longer. */
  readonly statusLine = new StatusLine();
  /** Counts requests: a slice of a superseded request sees a newer number and stops. */
  private generation = 0;
  private readonly large = new LargeRunPreparer((text) => {
    this.statusLine.sayRecording(text);
    this.recordingGrew();
  });

  /** `recordingGrew`: a large run's recording went on or ended (the step label's total follows). */
  constructor(private readonly recordingGrew: () => void = () => {}) {}

  /** The status line's element, for the page to place. */
  get status(): HTMLElement {
    return this.statusLine.element;
  }

  /**
   * Calls `ready` with the scenario's timeline once it is prepared (at once for a small one).
   * Until then the page keeps showing, and playing, the timeline it has. `failed` hears why a
   * large run's workers could not record it; `whenDrawn` calls back once the page has drawn
   * the landing `ready` was given (a large run's recorders wait for it).
   */
  prepare(
    scenario: Scenario,
    ready: (timeline: Replay) => void,
    options: {
      legacySteps?: boolean;
      failed?: (message: string) => void;
      whenDrawn?: (then: () => void) => void;
    } = {},
  ): void {
    const generation = ++this.generation;
    this.large.dropPending();
    // A line an earlier request left ("Preparing the scenario… 91%") is not this one's: a large
    // run that lands at once never clears it, and the page said it was preparing for good.
    this.say(null);
    const request: PrepareRequest = {
      scenario,
      legacySteps: options.legacySteps === true,
      current: () => generation === this.generation,
      ready,
      whenDrawn: options.whenDrawn ?? ((then) => then()),
      failed: options.failed ?? (() => {}),
    };
    if (isLargeRun(animatedRun(scenario))) this.large.prepare(request);
    else this.prepareSmall(request);
  }

  /**
   * The page no longer shows `timeline`: a large run is kept for a return (the one kept before
   * it is let go), anything else disposed.
   */
  retire(timeline: Replay): void {
    if (timeline instanceof LargeTimeline) this.large.keep(timeline);
    else timeline.dispose();
  }

  /**
   * Drops the request in flight, if any: the page went on to something else (a shortcut to a
   * scenario with the same animation), and what was being prepared must never take over.
   */
  cancel(): void {
    this.generation++;
    this.large.dropPending();
    this.say(null);
  }

  /** What the page waits for, on the status line (null: nothing). */
  say(text: string | null): void {
    this.statusLine.say(text);
  }

  private prepareSmall(request: PrepareRequest): void {
    let timeline: Timeline;
    const slice = (): void => {
      if (!request.current()) return;
      if (!timeline.prepareFor(SLICE_MS, () => performance.now())) {
        this.say(`Preparing the scenario… ${Math.floor(timeline.progress * 100)}%`);
        window.setTimeout(slice, 0);
        return;
      }
      this.say(null);
      // Showing it (a seek and a full draw) is a task of its own: added to the slice that
      // finished preparing, a scene change could pass the 50 ms of a long task.
      window.setTimeout(() => {
        if (request.current()) request.ready(timeline);
      }, 0);
    };
    // The request's own task (a control's change, a click) only parses and asks; setting the
    // scenario up (recording its operations, sizing its tables) and each slice of the first
    // pass are tasks of their own.
    window.setTimeout(() => {
      if (!request.current()) return;
      timeline = new Timeline(request.scenario, {
        deferred: true,
        legacySteps: request.legacySteps,
      });
      window.setTimeout(slice, 0);
    }, 0);
  }
}
