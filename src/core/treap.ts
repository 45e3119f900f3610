// Jason Evans' trp_prng treap (seed 001): a binary search tree on (key, node) and a min-heap on
// priorities from its own xorshift32, not the keys' random(3): a random shape whatever the keys.

import { Arena, LEFT, NIL, PARENT, RIGHT, TAG } from './arena';
import type { EventSink, OpKind } from './events';
import { type HandleCallback, NO_HANDLE, type PriorityQueue, type QueueOptions } from './queue';
import { Xorshift32 } from './random';

/** The link on the other side: the one a rotation hands over to the node that moves down. */
function opposite(side: number): number {
  return side === LEFT ? RIGHT : LEFT;
}

export class Treap implements PriorityQueue {
  readonly kind = 'treap' as const;
  readonly arena: Arena;
  private opIndex = 0;
  comparisons = 0;
  /** Rotations. */
  swaps = 0;
  private readonly sink: EventSink | null;
  private readonly opSink: EventSink | null;
  private readonly onHandle: HandleCallback | null;
  private readonly random: Xorshift32;

  constructor(options: QueueOptions) {
    this.opSink = options.sink ?? null;
    this.sink = options.sinkOpsOnly ? null : this.opSink;
    this.onHandle = options.onHandle ?? null;
    this.arena = new Arena({
      capacity: options.capacity,
      fields: [LEFT, RIGHT, PARENT, TAG],
      nodeBytes: options.nodeBytes ?? 48,
      memory: options.memory,
      sink: this.sink,
    });
    this.random = new Xorshift32(options.prioritySeed ?? 1);
  }

  get size(): number {
    return this.arena.size;
  }

  /** Every field read or write so far, counted by the arena. */
  get accesses(): number {
    return this.arena.accesses;
  }

  get operations(): number {
    return this.opIndex;
  }

  peekKey(): number {
    const node = this.peekMinNode();
    if (node === NIL) throw new RangeError('peek on an empty treap');
    return this.arena.peekKey(node);
  }

  insert(item: number, key: number): number {
    const arena = this.arena;
    if (arena.size >= arena.capacity) {
      throw new RangeError(`treap is full (capacity ${arena.capacity})`);
    }
    this.begin('insert', NO_HANDLE, key, item);
    const node = arena.alloc(item, key);
    if (this.onHandle !== null) this.onHandle(item, node);
    arena.setLink(node, TAG, this.random.next());
    this.place(node, key);
    this.end('insert', node);
    return node;
  }

  popMin(): number {
    const arena = this.arena;
    const peeked = this.peekMinNode();
    if (peeked === NIL) throw new RangeError('popMin on an empty treap');
    this.begin('popMin', peeked, arena.peekKey(peeked), arena.peekItem(peeked));
    // The leftmost node has no left child: its right subtree (if any) takes its place.
    let parent = NIL;
    let node = arena.link(NIL, LEFT);
    for (;;) {
      const left = arena.link(node, LEFT);
      if (left === NIL) break;
      parent = node;
      node = left;
    }
    const right = arena.link(node, RIGHT);
    this.splice(parent, LEFT, NIL, right);
    const item = this.release(node);
    this.end('popMin', NO_HANDLE);
    return item;
  }

  delete(node: number): number {
    this.checkNode(node, 'delete');
    this.begin('delete', node, this.arena.peekKey(node), this.arena.peekItem(node));
    this.detach(node);
    const item = this.release(node);
    this.end('delete', NO_HANDLE);
    return item;
  }

  /** Takes the node out, rewrites its key and puts it back in: it keeps its number and priority. */
  reorder(node: number, key: number): number {
    this.checkNode(node, 'reorder');
    this.begin('reorder', node, key, this.arena.peekItem(node));
    this.detach(node);
    this.arena.setKey(node, key);
    this.place(node, key);
    this.end('reorder', node);
    return node;
  }

  checkpoint(): () => void {
    const arena = this.arena.snapshot();
    const { opIndex, comparisons, swaps } = this;
    const randomState = this.random.state;
    return () => {
      this.arena.restore(arena);
      this.opIndex = opIndex;
      this.comparisons = comparisons;
      this.swaps = swaps;
      this.random.state = randomState;
    };
  }

  /** The leftmost node, followed without memory accesses (peeks and op-begin events). */
  private peekMinNode(): number {
    const arena = this.arena;
    let node = arena.peekLink(NIL, LEFT);
    if (node === NIL) return NIL;
    for (let left = arena.peekLink(node, LEFT); left !== NIL; left = arena.peekLink(node, LEFT)) {
      node = left;
    }
    return node;
  }

