// A large heap run's replay on the page (largePlan.ts explains the plan). Each side's worker
// recorded the run once (sideRecorder.ts): the page keeps only the operations, the step index
// and the race table, plus one anchor, the sides' whole state before some operation. From it the
// page runs on by itself for up to `window` operations, so stepping, playing and stepping back a
// little need no worker; a jump further away asks the workers for a new anchor (fetchFor) and
// seeks once it has come.
//
// The recording arrives as it is made (partialRecording.ts): the page shows the run once its
// first window has come, which it replays from the empty heaps by itself; a step past what has
// come waits for it (fetchFor), and totalSteps counts the steps come so far until the last.
//
// A landing shipped with the page (landingState.ts: the tour's scene 12, deep in the article's
// run) is drawn before the recording reaches it: its operation's views and events, its steps.
// Stepping through that operation needs nothing more; a step out of it waits for the recording
// and a state the workers serve, since the sides' heaps were never there (headless).

import type { SimEvent } from '../events';
import type { LargePlan } from '../scenario/largePlan';
import {
  type Scenario,
  scenarioPages,
  scenarioWorkload,
  sidePages,
  sideSpec,
} from '../scenario/scenario';
import { workloadCapacity } from '../workloads/workloads';
import type { LandingState } from './landingState';
import { type LargeRecording, PartialRecording } from './partialRecording';
import { Replay } from './replay';
import { SIDES, Side, type SideState } from './side';
import type { ViewSnapshot } from './viewState';

export type { LargeRecording } from './partialRecording';

/** Where the sides' states come from: the workers, or a SideServer in the same thread (tests). */
export interface StateSource {
  /**
   * Both sides' states before operation `op`; null if a later request superseded this one
   * (the source keeps one request in flight and drops the ones waiting behind a newer one).
   */
  states(op: number): Promise<SideState[] | null>;
  /** Stops whatever serves the states (the workers); later requests resolve null. */
  dispose?(): void;
}

/** A fetched anchor lies this many operations before the target (a jump's last stretch). */
const FETCH_LEAD = 64;

interface Anchor {
  op: number;
  states: SideState[];
}

export class LargeTimeline extends Replay {
  private readonly initial: Anchor;
  private anchor: Anchor;
  private fetching: { op: number; promise: Promise<boolean> } | null = null;
  /** Counts fetchFor's calls: one waiting for the recording drops out if a newer came since. */
  private fetches = 0;
  private readonly recording: PartialRecording;
  /** A shipped landing (land), while the recording has not counted its operation. */
  private landing: LandingState | null = null;
  /** The sides' views were restored from the landing, their heaps not: only a restore goes on. */
  private headless = false;

  constructor(
    scenario: Scenario,
    /** The recording as far as it has come, or a whole one. */
    recording: LargeRecording | PartialRecording,
    readonly plan: LargePlan,
    private readonly source: StateSource,
  ) {
    const capacity = workloadCapacity(scenarioWorkload(scenario));
    const pages = scenarioPages(scenario);
    const partial =
      recording instanceof PartialRecording
        ? recording
        : PartialRecording.whole(
            recording,
            SIDES.map((name) => sidePages(scenario, name)),
            pages,
          );
    const { ops } = partial;
    const sides = SIDES.map(
      (name) =>
        new Side(
          sideSpec(scenario, name),
          capacity,
          recording.items,
          scenario.frames,
          sidePages(scenario, name),
          scenario.policy,
          ops,
        ),
    );
    if (!sides.every((side) => side.exchangesState)) {
      throw new Error('a large run replays heaps too large for the tree, under LRU, FIFO or CLOCK');
    }
    super(scenario, ops, sides, pages, partial.stepStart, partial.raceOps, partial.race);
    this.recording = partial;
    this.initial = { op: 0, states: sides.map((side) => side.exportState()) };
    this.anchor = this.initial;
  }

  get ready(): boolean {
    return true;
  }

  override get large(): boolean {
    return true;
  }

  override dispose(): void {
    this.recording.dispose();
    this.source.dispose?.();
  }

  override get recordedOps(): number {
    return this.recording.counted;
  }

  override get stillRecording(): boolean {
    return !this.recording.complete;
  }

  override get raceSamples(): number {
    return this.recording.raceSamples;
  }

  override whenRecorded(op: number): Promise<boolean> {
    return this.recording.whenCounted(op);
  }

  /** Resolves true once step `step` is recorded, or the whole run is (false if let go). */
  whenStep(step: number): Promise<boolean> {
    return this.recording.whenStep(step);
  }

  /**
   * Holds a landing shipped with the page: its operation's first event, and each step of it,
   * can be shown before the recording has come that far. Its steps and its operation are written
   * where the recording will write the same (a test holds them to it); once the recording has
   * counted the operation the landing is no longer used, and the workers serve it as any other.
   */
  land(landing: LandingState): void {
    const { op } = landing;
    if (!(Number.isInteger(op) && op >= 0 && op < this.ops.length)) {
      throw new RangeError(`a landing at operation ${op} of ${this.ops.length}`);
    }
    if (landing.views.length !== this.sides.length || landing.events.length !== this.sides.length) {
      throw new RangeError('a landing has one view and one list of events a side');
    }
    if (op < this.recordedOps) return;
    this.landing = landing;
    this.stepStart[op] = landing.stepsBefore;
    this.stepStart[op + 1] = landing.stepsThrough;
    this.ops.kinds[op] = landing.kind;
    this.ops.handles[op] = landing.handle;
    this.ops.keys[op] = landing.key;
  }

