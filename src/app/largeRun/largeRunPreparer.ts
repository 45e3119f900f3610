// A large heap run (over 16,384 items) from its request to its landing: its workers started or
// taken back from the run kept, its first window recorded by the page itself, its timeline built
// over the recording so far, and its landing shown once the recording has reached it, or at once
// where the page ships the landing (shippedLanding.ts: the tour's scene 12). The last large run
// the page moved away from is kept, with its workers, so coming back records nothing.

import type { LandingState } from '../../core/replay/landingState';
import { firstWindow, scenarioPlan } from '../../core/replay/largeRun';
import { LargeTimeline } from '../../core/replay/largeTimeline';
import type { Replay } from '../../core/replay/replay';
import type { Scenario } from '../../core/scenario/scenario';
import { afterNextFrame, afterTask } from '../browser/frames';
import { FIRST_WINDOW_OPS, landingWait, landsNearStart } from './landing';
import { LargeWorkers } from './largeWorkers';
import { recordingKey } from './recordingKey';
import { recordingText } from './recordingStatus';
import { shippedLanding, shipsLanding } from './shippedLanding';

/** The most the recorders wait (ms) for a landing to be drawn before they start. */
const RECORD_AFTER_MS = 1000;

/** One request to show a scenario: what it asks for, and whom to tell. */
export interface PrepareRequest {
  readonly scenario: Scenario;
  /** An old link's step, counted as steps were before (the timeline's legacySteps). */
  readonly legacySteps: boolean;
  /** Whether this request is still the page's latest: a later one supersedes it for good. */
  current(): boolean;
  ready(timeline: Replay): void;
  /** Calls `then` once the page has drawn the landing `ready` was given (at once if it has). */
  whenDrawn(then: () => void): void;
  /** Why the workers could not record the run. */
  failed(message: string): void;
}

export class LargeRunPreparer {
  /** The last large run the page moved away from, with its workers (its recording may go on). */
  private kept: { key: string; timeline: LargeTimeline } | null = null;
  /** Each large timeline's workers. */
  private readonly workersOf = new WeakMap<LargeTimeline, LargeWorkers>();
  /** The workers whose progress the status line shows: the run asked for last. */
  private watched: LargeWorkers | null = null;
  /** A large run asked for and not shown yet: before its first window, then built. */
  private pendingWorkers: LargeWorkers | null = null;
  private pendingTimeline: LargeTimeline | null = null;

  /** `sayRecording` words the watched recording's progress (null: none under way). */
  constructor(private readonly sayRecording: (text: string | null) => void) {}

