// The classic red-black tree with parent links and bottom-up (lazy) fix-up, as CLRS and BSD
// sys/tree.h write it (jemalloc's rb_old): the fix-up climbs only as far as the colours need.

import type { QueueOptions } from '../queue';
import { LEFT, NIL, PARENT, RIGHT, TAG } from './arena';
import { ArenaQueue } from './arenaQueue';

const RED = 1;
const BLACK = 0;

export class RbTree extends ArenaQueue {
  readonly kind = 'rb' as const;

  constructor(options: QueueOptions) {
    super(options, [LEFT, RIGHT, PARENT, TAG], 'tree');
  }

  /** Down the left links to the minimum, which then leaves as any node does. */
  protected detachMin(): number {
    const arena = this.arena;
    let node = arena.link(NIL, LEFT);
    for (let left = arena.link(node, LEFT); left !== NIL; left = arena.link(node, LEFT)) {
      node = left;
    }
    this.detach(node);
    return node;
  }

  /**
   * BSD RB_INSERT: descend by (key, node), hang the node as a red leaf, then fix up. A reordered
   * node goes in again the same way, as a red leaf.
   */
  protected attach(node: number, key: number): void {
    const arena = this.arena;
    let parent = NIL;
    let side = LEFT; // the header's LEFT holds the root
    for (let cur = arena.link(NIL, LEFT); cur !== NIL; cur = arena.link(cur, side)) {
      parent = cur;
      side = this.precedes(node, key, cur) ? LEFT : RIGHT;
    }
    arena.setLink(node, PARENT, parent);
    arena.setLink(node, LEFT, NIL);
    arena.setLink(node, RIGHT, NIL);
    arena.setLink(node, TAG, RED);
    arena.setLink(parent, side, node);
    this.insertFixup(node);
  }

  /**
   * BSD RB_INSERT_COLOR (CLRS RB-INSERT-FIXUP): a red uncle is a colour flip at the grandparent
   * and the climb goes on from there; a black uncle ends it with one or two rotations.
   */
  private insertFixup(node: number): void {
    const arena = this.arena;
    for (;;) {
      const parent = arena.link(node, PARENT);
      if (parent === NIL || arena.link(parent, TAG) !== RED) break;
      // A red parent is never the root, so the grandparent exists.
      const grand = arena.link(parent, PARENT);
      const parentSide = arena.link(grand, LEFT) === parent ? LEFT : RIGHT;
      const uncleSide = parentSide === LEFT ? RIGHT : LEFT;
      const uncle = arena.link(grand, uncleSide);
      if (uncle !== NIL && arena.link(uncle, TAG) === RED) {
        if (this.sink !== null) this.sink.emit({ kind: 'flip', node: grand });
        arena.setLink(uncle, TAG, BLACK);
        arena.setLink(parent, TAG, BLACK);
        arena.setLink(grand, TAG, RED);
        node = grand;
        continue;
      }
      let top = parent;
      if (arena.link(parent, uncleSide) === node) {
        // The inner grandchild: rotate it above its parent first, so the pair lines up.
        this.rotate(parent, parentSide);
        top = node;
      }
      arena.setLink(top, TAG, BLACK);
      arena.setLink(grand, TAG, RED);
      this.rotate(grand, uncleSide);
      break;
    }
    arena.setLink(arena.link(NIL, LEFT), TAG, BLACK);
  }

  /**
   * CLRS RB-DELETE: a node with two children is replaced by its successor node (relinked, not
   * copied). The position that lost a black is tracked as (child, parent), so a missing child
   * never has to be a sentinel node whose fields get written.
   */
  protected detach(node: number): void {
    const arena = this.arena;
    const left = arena.link(node, LEFT);
    const right = arena.link(node, RIGHT);
    let removedColour: number;
    let child: number;
    let parent: number;
    if (left === NIL || right === NIL) {
      child = left === NIL ? right : left;
      parent = arena.link(node, PARENT);
      removedColour = arena.link(node, TAG);
      this.transplant(node, parent, child);
    } else {
      let successor = right;
      for (let next = arena.link(right, LEFT); next !== NIL; next = arena.link(successor, LEFT)) {
        successor = next;
      }
      removedColour = arena.link(successor, TAG);
      child = arena.link(successor, RIGHT);
      if (successor === right) {
        parent = successor;
      } else {
        parent = arena.link(successor, PARENT);
        this.transplant(successor, parent, child);
        arena.setLink(successor, RIGHT, right);
        arena.setLink(right, PARENT, successor);
      }
      this.transplant(node, arena.link(node, PARENT), successor);
      arena.setLink(successor, LEFT, left);
      arena.setLink(left, PARENT, successor);
      arena.setLink(successor, TAG, arena.link(node, TAG));
    }
    if (removedColour === BLACK) this.deleteFixup(child, parent);
  }

