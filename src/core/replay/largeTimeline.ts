// A large heap run's replay on the page (largePlan.ts explains the plan). Each side's worker
// recorded the run once (sideRecorder.ts): the page keeps only the operations, the step index
// and the race table, plus one anchor, the sides' whole state before some operation. From it the
// page runs on by itself for up to `window` operations, so stepping, playing and stepping back a
// little need no worker; a jump further away asks the workers for a new anchor (fetchFor) and
// seeks once it has come.

import type { LargePlan } from '../scenario/largePlan';
import {
  type Scenario,
  scenarioPages,
  scenarioWorkload,
  sidePages,
  sideSpec,
} from '../scenario/scenario';
import { workloadCapacity } from '../workloads/workloads';
import type { OpList } from './opList';
import { Replay } from './replay';
import { SIDES, Side, type SideState } from './side';

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

/** What the workers' recordings give the page (one entry per side for the arrays). */
export interface LargeRecording {
  ops: OpList;
  items: number;
  eventCounts: Uint32Array[];
  raceOps: Int32Array;
  /** Per side: race[i * sidePages + f - 1], the side's own pages (the page pads it). */
  race: Uint32Array[];
  /** stepStart, when already filled (fillStepIndex); else it is made from eventCounts. */
  stepStart?: Float64Array;
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

  constructor(
    scenario: Scenario,
    recording: LargeRecording,
    readonly plan: LargePlan,
    private readonly source: StateSource,
  ) {
    const capacity = workloadCapacity(scenarioWorkload(scenario));
    const pages = scenarioPages(scenario);
    const { ops } = recording;
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
    super(
      scenario,
      ops,
      sides,
      pages,
      recording.stepStart ?? stepIndex(recording.eventCounts, ops.length),
      recording.raceOps,
      recording.race.map((rows, index) => padRace(rows, sides[index].view.pages, pages)),
    );
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
    this.source.dispose?.();
  }

  /** The operation the page's anchor is before (for reports and tests). */
  get anchorOp(): number {
    return this.anchor.op;
  }

  override canSeek(step: number): boolean {
    if (step <= 0 || step === this.cursor) return true;
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
    const targetOp = this.opAt(Math.min(step, this.totalSteps));
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

/** stepStart from the two sides' events per operation, in one go (see fillStepIndex). */
export function stepIndex(eventCounts: Uint32Array[], operations: number): Float64Array {
  const stepStart = new Float64Array(operations + 1);
  fillStepIndex(eventCounts, stepStart, 0, operations);
  return stepStart;
}

/**
 * Fills stepStart[from + 1 .. to] from the two sides' events per operation (the lockstep rule:
 * the longer side's), stepStart[from] being set. In parts, the page keeps its tasks short: the
 * article's 4M operations in one go would pass a long task, mostly first touches of fresh memory.
 */
export function fillStepIndex(
  eventCounts: Uint32Array[],
  stepStart: Float64Array,
  from: number,
  to: number,
): void {
  if (eventCounts.length !== 2) throw new RangeError('two sides, two event counts');
  const [left, right] = eventCounts;
  let total = stepStart[from];
  for (let k = from; k < to; k++) {
    const a = left[k];
    const b = right[k];
    total += a > b ? a : b;
    stepStart[k + 1] = total;
  }
}

/** A side's race rows widened to the scenario's pages (past its own, its last value holds). */
function padRace(rows: Uint32Array, sidePages: number, pages: number): Uint32Array {
  if (sidePages === pages) return rows;
  const samples = rows.length / sidePages;
  const table = new Uint32Array(samples * pages);
  for (let i = 0; i < samples; i++) {
    table.set(rows.subarray(i * sidePages, (i + 1) * sidePages), i * pages);
    table.fill(rows[(i + 1) * sidePages - 1], i * pages + sidePages, (i + 1) * pages);
  }
  return table;
}
