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

import type { LargePlan } from '../scenario/largePlan';
import {
  type Scenario,
  scenarioPages,
  scenarioWorkload,
  sidePages,
  sideSpec,
} from '../scenario/scenario';
import { workloadCapacity } from '../workloads/workloads';
import { type LargeRecording, PartialRecording } from './partialRecording';
import { Replay } from './replay';
import { SIDES, Side, type SideState } from './side';

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

  /** The operation the page's anchor is before (for reports and tests). */
  get anchorOp(): number {
    return this.anchor.op;
  }

  override canSeek(step: number): boolean {
    if (step <= 0 || step === this.cursor) return true;
    // While recording, the last step come so far is not the end: it waits with the rest.
    if (this.stillRecording && step >= this.totalSteps) return false;
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
    if (this.stillRecording && step >= this.totalSteps) {
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
    return anchor.op;
  }

  protected runsOn(next: number, targetOp: number): boolean {
    return targetOp - next <= this.plan.window;
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
