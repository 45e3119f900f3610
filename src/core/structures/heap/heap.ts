// A min-heap over any Layout (binary, B-heap, aligned d-ary), with the operations Varnish's expiry
// heap (vbh.c) offers: insert, popMin, delete(slot) and reorder(slot). Every slot read and write is
// reported to a MemoryObserver in the order the README's memory access model fixes; the sifts
// themselves are heapSifts.ts's.

import type { EventSink, OpKind } from '../../events';
import type { MemoryObserver } from '../../memory/observer';
import type { PriorityQueue } from '../queue';
import { HeapSifts, type SlotCallback } from './heapSifts';
import type { Layout, SlotGaps } from './indexMaps';

/** Slot 0 is never used: it doubles as "not in the heap", as BINHEAP_NOIDX does in vbh.c. */
export const NO_SLOT = 0;
/** The root's slot in the article's two layouts (a d-ary heap's is its layout's rootSlot). */
export const ROOT_SLOT = 1;

/**
 * Bytes of the heap's arrays per slot, for the memory budgets: a key (Float64Array) and an item
 * (Int32Array).
 */
export const HEAP_SLOT_BYTES = Float64Array.BYTES_PER_ELEMENT + Int32Array.BYTES_PER_ELEMENT;

/**
 * Slots a heap of `capacity` items allocates: every dense layout fills slots root..root+n-1, so
 * n items need n + root slots; a layout with gaps needs up to the slot of its n-th item.
 */
export function heapSlots(layout: Pick<Layout, 'rootSlot' | 'gaps'>, capacity: number): number {
  return layout.gaps === undefined
    ? capacity + layout.rootSlot
    : layout.gaps.slotOfItem(capacity) + 1;
}

/** A copy of a heap's contents, to rewind a replay (see replay/timeline.ts). */
export interface HeapSnapshot {
  /** 32-bit where every key fits (a large run's checkpoints keep them so: replay/sideRecorder.ts). */
  keys: Float64Array | Uint32Array;
  items: Int32Array;
  tail: number;
  count: number;
  opIndex: number;
  opAccesses: number;
  comparisons: number;
  swaps: number;
}

export interface HeapOptions {
  /** Most items the heap will hold at once. */
  capacity: number;
  memory: MemoryObserver;
  sink?: EventSink | null;
  /** Send the sink only op-begin and op-end (recording the operations costs no event per step). */
  sinkOpsOnly?: boolean;
  onSlot?: SlotCallback | null;
}

export class Heap extends HeapSifts implements PriorityQueue {
  /** Items held: tail - root + 1, less the empty slots of a layout with gaps. */
  private count = 0;
  private readonly slotCapacity: number;
  /** The layout's empty slots (the strict B-heap's), or null: slots are filled densely. */
  private readonly gaps: SlotGaps | null;
  private opIndex = 0;
  // Where op-begin/op-end go (null: nowhere; the sifts' step events go to `sink`); setSinks()
  // turns them off and on.
  private opSink: EventSink | null;
  private readonly givenSink: EventSink | null;
  private readonly stepsToSink: boolean;

  constructor(layout: Layout, options: HeapOptions) {
    if (!Number.isInteger(options.capacity) || options.capacity < 1) {
      throw new RangeError(`capacity must be a positive integer, got ${options.capacity}`);
    }
    const slots = heapSlots(layout, options.capacity);
    super(
      layout,
      new Float64Array(slots),
      new Int32Array(slots),
      options.memory,
      options.onSlot ?? null,
    );
    this.gaps = layout.gaps ?? null;
    this.slotCapacity = options.capacity;
    this.givenSink = options.sink ?? null;
    this.stepsToSink = !options.sinkOpsOnly;
    this.opSink = this.givenSink;
    this.sink = this.stepsToSink ? this.opSink : null;
  }

  get size(): number {
    return this.count;
  }

  /**
   * Writes zeros past the tail (slots no operation reads before writing them), touching every
   * page of the slot arrays: the page's large heaps do it in a task of their own, so that the
   * first restore into fresh memory does not pay the page faults inside a seek.
   */
  warmUp(): void {
    this.keys.fill(0, this.tail + 1);
    this.items.fill(0, this.tail + 1);
  }

  /**
   * Sends references elsewhere from the next operation on (replay/side.ts switches between its
   * pager, its view and nothing at all); the sifts read the observer once as they start.
   */
  setMemory(memory: MemoryObserver): void {
    this.memory = memory;
  }

  /**
   * Turns the sink off and on: a replay that only needs the state an operation leaves (replay/
   * side.ts's fast path) runs without step events, or without any. Off, an event costs nothing:
   * no object is made.
   */
  setSinks(steps: boolean, ops: boolean): void {
    this.opSink = ops ? this.givenSink : null;
    this.sink = steps && this.stepsToSink ? this.givenSink : null;
  }

  /** The highest used slot (root - 1 when empty), for views and tests that walk the array. */
  get lastSlot(): number {
    return this.tail;
  }

  get accesses(): number {
    return 2 * (this.comparisons + this.swaps) + this.opAccesses;
  }

  get capacity(): number {
    return this.slotCapacity;
  }

  /** Number of operations run so far (insert, popMin, delete, reorder). */
  get operations(): number {
    return this.opIndex;
  }

  snapshot(): HeapSnapshot {
    return {
      keys: this.keys.slice(0, this.tail + 1),
      items: this.items.slice(0, this.tail + 1),
      tail: this.tail,
      count: this.count,
      opIndex: this.opIndex,
      opAccesses: this.opAccesses,
      comparisons: this.comparisons,
      swaps: this.swaps,
    };
  }

