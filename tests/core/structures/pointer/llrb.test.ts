// The left-leaning red-black tree: hand-derived access orders, and model-based properties after
// every operation (LLRB invariants, handles, minimum, memory bounds, event replay, checkpoints).

import { describe, expect, it } from 'vitest';
import { AccessLog, type MemoryObserver, NO_MEMORY } from '../../../../src/core/memory/observer';
import { LEFT, NIL, RIGHT, TAG } from '../../../../src/core/structures/pointer/arena';
import { LlrbTree } from '../../../../src/core/structures/pointer/llrb';
import { accesses } from '../queueTesting';
import { redBlackSuite } from './redBlackSuite';

const RED = 1;

function treeWith(
  keys: number[],
  memory: MemoryObserver = NO_MEMORY,
  nodeBytes = 40,
  capacity = keys.length + 4,
): LlrbTree {
  const tree = new LlrbTree({ capacity, memory, itemsPerPage: 512, nodeBytes });
  for (const [index, key] of keys.entries()) tree.insert(100 + index, key);
  return tree;
}

/** (key, node) pairs in order, with every LLRB invariant checked on the way (no memory access). */
function checkLlrb(tree: LlrbTree): number[] {
  const arena = tree.arena;
  const order: number[] = [];
  const seen = new Set<number>();
  const root = arena.peekLink(NIL, LEFT);
  if (root !== NIL && arena.peekLink(root, TAG) === RED) throw new Error(`root ${root} is red`);
  const blackHeight = (node: number): number => {
    if (node === NIL) return 0;
    if (seen.has(node)) throw new Error(`node ${node} is reached twice`);
    seen.add(node);
    const left = arena.peekLink(node, LEFT);
    const right = arena.peekLink(node, RIGHT);
    const red = arena.peekLink(node, TAG) === RED;
    if (right !== NIL && arena.peekLink(right, TAG) === RED) {
      throw new Error(`red right link from ${node} to ${right}`);
    }
    if (red && left !== NIL && arena.peekLink(left, TAG) === RED) {
      throw new Error(`two reds in a row at ${node} and ${left}`);
    }
    const leftHeight = blackHeight(left);
    order.push(node);
    const rightHeight = blackHeight(right);
    if (leftHeight !== rightHeight) {
      throw new Error(`black heights ${leftHeight} and ${rightHeight} differ under ${node}`);
    }
    return leftHeight + (red ? 0 : 1);
  };
  blackHeight(root);
  for (let index = 1; index < order.length; index++) {
    const [a, b] = [order[index - 1], order[index]];
    const [keyA, keyB] = [arena.peekKey(a), arena.peekKey(b)];
    if (!(keyA < keyB || (keyA === keyB && a < b))) {
      throw new Error(`in-order ${a} (${keyA}) before ${b} (${keyB})`);
    }
  }
  if (order.length !== tree.size) throw new Error(`${order.length} nodes for size ${tree.size}`);
  if (arena.peekLink(NIL, RIGHT) !== 0 || arena.peekLink(NIL, TAG) !== 0) {
    throw new Error('the header node was written beyond its LEFT field');
  }
  return order;
}

describe('LlrbTree: access order (40-byte nodes: node n is words 5n..5n+4)', () => {
  // Node n: key 5n, item 5n+1, LEFT 5n+2, RIGHT 5n+3, TAG 5n+4; the header's LEFT (the root) is
  // word 2.
  it('insert of a larger key hangs it right, rotates it up left, and moves the root pointer', () => {
    const log = new AccessLog();
    const tree = treeWith([30], log);
    const before = log.slots.length;
    expect(tree.insert(7, 50)).toBe(2);
    // alloc node 2: W10 W11; red leaf: W12 W13 W14. Root R2 = 1; compare R5 (50 > 30: right);
    // R8 = NIL, so node 2 hangs there: W8. balance(1) loads left R7 (NIL) and right R8 = 2, red
    // (R14): rotateLeft(1): x = R8, h.right = x.left (R12, W8), x.left = 1 (W12), x.tag = h.tag
    // (R9, W14), h red (W9). Now at 2: its left (1) is known red; right R13 is NIL; left-left R7
    // is NIL: no rotation, no flip. New root: W2, painted black: W14.
    expect(accesses(log, before)).toEqual([
      ...['W10', 'W11', 'W12', 'W13', 'W14', 'R2', 'R5', 'R8', 'W8'],
      ...['R7', 'R8', 'R14', 'R8', 'R12', 'W8', 'W12', 'R9', 'W14', 'W9'],
      ...['R13', 'R7', 'W2', 'W14'],
    ]);
    expect(tree.swaps).toBe(1);
    expect(tree.comparisons).toBe(1);
    expect(checkLlrb(tree)).toEqual([1, 2]);
  });

  it('popMin of a red left leaf unlinks it, repaints the root and frees the node', () => {
    const log = new AccessLog();
    const tree = treeWith([30, 50], log); // root 2 (50, black), red left child 1 (30)
    const before = log.slots.length;
    expect(tree.popMin()).toBe(100);
    // Root R2 = 2. deleteMin(2): its left R12 = 1 is red (R9): no moveRedLeft; deleteMin(1):
    // R7 NIL, so 1 is detached; 2.left = NIL (W12). balance(2) loads R12 and R13, both NIL.
    // Root unchanged, painted black W14. Item of 1 R6; free writes its first link W7.
    expect(accesses(log, before)).toEqual([
      ...['R2', 'R12', 'R9', 'R7', 'W12', 'R12', 'R13', 'W14', 'R6', 'W7'],
    ]);
    expect(checkLlrb(tree)).toEqual([2]);
  });
});

redBlackSuite({
  title: 'LlrbTree',
  make: (options) => new LlrbTree(options),
  check: (tree) => {
    if (!(tree instanceof LlrbTree)) throw new Error('the suite made another kind of tree');
    return checkLlrb(tree);
  },
  minNodeBytes: 40,
  nodeSizes: [40, 48, 64],
  invariants: 'LLRB',
  hasParent: false,
});
