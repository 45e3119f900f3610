// A small scenario's replay, prepared on the page: both sides run every operation once with their
// events (feeding the views, counting the events, sampling the race, taking checkpoints of the
// whole state every K operations), so a jump restores the nearest checkpoint and replays at most
// K operations whatever the scenario's length, and no event list is ever kept whole. Large heap
// runs are recorded by workers instead (largeTimeline.ts).

import {
  type Scenario,
  scenarioPages,
  scenarioWorkload,
  sidePages,
  sideSpec,
} from '../scenario/scenario';
import { workloadCapacity } from '../workloads/workloads';
import { lockstepLength } from './lockstep';
import { raceSampleOps } from './raceSamples';
import { recordOps } from './recordOps';
import { Replay } from './replay';
import { SIDES, Side, type SideSnapshot } from './side';

export type { RaceSeries } from './replay';

/** Checkpoints kept per scenario: enough that a jump replays at most 1/64 of it. */
const CHECKPOINTS = 64;

export class Timeline extends Replay {
  readonly eventCounts: Int32Array[];
  private nextRaceSample = 1;
  private readonly curveScratch: Float64Array;
  private readonly every: number;
  private readonly checkpoints: SideSnapshot[][] = [];
  private prepared = false;
  private preparedOps = 0;
  /** Per side and operation, the evictions at the prepared frame count (legacy links only). */
  private readonly evictionCounts: Int32Array[] | null;

  /**
   * Sets the scenario up; the first pass (every operation once, feeding the views, counting
   * events, taking checkpoints) runs now unless `deferred`, in which case the caller drives
   * prepareFor() in slices so that a large scenario never blocks a page for long.
   */
  constructor(scenario: Scenario, options: { deferred?: boolean; legacySteps?: boolean } = {}) {
    const workload = scenarioWorkload(scenario);
    const capacity = workloadCapacity(workload);
    const pages = scenarioPages(scenario);
    const recorded = recordOps(workload);
    const ops = recorded.ops;
    const sides = SIDES.map(
      (name) =>
        new Side(
          sideSpec(scenario, name),
          capacity,
          recorded.items,
          scenario.frames,
          sidePages(scenario, name),
          scenario.policy,
          ops,
        ),
    );
    const raceOps = raceSampleOps(ops.length, pages);
    const raceTable = sides.map(() => new Uint32Array(raceOps.length * pages));
    super(scenario, ops, sides, pages, new Float64Array(ops.length + 1), raceOps, raceTable);
    this.every = Math.max(1, Math.ceil(ops.length / CHECKPOINTS));
    this.eventCounts = sides.map(() => new Int32Array(ops.length));
    this.evictionCounts = options.legacySteps ? sides.map(() => new Int32Array(ops.length)) : null;
    this.curveScratch = new Float64Array(pages);
    if (!options.deferred) this.prepareAll();
  }

  get ready(): boolean {
    return this.prepared;
  }

  /** Fraction of the first pass done, 0..1. */
  override get progress(): number {
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
        curve.fill(c.pageIns + c.writeBacks);
        this.raceTable[index].set(curve, sample * pages);
        return;
      }
      side.view.transfersCurve(curve.subarray(0, side.view.pages));
      // A side with fewer pages than the scenario keeps its last value for larger counts.
      for (let f = side.view.pages; f < pages; f++) curve[f] = curve[side.view.pages - 1];
      this.raceTable[index].set(curve, sample * pages);
    });
  }

  /**
   * The step a version 1 or 2 link meant: those counted each eviction as a step of its own. The
   * operation is found exactly; inside it, the offset is scaled to the operation's new length.
   * Needs a timeline made with legacySteps (else the step is returned as it is); a step beyond
   * the old last one is returned as it is.
   */
  override stepFromLegacy(legacyStep: number): number {
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

  private finishPreparing(): void {
    this.checkpoints.push(this.sides.map((side) => side.snapshot()));
    // The simulation has run every operation, but no operation's events are held: a seek to the
    // last step then holds the last operation, as any later seek there does.
    this.holdNothing();
    this.prepared = true;
  }

  protected restoreBefore(targetOp: number): number {
    const checkpoint = Math.floor(targetOp / this.every);
    this.sides.forEach((side, index) => {
      side.restore(this.checkpoints[checkpoint][index]);
    });
    return checkpoint * this.every;
  }

  protected runsOn(next: number, targetOp: number): boolean {
    return next > Math.floor(targetOp / this.every) * this.every;
  }
}
