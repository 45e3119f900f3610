// One side of a large heap run, recorded once for the page's replay (largePlan.ts explains the
// plan): every operation's event count, the race of transfers at every frame count, and the
// checkpoints a worker keeps. The heap's references go to the WebAssembly stack kernel
// (memory/stackDistances.ts), whose state is read out as a StackMemory image at each dense
// checkpoint; no event is made.

import { type MemoryObserver, TeeObserver } from '../memory/observer';
import type { Policy } from '../memory/pager';
import { ClockPager, FifoPager, type RingSnapshot } from '../memory/ringPagers';
import { AllFramesCounter } from '../memory/stackDistances';
import { type PackedImage, packImage, type StackMemoryImage } from '../memory/stackImage';
import { transfersFrom } from '../memory/stackMemory';
import type { LargePlan } from '../scenario/largePlan';
import { Heap, type HeapSnapshot } from '../structures/heap/heap';
import { makeQueue, type StructureSpec } from '../structures/registry';
import { fixedEvents, heapOpShape } from './heapEvents';
import { applyOp, namesItems, type OpList } from './opList';
import type { ViewScalars } from './viewState';

/** A dense checkpoint: the stack image and what the view shows besides (op = (index + 1) × denseEvery). */
export interface DenseCheckpoint {
  image: PackedImage;
  scalars: ViewScalars;
  /** Under FIFO or CLOCK, the pager's state (its hits: the references that neither zero-filled nor paged in). */
  ring: RingSnapshot | null;
}

/** The pager a FIFO or CLOCK recording runs beside the stack (null under LRU). */
type RingPolicy = Extract<Policy, 'fifo' | 'clock'>;

/** A FIFO or CLOCK pager of `frames` frames over `pages` pages, slots `itemsPerPage` a page. */
export function ringPager(policy: RingPolicy, frames: number, pages: number, itemsPerPage: number) {
  const shown = Math.min(frames, pages);
  return policy === 'fifo'
    ? new FifoPager(shown, pages, itemsPerPage)
    : new ClockPager(shown, pages, itemsPerPage);
}

/** A ring pager's snapshot with its hits as a merged count of references gives them. */
export function ringCheckpoint(pager: FifoPager | ClockPager, references: number): RingSnapshot {
  const ring = pager.snapshot();
  return { ...ring, hits: references - ring.zeroFills - ring.pageIns };
}

/** A heap copy with its keys in 32 bits where every key fits (the article's do). */
export type PackedHeap = HeapSnapshot;

/** What a worker keeps of one side to serve states (sideServer.ts). */
export interface SideStore {
  plan: LargePlan;
  /** dense[i] is taken before operation (i + 1) × denseEvery; the state before 0 is the empty one. */
  dense: DenseCheckpoint[];
  /** sparse[i] is taken before operation (i + 1) × sparseEvery. */
  sparse: PackedHeap[];
}

export function packHeap(snapshot: HeapSnapshot): PackedHeap {
  const keys = snapshot.keys;
  let fits = true;
  for (let slot = 0; slot < keys.length; slot++) {
    const key = keys[slot];
    if (!(Number.isInteger(key) && key >= 0 && key < 2 ** 32)) {
      fits = false;
      break;
    }
  }
  return { ...snapshot, keys: fits ? new Uint32Array(keys) : keys };
}

/** Operations recorded between two looks at the clock. */
const CHUNK = 2048;

/** What a recording gives (this file's SideRecorder, or kernelSide.ts's faster one). */
export interface Recorder {
  /** The side's pages: a race row's width. */
  readonly pages: number;
  /** The operations (from a source, written up to `recorded`). */
  readonly ops: OpList;
  /** Events of each operation, as the page's replay of it emits them. */
  readonly eventCounts: Uint32Array;
  /** race[i * pages + f - 1]: transfers after raceOps[i] operations with f resident pages. */
  readonly race: Uint32Array;
  readonly store: SideStore;
  readonly done: boolean;
  /** Fraction of the operations recorded, 0..1. */
  readonly progress: number;
  /** Operations recorded so far: their event counts are written, the checkpoints before them taken. */
  readonly recorded: number;
  /** Rows of the race written so far (the samples at or before `recorded` operations). */
  readonly raceRows: number;
  /**
   * Records for about `budgetMs`, no further than operation `stopAt` (exclusive); true once
   * every operation is recorded.
   */
  runFor(budgetMs: number, now: () => number, stopAt?: number): boolean;
}

/**
 * The recording in TypeScript, over the heap of structures/heap/heap.ts and the stack kernel's
 * AllFramesCounter: what the replay kernel's recording (kernelSide.ts) is held to.
 */
export class SideRecorder implements Recorder {
  /** Events of each operation, as the page's replay of it emits them. */
  readonly eventCounts: Uint32Array;
  /** race[i * pages + f - 1]: transfers after raceOps[i] operations with f resident pages. */
  readonly race: Uint32Array;
  readonly store: SideStore;
  private readonly heap: Heap;
  private readonly counter: AllFramesCounter;
  private readonly ring: FifoPager | ClockPager | null;
  private readonly handleOf: Int32Array;
  private readonly curve: Float64Array;
  private next = 0;
  private events = 0;
  private nextRace = 0;