  restore(snapshot: HeapSnapshot): void {
    this.keys.set(snapshot.keys);
    this.items.set(snapshot.items);
    // Past the snapshot's tail, as a fresh heap (the slots there were never read anyway).
    this.keys.fill(0, snapshot.keys.length);
    this.items.fill(0, snapshot.items.length);
    this.tail = snapshot.tail;
    this.count = snapshot.count;
    this.opIndex = snapshot.opIndex;
    this.opAccesses = snapshot.opAccesses;
    this.comparisons = snapshot.comparisons;
    this.swaps = snapshot.swaps;
  }

  checkpoint(): () => void {
    const saved = this.snapshot();
    return () => this.restore(saved);
  }

  /** No memory access: for views and tests. */
  keyAt(slot: number): number {
    return this.keys[slot];
  }

  /** No memory access: for views and tests. */
  itemAt(slot: number): number {
    return this.items[slot];
  }

  /** Smallest key, without touching memory (for workloads that peek; Varnish reads the root). */
  peekKey(): number {
    if (this.tail < this.root) throw new RangeError('peek on an empty heap');
    return this.keys[this.root];
  }

  insert(item: number, key: number): number {
    if (this.count >= this.slotCapacity) {
      throw new RangeError(`heap is full (capacity ${this.capacity})`);
    }
    const slot = this.gaps === null ? this.tail + 1 : this.gaps.after(this.tail);
    this.tail = slot;
    this.count++;
    this.opAccesses += 1;
    this.begin('insert', slot, key, item);
    this.memory.write(slot);
    this.keys[slot] = key;
    this.items[slot] = item;
    if (this.sink !== null) this.sink.emit({ kind: 'place', slot, item, key, from: NO_SLOT });
    if (this.onSlot !== null) this.onSlot(item, slot);
    const rest = this.siftUp(slot);
    this.end('insert', rest);
    return rest;
  }

  /** Removes the smallest item and returns its id. */
  popMin(): number {
    const root = this.root;
    if (this.tail < root) throw new RangeError('popMin on an empty heap');
    const key = this.keys[root];
    this.begin('popMin', root, key, this.items[root]);
    const item = this.items[root];
    this.opAccesses += this.tail === root ? 2 : 4;
    const rest = this.removeAt(root);
    this.end('popMin', rest);
    return item;
  }

  /** Removes the item in `slot` (Varnish: binheap_delete) and returns its id. */
  delete(slot: number): number {
    this.checkSlot(slot, 'delete');
    this.begin('delete', slot, this.keys[slot], this.items[slot]);
    const item = this.items[slot];
    this.opAccesses += this.tail === slot ? 2 : 4;
    const rest = this.removeAt(slot);
    this.end('delete', rest);
    return item;
  }

  /**
   * Gives the item in `slot` a new key and restores the heap order (Varnish: the caller changes
   * the object's key, then binheap_reorder). The key lives in the object, not in the heap array,
   * so changing it is not a slot access; the sifts that follow are.
   */
  reorder(slot: number, key: number): number {
    this.checkSlot(slot, 'reorder');
    this.begin('reorder', slot, key, this.items[slot]);
    const oldKey = this.keys[slot];
    this.keys[slot] = key;
    if (this.sink !== null) this.sink.emit({ kind: 'rekey', slot, key, oldKey });
    const rest = this.siftDown(this.siftUp(slot));
    this.end('reorder', rest);
    return rest;
  }

  private checkSlot(slot: number, op: string): void {
    const root = this.root;
    if (
      !Number.isInteger(slot) ||
      slot < root ||
      slot > this.tail ||
      this.gaps?.isGap(slot) === true
    ) {
      throw new RangeError(
        this.tail < root
          ? `${op}: the heap is empty`
          : `${op}: slot must be from ${root} to ${this.tail}${this.gaps === null ? '' : ' (not a page’s unused positions 0 and 1)'}, got ${slot}`,
      );
    }
  }

  /**
   * Varnish's delete: read the victim and the tail, move the tail item into the hole (write),
   * clear the tail (write), then sift up and then down from wherever the moved item stopped.
   */
  private removeAt(slot: number): number {
    const memory = this.memory;
    const sink = this.sink;
    const item = this.items[slot];
    const last = this.tail;
    memory.read(slot);
    if (sink !== null) sink.emit({ kind: 'remove', slot, item, key: this.keys[slot] });
    if (this.onSlot !== null) this.onSlot(item, NO_SLOT);
    if (slot === last) {
      // The victim is the tail itself: nothing moves in, the slot is just cleared.
      memory.write(slot);
      this.shrink();
      if (sink !== null) sink.emit({ kind: 'clear', slot });
      return NO_SLOT;
    }
    memory.read(last);
    memory.write(slot);
    const movedItem = this.items[last];
    const movedKey = this.keys[last];
    this.keys[slot] = movedKey;
    this.items[slot] = movedItem;
    if (sink !== null)
      sink.emit({ kind: 'place', slot, item: movedItem, key: movedKey, from: last });
    memory.write(last);
    this.shrink();
    if (sink !== null) sink.emit({ kind: 'clear', slot: last });
    if (this.onSlot !== null) this.onSlot(movedItem, slot);
    return this.siftDown(this.siftUp(slot));
  }

  /** The tail's item has left: the tail moves back one slot (over a layout's empty slots). */
  private shrink(): void {
    this.tail = this.gaps === null ? this.tail - 1 : this.gaps.before(this.tail);
    this.count--;
  }

  private begin(op: OpKind, slot: number, key: number, item: number): void {
    if (this.opSink !== null) {
      this.opSink.emit({ kind: 'op-begin', op, index: this.opIndex, handle: slot, key, item });
    }
  }

  private end(op: OpKind, slot: number): void {
    if (this.opSink !== null) {
      this.opSink.emit({ kind: 'op-end', op, index: this.opIndex, handle: slot });
    }
    this.opIndex++;
  }
}