  /** Starts preparing `request`'s run (the previous request was dropped first: dropPending). */
  prepare(request: PrepareRequest): void {
    const { scenario } = request;
    const kept = this.kept;
    if (kept !== null && kept.key === recordingKey(scenario)) {
      // Recorded before, or being recorded: shown again in a task of its own, as a new one would be.
      this.kept = null;
      this.pendingTimeline = kept.timeline;
      this.watch(this.workersOf.get(kept.timeline) ?? null);
      const timeline = kept.timeline;
      if (!timeline.stillRecording || !shipsLanding(scenario, request.legacySteps)) {
        window.setTimeout(() => this.land(timeline, request), 0);
        return;
      }
      // Recorded not as far as the shipped landing, perhaps: it lands there at once all the same.
      const land = (landing: LandingState | null): void => {
        if (this.pendingTimeline !== timeline || !request.current()) return;
        if (landing !== null) timeline.land(landing);
        window.setTimeout(() => this.land(timeline, request), 0);
      };
      shippedLanding().then(land, () => land(null));
      return;
    }
    // A different run: the kept one's workers go before new ones start, and its recording with
    // them, so the page holds at most one run besides the one on screen.
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
        window.setTimeout(() => this.build(workers, request), 0);
      },
      recorded: (report) => {
        // For the e2e performance report: what the workers took and keep.
        performance.mark('bheap:recorded', { detail: report });
        if (this.watched === workers) this.watch(workers);
      },
      failed: (error) => {
        if (this.watched === workers) this.watch(null);
        if (this.pendingWorkers === workers) this.pendingWorkers = null;
        if (request.current())
          request.failed(`The workers could not record this run: ${error.message}`);
      },
    });
    this.pendingWorkers = workers;
    this.watch(workers);
    if (shipsLanding(scenario, request.legacySteps)) {
      // Far in, where the page ships the landing: shown at once over a recording not begun; the
      // recorders start after its first draw. Without its module, as any other far landing.
      // The landing's decoding, the recording's start and the timeline's build are a task each:
      // in one, they were 38 ms on a laptop, four times that on a phone's CPU.
      const begin = (landing: LandingState | null): void => {
        if (this.pendingWorkers !== workers || !request.current()) return;
        const first = landing === null ? null : firstWindow(scenario, plan, 0);
        if (landing === null || first === null) {
          workers.record();
          return;
        }
        this.pendingWorkers = null;
        workers.begin(first);
        window.setTimeout(() => this.build(workers, request, landing), 0);
      };
      shippedLanding()
        .then(afterTask)
        .then(begin, () => begin(null));
      return;
    }
    if (!landsNearStart(scenario, request.legacySteps)) {
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
      this.build(workers, request);
    }, 0);
  }

  /**
   * The page no longer shows `timeline`: it is kept for a return, and the one kept before it is
   * let go (its workers stopped, its recording freed).
   */
  keep(timeline: LargeTimeline): void {
    if (this.kept?.timeline === timeline) return;
    this.kept?.timeline.dispose();
    this.kept = { key: recordingKey(timeline.scenario), timeline };
  }

  /**
   * A large run asked for and not shown is no longer wanted: stopped before its first window,
   * else kept for a return (its recording goes on); its progress is no longer said.
   */
  dropPending(): void {
    this.watch(null);
    this.pendingWorkers?.dispose();
    this.pendingWorkers = null;
    if (this.pendingTimeline !== null) this.keep(this.pendingTimeline);
    this.pendingTimeline = null;
  }

  /** The recording whose progress the status line follows (null: none). */
  private watch(workers: LargeWorkers | null): void {
    this.watched = workers;
    const recording = workers?.recording ?? null;
    this.sayRecording(
      workers === null || recording?.complete
        ? null
        : recordingText(workers.scenario.items, recording),
    );
  }

  /** The page's timeline over the recording so far, shown in a task of its own. */
  private build(
    workers: LargeWorkers,
    request: PrepareRequest,
    landing: LandingState | null = null,
  ): void {
    const recording = workers.recording;
    if (!request.current() || recording === null) {
      workers.dispose();
      return;
    }
    const { scenario } = request;
    const timeline = new LargeTimeline(scenario, recording, scenarioPlan(scenario), workers);
    if (landing !== null) timeline.land(landing);
    this.workersOf.set(timeline, workers);
    this.pendingTimeline = timeline;
    // The first window replays from the empty heaps, which need no warming up yet.
    window.setTimeout(() => this.land(timeline, request), 0);
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
   * Shows `timeline` once its recording reaches where the request lands: at once for a landing
   * in what has come, else when the recorders get there (the status line says how far they are).
   */
  private land(timeline: LargeTimeline, request: PrepareRequest): void {
    // The timeline alone does not name the request: a later request for the same run takes the
    // same timeline back from `kept`, and this request's wait, still pending, must not land it.
    if (this.pendingTimeline !== timeline || !request.current()) return;
    const { scenario, legacySteps } = request;
    const workers = this.workersOf.get(timeline);
    const wait = landingWait(timeline, scenario, legacySteps);
    if (wait === null) {
      this.pendingTimeline = null;
      request.ready(timeline);
      // After the landing is drawn (in parts, a frame after the last), which then has both cores
      // to itself: the recorders started, each side's heap memory touched (a far jump's restore
      // then pays no page faults), a task each, then the serving workers started. Started
      // after the landing's first part only, the recorders took both cores from its other
      // parts and frames, and stretched each past 50 ms on a phone's CPU (docs/performance.md).
      // A shipped landing ahead of the recording: the state its operation's end needs (a step
      // out of it) is asked for then, and served once the recording reaches it.
      const ahead = timeline.landingAhead;
      let started = false;
      const start = (): void => {
        if (started) return;
        started = true;
        afterNextFrame(() => {
          workers?.record();
          this.warm(timeline, 0, () => {
            workers?.serve();
            if (ahead !== null) timeline.prefetch(ahead + 1).catch(() => false);
          });
        });
      };
      request.whenDrawn(start);
      // Never later than this, whatever becomes of the drawing: a landing superseded while it
      // was painted may never say it is drawn, and its recording must not wait for another.
      window.setTimeout(start, RECORD_AFTER_MS);
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
      if (arrived) window.setTimeout(() => this.land(timeline, request), 0);
    });
  }
}
