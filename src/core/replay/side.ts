// One side of the page: a structure, its pager and its view state, run one operation at a time
// with its events sent wherever the replay says, and snapshot for checkpoints.

import type { EventSink, SimEvent } from '../events';
import { makePager } from '../memory/makePager';
import type { MemoryObserver } from '../memory/observer';
import type { Pager, Policy, PolicyView } from '../memory/pager';
import { type ReferenceString, ReferenceStringRecorder } from '../memory/referenceString';
import type { RingSnapshot } from '../memory/ringPagers';
import { Heap, type HeapSnapshot } from '../structures/heap/heap';
import type { PriorityQueue } from '../structures/queue';
import {
  makeQueue,
  STRUCTURES,
  type StructureKind,
  type StructureSpec,
} from '../structures/registry';
import { fixedEvents, heapOpShape } from './heapEvents';
import { applyOp, namesItems, type OpList } from './opList';
import { type ViewSnapshot, ViewState } from './viewState';

/** Forwards events to whichever sink is current (the simulation's sink is fixed at construction). */
class SwitchSink implements EventSink {
  target: EventSink | null = null;
  emit(event: SimEvent): void {
    this.target?.emit(event);
  }
}

/** A heap's references straight into the view's memory, without touch events. */
class PageFeeder implements MemoryObserver {
  constructor(
    private readonly view: ViewState,
    private readonly shift: number,
  ) {}
  read(slot: number): void {
    this.view.referencePage(slot >>> this.shift, false);
  }
  write(slot: number): void {
    this.view.referencePage(slot >>> this.shift, true);
  }
}

export interface SideSnapshot {
  restoreQueue: () => void;
  pager: unknown;
  handleOf: Int32Array;
  view: ViewSnapshot;
}

/**
 * A heap side's whole state as data (a worker can post it): its heap, its items' slots (when
 * the operations name items), its view, and under FIFO or CLOCK its pager (an LRU side's pager
 * only names references: its view answers every frame count from the recency stack).
 */
export interface SideState {
  heap: HeapSnapshot;
  handleOf: Int32Array | null;
  view: ViewSnapshot;
  ring: RingSnapshot | null;
}

/** One structure, its pager and its view state. */
export class Side {
  readonly view: ViewState;
  private readonly queue: PriorityQueue;
  private readonly pager: Pager;
  /** Each item's handle (slot or node), kept current by the structure's callback when needed. */
  private readonly handleOf: Int32Array;
  private readonly tracksHandles: boolean;
  private readonly sink = new SwitchSink();
  private readonly feeder: PageFeeder | null;
  /** The heap, for a heap side (its state can be exported, imported, copied). */
  private readonly heap: Heap | null;
  /** The heap, when the side can also run operations without their events (see advance()). */
  private readonly fastHeap: Heap | null;

  /**
   * `policy` chooses the pager (LRU by default); OPT needs the future, so with OPT `ops` (the
   * scenario's operations) are run once first, on a bare copy of the structure, to record it.
   */
  constructor(
    readonly spec: StructureSpec,
    capacity: number,
    items: number,
    frames: number,
    pages: number,
    readonly policy: Policy = 'lru',
    ops: OpList | null = null,
    /** Where the structure's references go instead of the pager (recording OPT's future). */
    recordInto: MemoryObserver | null = null,
  ) {
    const shown = Math.min(frames, pages);
    const future = policy === 'opt' ? recordFuture(spec, capacity, items, pages, ops) : null;
    this.view = new ViewState(spec, pages, capacity, shown, policy, future);
    this.tracksHandles = namesItems(ops);
    this.handleOf = new Int32Array(this.tracksHandles ? Math.max(1, items) : 1);
    this.pager = makePager({
      policy,
      frames: shown,
      pageCount: pages,
      itemsPerPage: spec.itemsPerPage,
      sink: this.sink,
      future,
    });
    this.queue = makeQueue(spec, {
      capacity,
      memory: recordInto ?? this.pager,
      sink: this.sink,
      onHandle: this.tracksHandles
        ? (item, handle) => {
            this.handleOf[item] = handle;
          }
        : null,
    });
    // The fast path feeds the view's recency stack, which answers LRU; the other policies'
    // views follow their pager's events, and a small heap's view mirrors its slots from them.
    this.heap = this.queue instanceof Heap && recordInto === null ? this.queue : null;
    const fast =
      this.heap !== null &&
      policy === 'lru' &&
      this.view.keys === null &&
      STRUCTURES[spec.kind].family === 'heap';
    this.fastHeap = fast ? this.heap : null;
    this.feeder = fast ? new PageFeeder(this.view, Math.log2(spec.itemsPerPage)) : null;
  }

  get kind(): StructureKind {
    return this.spec.kind;
  }

  /** Runs operation k of `ops`, sending its events to `sink`. */
  run(ops: OpList, k: number, sink: EventSink): void {
    this.sink.target = sink;
    this.apply(ops, k);
    this.sink.target = null;
  }

  private apply(ops: OpList, k: number): void {
    applyOp(this.queue, ops, k, this.handleOf);
  }

  /** Touches the heap's memory once (Heap.warmUp), before the first large restore. */
  warmUp(): void {
    this.heap?.warmUp();
  }

