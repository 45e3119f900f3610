// Record, then replay: the page's model of a scenario. Both sides run the same operations; each
// side's events feed a ViewState (the only thing views read). Stepping back restores the nearest
// checkpoint (simulation and view state, every K operations) and replays forward, so a jump costs
// at most K operations whatever the scenario's length, and no event list is ever kept whole.

import { ArraySink, type OpKind, type SimEvent } from '../events';
import type { Policy } from '../memory/pager';
import { RACE_ENTRIES } from '../scenario/pageLimits';
import {
  type Scenario,
  scenarioPages,
  scenarioWorkload,
  sidePages,
  sideSpec,
} from '../scenario/scenario';
import { workloadCapacity } from '../workloads/workloads';
import { lockstepLength } from './lockstep';
import { type OpList, opKindOf } from './opList';
import { recordOps } from './recordOps';
import { SIDES, Side, type SideSnapshot } from './side';
import type { ViewSnapshot } from './viewState';

/** Checkpoints kept per scenario: enough that a jump replays at most 1/64 of it. */
const CHECKPOINTS = 64;

/** The race of transfers at one frame count: after raceOps[i] operations, values[side][i]. */
export interface RaceSeries {
  frames: number;
  ops: Int32Array;
  values: [Float64Array, Float64Array];
}

/**
 * Both sides of a scenario on one lockstep clock. Step s sits inside operation k when
 * stepStart[k] < s <= stepStart[k + 1]: each side has applied min(s - stepStart[k], its own
 * event count for k) of k's events. An operation lasts as many steps as the side with more
 * events needs, so both sides always show the same operation.
 */
export class Timeline {
  readonly ops: OpList;
  readonly sides: Side[];
  readonly pages: number;
  /** stepStart[k]: steps before operation k; stepStart[ops.length] is the total. */
  readonly stepStart: Float64Array;
  readonly eventCounts: Int32Array[];
  /** The operation counts the race samples (0 and the last included), ascending. */
  readonly raceOps: Int32Array;
  /**
   * raceTable[side][i * pages + f - 1]: that side's page-ins plus write-backs after raceOps[i]
   * operations with f resident pages; every frame count, so the slider needs no new pass.
   */
  private readonly raceTable: Uint32Array[];
  private nextRaceSample = 1;
  private readonly curveScratch: Float64Array;
  private readonly every: number;
  private readonly checkpoints: SideSnapshot[][] = [];
  // The operation whose events are held, and how far into it the view is.
  private heldOp = -1;
  private held: SimEvent[][] = [];
  // The views as they were when the held operation began: stepping back inside it is a restore
  // plus a few events, not a trip to the checkpoint.
  private heldViewStart: ViewSnapshot[] = [];
  private applied: number[] = [];
  private cursor = 0;

  private prepared = false;
  private preparedOps = 0;
  /** Per side and operation, the evictions at the prepared frame count (legacy links only). */
  private readonly evictionCounts: Int32Array[] | null;

  /**
   * Sets the scenario up; the first pass (every operation once, feeding the views, counting
   * events, taking checkpoints) runs now unless `deferred`, in which case the caller drives
   * prepare() in slices so that a large scenario never blocks a page for long.
   */
  constructor(
    readonly scenario: Scenario,
    options: { deferred?: boolean; legacySteps?: boolean } = {},
  ) {
    const workload = scenarioWorkload(scenario);
    const capacity = workloadCapacity(workload);
    this.pages = scenarioPages(scenario);
    const recorded = recordOps(workload);
    this.ops = recorded.ops;
    this.sides = SIDES.map((name) => {
      const spec = sideSpec(scenario, name);
      return new Side(
        spec,
        capacity,
        recorded.items,
        scenario.frames,
        sidePages(scenario, name),
        scenario.policy,
        recorded.ops,
      );
    });
    this.every = Math.max(1, Math.ceil(this.ops.length / CHECKPOINTS));
    this.eventCounts = this.sides.map(() => new Int32Array(this.ops.length));
    this.evictionCounts = options.legacySteps
      ? this.sides.map(() => new Int32Array(this.ops.length))
      : null;
    const samples = Math.max(
      2,
      Math.min(this.ops.length + 1, Math.floor(RACE_ENTRIES / Math.max(1, this.pages))),
    );
    this.raceOps = new Int32Array(samples);
    for (let i = 0; i < samples; i++) {
      this.raceOps[i] = Math.round((i * this.ops.length) / (samples - 1));
    }
    this.raceTable = this.sides.map(() => new Uint32Array(samples * this.pages));
    this.curveScratch = new Float64Array(this.pages);
    this.stepStart = new Float64Array(this.ops.length + 1);
    if (!options.deferred) this.prepareAll();
  }

  get ready(): boolean {
    return this.prepared;
  }

  /** Fraction of the first pass done, 0..1. */
  get progress(): number {
    return this.ops.length === 0 ? 1 : this.preparedOps / this.ops.length;
  }

  /**
   * Runs the first pass for up to `budgetMs` (checked every few operations); returns true once
   * the timeline is ready. `now` is injected so the core needs no clock of its own.
   */
  prepareFor(budgetMs: number, now: () => number): boolean {
    const stop = now() + budgetMs;
    while (!this.prepared) {
      const until = Math.min(this.ops.length, this.preparedOps + 16);
      for (let k = this.preparedOps; k < until; k++) this.prepareOp(k);
      this.preparedOps = until;
      if (until === this.ops.length) this.finishPreparing();
      else if (now() >= stop) break;
    }
    return this.prepared;
  }

  private prepareAll(): void {
    for (let k = 0; k < this.ops.length; k++) this.prepareOp(k);
    this.preparedOps = this.ops.length;
    this.finishPreparing();
  }

