// Record, then replay: what the page's timelines share. Both sides run the same operations on
// one lockstep clock; each side's events feed a ViewState (the only thing views read). A seek
// holds the target operation's events and applies as many as the step asks; getting the sides
// to the start of that operation is the subclass's business: a small scenario restores one of
// its own checkpoints (timeline.ts), a large one an anchor a worker served (largeTimeline.ts).

import { ArraySink, type OpKind, type SimEvent } from '../events';
import type { Policy } from '../memory/pager';
import type { Scenario } from '../scenario/scenario';
import { type OpList, opKindOf } from './opList';
import type { Side } from './side';
import type { ViewSnapshot } from './viewState';

/** The race of transfers at one frame count: after raceOps[i] operations, values[side][i]. */
export interface RaceSeries {
  frames: number;
  ops: Int32Array;
  values: [Float64Array, Float64Array];
}

/**
 * Step s sits inside operation k when stepStart[k] < s <= stepStart[k + 1]: each side has
 * applied min(s - stepStart[k], its own event count for k) of k's events. An operation lasts as
 * many steps as the side with more events needs, so both sides always show the same operation.
 */
export abstract class Replay {
  /**
   * raceTable[side][i * pages + f - 1]: that side's page-ins plus write-backs after raceOps[i]
   * operations with f resident pages; every frame count, so the slider needs no new pass.
   */
  protected readonly raceTable: Uint32Array[];
  // The operation whose events are held, and how far into it the view is.
  protected heldOp = -1;
  private held: SimEvent[][] = [];
  // The views as they were when the held operation began: stepping back inside it is a restore
  // plus a few events, not a trip to a checkpoint.
  private heldViewStart: ViewSnapshot[] = [];
  private applied: number[] = [];
  protected cursor = 0;

  constructor(
    readonly scenario: Scenario,
    readonly ops: OpList,
    readonly sides: Side[],
    /** Pages of the larger side: the slider's range. */
    readonly pages: number,
    /** stepStart[k]: steps before operation k; stepStart[ops.length] is the total. */
    readonly stepStart: Float64Array,
    /** The operation counts the race samples (0 and the last included), ascending. */
    readonly raceOps: Int32Array,
    raceTable: Uint32Array[],
  ) {
    this.raceTable = raceTable;
    this.held = sides.map(() => []);
    this.applied = sides.map(() => 0);
  }

  /** Whether the timeline can be shown (its first pass is done). */
  abstract get ready(): boolean;

  /** Whether it replays a large run from workers' checkpoints (largeTimeline.ts). */
  get large(): boolean {
    return false;
  }

  /** Fraction of the first pass done, 0..1. */
  get progress(): number {
    return 1;
  }

  /**
   * Puts every side before operation `targetOp` or an earlier one (events not applied) and
   * returns the operation they are before.
   */
  protected abstract restoreBefore(targetOp: number): number;

  /** Whether sides before operation `next` should run on to `targetOp` rather than restore. */
  protected abstract runsOn(next: number, targetOp: number): boolean;

  /**
   * Each side's view before operation `op` and its events, when the timeline holds them without
   * running it (a large run's shipped landing), else null. Seeking there restores the views only.
   */
  protected landingAt(_op: number): { views: ViewSnapshot[]; events: SimEvent[][] } | null {
    return null;
  }

  /** The sides are before operation `op`, all events applied (a subclass may keep the state). */
  protected reached(_op: number): void {}

  /** Whether seek(step) can move there now; else fetchFor(step) first (large timelines). */
  canSeek(_step: number): boolean {
    return true;
  }

  /** Makes seek(step) possible; resolves false if a later request superseded this one. */
  fetchFor(_step: number): Promise<boolean> {
    return Promise.resolve(true);
  }

  /**
   * Whether the run is still being recorded (a large run's workers): steps past totalSteps then
   * exist, but neither they nor the total are known yet.
   */
  get stillRecording(): boolean {
    return false;
  }

  /** Operations whose steps are known: stepStart[0..recordedOps] (all, once recorded). */
  get recordedOps(): number {
    return this.ops.length;
  }

  /** Resolves true once operations 0..op-1 are recorded (false if the timeline is let go). */
  whenRecorded(_op: number): Promise<boolean> {
    return Promise.resolve(true);
  }

  /** The race samples recorded (raceOps' first ones). */
  get raceSamples(): number {
    return this.raceOps.length;
  }

  /** Lets go of what serves the timeline (a large run's workers); the page calls it on replacing it. */
  dispose(): void {}

  /** The step a version 1 or 2 link meant (see timeline.ts); others keep their step. */
  stepFromLegacy(legacyStep: number): number {
    return legacyStep;
  }

  /** The race of transfers with `frames` resident pages, from the table (no pass over the run). */
  raceAt(frames: number): RaceSeries {
    const f = Math.max(1, Math.min(this.pages, Math.round(frames)));
    const samples = this.raceSamples;
    const values: [Float64Array, Float64Array] = [
      new Float64Array(samples),
      new Float64Array(samples),
    ];
    for (let side = 0; side < 2; side++) {
      const table = this.raceTable[side];
      for (let i = 0; i < samples; i++) values[side][i] = table[i * this.pages + f - 1];
    }
    const ops = samples === this.raceOps.length ? this.raceOps : this.raceOps.subarray(0, samples);
    return { frames: f, ops, values };
  }

  /** The frame count the sides show. */
  get frames(): number {
    return this.sides[0].view.frames;
  }

  /**
   * Shows both sides with `frames` resident pages (the slider): the counters, the page states
   * and the current reference change; the steps, the cursor and the structure do not.
   */
  setFrames(frames: number): void {
    for (const side of this.sides) side.setFrames(frames);
  }

