// Prepares a scenario's timeline without blocking the page: a small one here in short slices, a
// large heap run (over 16,384 items) by its side workers (largeWorkers.ts), which record it a
// stretch at a time. A large run is shown once its first window has come (the page replays that
// from the empty heaps by itself), or, when the link lands further in, once the recording has
// reached the landing; its progress stays on the status line until the whole run is recorded.

import { firstWindow, scenarioPlan } from '../../core/replay/largeRun';
import { LargeTimeline } from '../../core/replay/largeTimeline';
import type { PartialRecording } from '../../core/replay/partialRecording';
import type { Replay } from '../../core/replay/replay';
import { Timeline } from '../../core/replay/timeline';
import { isLargeRun } from '../../core/scenario/pageLimits';
import { animatedRun, type Scenario } from '../../core/scenario/scenario';
import { el, setText } from '../browser/dom';
import { afterNextFrame } from '../browser/frames';
import { LargeWorkers, type RecordingReport } from '../largeRun/largeWorkers';
import { recordingKey } from '../largeRun/recordingKey';

/** Work per slice, in ms: well under the 50 ms a task may take before it is a long task. */
const SLICE_MS = 8;
const COUNT = new Intl.NumberFormat('en-US');
/**
 * Operations of a large run the page records itself before any worker starts: enough to show
 * its start and step on while the recorders start (they pass it within a fraction of a second),
 * few enough to cost a few ms while the page's code is still cold.
 */
const FIRST_WINDOW_OPS = 512;

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
  /** Each large timeline's workers (the kept one's recording may still be going on). */
  private readonly workersOf = new WeakMap<LargeTimeline, LargeWorkers>();
  /** The line a waiting seek shows (say), and the recording's progress under it. */
  private waitingLine: string | null = null;
  private recordingLine: string | null = null;
  /** The workers whose progress the line shows: the scenario asked for last, if large. */
  private watched: LargeWorkers | null = null;
  /** A large run asked for and not shown yet: before its first window, then built. */
  private pendingWorkers: LargeWorkers | null = null;
  private pendingTimeline: LargeTimeline | null = null;

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
    this.dropPending();
    // A line an earlier request left ("Preparing the scenario… 91%") is not this one's: a large
    // run that lands at once never clears it, and the page said it was preparing for good.
    this.say(null);
    if (isLargeRun(animatedRun(scenario))) {
      const failed = options.failed ?? (() => {});
      this.prepareLarge(scenario, generation, ready, failed, options.legacySteps === true);
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
    this.dropPending();
    this.say(null);
  }

  /**
   * A large run asked for and not shown is no longer wanted: stopped before its first window,
   * else kept for a return (its recording goes on); its progress is no longer said.
   */
  private dropPending(): void {
    this.watch(null);
    this.pendingWorkers?.dispose();
    this.pendingWorkers = null;
    if (this.pendingTimeline !== null) this.retire(this.pendingTimeline);
    this.pendingTimeline = null;
  }

  /**
   * Shows a line of status (null hides it): preparing, or a seek waiting for the workers. A
   * large run still being recorded says how far it has got after it.
   */
  say(text: string | null): void {
    this.waitingLine = text;
    this.showLines();
  }

  /**
   * The waiting line, then the recording's progress while the run shown (or being prepared) is
   * still being recorded: until then its total of steps is not known and a far jump waits. The
   * line gone means the timeline is final (the e2e tests wait for that).
   */
  private showLines(): void {
    const lines = [this.waitingLine, this.recordingLine].filter((line) => line !== null);
    // Written only when it changes: the recording's progress comes several times a second.
    const hidden = lines.length === 0;
    if (this.status.hidden !== hidden) this.status.hidden = hidden;
    if (!hidden) setText(this.status, lines.join(' '));
  }

  /** The recording whose progress the status line follows (null: none). */
  private watch(workers: LargeWorkers | null): void {
    this.watched = workers;
    const recording = workers?.recording ?? null;
    this.recordingLine =
      workers === null || recording?.complete
        ? null
        : recordingText(workers.scenario.items, recording);
    this.showLines();
  }

  private prepareLarge(
    scenario: Scenario,
    generation: number,
    ready: (timeline: Replay) => void,
    failed: (message: string) => void,
    legacySteps: boolean,
  ): void {
    const kept = this.kept;
    if (kept !== null && kept.key === recordingKey(scenario)) {
      // Recorded before, or being recorded: shown again in a task of its own, as a new one would be.
      this.kept = null;
      this.pendingTimeline = kept.timeline;
      this.watch(this.workersOf.get(kept.timeline) ?? null);
      window.setTimeout(
        () => this.land(kept.timeline, scenario, generation, ready, legacySteps),
        0,
      );
      return;
    }
    // A different run: the kept one's workers go before new ones start.
    this.kept?.timeline.dispose();
    this.kept = null;
    const plan = scenarioPlan(scenario);
    const workers = new LargeWorkers(scenario, {
      grew: (recording) => {
        if (this.watched === workers) this.watch(workers);
        // The workers' first window on both sides: the timeline can be built.
        if (this.pendingWorkers !== workers) return;
        if (recording.counted < Math.min(recording.ops.length, plan.window)) return;
        this.pendingWorkers = null;
        window.setTimeout(() => this.build(scenario, workers, generation, ready, legacySteps), 0);
      },
      recorded: (report) => {
        this.lastRecording = report;
        // For the e2e performance report: what the workers took and keep.
        performance.mark('bheap:recorded', { detail: report });
        if (this.watched === workers) this.watch(workers);
      },
      failed: (error) => {
        if (this.watched === workers) this.watch(null);
        if (this.pendingWorkers === workers) this.pendingWorkers = null;
        if (generation === this.generation) {
          failed(`The workers could not record this run: ${error.message}`);
        }
      },
    });
    this.pendingWorkers = workers;
    this.watch(workers);
    if (!landsNearStart(scenario, legacySteps)) {
      // Far in: the recorders start at once, and the run is built from their first stretches.
      workers.record();
      return;
    }
    // Near the start: the page records the first window itself (in a task of its own), shows
    // it, and only then starts the recorders, which would otherwise take the cores its first
    // draw needs. A workload that cannot be drawn as it goes waits for the recorders instead.
    window.setTimeout(() => {
      if (this.pendingWorkers !== workers) return;
      const first = firstWindow(scenario, plan, FIRST_WINDOW_OPS);
      if (first === null) {
        workers.record();
        return;
      }
      this.pendingWorkers = null;
      workers.begin(first);
      this.build(scenario, workers, generation, ready, legacySteps);
    }, 0);
  }

  /** The page's timeline over the recording so far, shown in a task of its own. */
  private build(
    scenario: Scenario,
    workers: LargeWorkers,
    generation: number,
    ready: (timeline: Replay) => void,
    legacySteps: boolean,
  ): void {
    const recording = workers.recording;
    if (generation !== this.generation || recording === null) {
      workers.dispose();
      return;
    }
    const timeline = new LargeTimeline(scenario, recording, scenarioPlan(scenario), workers);
    this.workersOf.set(timeline, workers);
    this.pendingTimeline = timeline;
    // The first window replays from the empty heaps, which need no warming up yet.
    window.setTimeout(() => this.land(timeline, scenario, generation, ready, legacySteps), 0);
  }

  /** Touches each side's heap memory from `side` on, a task each, then runs `then`. */
  private warm(timeline: LargeTimeline, side: number, then: () => void): void {
    if (side >= timeline.sides.length) {
      then();
      return;
    }
    timeline.sides[side].warmUp();
    window.setTimeout(() => this.warm(timeline, side + 1, then), 0);
  }

  /**
   * Shows `timeline` once its recording reaches where the scenario lands: at once for a landing
   * in what has come, else when the recorders get there (the status line says how far they are).
   */
  private land(
    timeline: LargeTimeline,
    scenario: Scenario,
    generation: number,
    ready: (timeline: Replay) => void,
    legacySteps: boolean,
  ): void {
    // The timeline alone does not name the request: a later request for the same run takes the
    // same timeline back from `kept`, and this request's wait, still pending, must not land it.
    if (this.pendingTimeline !== timeline || generation !== this.generation) return;
    const workers = this.workersOf.get(timeline);
    const wait = landingWait(timeline, scenario, legacySteps);
    if (wait === null) {
      this.pendingTimeline = null;
      ready(timeline);
      // After the first draw, which then has both cores to itself: the recorders started, each
      // side's heap memory touched (a far jump's restore then pays no page faults), a task
      // each, then the serving workers started.
      afterNextFrame(() => {
        workers?.record();
        this.warm(timeline, 0, () => workers?.serve());
      });
      return;
    }
    // The landing's state is asked for now, and served as soon as it is recorded (heaps warm
    // and servers ready by then): a link's operation N lands on its first event (index N - 1).
    workers?.record();
    this.warm(timeline, 0, () => {
      workers?.serve();
      if (scenario.op !== null) {
        timeline.prefetch(Math.min(scenario.op, timeline.ops.length) - 1).catch(() => false);
      }
    });
    wait.then((arrived) => {
      if (arrived) {
        window.setTimeout(() => this.land(timeline, scenario, generation, ready, legacySteps), 0);
      }
    });
  }
}

