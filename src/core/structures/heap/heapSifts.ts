// The heap's sifts: siftUp, and siftDown specialized for two children (the benchmarks' hot loop)
// and for more (the d-ary layouts). Heap (heap.ts) builds its operations on them; every slot
// read and write is reported to the MemoryObserver in the order the README's memory access
// model fixes.

import type { EventSink, Sift, SimEvent } from '../../events';
import type { MemoryObserver } from '../../memory/observer';
import type { Layout } from './indexMaps';

/** Told whenever an item changes slot (NO_SLOT when it leaves), so callers can keep handles. */
export type SlotCallback = (item: number, slot: number) => void;

type CompareRole = Extract<SimEvent, { kind: 'compare' }>['role'];

/** A compare event, sent only where a sink listens (never on the unobserved hot path). */
function emitCompare(
  sink: EventSink,
  sift: Sift,
  role: CompareRole,
  slot: number,
  other: number,
  slotKey: number,
  otherKey: number,
  less: boolean,
): void {
  sink.emit({ kind: 'compare', sift, role, slot, other, slotKey, otherKey, less });
}

/**
 * The slot arrays, the counts and the sifts over them; the class (Heap) that extends it owns
 * the operations, the sinks' switching and the snapshots.
 */
export abstract class HeapSifts {
  /** layout.rootSlot, kept here so the hot loops read a field of the heap, not of the layout. */
  protected readonly root: number;
  /** More than two children per slot: sift down through siftDownWide. */
  protected readonly wide: boolean;
  protected tail: number; // last used slot; the heap holds slots root..tail
  comparisons = 0;
  swaps = 0;
  // Accesses outside the sifts (the tail write of an insert, the reads and writes of a removal),
  // and siftDownWide's correction; every other compare reads two slots and every swap writes two,
  // so the rest follows.
  protected opAccesses = 0;
  // Where step events go (null: nowhere); Heap.setSinks() turns them off and on.
  protected sink: EventSink | null = null;

  constructor(
    readonly layout: Layout,
    /** Key of the item in each slot. Keys live with the slot: the model's "pointer to the object". */
    protected readonly keys: Float64Array,
    protected readonly items: Int32Array,
    protected memory: MemoryObserver,
    protected readonly onSlot: SlotCallback | null,
  ) {
    this.root = layout.rootSlot;
    this.wide = layout.arity > 2;
    this.tail = this.root - 1;
  }

  /**
   * Where a sift stopped: the moving item, kept in locals on the way (the hole technique), is
   * written once into its final slot.
   */
  private settle(slot: number, start: number, key: number, item: number): number {
    if (slot !== start) {
      this.keys[slot] = key;
      this.items[slot] = item;
      if (this.onSlot !== null) this.onSlot(item, slot);
    }
    return slot;
  }

  /**
   * Moves the item in `slot` up while it is strictly smaller than its parent.
   *
   * The moving item stays in locals and is written once where it stops (the "hole" technique):
   * a swap in the model still writes both slots, which is what the memory observer is told, but
   * the arrays are not rewritten twice per level. Keys are loaded before the observer runs so the
   * CPU can overlap those cache misses with the bookkeeping (it halves the 1M-item sweep's time).
   */
  protected siftUp(slot: number): number {
    const layout = this.layout;
    const keys = this.keys;
    const items = this.items;
    const memory = this.memory;
    const sink = this.sink;
    const onSlot = this.onSlot;
    const root = this.root;
    const key = keys[slot];
    const item = items[slot];
    const start = slot;
    while (slot > root) {
      const parent = layout.parent(slot);
      const parentKey = keys[parent];
      memory.read(slot);
      memory.read(parent);
      this.comparisons++;
      const less = key < parentKey;
      if (sink !== null)
        emitCompare(sink, 'up', 'child-parent', slot, parent, key, parentKey, less);
      if (!less) break;
      memory.write(slot);
      memory.write(parent);
      const parentItem = items[parent];
      keys[slot] = parentKey;
      items[slot] = parentItem;
      this.swaps++;
      if (sink !== null) sink.emit({ kind: 'swap', sift: 'up', slot, other: parent });
      if (onSlot !== null) onSlot(parentItem, slot);
      slot = parent;
    }
    return this.settle(slot, start, key, item);
  }

