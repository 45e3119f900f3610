// Sedgewick's left-leaning red-black tree (2008), as jemalloc's rb_new: no parent links, so every
// operation goes down from the root and fixes colours on the way back up the recursion.

import type { QueueOptions } from '../queue';
import { LEFT, NIL, RIGHT, TAG } from './arena';
import { ArenaQueue } from './arenaQueue';

// A node's TAG is the colour of the link from its parent (the root's is black).
const RED = 1;
const BLACK = 0;

export class LlrbTree extends ArenaQueue {
  readonly kind = 'llrb' as const;
  /** The node the last deleteMin took out of its subtree (a second return value). */
  private detached = NIL;

  constructor(options: QueueOptions) {
    super(options, [LEFT, RIGHT, TAG], 'tree');
  }

  /** Sedgewick's deleteMin from the root, which then ends black. */
  protected detachMin(): number {
    const root = this.arena.link(NIL, LEFT);
    this.setRoot(root, this.deleteMin(root));
    return this.detached;
  }

  /**
   * Makes `node` a red leaf and inserts it; the root ends black. A reordered node is inserted
   * again as it is, with its new key.
   */
  protected attach(node: number, key: number): void {
    const arena = this.arena;
    // The node's links are garbage (a fresh or reused slot, or a node just taken out): reset them
    // first, as jemalloc's rbtn_new does, so the descent can hand the node back as a leaf.
    arena.setLink(node, LEFT, NIL);
    arena.setLink(node, RIGHT, NIL);
    arena.setLink(node, TAG, RED);
    const root = arena.link(NIL, LEFT);
    const top = this.insertAt(root, node, key);
    if (top !== root) arena.setLink(NIL, LEFT, top);
    arena.setLink(top, TAG, BLACK);
  }

  /**
   * Sedgewick's recursive insert (2-3 variant: split on the way up). A link is written back only
   * when the subtree's root changed: rewriting an unchanged link would be a store that an
   * iterative version (jemalloc's) never makes.
   */
  private insertAt(h: number, node: number, key: number): number {
    if (h === NIL) return node;
    const arena = this.arena;
    const side = this.precedes(node, key, h) ? LEFT : RIGHT;
    const child = arena.link(h, side);
    const top = this.insertAt(child, node, key);
    if (top !== child) arena.setLink(h, side, top);
    return this.balance(h);
  }

  /** Removes `node` from the tree (Sedgewick's delete by key), leaving it allocated. */
  protected detach(node: number): void {
    // The target's key is read once; the descent compares it with each node on the path, and
    // recognises the target itself by its number, which costs no access.
    const key = this.arena.key(node);
    const root = this.arena.link(NIL, LEFT);
    this.setRoot(root, this.deleteAt(root, node, key));
  }

  /**
   * The root is painted black after every removal, as in Sedgewick's 2008 code. The way down
   * needs no red root: a flip at a black root with black children makes all three red for a
   * moment, which is the same 4-node (Algorithms, 4th ed., paints the root red first instead).
   */
  private setRoot(old: number, top: number): void {
    if (top !== old) this.arena.setLink(NIL, LEFT, top);
    if (top !== NIL) this.arena.setLink(top, TAG, BLACK);
  }

  /** Sedgewick's deleteMin; the node taken out is left in `detached`. */
  private deleteMin(h: number): number {
    const arena = this.arena;
    const left = arena.link(h, LEFT);
    if (left === NIL) {
      // A node without a left child has no right child either (the right link would be red).
      this.detached = h;
      return NIL;
    }
    let child = left;
    if (!this.isRed(left) && !this.leftIsRed(left)) {
      const before = h;
      h = this.moveRedLeft(h, left);
      if (h !== before) child = before; // h went down, left of what rose
    }
    const top = this.deleteMin(child);
    if (top !== child) arena.setLink(h, LEFT, top);
    return this.balance(h);
  }

  /**
   * Sedgewick's delete of the node ordered at (key, target). Where he copies the successor's key
   * and value into the target, the successor node itself is detached and takes the target's
   * place, links and colour, so no item changes node.
   */
  private deleteAt(h: number, target: number, key: number): number {
    const arena = this.arena;
    const left = arena.link(h, LEFT);
    if (h !== target && this.precedes(target, key, h)) {
      let child = left;
      if (!this.isRed(left) && !this.leftIsRed(left)) {
        const before = h;
        h = this.moveRedLeft(h, left);
        if (h !== before) child = before; // h went down, left of what rose
      }
      const top = this.deleteAt(child, target, key);
      if (top !== child) arena.setLink(h, LEFT, top);
      return this.balance(h);
    }
    let right: number;
    if (this.isRed(left)) {
      right = h; // the rotation hangs h to the right of its left child
      h = this.rotateRight(h);
    } else {
      right = arena.link(h, RIGHT);
      // With no right child and a black left link, the target is a leaf.
      if (h === target && right === NIL) return NIL;
    }
    if (!this.isRed(right) && !this.leftIsRed(right)) {
      const before = h;
      h = this.moveRedRight(h, right);
      if (h !== before) right = before; // h's left child rose over it
    }
    if (h === target) {
      // No rotation happened at the target (each would have lifted another node over it), so
      // its left link is still the one read on the way in.
      const top = this.deleteMin(right);
      const successor = this.detached;
      arena.setLink(successor, LEFT, left);
      arena.setLink(successor, RIGHT, top);
      arena.setLink(successor, TAG, arena.link(h, TAG));
      h = successor;
    } else {
      const top = this.deleteAt(right, target, key);
      if (top !== right) arena.setLink(h, RIGHT, top);
    }
    return this.balance(h);
  }

