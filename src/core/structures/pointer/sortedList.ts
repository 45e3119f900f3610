// Asterisk's scheduler queue before the 2009 heap patch (seed 002): a sorted doubly linked list
// in the arena, walked from the head on every insert, so the cost of an insert is its rank.

import type { QueueOptions } from '../queue';
import { LEFT, NIL, RIGHT } from './arena';
import { ArenaQueue } from './arenaQueue';

// The list reuses the arena's first two link fields: LEFT is `next`, RIGHT is `prev`. Header node
// 0 is the sentinel of a circular list (its next is the head, its prev the tail), so unlinking and
// linking never need a special case for the ends.
const NEXT = LEFT;
const PREV = RIGHT;

export class SortedList extends ArenaQueue {
  readonly kind = 'list' as const;
  /** A list relinks nodes and never moves one: always 0. */
  override readonly swaps = 0;

  constructor(options: QueueOptions) {
    super(options, [NEXT, PREV], 'list');
  }

  /** The head, without a memory access. */
  protected override peekMinNode(): number {
    return this.arena.peekLink(NIL, NEXT);
  }

  /** Walks from the head and splices the node in: a reorder walks all the way again too. */
  protected attach(node: number, key: number): void {
    this.linkBefore(node, this.findSuccessor(node, key));
  }

  protected detach(node: number): void {
    const arena = this.arena;
    const next = arena.link(node, NEXT);
    const prev = arena.link(node, PREV);
    arena.setLink(prev, NEXT, next);
    arena.setLink(next, PREV, prev);
  }

  protected detachMin(): number {
    const head = this.arena.link(NIL, NEXT);
    this.detach(head);
    return head;
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
}
