// LaMarca & Ladner's aligned d-ary heap (d = 2, 4, 8): the binary heap's code and memory access
// model generalised to d children per slot, with each sibling group inside one page.

import type { EventSink, OpKind } from './events';
import type { HeapSnapshot } from './heap';
import { isValidItemsPerPage, MAX_ITEMS_PER_PAGE, MIN_ITEMS_PER_PAGE } from './layout';
import type { MemoryObserver } from './memory';
import { type HandleCallback, NO_HANDLE, type PriorityQueue, type QueueOptions } from './queue';

/** The arities a d-ary heap accepts: powers of two, so d divides every page size it fits. */
export type DaryArity = 2 | 4 | 8;

export const DARY_ARITIES: readonly DaryArity[] = [2, 4, 8];

export type DaryKind = 'dary2' | 'dary4' | 'dary8';

function checkArity(arity: number, itemsPerPage: number): void {
  if (!isValidItemsPerPage(itemsPerPage)) {
    throw new RangeError(
      `items per page must be a power of two from ${MIN_ITEMS_PER_PAGE} to ${MAX_ITEMS_PER_PAGE}, got ${itemsPerPage}`,
    );
  }
  if (!(DARY_ARITIES as readonly number[]).includes(arity)) {
    throw new RangeError(`arity must be 2, 4 or 8, got ${arity}`);
  }
  if (itemsPerPage % arity !== 0) {
    // Only 8 with 4 per page gets here: a sibling group of 8 cannot fit a page of 4.
    throw new RangeError(
      `arity ${arity} must divide items per page (${itemsPerPage}): use arity 2 or 4, or 8 or more items per page`,
    );
  }
}

/**
 * The aligned d-heap's index map (LaMarca & Ladner 1996).
 *
 * The textbook 0-based d-heap puts heap index i's children at d*i+1 .. d*i+d. Stored at slot
 * i + d - 1 (the root at slot d-1, slots 0..d-2 unused), those children land in slots
 * d*i+1 + d-1 .. d*i+d + d-1 = d*(i+1) .. d*(i+1) + d-1. In terms of the parent's slot s = i + d - 1
 * that is d*(s-d+2) .. d*(s-d+2) + d-1, and conversely the parent of slot c is
 * floor(c/d) - 1 + d - 1 = floor(c/d) + d - 2 (for d = 2: children 2s, 2s+1, parent floor(c/2),
 * exactly BinaryLayout, which the tests check access by access).
 *
 * A sibling group therefore starts at a multiple of d, say d*k, and ends at d*k + d-1. With P items
 * per page and d dividing P (P = d*m), d*k and d*k + d-1 both lie in [P*floor(k/m), P*floor(k/m) + P):
 * the lower end because d*k >= d*m*floor(k/m), the upper because d*k + d-1 < d*(k+1) <=
 * d*m*(floor(k/m)+1). So the d siblings a sift-down compares sit on one page, the property
 * that makes the 4-heap and 8-heap page-friendly below the first few levels.
 */
export class DaryLayout {
  readonly pageShift: number;
  /** Slot of heap index 0; slots below it are padding that aligns every sibling group. */
  readonly rootSlot: number;

  constructor(
    readonly arity: DaryArity,
    readonly itemsPerPage: number,
  ) {
    checkArity(arity, itemsPerPage);
    this.pageShift = Math.log2(itemsPerPage);
    this.rootSlot = arity - 1;
  }

  /** Meaningless for the root (it has no parent); callers stop at rootSlot first. */
  parent(slot: number): number {
    // Math.floor, not >>>: slots of a large heap's children can pass 2^31.
    return Math.floor(slot / this.arity) + this.arity - 2;
  }

  firstChild(slot: number): number {
    // A multiplication, not a shift: the product can pass 2^31 for a leaf of a large heap.
    return this.arity * (slot - this.arity + 2);
  }

  lastChild(slot: number): number {
    return this.firstChild(slot) + this.arity - 1;
  }
}

/** Pages spanned by slots 0..capacity+d-2 (the padding and the slots a full heap uses). */
export function daryPages(arity: DaryArity, capacity: number, itemsPerPage: number): number {
  checkArity(arity, itemsPerPage);
  return Math.floor((capacity + arity - 2) / itemsPerPage) + 1;
}

export class DaryHeap implements PriorityQueue {
  readonly kind: DaryKind;
  readonly layout: DaryLayout;
  /** Key of the item in each slot, as in heap.ts: the key lives with the slot. */
  private readonly keys: Float64Array;
  private readonly items: Int32Array;
  private tail: number; // last used slot; the heap holds slots rootSlot..tail
  private opIndex = 0;
  comparisons = 0;
  swaps = 0;
  /** Slot references so far (kept beside the observer's calls: the cost model's CPU side). */
  private accessTally = 0;

