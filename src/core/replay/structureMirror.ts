// The structure one side shows, built from its events alone: how many items it holds, where a
// heap's tail is, the operation in progress, and, small enough for the tree view, the heap's
// slots or the arena's nodes. ViewState (viewState.ts) owns one beside the memory view.

import type { SimEvent } from '../events';
import { NO_SLOT } from '../structures/heap/heap';
import { type Layout, lastSlotOf } from '../structures/heap/indexMaps';
import { WORD_BYTES } from '../structures/pointer/arena';
import {
  heapLayout,
  STRUCTURES,
  type StructureFamily,
  type StructureSpec,
} from '../structures/registry';
import { copyMirror, makeMirror, type NodeMirror, setMirror } from './nodeMirror';

/** Structures up to this many slots (heaps) or nodes (pointer structures) are mirrored for the tree view. */
export const TREE_MAX_SLOTS = 255;

/**
 * A heap's shape as the tree view needs it: where the root is, who is whose parent, and which
 * slots are never used (the strict B-heap's positions 0 and 1 of each later page).
 */
export type HeapShape = Pick<
  Layout,
  'rootSlot' | 'pageShift' | 'parent' | 'firstChild' | 'lastChild' | 'gaps'
>;

/** Items a heap holds when its tail is `lastSlot`: the slots from the root, less any gaps. */
export function heapItemsHeld(shape: HeapShape, lastSlot: number): number {
  if (lastSlot < shape.rootSlot) return 0;
  return shape.gaps === undefined
    ? lastSlot - shape.rootSlot + 1
    : shape.gaps.itemsThrough(lastSlot);
}

/** Every heap's Layout is its shape; throws for a pointer structure. */
export function heapShapeOf(spec: StructureSpec): HeapShape {
  return heapLayout(spec);
}

type OpBegin = Extract<SimEvent, { kind: 'op-begin' }>;

/** The counters a structure's events add to (the view's counters hold them among the others). */
interface StructureCounters {
  comparisons: number;
  /** Heap swaps, or tree rotations. */
  swaps: number;
  operations: number;
}

/** What a snapshot of a view keeps of its structure. */
export interface StructureSnapshot {
  keys: Float64Array | null;
  items: Int32Array | null;
  nodes: NodeMirror | null;
  lastSlot: number;
  itemCount: number;
  currentOp: OpBegin | null;
}

/** One side's structure as its events leave it. */
export class StructureMirror {
  readonly family: StructureFamily;
  /** Heaps: where slots sit in the tree; null for pointer structures. */
  readonly heap: HeapShape | null;
  /** Heaps: slot contents when small enough for the tree view; null otherwise. */
  readonly keys: Float64Array | null;
  readonly items: Int32Array | null;
  /** Pointer structures: the arena's nodes when small enough for the tree view; null otherwise. */
  readonly nodes: NodeMirror | null;
  /** Heaps: the highest slot in use (the tail). */
  lastSlot = 0;
  /** Items held now. */
  itemCount = 0;
  /** The operation in progress (or last finished). */
  currentOp: OpBegin | null = null;
  /** Words per arena node (pointer structures). */
  private readonly nodeWords: number;

  constructor(spec: StructureSpec, capacity: number) {
    this.family = STRUCTURES[spec.kind].family;
    this.nodeWords = spec.nodeBytes / WORD_BYTES;
    const tracked = capacity <= TREE_MAX_SLOTS;
    if (this.family === 'heap') {
      const layout = heapLayout(spec);
      this.heap = layout;
      // Up to the capacity's last slot, past the empty slots of a layout with gaps.
      const slots = lastSlotOf(layout, capacity) + 1;
      this.lastSlot = this.heap.rootSlot - 1;
      this.keys = tracked ? new Float64Array(slots) : null;
      this.items = tracked ? new Int32Array(slots) : null;
      this.nodes = null;
    } else {
      this.heap = null;
      this.keys = null;
      this.items = null;
      this.nodes = tracked ? makeMirror(capacity, this.nodeWords) : null;
    }
  }