  private prepareOp(k: number): void {
    if (k % this.every === 0) this.checkpoints.push(this.sides.map((side) => side.snapshot()));
    this.sides.forEach((side, index) => {
      const before = side.view.counters.events;
      const evictedBefore = side.view.counters.evictions;
      side.run(this.ops, k, side.view);
      const count = side.view.counters.events - before;
      this.eventCounts[index][k] = count;
      if (this.evictionCounts !== null) {
        this.evictionCounts[index][k] = side.view.counters.evictions - evictedBefore;
      }
    });
    const counts = this.eventCounts.map((perOp) => perOp[k]);
    this.stepStart[k + 1] = this.stepStart[k] + lockstepLength(counts);
    // Several samples may fall on one operation count (fewer operations than samples never do).
    while (
      this.nextRaceSample < this.raceOps.length &&
      this.raceOps[this.nextRaceSample] === k + 1
    ) {
      this.sampleRace(this.nextRaceSample++);
    }
  }

  /** Writes row `sample` of the race table: every frame count's transfers, per side. */
  private sampleRace(sample: number): void {
    const pages = this.pages;
    const curve = this.curveScratch;
    this.sides.forEach((side, index) => {
      curve.fill(0);
      const c = side.view.counters;
      if (side.view.policyState !== null) {
        // FIFO, CLOCK and OPT answer only the frame count they ran with (the slider prepares
        // them again): every column holds that count's transfers.
        curve.fill(c.pageIns + c.writebacks);
        this.raceTable[index].set(curve, sample * pages);
        return;
      }
      side.view.transfersCurve(curve.subarray(0, side.view.pages));
      // A side with fewer pages than the scenario keeps its last value for larger counts.
      for (let f = side.view.pages; f < pages; f++) curve[f] = curve[side.view.pages - 1];
      this.raceTable[index].set(curve, sample * pages);
    });
  }

  /** The race of transfers with `frames` resident pages, from the table (no pass over the run). */
  raceAt(frames: number): RaceSeries {
    const f = Math.max(1, Math.min(this.pages, Math.round(frames)));
    const samples = this.raceOps.length;
    const values: [Float64Array, Float64Array] = [
      new Float64Array(samples),
      new Float64Array(samples),
    ];
    for (let side = 0; side < 2; side++) {
      const table = this.raceTable[side];
      for (let i = 0; i < samples; i++) values[side][i] = table[i * this.pages + f - 1];
    }
    return { frames: f, ops: this.raceOps, values };
  }

  /**
   * The step a version 1 or 2 link meant: those counted each eviction as a step of its own. The
   * operation is found exactly; inside it, the offset is scaled to the operation's new length.
   * Needs a timeline made with legacySteps (else the step is returned as it is); a step beyond
   * the old last one is returned as it is.
   */
  stepFromLegacy(legacyStep: number): number {
    const evictions = this.evictionCounts;
    if (evictions === null || legacyStep <= 0) return legacyStep;
    let start = 0;
    for (let k = 0; k < this.ops.length; k++) {
      let length = 0;
      for (let side = 0; side < this.sides.length; side++) {
        length = Math.max(length, this.eventCounts[side][k] + evictions[side][k]);
      }
      if (legacyStep <= start + length) {
        const newLength = this.stepStart[k + 1] - this.stepStart[k];
        const offset = Math.max(1, Math.round(((legacyStep - start) * newLength) / length));
        return this.stepStart[k] + Math.min(newLength, offset);
      }
      start += length;
    }
    // Beyond the scenario in the old numbering too: left as it is, for the caller to refuse.
    return legacyStep;
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

  private finishPreparing(): void {
    this.checkpoints.push(this.sides.map((side) => side.snapshot()));
    // The simulation has run every operation, but no operation's events are held: the cursor is
    // nowhere until the first seek places it (a seek to the last step then holds the last
    // operation, as any later seek there does).
    this.cursor = -1;
    this.heldOp = this.ops.length;
    this.applied = this.sides.map(() => 0);
    this.prepared = true;
  }

  get totalSteps(): number {
    return this.stepStart[this.ops.length];
  }

  /** The cursor's step (0 before the first seek). */
  get step(): number {
    return Math.max(0, this.cursor);
  }

  /** The operation the cursor is in (the last one at the end; -1 before any). */
  opAt(step: number): number {
    if (step <= 0) return -1;
    let low = 0;
    let high = this.ops.length - 1;
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
    if (!this.prepared) throw new Error('seek before the timeline is prepared');
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
    // The simulation sits before operation `next`: the held one is run already (its events are
    // held), so after finishing it the next to run is heldOp + 1.
    const next = this.heldOp < 0 ? 0 : this.heldOp + 1;
    const checkpoint = Math.floor(Math.max(0, targetOp) / this.every);
    let k: number;
    if (target > this.cursor && next <= this.ops.length && next > checkpoint * this.every) {
      this.applyHeldTo(Number.POSITIVE_INFINITY);
      k = next;
    } else {
      this.sides.forEach((side, index) => {
        side.restore(this.checkpoints[checkpoint][index]);
      });
      k = checkpoint * this.every;
    }
    this.held = this.sides.map(() => []);
    this.applied = this.sides.map(() => 0);
    this.heldOp = k - 1;
    this.cursor = target;
    if (target === 0) return;
    for (const side of this.sides) side.advance(this.ops, k, targetOp);
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
    return this.stepStart[Math.min(this.ops.length, k + 1)];
  }

  opKindAt(k: number): OpKind | null {
    if (!(k >= 0 && k < this.ops.length)) return null;
    return opKindOf(this.ops.name(k));
  }
}
