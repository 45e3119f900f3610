// Jason Evans' trp_prng treap (seed 001): a binary search tree on (key, node) and a min-heap on
// priorities from its own xorshift32, not the keys' random(3): a random shape whatever the keys.

import type { QueueOptions } from '../queue';
import { LEFT, NIL, PARENT, RIGHT, TAG } from './arena';
import { ArenaQueue } from './arenaQueue';
import { Xorshift32 } from './xorshift32';

/** The link on the other side: the one a rotation hands over to the node that moves down. */
function opposite(side: number): number {
  return side === LEFT ? RIGHT : LEFT;
}

export class Treap extends ArenaQueue {
  readonly kind = 'treap' as const;
  private readonly random: Xorshift32;

  constructor(options: QueueOptions) {
    super(options, [LEFT, RIGHT, PARENT, TAG], 'treap');
    this.random = new Xorshift32(options.prioritySeed ?? 1);
  }

  /** The leftmost node has no left child: its right subtree (if any) takes its place. */
  protected detachMin(): number {
    const arena = this.arena;
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
    return node;
  }

  /** The priority generator's state goes back with the tree. */
  protected override saveExtra(): () => void {
    const randomState = this.random.state;
    return () => {
      this.random.state = randomState;
    };
  }

  /**
   * A fresh node draws its priority (a reordered one keeps its number and priority); then walks
   * down from the root by (key, node), hangs the node as a leaf, and rotates it up while its
   * priority is strictly smaller than its parent's.
   */
  protected attach(node: number, key: number, fresh: boolean): void {
    const arena = this.arena;
    const sink = this.sink;
    if (fresh) arena.setLink(node, TAG, this.random.next());
    let parent = NIL;
    let side = LEFT; // the header's LEFT is the root
    let cur = arena.link(NIL, LEFT);
    while (cur !== NIL) {
      parent = cur;
      side = this.precedes(node, key, cur) ? LEFT : RIGHT;
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
  protected detach(node: number): void {
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
}
