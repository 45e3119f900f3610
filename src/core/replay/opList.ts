// A scenario's operations in typed arrays: 13 bytes an operation, where objects took about 50,
// so the article's run (4M operations) fits a page's memory. Read back one at a time.

import type { OpKind } from '../events';
import type { PriorityQueue } from '../structures/queue';

/** One operation, in terms both sides can run (see recordOps.ts). */
export type ReplayOp =
  | { op: 'insert'; item: number; key: number }
  | { op: 'popMin' }
  | { op: 'deleteItem'; item: number }
  | { op: 'reorderItem'; item: number; key: number }
  | { op: 'deleteSlot'; slot: number }
  | { op: 'reorderSlot'; slot: number; key: number };

type ReplayOpName = ReplayOp['op'];

/** What the page calls an operation of this kind. */
export function opKindOf(name: ReplayOpName): OpKind {
  if (name === 'insert') return 'insert';
  if (name === 'popMin') return 'popMin';
  return name === 'deleteItem' || name === 'deleteSlot' ? 'delete' : 'reorder';
}

/** The kinds by code (the index is what the list stores). */
export const OP_NAMES: readonly ReplayOpName[] = [
  'insert',
  'popMin',
  'deleteItem',
  'reorderItem',
  'deleteSlot',
  'reorderSlot',
];
const CODE: Record<ReplayOpName, number> = {
  insert: 0,
  popMin: 1,
  deleteItem: 2,
  reorderItem: 3,
  deleteSlot: 4,
  reorderSlot: 5,
};

export class OpList {
  /** OP_NAMES index of each operation. */
  kinds: Uint8Array;
  /** The item (insert, deleteItem, reorderItem) or the slot (deleteSlot, reorderSlot). */
  handles: Int32Array;
  /** The key (insert, reorder*); 0 otherwise. */
  keys: Float64Array;
  private count = 0;

  constructor(capacity = 16) {
    const size = Math.max(1, capacity);
    this.kinds = new Uint8Array(size);
    this.handles = new Int32Array(size);
    this.keys = new Float64Array(size);
  }

  /**
   * A list over arrays another thread filled (a worker's copy): they are used, not copied.
   * `namesItems`, when the other thread looked it up, saves a pass over them here.
   */
  static fromArrays(
    kinds: Uint8Array,
    handles: Int32Array,
    keys: Float64Array,
    namesItems: boolean | null = null,
  ): OpList {
    if (handles.length !== kinds.length || keys.length !== kinds.length) {
      throw new RangeError('the operation arrays differ in length');
    }
    const list = new OpList(1);
    list.kinds = kinds;
    list.handles = handles;
    list.keys = keys;
    list.count = kinds.length;
    list.itemsNamed = namesItems;
    return list;
  }

  get length(): number {
    return this.count;
  }

  private itemsNamed: boolean | null = null;

  /** Whether any operation names an item (deleteItem, reorderItem); looked up once. */
  get namesItems(): boolean {
    if (this.itemsNamed === null) {
      let named = false;
      for (let k = 0; k < this.count && !named; k++) {
        const kind = this.kinds[k];
        named = kind === 2 || kind === 3;
      }
      this.itemsNamed = named;
    }
    return this.itemsNamed;
  }

  push(op: ReplayOp): void {
    this.itemsNamed = null;
    if (this.count === this.kinds.length) this.grow();
    const k = this.count++;
    this.kinds[k] = CODE[op.op];
    switch (op.op) {
      case 'insert':
      case 'reorderItem':
        this.handles[k] = op.item;
        this.keys[k] = op.key;
        break;
      case 'deleteItem':
        this.handles[k] = op.item;
        break;
      case 'deleteSlot':
        this.handles[k] = op.slot;
        break;
      case 'reorderSlot':
        this.handles[k] = op.slot;
        this.keys[k] = op.key;
        break;
      case 'popMin':
        break;
    }
  }

  /** The kind of operation k. */
  name(k: number): ReplayOpName {
    return OP_NAMES[this.kinds[k]];
  }

  /** Operation k as an object (for tests and small uses; the replay reads the arrays). */
  at(k: number): ReplayOp {
    const handle = this.handles[k];
    const key = this.keys[k];
    switch (this.name(k)) {
      case 'insert':
        return { op: 'insert', item: handle, key };
      case 'popMin':
        return { op: 'popMin' };
      case 'deleteItem':
        return { op: 'deleteItem', item: handle };
      case 'reorderItem':
        return { op: 'reorderItem', item: handle, key };
      case 'deleteSlot':
        return { op: 'deleteSlot', slot: handle };
      case 'reorderSlot':
        return { op: 'reorderSlot', slot: handle, key };
    }
  }

  toArray(): ReplayOp[] {
    return Array.from({ length: this.count }, (_, k) => this.at(k));
  }

  /** Drops the spare room at the end (the list is done growing). */
  trim(): void {
    this.kinds = this.kinds.slice(0, this.count);
    this.handles = this.handles.slice(0, this.count);
    this.keys = this.keys.slice(0, this.count);
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds);
    const handles = new Int32Array(size);
    handles.set(this.handles);
    const keys = new Float64Array(size);
    keys.set(this.keys);
    this.kinds = kinds;
    this.handles = handles;
    this.keys = keys;
  }
}

/**
 * Runs operation k of `ops` on a queue; `handleOf` holds each item's handle (slot or node),
 * which operations that name an item need.
 */
export function applyOp(queue: PriorityQueue, ops: OpList, k: number, handleOf: Int32Array): void {
  const handle = ops.handles[k];
  switch (ops.kinds[k]) {
    case 0: // insert
      queue.insert(handle, ops.keys[k]);
      break;
    case 1: // popMin
      queue.popMin();
      break;
    case 2: // deleteItem
      queue.delete(handleOf[handle]);
      break;
    case 3: // reorderItem
      queue.reorder(handleOf[handle], ops.keys[k]);
      break;
    case 4: // deleteSlot
      queue.delete(handle);
      break;
    case 5: // reorderSlot
      queue.reorder(handle, ops.keys[k]);
      break;
  }
}

/** Whether any operation names an item (expiry's refreshes and purges): then handles are kept. */
export function namesItems(ops: OpList | null): boolean {
  return ops === null || ops.namesItems;
}