  /** Puts `replacement` (maybe NIL) where `node` hangs under `parent` (NIL: the root). */
  private transplant(node: number, parent: number, replacement: number): void {
    const arena = this.arena;
    if (parent === NIL) arena.setLink(NIL, LEFT, replacement);
    else if (arena.link(parent, LEFT) === node) arena.setLink(parent, LEFT, replacement);
    else arena.setLink(parent, RIGHT, replacement);
    if (replacement !== NIL) arena.setLink(replacement, PARENT, parent);
  }

  /**
   * CLRS RB-DELETE-FIXUP: `child` (maybe NIL) under `parent` is one black short. `child` is the
   * root exactly when `parent` is NIL. When `child` is NIL its side is the parent's NIL link: the
   * sibling cannot also be NIL, since it carries the black height that was lost.
   */
  private deleteFixup(child: number, parent: number): void {
    const arena = this.arena;
    while (parent !== NIL && (child === NIL || arena.link(child, TAG) === BLACK)) {
      const side = arena.link(parent, LEFT) === child ? LEFT : RIGHT;
      const other = side === LEFT ? RIGHT : LEFT;
      let sibling = arena.link(parent, other);
      if (arena.link(sibling, TAG) === RED) {
        // Case 1: a red sibling is rotated up, so the new sibling is black.
        arena.setLink(sibling, TAG, BLACK);
        arena.setLink(parent, TAG, RED);
        this.rotate(parent, side);
        sibling = arena.link(parent, other);
      }
      const near = arena.link(sibling, side);
      const far = arena.link(sibling, other);
      if (!this.isRed(near) && !this.isRed(far)) {
        // Case 2: the sibling turns red and the shortage moves up one level.
        arena.setLink(sibling, TAG, RED);
        child = parent;
        parent = arena.link(child, PARENT);
        continue;
      }
      if (!this.isRed(far)) {
        // Case 3: the near nephew is rotated up to be the sibling, with a red far child.
        arena.setLink(near, TAG, BLACK);
        arena.setLink(sibling, TAG, RED);
        this.rotate(sibling, other);
        sibling = near;
      }
      // Case 4: the sibling rotates up over the parent and the lost black is restored; the tree
      // is whole and its root was not recoloured, so CLRS's final "x = root" write is skipped.
      arena.setLink(sibling, TAG, arena.link(parent, TAG));
      arena.setLink(parent, TAG, BLACK);
      arena.setLink(arena.link(sibling, other), TAG, BLACK);
      this.rotate(parent, side);
      return;
    }
    if (child !== NIL) arena.setLink(child, TAG, BLACK);
  }

  /**
   * Rotates `node` down toward `side` (LEFT: its right child comes up), as BSD RB_ROTATE_LEFT
   * and RB_ROTATE_RIGHT do, parent links included.
   */
  private rotate(node: number, side: number): void {
    const arena = this.arena;
    const other = side === LEFT ? RIGHT : LEFT;
    this.swaps++;
    if (this.sink !== null) {
      this.sink.emit({ kind: 'rotate', node, direction: side === LEFT ? 'left' : 'right' });
    }
    const up = arena.link(node, other);
    const inner = arena.link(up, side);
    arena.setLink(node, other, inner);
    if (inner !== NIL) arena.setLink(inner, PARENT, node);
    const parent = arena.link(node, PARENT);
    arena.setLink(up, PARENT, parent);
    if (parent === NIL) arena.setLink(NIL, LEFT, up);
    else if (arena.link(parent, LEFT) === node) arena.setLink(parent, LEFT, up);
    else arena.setLink(parent, RIGHT, up);
    arena.setLink(up, side, node);
    arena.setLink(node, PARENT, up);
  }

  /** NIL is black and is never read: node 0's fields belong to the header. */
  private isRed(node: number): boolean {
    return node !== NIL && this.arena.link(node, TAG) === RED;
  }
}