  get accesses(): number {
    return this.accessTally;
  }
  private readonly memory: MemoryObserver;
  private readonly sink: EventSink | null;
  private readonly opSink: EventSink | null;
  private readonly onHandle: HandleCallback | null;

  constructor(arity: DaryArity, options: QueueOptions) {
    if (!Number.isInteger(options.capacity) || options.capacity < 1) {
      throw new RangeError(`capacity must be a positive integer, got ${options.capacity}`);
    }
    this.layout = new DaryLayout(arity, options.itemsPerPage);
    this.kind = `dary${arity}` as const;
    // n items fill slots d-1 .. n+d-2, after the d-1 padding slots.
    this.keys = new Float64Array(options.capacity + arity - 1);
    this.items = new Int32Array(options.capacity + arity - 1);
    this.tail = this.layout.rootSlot - 1;
    this.memory = options.memory;
    this.opSink = options.sink ?? null;
    this.sink = options.sinkOpsOnly ? null : this.opSink;
    this.onHandle = options.onHandle ?? null;
  }

  get size(): number {
    return this.tail - this.layout.rootSlot + 1;
  }

  get capacity(): number {
    return this.keys.length - this.layout.rootSlot;
  }

  /** The highest used slot (rootSlot - 1 when empty), for views that draw the array. */
  get lastSlot(): number {
    return this.tail;
  }

  get operations(): number {
    return this.opIndex;
  }

  snapshot(): HeapSnapshot {
    return {
      keys: this.keys.slice(0, this.tail + 1),
      items: this.items.slice(0, this.tail + 1),
      tail: this.tail,
      opIndex: this.opIndex,
      comparisons: this.comparisons,
      swaps: this.swaps,
      // Heap keeps only the accesses its counters cannot rebuild; here that is all of them.
      opAccesses: this.accessTally,
    };
  }

  restore(snapshot: HeapSnapshot): void {
    this.keys.fill(0);
    this.items.fill(0);
    this.keys.set(snapshot.keys);
    this.items.set(snapshot.items);
    this.tail = snapshot.tail;
    this.opIndex = snapshot.opIndex;
    this.comparisons = snapshot.comparisons;
    this.swaps = snapshot.swaps;
    this.accessTally = snapshot.opAccesses;
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

  peekKey(): number {
    if (this.size === 0) throw new RangeError('peek on an empty heap');
    return this.keys[this.layout.rootSlot];
  }

  insert(item: number, key: number): number {
    if (this.size >= this.capacity) {
      throw new RangeError(`heap is full (capacity ${this.capacity})`);
    }
    const slot = ++this.tail;
    this.begin('insert', slot, key, item);
    this.accessTally++;
    this.memory.write(slot);
    this.keys[slot] = key;
    this.items[slot] = item;
    if (this.sink !== null) this.sink.emit({ kind: 'place', slot, item, key, from: NO_HANDLE });
    if (this.onHandle !== null) this.onHandle(item, slot);
    const rest = this.siftUp(slot);
    this.end('insert', rest);
    return rest;
  }

  popMin(): number {
    if (this.size === 0) throw new RangeError('popMin on an empty heap');
    const root = this.layout.rootSlot;
    const item = this.items[root];
    this.begin('popMin', root, this.keys[root], item);
    const rest = this.removeAt(root);
    this.end('popMin', rest);
    return item;
  }

  delete(slot: number): number {
    this.checkSlot(slot, 'delete');
    const item = this.items[slot];
    this.begin('delete', slot, this.keys[slot], item);
    const rest = this.removeAt(slot);
    this.end('delete', rest);
    return item;
  }

  /** As heap.ts: the key lives in the object, so changing it is no slot access; the sifts are. */
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
    const root = this.layout.rootSlot;
    if (!Number.isInteger(slot) || slot < root || slot > this.tail) {
      throw new RangeError(
        this.size === 0
          ? `${op}: the heap is empty`
          : `${op}: slot must be from ${root} to ${this.tail}, got ${slot}`,
      );
    }
  }

