// A large run's recording on the page as it arrives (largeTimeline.ts): the operations, and each
// side's events per operation and race rows, each up to where its recorder has got. What both
// sides have (the step index, the race) grows as the slower one catches up, and a seek waiting
// for an operation hears when it is in. A whole recording (the tests') arrives in one go.

import type { OpList } from './opList';
import type { OpArrays } from './opSource';
import type { PagePart } from './recordedParts';

/** A recording that has arrived whole (one entry per side for the arrays). */
export interface LargeRecording {
  ops: OpList;
  items: number;
  eventCounts: Uint32Array[];
  raceOps: Int32Array;
  /** Per side: race[i * sidePages + f - 1], the side's own pages (the page pads it). */
  race: Uint32Array[];
}

interface Waiter {
  ready: () => boolean;
  resolve: (arrived: boolean) => void;
}

export class PartialRecording {
  /** stepStart[k]: steps before operation k, known for k up to `counted`. */
  readonly stepStart: Float64Array;
  /** Per side: race[i * pages + f - 1], padded to the scenario's pages, rows up to `raceSamples`. */
  readonly race: Uint32Array[];
  /** Per side, events of each operation (let go once every step is known). */
  private eventCounts: Uint32Array[];
  /** Per side: operations whose events have come, race rows that have come. */
  private readonly sideOps: number[];
  private readonly sideRows: number[];
  /** Operations written into `ops`. */
  private opsIn = 0;
  private countedOps = 0;
  private samples = 0;
  private waiters: Waiter[] = [];

  constructor(
    /** Every operation's place; filled up to where they have come (addOps). */
    readonly ops: OpList,
    readonly items: number,
    /** The operation counts the race samples (0 and the last included). */
    readonly raceOps: Int32Array,
    /** Each side's own pages (a row's width as it comes). */
    private readonly sidePages: readonly number[],
    /** The scenario's pages (a row's width here). */
    private readonly pages: number,
  ) {
    const operations = ops.length;
    this.stepStart = new Float64Array(operations + 1);
    this.eventCounts = sidePages.map(() => new Uint32Array(operations));
    this.race = sidePages.map(() => new Uint32Array(raceOps.length * pages));
    this.sideOps = sidePages.map(() => 0);
    this.sideRows = sidePages.map(() => 0);
  }

  /** A recording that came whole: every part added at once. */
  static whole(recording: LargeRecording, sidePages: readonly number[], pages: number) {
    const partial = new PartialRecording(
      recording.ops,
      recording.items,
      recording.raceOps,
      sidePages,
      pages,
    );
    partial.opsIn = recording.ops.length;
    recording.eventCounts.forEach((counts, side) => {
      partial.addCounts(side, 0, counts);
      partial.addRace(side, 0, recording.race[side]);
    });
    return partial;
  }

  /** Operations whose steps both sides have given (stepStart[0..counted] is known). */
  get counted(): number {
    return this.countedOps;
  }

  /** Race rows both sides have given. */
  get raceSamples(): number {
    return this.samples;
  }

  /** Whether every operation has come from both sides. */
  get complete(): boolean {
    return this.countedOps === this.ops.length && this.samples === this.raceOps.length;
  }

  /** A side's next stretch (recordedParts.ts): its events, race rows and maybe operations. */
  addPart(side: number, part: PagePart): void {
    // An empty stretch (a recorder asked for more after its last) changes nothing.
    if (part.to === part.from && part.race.length === 0) return;
    if (part.ops !== null) this.addOps(part.from, part.ops);
    this.addCounts(side, part.from, part.counts);
    this.addRace(side, part.raceFrom, part.race);
  }

  /**
   * Operations from..from + length - 1. Each add* takes a stretch that begins where the last
   * ended or before (what has come already is the same, and is skipped: the page records the
   * first window itself, then the recorders send the run from its start).
   */
  addOps(from: number, arrays: OpArrays): void {
    const skip = this.overlap(from, this.opsIn, 'operations');
    const end = from + arrays.kinds.length;
    if (end <= this.opsIn) return;
    this.ops.kinds.set(arrays.kinds.subarray(skip), this.opsIn);
    this.ops.handles.set(arrays.handles.subarray(skip), this.opsIn);
    this.ops.keys.set(arrays.keys.subarray(skip), this.opsIn);
    this.opsIn = end;
    this.advance();
  }

  /** A side's events for operations from..from + counts.length - 1. */
  addCounts(side: number, from: number, counts: Uint32Array): void {
    const at = this.sideOps[side];
    const skip = this.overlap(from, at, 'event counts');
    if (from + counts.length <= at) return;
    this.eventCounts[side].set(counts.subarray(skip), at);
    this.sideOps[side] = from + counts.length;
    this.advance();
  }

  /** A side's race rows from `fromRow` on, each as wide as the side's own pages. */
  addRace(side: number, fromRow: number, rows: Uint32Array): void {
    const width = this.sidePages[side];
    const at = this.sideRows[side];
    const skip = this.overlap(fromRow, at, 'race rows');
    const pages = this.pages;
    const table = this.race[side];
    const count = rows.length / width;
    if (fromRow + count <= at) return;
    for (let i = skip; i < count; i++) {
      const row = fromRow + i;
      table.set(rows.subarray(i * width, (i + 1) * width), row * pages);
      // Past the side's own pages its last value holds.
      if (width < pages)
        table.fill(rows[(i + 1) * width - 1], row * pages + width, (row + 1) * pages);
    }
    this.sideRows[side] = fromRow + count;
    this.advance();
  }

  /** Resolves true once operations 0..op-1 are counted (false if the recording is let go). */
  whenCounted(op: number): Promise<boolean> {
    return this.when(() => this.countedOps >= Math.min(op, this.ops.length));
  }

  /** Resolves true once step `step` is known, or every step is (false if let go). */
  whenStep(step: number): Promise<boolean> {
    return this.when(() => this.stepStart[this.countedOps] >= step || this.complete);
  }

  /** Nothing more will come: waiting seeks resolve false. */
  dispose(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.resolve(false);
  }

  private when(ready: () => boolean): Promise<boolean> {
    if (ready()) return Promise.resolve(true);
    return new Promise((resolve) => this.waiters.push({ ready, resolve }));
  }

  /** How much of a stretch from `from` has come already (one past `at` would leave a gap). */
  private overlap(from: number, at: number, what: string): number {
    if (from > at) throw new RangeError(`${what} from ${from} came while ${at} was next`);
    return at - from;
  }

  /** The step index as far as both sides and the operations go; waiters that can go, go. */
  private advance(): void {
    const counted = Math.min(this.opsIn, ...this.sideOps);
    if (counted > this.countedOps) {
      fillStepIndex(this.eventCounts, this.stepStart, this.countedOps, counted);
      this.countedOps = counted;
    }
    this.samples = Math.min(...this.sideRows);
    if (this.complete) this.eventCounts = [];
    if (this.waiters.length === 0) return;
    const waiting: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.ready()) waiter.resolve(true);
      else waiting.push(waiter);
    }
    this.waiters = waiting;
  }
}

/**
 * Fills stepStart[from + 1 .. to] from the two sides' events per operation (the lockstep rule:
 * the longer side's), stepStart[from] being set.
 */
function fillStepIndex(
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