  /**
   * Lean left, split a left-left pair, split a 4-node: the fix-up shared by insert and delete.
   * Each link and colour is loaded once, as compiled code keeps it in a register; a rotation's
   * outcome is known from what it wrote, so only the link it did not touch is read again.
   */
  private balance(h: number): number {
    const arena = this.arena;
    let left = arena.link(h, LEFT);
    let right = arena.link(h, RIGHT);
    let leftRed = this.isRed(left);
    let rightRed = this.isRed(right);
    if (rightRed && !leftRed) {
      left = h; // now red, under its old right child
      h = this.rotateLeft(h);
      leftRed = true;
      right = arena.link(h, RIGHT);
      rightRed = this.isRed(right);
    }
    if (leftRed) {
      const leftLeft = arena.link(left, LEFT);
      if (this.isRed(leftLeft)) {
        right = h; // now red, under its old left child, whose left is the red leftLeft
        h = this.rotateRight(h);
        left = leftLeft;
        rightRed = true;
      }
    }
    if (leftRed && rightRed) this.flip(h, left, right);
    return h;
  }

  /** h is red, its left and left-left black: borrow from the right sibling. */
  private moveRedLeft(h: number, left: number): number {
    const arena = this.arena;
    const right = arena.link(h, RIGHT);
    this.flip(h, left, right);
    const rightLeft = arena.link(right, LEFT);
    if (this.isRed(rightLeft)) {
      const down = h;
      arena.setLink(h, RIGHT, this.rotateRight(right));
      h = this.rotateLeft(h);
      // rightLeft has risen to the top, with the old h on its left and right on its right.
      this.flip(h, down, right);
    }
    return h;
  }

  /** h is red, its right and right-left black: borrow from the left sibling. */
  private moveRedRight(h: number, right: number): number {
    const arena = this.arena;
    const left = arena.link(h, LEFT);
    this.flip(h, left, right);
    const leftLeft = arena.link(left, LEFT);
    if (this.isRed(leftLeft)) {
      const down = h;
      h = this.rotateRight(h);
      // left has risen, with leftLeft on its left and the old h on its right.
      this.flip(h, leftLeft, down);
    }
    return h;
  }

  /** h's right child comes up; h moves down to its left and turns red. */
  private rotateLeft(h: number): number {
    const arena = this.arena;
    this.swaps++;
    if (this.sink !== null) this.sink.emit({ kind: 'rotate', node: h, direction: 'left' });
    const x = arena.link(h, RIGHT);
    arena.setLink(h, RIGHT, arena.link(x, LEFT));
    arena.setLink(x, LEFT, h);
    arena.setLink(x, TAG, arena.link(h, TAG));
    arena.setLink(h, TAG, RED);
    return x;
  }

  /** h's left child comes up; h moves down to its right and turns red. */
  private rotateRight(h: number): number {
    const arena = this.arena;
    this.swaps++;
    if (this.sink !== null) this.sink.emit({ kind: 'rotate', node: h, direction: 'right' });
    const x = arena.link(h, LEFT);
    arena.setLink(h, LEFT, arena.link(x, RIGHT));
    arena.setLink(x, RIGHT, h);
    arena.setLink(x, TAG, arena.link(h, TAG));
    arena.setLink(h, TAG, RED);
    return x;
  }

  /**
   * Toggles the colours of h and its two children (the caller has them in hand; both exist
   * wherever a flip is done), each a load and a store, as Sedgewick's `color = !color`.
   */
  private flip(h: number, left: number, right: number): void {
    const arena = this.arena;
    if (this.sink !== null) this.sink.emit({ kind: 'flip', node: h });
    arena.setLink(h, TAG, RED - arena.link(h, TAG));
    arena.setLink(left, TAG, RED - arena.link(left, TAG));
    arena.setLink(right, TAG, RED - arena.link(right, TAG));
  }

  /** NIL is black and is never read: node 0's fields belong to the header. */
  private isRed(node: number): boolean {
    return node !== NIL && this.arena.link(node, TAG) === RED;
  }

  private leftIsRed(node: number): boolean {
    return node !== NIL && this.isRed(this.arena.link(node, LEFT));
  }
}
