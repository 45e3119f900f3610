// Asterisk's scheduler queue before the 2009 heap patch (seed 002): a sorted doubly linked list
// in the arena, walked from the head on every insert, so the cost of an insert is its rank.

import { Arena, LEFT, NIL, RIGHT } from './arena';
import type { EventSink, OpKind } from './events';
import { type HandleCallback, NO_HANDLE, type PriorityQueue, type QueueOptions } from './queue';

// The list reuses the arena's first two link fields: LEFT is `next`, RIGHT is `prev`. Header node
// 0 is the sentinel of a circular list (its next is the head, its prev the tail), so unlinking and
// linking never need a special case for the ends.
const NEXT = LEFT;
const PREV = RIGHT;

export class SortedList implements PriorityQueue {
  readonly kind = 'list' as const;
  readonly arena: Arena;
  private opIndex = 0;
  comparisons = 0;
  /** A list relinks nodes and never moves one: always 0. */
  readonly swaps = 0;
  private readonly sink: EventSink | null;
  private readonly opSink: EventSink | null;
  private readonly onHandle: HandleCallback | null;

  constructor(options: QueueOptions) {
    this.opSink = options.sink ?? null;
    this.sink = options.sinkOpsOnly ? null : this.opSink;
    this.onHandle = options.onHandle ?? null;
    this.arena = new Arena({
      capacity: options.capacity,
      fields: [NEXT, PREV],
      nodeBytes: options.nodeBytes ?? 48,
      memory: options.memory,
      sink: this.sink,
    });
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
    const head = this.arena.peekLink(NIL, NEXT);
    if (head === NIL) throw new RangeError('peek on an empty list');
    return this.arena.peekKey(head);
  }

  insert(item: number, key: number): number {
    if (this.arena.size >= this.arena.capacity) {
      throw new RangeError(`list is full (capacity ${this.arena.capacity})`);
    }
    this.begin('insert', NO_HANDLE, key, item);
    const node = this.arena.alloc(item, key);
    if (this.onHandle !== null) this.onHandle(item, node);
    this.linkBefore(node, this.findSuccessor(node, key));
    this.end('insert', node);
    return node;
  }

  popMin(): number {
    const arena = this.arena;
    const peeked = arena.peekLink(NIL, NEXT);
    if (peeked === NIL) throw new RangeError('popMin on an empty list');
    this.begin('popMin', peeked, arena.peekKey(peeked), arena.peekItem(peeked));
    const head = arena.link(NIL, NEXT);
    const item = this.remove(head);
    this.end('popMin', NO_HANDLE);
    return item;
  }

  delete(node: number): number {
    this.checkNode(node, 'delete');
    this.begin('delete', node, this.arena.peekKey(node), this.arena.peekItem(node));
    const item = this.remove(node);
    this.end('delete', NO_HANDLE);
    return item;
  }

  /** Unlinks the node, rewrites its key, and walks from the head again, as an insert does. */
  reorder(node: number, key: number): number {
    this.checkNode(node, 'reorder');
    this.begin('reorder', node, key, this.arena.peekItem(node));
    this.unlink(node);
    this.arena.setKey(node, key);
    this.linkBefore(node, this.findSuccessor(node, key));
    this.end('reorder', node);
    return node;
  }

  checkpoint(): () => void {
    const arena = this.arena.snapshot();
    const opIndex = this.opIndex;
    const comparisons = this.comparisons;
    return () => {
      this.arena.restore(arena);
      this.opIndex = opIndex;
      this.comparisons = comparisons;
    };
  }

  /**
   * The first node whose key is strictly greater than `key` (the sentinel if none), reading each
   * key on the way: equal keys are passed, so ties leave in the order they were inserted.
   */
  private findSuccessor(node: number, key: number): number {
    const arena = this.arena;
    const sink = this.sink;
    let cur = arena.link(NIL, NEXT);
    while (cur !== NIL) {
      const curKey = arena.key(cur);
      this.comparisons++;
      const less = key < curKey;
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
      if (less) break;
      cur = arena.link(cur, NEXT);
    }
    return cur;
  }

  /** Splices `node` in before `stop` (the sentinel 0 appends at the tail). */
  private linkBefore(node: number, stop: number): void {
    const arena = this.arena;
    const prev = arena.link(stop, PREV);
    arena.setLink(node, PREV, prev);
    arena.setLink(node, NEXT, stop);
    arena.setLink(prev, NEXT, node);
    arena.setLink(stop, PREV, node);
  }

  private unlink(node: number): void {
    const arena = this.arena;
    const next = arena.link(node, NEXT);
    const prev = arena.link(node, PREV);
    arena.setLink(prev, NEXT, next);
    arena.setLink(next, PREV, prev);
  }

  /** Unlinks and frees the node; returns its item (read before the node goes back). */
  private remove(node: number): number {
    this.unlink(node);
    const item = this.arena.item(node);
    if (this.onHandle !== null) this.onHandle(item, NO_HANDLE);
    this.arena.free(node);
    return item;
  }

  private checkNode(node: number, op: string): void {
    if (!this.arena.isLive(node)) {
      throw new RangeError(
        this.arena.size === 0
          ? `${op}: the list is empty`
          : `${op}: node ${node} holds no item of this list`,
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