  /**
   * Walks down from the root by (key, node), hangs the node as a leaf, then rotates it up while
   * its priority is strictly smaller than its parent's (its TAG is already written).
   */
  private place(node: number, key: number): void {
    const arena = this.arena;
    const sink = this.sink;
    let parent = NIL;
    let side = LEFT; // the header's LEFT is the root
    let cur = arena.link(NIL, LEFT);
    while (cur !== NIL) {
      const curKey = arena.key(cur);
      this.comparisons++;
      // Node numbers break ties: comparing them is free, they are the pointers themselves.
      const less = key < curKey || (key === curKey && node < cur);
      if (sink !== null) {
        sink.emit({
          kind: 'node-compare',
          what: 'key',
          node,
          other: cur,
          value: key,
          otherValue: curKey,
          less,
        });
      }
      parent = cur;
      side = less ? LEFT : RIGHT;
      cur = arena.link(cur, side);
    }
    arena.setLink(parent, side, node);
    arena.setLink(node, PARENT, parent);
    arena.setLink(node, LEFT, NIL);
    arena.setLink(node, RIGHT, NIL);

    while (parent !== NIL) {
      const priority = arena.link(node, TAG);
      const parentPriority = arena.link(parent, TAG);
      this.comparisons++;
      const less = priority < parentPriority;
      if (sink !== null) {
        sink.emit({
          kind: 'node-compare',
          what: 'priority',
          node,
          other: parent,
          value: priority,
          otherValue: parentPriority,
          less,
        });
      }
      if (!less) break;
      const grand = arena.link(parent, PARENT);
      const grandSide = grand === NIL || arena.link(grand, LEFT) === parent ? LEFT : RIGHT;
      this.rotate(parent, node, side, grand, grandSide);
      parent = grand;
      side = grandSide;
    }
  }

  /**
   * Takes a node out of the tree without freeing it: rotates it down towards the child of smaller
   * priority until it has at most one child, then splices it out.
   */
  private detach(node: number): void {
    const arena = this.arena;
    const sink = this.sink;
    let parent = arena.link(node, PARENT);
    let side = parent === NIL || arena.link(parent, LEFT) === node ? LEFT : RIGHT;
    let left = arena.link(node, LEFT);
    let right = arena.link(node, RIGHT);
    // A missing child counts as an infinite priority, so with one child the loop is over.
    while (left !== NIL && right !== NIL) {
      const leftPriority = arena.link(left, TAG);
      const rightPriority = arena.link(right, TAG);
      this.comparisons++;
      // Ties go left, so the choice is the same whichever way the child links are read.
      const rightLess = rightPriority < leftPriority;
      if (sink !== null) {
        sink.emit({
          kind: 'node-compare',
          what: 'priority',
          node: right,
          other: left,
          value: rightPriority,
          otherValue: leftPriority,
          less: rightLess,
        });
      }
      if (rightLess) {
        // The right child comes up; the node keeps its left child and inherits the inner subtree.
        const up = right;
        right = this.rotate(node, up, RIGHT, parent, side);
        parent = up;
        side = LEFT;
      } else {
        const up = left;
        left = this.rotate(node, up, LEFT, parent, side);
        parent = up;
        side = RIGHT;
      }
    }
    this.splice(parent, side, left, right);
  }

  /** Hangs a leaving node's only child (or nothing) where the node hung under `parent`. */
  private splice(parent: number, side: number, left: number, right: number): void {
    const child = left !== NIL ? left : right;
    this.arena.setLink(parent, side, child);
    if (child !== NIL) this.arena.setLink(child, PARENT, parent);
  }

  /**
   * Rotates `up` (the child of `down` on `side`) above `down`, hanging it where `down` hung under
   * `grand`. Returns the inner subtree `down` inherits (its new child on `side`).
   */
  private rotate(down: number, up: number, side: number, grand: number, grandSide: number): number {
    const arena = this.arena;
    const other = opposite(side);
    this.swaps++;
    if (this.sink !== null) {
      this.sink.emit({ kind: 'rotate', node: down, direction: side === LEFT ? 'right' : 'left' });
    }
    const inner = arena.link(up, other);
    arena.setLink(down, side, inner);
    if (inner !== NIL) arena.setLink(inner, PARENT, down);
    arena.setLink(up, other, down);
    arena.setLink(down, PARENT, up);
    arena.setLink(up, PARENT, grand);
    arena.setLink(grand, grandSide, up);
    return inner;
  }

  /** Reads the item, reports it gone and frees its node. */
  private release(node: number): number {
    const item = this.arena.item(node);
    if (this.onHandle !== null) this.onHandle(item, NO_HANDLE);
    this.arena.free(node);
    return item;
  }

  private checkNode(node: number, op: string): void {
    if (!this.arena.isLive(node)) {
      throw new RangeError(
        this.arena.size === 0
          ? `${op}: the treap is empty`
          : `${op}: node ${node} holds no item of this treap`,
      );
    }
  }

  private begin(op: OpKind, node: number, key: number, item: number): void {
    if (this.opSink !== null) {
      this.opSink.emit({ kind: 'op-begin', op, index: this.opIndex, handle: node, key, item });
    }
  }

  private end(op: OpKind, node: number): void {
    if (this.opSink !== null) {
      this.opSink.emit({ kind: 'op-end', op, index: this.opIndex, handle: node });
    }
    this.opIndex++;
  }
}
