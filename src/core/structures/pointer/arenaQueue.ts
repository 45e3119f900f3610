// What the pointer-based queues (sorted list, treap, red-black trees) share around their own
// algorithms: the arena, the counters, the op-begin/op-end bracket of each operation, handle checks.

import type { EventSink, OpKind } from '../../events';
import { type HandleCallback, NO_HANDLE, type PriorityQueue, type QueueOptions } from '../queue';
import { Arena, LEFT, NIL } from './arena';

/**
 * Every operation runs the same way in all of them: check, op-begin, the structure's own relinking,
 * then for a removal read the item, report it gone and free its node, and op-end. Only the
 * relinking (attach, detach, detachMin) is the subclass's, so the events and the accesses around
 * it come in one order whatever the structure.
 */
export abstract class ArenaQueue implements PriorityQueue {
  readonly arena: Arena;
  private opIndex = 0;
  comparisons = 0;
  /** Rotations (a list never moves a node). */
  swaps = 0;
  /** Receives every event, or null when the sink is off or takes only op-begin and op-end. */
  protected readonly sink: EventSink | null;
  private readonly opSink: EventSink | null;
  private readonly onHandle: HandleCallback | null;
  /** What the error messages call the structure: 'list', 'treap', 'tree'. */
  private readonly noun: string;

  /** `fields`: the link fields the nodes have, in address order (see Arena). */
  constructor(options: QueueOptions, fields: readonly number[], noun: string) {
    this.opSink = options.sink ?? null;
    this.sink = options.sinkOpsOnly ? null : this.opSink;
    this.onHandle = options.onHandle ?? null;
    this.noun = noun;
    this.arena = new Arena({
      capacity: options.capacity,
      fields,
      nodeBytes: options.nodeBytes ?? 48,
      memory: options.memory,
      sink: this.sink,
    });
  }

  get size(): number {
    return this.arena.size;
  }

  get operations(): number {
    return this.opIndex;
  }

  /** Every field read or write so far, counted by the arena. */
  get accesses(): number {
    return this.arena.accesses;
  }

  peekKey(): number {
    const node = this.peekMinNode();
    if (node === NIL) throw new RangeError(`peek on an empty ${this.noun}`);
    return this.arena.peekKey(node);
  }

  insert(item: number, key: number): number {
    const arena = this.arena;
    if (arena.size >= arena.capacity) {
      throw new RangeError(`${this.noun} is full (capacity ${arena.capacity})`);
    }
    this.begin('insert', NO_HANDLE, key, item);
    const node = arena.alloc(item, key);
    if (this.onHandle !== null) this.onHandle(item, node);
    this.attach(node, key, true);
    this.end('insert', node);
    return node;
  }

  popMin(): number {
    const arena = this.arena;
    const peeked = this.peekMinNode();
    if (peeked === NIL) throw new RangeError(`popMin on an empty ${this.noun}`);
    this.begin('popMin', peeked, arena.peekKey(peeked), arena.peekItem(peeked));
    const item = this.release(this.detachMin());
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

  /** Takes the node out, rewrites its key and attaches the same node again: the handle holds. */
  reorder(node: number, key: number): number {
    this.checkNode(node, 'reorder');
    this.begin('reorder', node, key, this.arena.peekItem(node));
    this.detach(node);
    this.arena.setKey(node, key);
    this.attach(node, key, false);
    this.end('reorder', node);
    return node;
  }

  checkpoint(): () => void {
    const arena = this.arena.snapshot();
    const { opIndex, comparisons, swaps } = this;
    const restoreExtra = this.saveExtra();
    return () => {
      this.arena.restore(arena);
      this.opIndex = opIndex;
      this.comparisons = comparisons;
      this.swaps = swaps;
      restoreExtra();
    };
  }

  /**
   * Links an allocated node holding `key` into the structure. `fresh`: it was just allocated by
   * an insert, rather than taken out by a reorder.
   */
  protected abstract attach(node: number, key: number, fresh: boolean): void;

  /** Takes a node out of the structure, leaving it allocated. */
  protected abstract detach(node: number): void;

  /** Takes the minimum's node out of the structure, leaving it allocated; returns it. */
  protected abstract detachMin(): number;

  /** State of the subclass's own beyond the arena and the counters; the result restores it. */
  protected saveExtra(): () => void {
    return () => {};
  }

  /**
   * The minimum's node (NIL when empty), followed without memory accesses: for peeks and the
   * op-begin of a popMin. Here the leftmost node of a tree whose root is the header's LEFT.
   */
  protected peekMinNode(): number {
    const arena = this.arena;
    let node = arena.peekLink(NIL, LEFT);
    if (node === NIL) return NIL;
    for (let left = arena.peekLink(node, LEFT); left !== NIL; left = arena.peekLink(node, LEFT)) {
      node = left;
    }
    return node;
  }

  /**
   * Is (key, node) before (key of other, other)? Reads the other node's key. Node numbers break
   * ties: comparing them is free, they are the pointers themselves.
   */
  protected precedes(node: number, key: number, other: number): boolean {
    const otherKey = this.arena.key(other);
    this.comparisons++;
    const less = key < otherKey || (key === otherKey && node < other);
    if (this.sink !== null) {
      this.sink.emit({
        kind: 'node-compare',
        what: 'key',
        node,
        other,
        value: key,
        otherValue: otherKey,
        less,
      });
    }
    return less;
  }

  /** Reads the item of a node that has left the structure, reports it gone and frees the node. */
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
          ? `${op}: the ${this.noun} is empty`
          : `${op}: node ${node} holds no item of this ${this.noun}`,
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