  /** The first link of a pointer structure: the root of a tree, the head of the list. */
  get root(): number {
    return this.nodes === null ? 0 : this.nodes.left[0];
  }

  /** The node that holds a word of the arena (pointer structures), or the slot itself (heaps). */
  holderOf(word: number): number {
    return this.family === 'heap' ? word : Math.floor(word / this.nodeWords);
  }

  /** Any event but a page reference: the mirror and the structure's counters. */
  apply(event: SimEvent, counters: StructureCounters): void {
    switch (event.kind) {
      case 'compare':
      case 'node-compare':
        counters.comparisons++;
        break;
      case 'rotate':
        counters.swaps++;
        break;
      case 'swap':
        counters.swaps++;
        this.swapSlots(event.slot, event.other);
        break;
      case 'place':
        this.place(event);
        break;
      case 'clear':
        // The tail steps back one slot, over a layout's empty slots as the heap's own does.
        if (event.slot === this.lastSlot)
          this.lastSlot = this.heap?.gaps?.before(this.lastSlot) ?? this.lastSlot - 1;
        break;
      case 'remove':
        this.itemCount--;
        break;
      case 'rekey':
        if (this.keys !== null) this.keys[event.slot] = event.key;
        break;
      case 'node-alloc':
        this.itemCount++;
        if (this.nodes !== null) {
          this.nodes.key[event.node] = event.key;
          this.nodes.item[event.node] = event.item;
          this.nodes.live[event.node] = 1;
        }
        break;
      case 'node-free':
        this.itemCount--;
        if (this.nodes !== null) this.nodes.live[event.node] = 0;
        break;
      case 'store':
        if (this.nodes !== null) this.nodes[event.field][event.node] = event.value;
        break;
      case 'op-begin':
        this.currentOp = event;
        // A pointer structure changes a key in its node, which the arena does not announce.
        if (event.op === 'reorder' && this.nodes !== null) this.nodes.key[event.handle] = event.key;
        break;
      case 'op-end':
        counters.operations++;
        break;
      case 'touch':
      case 'flip':
        break;
    }
  }

  private swapSlots(slot: number, other: number): void {
    if (this.keys === null || this.items === null) return;
    const key = this.keys[slot];
    this.keys[slot] = this.keys[other];
    this.keys[other] = key;
    const item = this.items[slot];
    this.items[slot] = this.items[other];
    this.items[other] = item;
  }

  private place(event: Extract<SimEvent, { kind: 'place' }>): void {
    if (event.from === NO_SLOT) {
      this.lastSlot = Math.max(this.lastSlot, event.slot);
      this.itemCount++;
    }
    if (this.keys !== null && this.items !== null) {
      this.keys[event.slot] = event.key;
      this.items[event.slot] = event.item;
    }
  }

  snapshot(): StructureSnapshot {
    return {
      keys: this.keys?.slice() ?? null,
      items: this.items?.slice() ?? null,
      nodes: this.nodes === null ? null : copyMirror(this.nodes),
      lastSlot: this.lastSlot,
      itemCount: this.itemCount,
      currentOp: this.currentOp,
    };
  }

  /**
   * Back to a long run's checkpoint, which keeps the tail and the count alone; no operation is
   * known until the next.
   */
  restoreCounts(lastSlot: number, itemCount: number): void {
    this.lastSlot = lastSlot;
    this.itemCount = itemCount;
    this.currentOp = null;
  }

  restore(snapshot: StructureSnapshot): void {
    if (this.keys !== null && snapshot.keys !== null) this.keys.set(snapshot.keys);
    if (this.items !== null && snapshot.items !== null) this.items.set(snapshot.items);
    if (this.nodes !== null && snapshot.nodes !== null) setMirror(this.nodes, snapshot.nodes);
    this.lastSlot = snapshot.lastSlot;
    this.itemCount = snapshot.itemCount;
    this.currentOp = snapshot.currentOp;
  }
}
