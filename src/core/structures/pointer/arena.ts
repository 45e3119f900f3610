// The simulated memory of the pointer-based structures (sorted list, treap, red-black trees):
// fixed-size node slots, reused through a free list, each field an 8-byte word at a known
// address. Every field read or write goes through here and is reported to the MemoryObserver as
// that word, so the same LRU pager, the same one-pass curves and the same page grid apply to
// pointers as to heap slots (a heap slot is one 8-byte word too: the article's 512 per 4 KB page).

import type { EventSink, LinkField } from '../../events';
import type { MemoryObserver } from '../../memory/observer';

/** Node 0 is the header: never allocated, its `left` is the root (or the list's head). */
export const NIL = 0;

/** Link and tag fields as small numbers for the hot paths; LINK_FIELDS[f] names field f. */
export const LEFT = 0;
export const RIGHT = 1;
export const PARENT = 2;
export const TAG = 3;
export const LINK_FIELDS: readonly LinkField[] = ['left', 'right', 'parent', 'tag'];
const FIELD_COUNT = 4;

/**
 * Bytes of the arena's arrays per node, for the memory budgets: a key (Float64Array), an item and
 * FIELD_COUNT links (Int32Array) and the allocated flag (Uint8Array).
 */
export const ARENA_NODE_BYTES =
  Float64Array.BYTES_PER_ELEMENT +
  (1 + FIELD_COUNT) * Int32Array.BYTES_PER_ELEMENT +
  Uint8Array.BYTES_PER_ELEMENT;

/** Bytes per word: a key, an item pointer, a link or a tag each take one. */
export const WORD_BYTES = 8;
export const MAX_NODE_BYTES = 4096;

/** Snapshot of an arena, to rewind a replay. */
interface ArenaSnapshot {
  keys: Float64Array;
  items: Int32Array;
  links: Int32Array;
  freeHead: number;
  nextFresh: number;
  live: number;
  allocated: Uint8Array;
  accesses: number;
}

interface ArenaOptions {
  /** Most nodes live at once (node numbers run 1..capacity). */
  capacity: number;
  /** Which link fields the structure's nodes have, in address order after the key and the item. */
  fields: readonly number[];
  /** Size of a node slot in bytes: a multiple of 8, at least the fields' words. */
  nodeBytes: number;
  memory: MemoryObserver;
  sink: EventSink | null;
}

/** Smallest node a structure with these link fields can have: key + item + links. */
export function minNodeBytes(fieldCount: number): number {
  return (2 + fieldCount) * WORD_BYTES;
}

function checkNodeBytes(nodeBytes: number, fieldCount: number): void {
  const min = minNodeBytes(fieldCount);
  if (
    !Number.isInteger(nodeBytes) ||
    nodeBytes < min ||
    nodeBytes > MAX_NODE_BYTES ||
    nodeBytes % WORD_BYTES !== 0
  ) {
    throw new RangeError(
      `node size must be a multiple of ${WORD_BYTES} bytes from ${min} to ${MAX_NODE_BYTES}, got ${nodeBytes}`,
    );
  }
}

/** Words an arena of `capacity` nodes spans: the header node plus one slot per node. */
export function arenaWords(capacity: number, nodeBytes: number): number {
  return (capacity + 1) * (nodeBytes / WORD_BYTES);
}

export class Arena {
  /** Words per node slot: node n starts at word n * nodeWords (the arena starts on a page). */
  readonly nodeWords: number;
  private readonly keys: Float64Array;
  private readonly items: Int32Array;
  /** links[n * 4 + f]: field f of node n (LEFT, RIGHT, PARENT, TAG). */
  private readonly links: Int32Array;
  /** 1 while a node is allocated: handles from outside (a script's "del 3") are checked here. */
  private readonly allocated: Uint8Array;
  /** Word offset of each field inside a node; -1 where the structure has no such field. */
  private readonly offset: Int32Array;
  private readonly memory: MemoryObserver;
  private readonly sink: EventSink | null;
  // The allocator's own state: the free list threads through the freed nodes' first link word,
  // so reusing a node reads that word (the head pointer itself is a global, not modelled).
  private readonly freeLink: number; // the field the free list threads through (offset 2)
  private freeHead = NIL;
  /** Words read or written so far: the CPU side of the cost model (cost.ts). */
  accesses = 0;
  private nextFresh = 1;
  private live = 0;