  /** The steps of the operations recorded: every step, once the run is recorded. */
  get totalSteps(): number {
    return this.stepStart[this.recordedOps];
  }

  /** The cursor's step (0 before the first seek). */
  get step(): number {
    return Math.max(0, this.cursor);
  }

  /** The operation the cursor is in (the last one at the end; -1 before any). */
  opAt(step: number): number {
    if (step <= 0) return -1;
    let low = 0;
    let high = this.recordedOps - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.stepStart[mid] < step) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /**
   * The event each side shows at the cursor (null where it has none this step). A page
   * reference says what the frame count shown did with it (the pager that recorded it may have
   * run with another).
   */
  currentEvents(): (SimEvent | null)[] {
    const k = this.opAt(this.cursor);
    if (k < 0 || k !== this.heldOp) return this.sides.map(() => null);
    const offset = this.cursor - this.stepStart[k];
    return this.held.map((events, index) => {
      const event = offset >= 1 && offset <= events.length ? events[offset - 1] : null;
      return event === null ? null : this.sides[index].view.seen(event);
    });
  }

  /**
   * What each side shows at `step` (its event and, for a page reference, its stack distance),
   * without moving the cursor: predict mode asks about an event before showing it. Costs a seek
   * there and back (at most a checkpoint's worth of operations when it crosses one).
   */
  peek(step: number): { events: (SimEvent | null)[]; distances: (number | null)[] } {
    const here = this.cursor;
    this.seek(step);
    const seen = { events: this.currentEvents(), distances: this.currentDistances() };
    this.seek(here);
    return seen;
  }

  /**
   * The current page reference's LRU stack distance per side (0: a first touch), or null where
   * the step is not a page reference.
   */
  currentDistances(): (number | null)[] {
    return this.currentEvents().map((event, index) =>
      event?.kind === 'touch' ? (this.sides[index].view.lastReference()?.distance ?? null) : null,
    );
  }

  /** The replacement policy both sides run. */
  get policy(): Policy {
    return this.scenario.policy;
  }

  /** Moves the cursor to `step` (clamped to 0..total). */
  seek(step: number): void {
    if (!this.ready) throw new Error('seek before the timeline is prepared');
    const target = Math.max(0, Math.min(this.totalSteps, Math.round(step)));
    if (target === this.cursor) return;
    const targetOp = this.opAt(target);
    if (targetOp >= 0 && targetOp === this.heldOp) {
      if (target < this.cursor) {
        this.sides.forEach((side, index) => {
          side.view.restore(this.heldViewStart[index]);
        });
        this.applied = this.sides.map(() => 0);
      }
      this.applyHeldTo(target - this.stepStart[targetOp]);
      this.cursor = target;
      return;
    }
    // A landing shipped with the page (largeTimeline.ts) holds the operation's views and events
    // without running it.
    const landing = this.landingAt(targetOp);
    if (landing !== null) {
      this.sides.forEach((side, index) => {
        side.view.restore(landing.views[index]);
      });
      this.heldViewStart = landing.views;
      this.held = landing.events;
      this.heldOp = targetOp;
      this.applied = this.sides.map(() => 0);
      this.cursor = target;
      this.applyHeldTo(target - this.stepStart[targetOp]);
      return;
    }
    // The simulation sits before operation `next`: the held one is run already (its events are
    // held), so after finishing it the next to run is heldOp + 1.
    const next = this.heldOp < 0 ? 0 : this.heldOp + 1;
    const goal = Math.max(0, targetOp);
    let k: number;
    if (target > this.cursor && next <= this.ops.length && this.runsOn(next, goal)) {
      this.applyHeldTo(Number.POSITIVE_INFINITY);
      k = next;
    } else {
      k = this.restoreBefore(goal);
    }
    this.held = this.sides.map(() => []);
    this.applied = this.sides.map(() => 0);
    this.heldOp = k - 1;
    this.cursor = target;
    if (target === 0) return;
    for (const side of this.sides) side.advance(this.ops, k, targetOp);
    this.reached(targetOp);
    // Hold the target operation's events and apply as many as the step asks.
    this.heldViewStart = this.sides.map((side) => side.view.snapshot());
    this.held = this.sides.map((side) => {
      const collect = new ArraySink();
      side.run(this.ops, targetOp, collect);
      return collect.events;
    });
    this.heldOp = targetOp;
    this.applyHeldTo(target - this.stepStart[targetOp]);
  }

  private applyHeldTo(offset: number): void {
    this.sides.forEach((side, index) => {
      const events = this.held[index];
      const until = Math.min(events.length, offset);
      for (let i = this.applied[index]; i < until; i++) side.view.emit(events[i]);
      this.applied[index] = Math.max(this.applied[index], until);
    });
  }

  /**
   * Nothing held, nothing shown: the sides have run every operation (a first pass) and the
   * cursor is nowhere until the first seek places it.
   */
  protected holdNothing(): void {
    this.cursor = -1;
    this.heldOp = this.ops.length;
    this.applied = this.sides.map(() => 0);
  }

  /** Step at the start of the operation holding `step` (or of the previous one, at a boundary). */
  previousOpBoundary(step: number): number {
    const k = this.opAt(step);
    if (k < 0) return 0;
    return this.stepStart[k] < step
      ? this.stepStart[k]
      : Math.max(0, this.stepStart[Math.max(0, k - 1)]);
  }

  /** Step at the end of the operation holding `step` (or of the next one, at a boundary). */
  nextOpBoundary(step: number): number {
    const k = this.opAt(step + 1);
    return this.stepStart[Math.min(this.recordedOps, k + 1)];
  }

  opKindAt(k: number): OpKind | null {
    if (!(k >= 0 && k < this.ops.length)) return null;
    return opKindOf(this.ops.name(k));
  }
}