  /** heap.ts's removeAt: read victim and tail, write the hole, clear the tail, sift up then down. */
  private removeAt(slot: number): number {
    const memory = this.memory;
    const sink = this.sink;
    const item = this.items[slot];
    const last = this.tail;
    this.accessTally++;
    memory.read(slot);
    if (sink !== null) sink.emit({ kind: 'remove', slot, item, key: this.keys[slot] });
    if (this.onHandle !== null) this.onHandle(item, NO_HANDLE);
    if (slot === last) {
      this.accessTally++;
      memory.write(slot);
      this.tail--;
      if (sink !== null) sink.emit({ kind: 'clear', slot });
      return NO_HANDLE;
    }
    this.accessTally++;
    memory.read(last);
    this.accessTally++;
    memory.write(slot);
    const movedItem = this.items[last];
    const movedKey = this.keys[last];
    this.keys[slot] = movedKey;
    this.items[slot] = movedItem;
    if (sink !== null)
      sink.emit({ kind: 'place', slot, item: movedItem, key: movedKey, from: last });
    this.accessTally++;
    memory.write(last);
    this.tail--;
    if (sink !== null) sink.emit({ kind: 'clear', slot: last });
    if (this.onHandle !== null) this.onHandle(movedItem, slot);
    return this.siftDown(this.siftUp(slot));
  }

  /** heap.ts's siftUp (hole technique: the moving item is written once, where it stops). */
  private siftUp(slot: number): number {
    const layout = this.layout;
    const root = layout.rootSlot;
    const keys = this.keys;
    const items = this.items;
    const memory = this.memory;
    const sink = this.sink;
    const onHandle = this.onHandle;
    const key = keys[slot];
    const item = items[slot];
    const start = slot;
    while (slot > root) {
      const parent = layout.parent(slot);
      const parentKey = keys[parent];
      this.accessTally++;
      memory.read(slot);
      this.accessTally++;
      memory.read(parent);
      this.comparisons++;
      const less = key < parentKey;
      if (sink !== null) {
        sink.emit({
          kind: 'compare',
          sift: 'up',
          role: 'child-parent',
          slot,
          other: parent,
          slotKey: key,
          otherKey: parentKey,
          less,
        });
      }
      if (!less) break;
      this.accessTally++;
      memory.write(slot);
      this.accessTally++;
      memory.write(parent);
      const parentItem = items[parent];
      keys[slot] = parentKey;
      items[slot] = parentItem;
      this.swaps++;
      if (sink !== null) sink.emit({ kind: 'swap', sift: 'up', slot, other: parent });
      if (onHandle !== null) onHandle(parentItem, slot);
      slot = parent;
    }
    if (slot !== start) {
      keys[slot] = key;
      items[slot] = item;
      if (onHandle !== null) onHandle(item, slot);
    }
    return slot;
  }

  /**
   * heap.ts's siftDown over up to d children: scan them left to right keeping the smallest (a
   * later child wins only if strictly smaller), then stop only if the parent is strictly smaller.
   * The first child is read only when a second exists to compare it with: with one child heap.ts
   * reads just the slot and that child, and d = 2 must reproduce heap.ts access by access.
   */
  private siftDown(slot: number): number {
    const layout = this.layout;
    const keys = this.keys;
    const items = this.items;
    const memory = this.memory;
    const sink = this.sink;
    const onHandle = this.onHandle;
    const tail = this.tail;
    const key = keys[slot];
    const item = items[slot];
    const start = slot;
    for (;;) {
      const first = layout.firstChild(slot);
      if (first > tail) break;
      const last = Math.min(first + layout.arity - 1, tail);
      let child = first;
      let childKey = keys[first];
      if (last > first) {
        this.accessTally++;
        memory.read(first);
      }
      for (let sibling = first + 1; sibling <= last; sibling++) {
        const siblingKey = keys[sibling];
        this.accessTally++;
        memory.read(sibling);
        this.comparisons++;
        const siblingLess = siblingKey < childKey;
        if (sink !== null) {
          sink.emit({
            kind: 'compare',
            sift: 'down',
            role: 'second-first',
            slot: sibling,
            other: child,
            slotKey: siblingKey,
            otherKey: childKey,
            less: siblingLess,
          });
        }
        if (siblingLess) {
          child = sibling;
          childKey = siblingKey;
        }
      }
      this.accessTally++;
      memory.read(slot);
      this.accessTally++;
      memory.read(child);
      this.comparisons++;
      const parentLess = key < childKey;
      if (sink !== null) {
        sink.emit({
          kind: 'compare',
          sift: 'down',
          role: 'parent-child',
          slot,
          other: child,
          slotKey: key,
          otherKey: childKey,
          less: parentLess,
        });
      }
      if (parentLess) break;
      this.accessTally++;
      memory.write(slot);
      this.accessTally++;
      memory.write(child);
      const childItem = items[child];
      keys[slot] = childKey;
      items[slot] = childItem;
      this.swaps++;
      if (sink !== null) sink.emit({ kind: 'swap', sift: 'down', slot, other: child });
      if (onHandle !== null) onHandle(childItem, slot);
      slot = child;
    }
    if (slot !== start) {
      keys[slot] = key;
      items[slot] = item;
      if (onHandle !== null) onHandle(item, slot);
    }
    return slot;
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