  constructor(options: ArenaOptions) {
    const { capacity, fields, nodeBytes } = options;
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
    }
    checkNodeBytes(nodeBytes, fields.length);
    this.nodeWords = nodeBytes / WORD_BYTES;
    // Word addresses go through 32-bit shifts in the pager: keep them below 2^31.
    if (arenaWords(capacity, nodeBytes) >= 2 ** 31) {
      throw new RangeError(
        `an arena of ${capacity} nodes of ${nodeBytes} bytes passes 16 GiB; use fewer items or smaller nodes`,
      );
    }
    this.offset = new Int32Array(FIELD_COUNT).fill(-1);
    if (fields.length === 0) throw new RangeError('a node needs at least one link field');
    fields.forEach((field, index) => {
      this.offset[field] = 2 + index;
    });
    this.freeLink = fields[0];
    this.keys = new Float64Array(capacity + 1);
    this.items = new Int32Array(capacity + 1);
    this.links = new Int32Array((capacity + 1) * FIELD_COUNT);
    this.allocated = new Uint8Array(capacity + 1);
    this.memory = options.memory;
    this.sink = options.sink;
  }

  get capacity(): number {
    return this.keys.length - 1;
  }

  /** Nodes currently allocated. */
  get size(): number {
    return this.live;
  }

  /** Whether `node` holds an item now (no memory access: the caller's bookkeeping). */
  isLive(node: number): boolean {
    return (
      Number.isInteger(node) && node > NIL && node <= this.capacity && this.allocated[node] === 1
    );
  }

  /** Live node numbers in increasing order, for messages and views. */
  liveNodes(): number[] {
    const nodes: number[] = [];
    for (let node = 1; node <= this.capacity; node++)
      if (this.allocated[node] === 1) nodes.push(node);
    return nodes;
  }

  /** Reads a node's key (one access to its key word). */
  key(node: number): number {
    this.accesses++;
    this.memory.read(node * this.nodeWords);
    return this.keys[node];
  }

  /** Reads a node's item. */
  item(node: number): number {
    this.accesses++;
    this.memory.read(node * this.nodeWords + 1);
    return this.items[node];
  }

  /** Writes a node's key (a reorder, or a tree copying a successor's payload). */
  setKey(node: number, key: number): void {
    this.accesses++;
    this.memory.write(node * this.nodeWords);
    this.keys[node] = key;
  }

  /** Reads a link or tag field. */
  link(node: number, field: number): number {
    this.accesses++;
    this.memory.read(node * this.nodeWords + this.offset[field]);
    return this.links[node * FIELD_COUNT + field];
  }

  /** Writes a link or tag field. */
  setLink(node: number, field: number, value: number): void {
    this.accesses++;
    this.memory.write(node * this.nodeWords + this.offset[field]);
    this.links[node * FIELD_COUNT + field] = value;
    if (this.sink !== null) {
      this.sink.emit({ kind: 'store', node, field: LINK_FIELDS[field], value });
    }
  }

  /** Key and item without a memory access: for views, tests and the caller's own registers. */
  peekKey(node: number): number {
    return this.keys[node];
  }

  peekItem(node: number): number {
    return this.items[node];
  }

  peekLink(node: number, field: number): number {
    return this.links[node * FIELD_COUNT + field];
  }

  /**
   * Takes a node (the most recently freed one, else the next never-used one) and writes its key
   * and item. Its links are left for the structure to write: whatever they held is garbage.
   */
  alloc(item: number, key: number): number {
    let node: number;
    if (this.freeHead !== NIL) {
      node = this.freeHead;
      // Following the free list reads the link the node was threaded on.
      this.accesses++;
      this.memory.read(node * this.nodeWords + 2);
      this.freeHead = this.links[node * FIELD_COUNT + this.freeLink];
    } else {
      if (this.nextFresh > this.capacity) {
        throw new RangeError(`arena is full (capacity ${this.capacity})`);
      }
      node = this.nextFresh++;
    }
    this.live++;
    this.allocated[node] = 1;
    this.accesses++;
    this.memory.write(node * this.nodeWords);
    this.keys[node] = key;
    this.accesses++;
    this.memory.write(node * this.nodeWords + 1);
    this.items[node] = item;
    if (this.sink !== null) this.sink.emit({ kind: 'node-alloc', node, item, key });
    return node;
  }

  /** Returns a node to the free list: one write, its first link word becomes the list's link. */
  free(node: number): void {
    if (!this.isLive(node)) throw new RangeError(`node ${node} is not allocated`);
    const item = this.items[node];
    const key = this.keys[node];
    this.accesses++;
    this.memory.write(node * this.nodeWords + 2);
    this.links[node * FIELD_COUNT + this.freeLink] = this.freeHead;
    this.freeHead = node;
    this.live--;
    this.allocated[node] = 0;
    if (this.sink !== null) this.sink.emit({ kind: 'node-free', node, item, key });
  }

  snapshot(): ArenaSnapshot {
    return {
      keys: this.keys.slice(),
      items: this.items.slice(),
      links: this.links.slice(),
      freeHead: this.freeHead,
      nextFresh: this.nextFresh,
      live: this.live,
      allocated: this.allocated.slice(),
      accesses: this.accesses,
    };
  }

  restore(snapshot: ArenaSnapshot): void {
    this.keys.set(snapshot.keys);
    this.items.set(snapshot.items);
    this.links.set(snapshot.links);
    this.freeHead = snapshot.freeHead;
    this.nextFresh = snapshot.nextFresh;
    this.live = snapshot.live;
    this.allocated.set(snapshot.allocated);
    this.accesses = snapshot.accesses;
  }
}