/**
 * Whether the scenario may land in the run's first window: its operation is in it, or its step
 * may be (a step is known to be there only once the window is recorded).
 */
function landsNearStart(scenario: Scenario, legacySteps: boolean): boolean {
  const { embed, op, step } = scenario;
  if (legacySteps || step === 'end' || (embed.on && (embed.from !== null || embed.to !== null))) {
    return false;
  }
  return op === null || op <= FIRST_WINDOW_OPS;
}

/**
 * What a large run still being recorded must have before the scenario can land on it (null:
 * it has it): its operation, its step, or (the end, an old link's step, an embedded range) all.
 * The state there is then the session's to fetch (it was asked for ahead, see land): a state
 * taken in and the run's first draw in one task would pass 50 ms.
 */
function landingWait(
  timeline: LargeTimeline,
  scenario: Scenario,
  legacySteps: boolean,
): Promise<boolean> | null {
  if (!timeline.stillRecording) return null;
  const { embed, op, step } = scenario;
  const operations = timeline.ops.length;
  if (legacySteps || step === 'end' || (embed.on && (embed.from !== null || embed.to !== null))) {
    return timeline.whenRecorded(operations);
  }
  if (op !== null) {
    return timeline.recordedOps >= Math.min(op, operations) ? null : timeline.whenRecorded(op);
  }
  return step < timeline.totalSteps ? null : timeline.whenStep(step + 1);
}

/** The status line of a recording under way. */
function recordingText(items: number, recording: PartialRecording | null): string {
  const run = `Recording the run of ${COUNT.format(items)} items in two workers…`;
  if (recording === null) return `${run} 0%`;
  const operations = recording.ops.length;
  const share = Math.floor((recording.counted / Math.max(1, operations)) * 100);
  return `${run} ${share}% (operation ${COUNT.format(recording.counted)} of ${COUNT.format(operations)})`;
}