  /**
   * Whether the side's state travels as data (exportState): a heap too large for the tree view
   * (whose view mirrors no slots) under LRU, FIFO or CLOCK. OPT needs its whole future.
   */
  get exchangesState(): boolean {
    return this.heap !== null && this.view.keys === null && this.policy !== 'opt';
  }

  /** Whether advance() runs without events (an LRU heap too large for the tree view). */
  get runsFast(): boolean {
    return this.fastHeap !== null;
  }

  /**
   * Runs operations from..to-1 into the view. A heap under LRU too large for the tree view
   * runs them without events: its references go straight to the view's recency stack, and its
   * counters say what the events would have (heapEvents.ts), so the view ends exactly as the
   * events would leave it at a fraction of the cost. Anything else runs with its events.
   */
  advance(ops: OpList, from: number, to: number): void {
    const heap = this.fastHeap;
    if (heap === null || this.feeder === null) {
      for (let k = from; k < to; k++) this.run(ops, k, this.view);
      return;
    }
    const counters = this.view.counters;
    heap.setSinks(false, true);
    heap.setMemory(this.feeder);
    this.sink.target = this.view;
    try {
      for (let k = from; k < to; k++) {
        const shape = heapOpShape(heap, ops, k, this.handleOf);
        const comparisons = heap.comparisons;
        const swaps = heap.swaps;
        this.apply(ops, k);
        const compared = heap.comparisons - comparisons;
        const swapped = heap.swaps - swaps;
        counters.comparisons += compared;
        counters.swaps += swapped;
        // op-begin and op-end reached the view, and each reference counted itself.
        counters.events += fixedEvents(shape) - 2 + compared + swapped;
      }
    } finally {
      heap.setSinks(true, true);
      heap.setMemory(this.pager);
      this.sink.target = null;
    }
    this.view.lastSlot = heap.lastSlot;
    this.view.itemCount = heap.size;
    this.view.settleCounts();
  }

  /**
   * Shows the memory with `frames` resident pages (the slider): under LRU the view answers from
   * its stack, while the pager, which only names the references, keeps running as it was
   * prepared. (Another policy's side is prepared again with the new count.)
   */
  setFrames(frames: number): void {
    this.view.setFrames(Math.min(frames, this.view.pages));
  }

  /** What the pager shows of its policy now (after the operations run so far). */
  policyView(): PolicyView {
    return this.pager.policyView();
  }

  snapshot(): SideSnapshot {
    return {
      restoreQueue: this.queue.checkpoint(),
      pager: this.pager.snapshot(),
      handleOf: this.handleOf.slice(),
      view: this.view.snapshot(),
    };
  }

  restore(snapshot: SideSnapshot): void {
    snapshot.restoreQueue();
    this.pager.restore(snapshot.pager);
    this.handleOf.set(snapshot.handleOf);
    this.view.restore(snapshot.view);
  }

  /** The state as data (see SideState); a side that exchangesState only. */
  exportState(): SideState {
    const heap = this.heap;
    if (heap === null || !this.exchangesState) throw new Error('this side keeps its state');
    return {
      heap: heap.snapshot(),
      handleOf: this.tracksHandles ? this.handleOf.slice() : null,
      view: this.view.snapshot(),
      ring: this.policy === 'lru' ? null : (this.pager.snapshot() as RingSnapshot),
    };
  }

  /** Back to a state exportState() gave (here or in a worker, for the same scenario). */
  importState(state: SideState): void {
    const heap = this.heap;
    if (heap === null || !this.exchangesState) throw new Error('this side keeps its state');
    heap.restore(state.heap);
    if (state.handleOf !== null) this.handleOf.set(state.handleOf);
    this.view.restore(state.view);
    if (state.ring !== null) this.pager.restore(state.ring);
  }

  /** Back to a FIFO or CLOCK pager's state (a large run's checkpoint). */
  restorePager(ring: RingSnapshot): void {
    if (this.policy !== 'fifo' && this.policy !== 'clock') {
      throw new Error(`a ${this.policy} side has no ring to restore`);
    }
    this.pager.restore(ring);
  }

  /** Back to a heap snapshot; items' slots follow from it (each live item sits in its slot). */
  restoreHeap(snapshot: HeapSnapshot): void {
    const heap = this.heap;
    if (heap === null) throw new Error('only a heap side restores a heap snapshot');
    heap.restore(snapshot);
    if (!this.tracksHandles) return;
    const gaps = heap.layout.gaps;
    for (let slot = heap.layout.rootSlot; slot <= heap.lastSlot; slot++) {
      if (gaps?.isGap(slot) !== true) this.handleOf[heap.itemAt(slot)] = slot;
    }
  }
}

/** The page's two sides, left and right; each runs the structure the scenario names. */
export const SIDES: readonly SideName[] = ['left', 'right'];
export type SideName = 'left' | 'right';

/** OPT's future: every reference the side will make, from a bare run of its operations. */
export function recordFuture(
  spec: StructureSpec,
  capacity: number,
  items: number,
  pages: number,
  ops: OpList | null,
): ReferenceString {
  if (ops === null) throw new Error('OPT needs the operations to record its future');
  const recorder = new ReferenceStringRecorder(pages, spec.itemsPerPage, { merge: false });
  const bare = new Side(spec, capacity, items, 1, pages, 'lru', null, recorder);
  const none = { emit(): void {} };
  for (let k = 0; k < ops.length; k++) bare.run(ops, k, none);
  return recorder.finish();
}