  constructor(
    spec: StructureSpec,
    capacity: number,
    items: number,
    readonly pages: number,
    readonly ops: OpList,
    plan: LargePlan,
    private readonly raceOps: Int32Array,
    policy: Policy = 'lru',
    frames = 1,
  ) {
    this.counter = new AllFramesCounter(pages, spec.itemsPerPage);
    this.ring =
      policy === 'fifo' || policy === 'clock'
        ? ringPager(policy, frames, pages, spec.itemsPerPage)
        : null;
    if (policy === 'opt') throw new Error('a large run records LRU, FIFO or CLOCK, not OPT');
    const memory: MemoryObserver =
      this.ring === null ? this.counter : new TeeObserver(this.counter, this.ring);
    const tracks = namesItems(ops);
    this.handleOf = new Int32Array(tracks ? Math.max(1, items) : 1);
    const queue = makeQueue(spec, {
      capacity,
      memory,
      sink: null,
      onHandle: tracks
        ? (item, slot) => {
            this.handleOf[item] = slot;
          }
        : null,
    });
    if (!(queue instanceof Heap)) throw new Error(`${spec.kind} is not a heap`);
    this.heap = queue;
    this.eventCounts = new Uint32Array(ops.length);
    this.race = new Uint32Array(raceOps.length * pages);
    this.curve = new Float64Array(pages);
    this.store = { plan, dense: [], sparse: [] };
    this.sampleRace();
  }

  get done(): boolean {
    return this.next === this.ops.length;
  }

  /** Fraction of the operations recorded, 0..1. */
  get progress(): number {
    return this.ops.length === 0 ? 1 : this.next / this.ops.length;
  }

  get recorded(): number {
    return this.next;
  }

  get raceRows(): number {
    return this.nextRace;
  }

  /** Records for about `budgetMs`; true once every operation is recorded. */
  runFor(budgetMs: number, now: () => number, stopAt = this.ops.length): boolean {
    const stop = now() + budgetMs;
    const last = Math.min(this.ops.length, stopAt);
    while (this.next < last) {
      this.runChunk(Math.min(last, this.next + CHUNK));
      if (now() >= stop) break;
    }
    return this.done;
  }

  private runChunk(until: number): void {
    const { heap, ops, handleOf, eventCounts } = this;
    const { denseEvery, sparseEvery } = this.store.plan;
    for (let k = this.next; k < until; k++) {
      if (k > 0 && k % denseEvery === 0) this.takeDense(k);
      if (k > 0 && k % sparseEvery === 0) this.store.sparse.push(packHeap(heap.snapshot()));
      const fixed = fixedEvents(heapOpShape(heap, ops, k, handleOf));
      // heapOpEvents, inlined: no objects in a loop of 4M operations.
      const before = heap.accesses + heap.comparisons + heap.swaps;
      applyOp(heap, ops, k, handleOf);
      const events = fixed + heap.accesses + heap.comparisons + heap.swaps - before;
      eventCounts[k] = events;
      this.events += events;
      this.next = k + 1;
      if (this.nextRace < this.raceOps.length && this.raceOps[this.nextRace] === k + 1) {
        this.sampleRace();
      }
    }
  }

  private takeDense(k: number): void {
    const heap = this.heap;
    this.store.dense.push({
      image: packImage(this.counter.image(heap.accesses)),
      scalars: {
        comparisons: heap.comparisons,
        swaps: heap.swaps,
        operations: k,
        events: this.events,
        lastSlot: heap.lastSlot,
        itemCount: heap.size,
        lastTouchPage: this.counter.latestPage,
      },
      ring: this.ring === null ? null : ringCheckpoint(this.ring, heap.accesses),
    });
  }

  /** Every race sample that falls on the operations run so far (several may share a count). */
  private sampleRace(): void {
    while (this.nextRace < this.raceOps.length && this.raceOps[this.nextRace] === this.next) {
      const image = this.counter.image(this.heap.accesses);
      writeRaceRow(this.race, this.nextRace++, this.pages, this.ring, image, this.curve);
    }
  }
}

/**
 * Row `row` of a race table: each frame count's transfers, from the stack's image (LRU), or, for
 * FIFO and CLOCK, which answer only their own frame count, its transfers in every column.
 */
export function writeRaceRow(
  race: Uint32Array,
  row: number,
  pages: number,
  ring: FifoPager | ClockPager | null,
  image: StackMemoryImage,
  curve: Float64Array,
): void {
  if (ring !== null) {
    race.fill(ring.pageIns + ring.writeBacks, row * pages, (row + 1) * pages);
    return;
  }
  transfersFrom(
    image.histogram,
    image.closedWriteBacks,
    image.dirtyFrom,
    image.order,
    pages,
    curve,
  );
  race.set(curve, row * pages);
}