  /** The shipped landing's operation, while the recording has not counted it (else null). */
  get landingAhead(): number | null {
    const landing = this.landing;
    return landing !== null && landing.op >= this.recordedOps ? landing.op : null;
  }

  /** Steps of the operations recorded (totalSteps, but for a landing ahead of them). */
  get recordedSteps(): number {
    return this.stepStart[this.recordedOps];
  }

  /** The steps known: the recorded ones, and a landing's ahead of them. */
  override get totalSteps(): number {
    const recorded = this.recordedSteps;
    const landing = this.landing;
    return landing !== null && this.landingAhead !== null
      ? Math.max(recorded, landing.stepsThrough)
      : recorded;
  }

  /** Whether `step` lies in a landing's operation ahead of the recording. */
  private inLanding(step: number): boolean {
    const landing = this.landing;
    return (
      landing !== null &&
      this.landingAhead !== null &&
      step > landing.stepsBefore &&
      step <= landing.stepsThrough
    );
  }

  override opAt(step: number): number {
    if (this.inLanding(step) && this.landing !== null) return this.landing.op;
    return super.opAt(step);
  }

  /**
   * In a landing ahead of the recording, its operation's end; from that end, the next
   * operation's first step (its end is not known yet: the seek waits for the recording there).
   */
  override nextOpBoundary(step: number): number {
    const landing = this.landing;
    if (landing !== null && this.landingAhead !== null && step >= landing.stepsBefore) {
      return step < landing.stepsThrough ? landing.stepsThrough : landing.stepsThrough + 1;
    }
    return super.nextOpBoundary(step);
  }

  protected override landingAt(op: number): { views: ViewSnapshot[]; events: SimEvent[][] } | null {
    if (this.landing === null || op !== this.landingAhead) return null;
    // The sides' heaps stay where they were: from here on only a restore moves them.
    this.headless = true;
    return this.landing;
  }

  /** The operation the page's anchor is before (for reports and tests). */
  get anchorOp(): number {
    return this.anchor.op;
  }

  override canSeek(step: number): boolean {
    if (step <= 0 || step === this.cursor || this.inLanding(step)) return true;
    // While recording, the last step come so far is not the end: it waits with the rest.
    if (this.stillRecording && step >= this.recordedSteps) return false;
    const targetOp = this.opAt(Math.min(step, this.totalSteps));
    if (targetOp === this.heldOp) return true;
    const next = this.heldOp < 0 ? 0 : this.heldOp + 1;
    if (step > this.cursor && next <= targetOp && this.runsOn(next, targetOp)) return true;
    return this.anchorFor(targetOp) !== null;
  }

  /**
   * Asks the workers for the state a few operations before the target's (so stepping back a
   * little needs no worker either, and the page's own part of the jump stays short) and keeps
   * it as the anchor.
   */
  override fetchFor(step: number): Promise<boolean> {
    if (this.canSeek(step)) return Promise.resolve(true);
    const fetch = ++this.fetches;
    if (this.stillRecording && step >= this.recordedSteps) {
      // Not recorded yet: once it is, unless another jump was asked for meanwhile.
      return this.recording
        .whenStep(step + 1)
        .then((arrived) => arrived && fetch === this.fetches && this.fetchFor(step));
    }
    return this.fetchOp(this.opAt(Math.min(step, this.totalSteps)));
  }

  /**
   * Asks for the anchor a jump into operation `targetOp` wants before that operation's steps
   * are known: a link landing far into a run still being recorded, whose state the workers
   * then serve as soon as they have recorded it.
   */
  prefetch(targetOp: number): Promise<boolean> {
    return this.anchorFor(targetOp) !== null ? Promise.resolve(true) : this.fetchOp(targetOp);
  }

  private fetchOp(targetOp: number): Promise<boolean> {
    const op = Math.max(0, targetOp - Math.min(FETCH_LEAD, Math.floor(this.plan.window / 4)));
    if (this.fetching !== null && this.fetching.op === op) return this.fetching.promise;
    const promise = this.source.states(op).then((states) => {
      if (this.fetching?.promise === promise) this.fetching = null;
      if (states === null) return false;
      this.anchor = { op, states };
      return true;
    });
    this.fetching = { op, promise };
    return promise;
  }

  protected restoreBefore(targetOp: number): number {
    const anchor = this.anchorFor(targetOp);
    if (anchor === null) {
      throw new Error(`operation ${targetOp} is beyond the page's reach: fetchFor() it first`);
    }
    this.sides.forEach((side, index) => {
      side.importState(anchor.states[index]);
    });
    this.headless = false;
    return anchor.op;
  }

  protected runsOn(next: number, targetOp: number): boolean {
    return !this.headless && targetOp - next <= this.plan.window;
  }

  /** Far enough past the anchor: this state becomes the anchor (a copy of each heap). */
  protected override reached(op: number): void {
    if (op - this.anchor.op > this.plan.window) {
      this.anchor = { op, states: this.sides.map((side) => side.exportState()) };
    }
  }

  /** The newest anchor at or before `targetOp` within a window of it, or null. */
  private anchorFor(targetOp: number): Anchor | null {
    for (const anchor of [this.anchor, this.initial]) {
      if (anchor.op <= targetOp && targetOp - anchor.op <= this.plan.window) return anchor;
    }
    return null;
  }
}