  /**
   * Moves the item in `slot` down: pick the smaller child (the second only if strictly smaller),
   * and stop only if the parent is strictly smaller than it, as vbh.c's trickledown does.
   * Same hole technique and early key loads as siftUp. This is the two-child path (the
   * benchmarks' hot loop); layouts with more children go through siftDownWide.
   */
  protected siftDown(slot: number): number {
    if (this.wide) return this.siftDownWide(slot);
    const layout = this.layout;
    const keys = this.keys;
    const items = this.items;
    const memory = this.memory;
    const sink = this.sink;
    const onSlot = this.onSlot;
    const tail = this.tail;
    const key = keys[slot];
    const item = items[slot];
    const start = slot;
    // An observer that takes whole steps is told once per level, after the step; the others
    // see each reference as it happens.
    const stepwise = memory.siftDownStep !== undefined;
    for (;;) {
      let child = layout.firstChild(slot);
      if (child > tail) break;
      const first = child;
      let childKey = keys[child];
      const second = layout.secondChild(slot);
      const twoChildren = second !== child && second <= tail;
      if (twoChildren) {
        const secondKey = keys[second];
        if (!stepwise) {
          memory.read(child);
          memory.read(second);
        }
        this.comparisons++;
        const secondLess = secondKey < childKey;
        if (sink !== null) {
          emitCompare(sink, 'down', 'second-first', second, child, secondKey, childKey, secondLess);
        }
        if (secondLess) {
          child = second;
          childKey = secondKey;
        }
      }
      if (!stepwise) {
        memory.read(slot);
        memory.read(child);
      }
      this.comparisons++;
      const parentLess = key < childKey;
      if (sink !== null) {
        emitCompare(sink, 'down', 'parent-child', slot, child, key, childKey, parentLess);
      }
      if (stepwise) {
        memory.siftDownStep?.(slot, child, first, twoChildren ? second : -1, !parentLess);
      }
      if (parentLess) break;
      if (!stepwise) {
        memory.write(slot);
        memory.write(child);
      }
      const childItem = items[child];
      keys[slot] = childKey;
      items[slot] = childItem;
      this.swaps++;
      if (sink !== null) sink.emit({ kind: 'swap', sift: 'down', slot, other: child });
      if (onSlot !== null) onSlot(childItem, slot);
      slot = child;
    }
    return this.settle(slot, start, key, item);
  }

  /**
   * siftDown over up to `arity` children: scan them left to right keeping the smallest (a later
   * child wins only if strictly smaller, role 'second-first'), then stop only if the parent is
   * strictly smaller. The first child is read only when a second exists to compare it with, as
   * in siftDown. Every reference goes to the observer one by one (siftDownStep speaks of two
   * children only). It repeats siftDown's level on purpose: a loop over the children in the
   * two-child path would slow the benchmarks' hot loop.
   *
   * A level with k >= 2 children reads k + 2 slots for k comparisons, where `accesses` counts
   * two per comparison: the level adds 2 - k to opAccesses so the count stays exact.
   */
  private siftDownWide(slot: number): number {
    const layout = this.layout;
    const keys = this.keys;
    const items = this.items;
    const memory = this.memory;
    const sink = this.sink;
    const onSlot = this.onSlot;
    const tail = this.tail;
    const key = keys[slot];
    const item = items[slot];
    const start = slot;
    for (;;) {
      const first = layout.firstChild(slot);
      if (first > tail) break;
      const last = Math.min(layout.lastChild(slot), tail);
      let child = first;
      let childKey = keys[first];
      if (last > first) {
        memory.read(first);
        this.opAccesses += 1 - (last - first); // 2 - k for the k = last - first + 1 children
      }
      for (let sibling = first + 1; sibling <= last; sibling++) {
        const siblingKey = keys[sibling];
        memory.read(sibling);
        this.comparisons++;
        const siblingLess = siblingKey < childKey;
        if (sink !== null) {
          emitCompare(
            sink,
            'down',
            'second-first',
            sibling,
            child,
            siblingKey,
            childKey,
            siblingLess,
          );
        }
        if (siblingLess) {
          child = sibling;
          childKey = siblingKey;
        }
      }
      memory.read(slot);
      memory.read(child);
      this.comparisons++;
      const parentLess = key < childKey;
      if (sink !== null) {
        emitCompare(sink, 'down', 'parent-child', slot, child, key, childKey, parentLess);
      }
      if (parentLess) break;
      memory.write(slot);
      memory.write(child);
      const childItem = items[child];
      keys[slot] = childKey;
      items[slot] = childItem;
      this.swaps++;
      if (sink !== null) sink.emit({ kind: 'swap', sift: 'down', slot, other: child });
      if (onSlot !== null) onSlot(childItem, slot);
      slot = child;
    }
    return this.settle(slot, start, key, item);
  }
}
