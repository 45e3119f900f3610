// The classic red-black tree with parent links: hand-derived access orders, and model-based
// properties after every operation (invariants, handles, minimum, memory bounds, replay, checkpoints).

import { describe, expect, it } from 'vitest';
import { AccessLog, type MemoryObserver, NO_MEMORY } from '../../../../src/core/memory/observer';
import { LEFT, NIL, PARENT, RIGHT, TAG } from '../../../../src/core/structures/pointer/arena';
import { RbTree } from '../../../../src/core/structures/pointer/rbTree';
import { accesses } from '../queueTesting';
import { redBlackSuite } from './redBlackSuite';

const RED = 1;

function treeWith(
  keys: number[],
  memory: MemoryObserver = NO_MEMORY,
  nodeBytes = 48,
  capacity = keys.length + 4,
): RbTree {
  const tree = new RbTree({ capacity, memory, itemsPerPage: 512, nodeBytes });
  for (const [index, key] of keys.entries()) tree.insert(100 + index, key);
  return tree;
}

/** Nodes in order, with every red-black invariant checked on the way (no memory access). */
function checkRb(tree: RbTree): number[] {
  const arena = tree.arena;
  const order: number[] = [];
  const seen = new Set<number>();
  const root = arena.peekLink(NIL, LEFT);
  if (root !== NIL && arena.peekLink(root, TAG) === RED) throw new Error(`root ${root} is red`);
  if (root !== NIL && arena.peekLink(root, PARENT) !== NIL) throw new Error('root has a parent');
  const blackHeight = (node: number): number => {
    if (node === NIL) return 0;
    if (seen.has(node)) throw new Error(`node ${node} is reached twice`);
    seen.add(node);
    const red = arena.peekLink(node, TAG) === RED;
    const children = [arena.peekLink(node, LEFT), arena.peekLink(node, RIGHT)];
    for (const child of children) {
      if (child === NIL) continue;
      if (arena.peekLink(child, PARENT) !== node) {
        throw new Error(`child ${child} of ${node} names ${arena.peekLink(child, PARENT)}`);
      }
      if (red && arena.peekLink(child, TAG) === RED) {
        throw new Error(`red ${node} has a red child ${child}`);
      }
    }
    const leftHeight = blackHeight(children[0]);
    order.push(node);
    const rightHeight = blackHeight(children[1]);
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
  for (const field of [RIGHT, PARENT, TAG]) {
    if (arena.peekLink(NIL, field) !== 0) throw new Error('the header was written beyond LEFT');
  }
  return order;
}

describe('RbTree: access order (48-byte nodes: node n is words 6n..6n+5)', () => {
  // Node n: key 6n, item 6n+1, LEFT 6n+2, RIGHT 6n+3, PARENT 6n+4, TAG 6n+5; the header's LEFT
  // (the root) is word 2.
  it('insert of an inner grandchild rotates twice: at its parent, then at its grandparent', () => {
    const log = new AccessLog();
    const tree = treeWith([50, 30], log); // root 1 (50, black), red left child 2 (30)
    const before = log.slots.length;
    expect(tree.insert(7, 40)).toBe(3);
    // alloc node 3: W18 W19. Descent: R2 = 1, R6 (40 < 50: left) R8 = 2, R12 (40 > 30: right)
    // R15 = NIL. Red leaf under 2: parent W22, W20 W21, red W23, 2.right W15. Fix-up: parent R22
    // = 2 is red (R17); grandparent R16 = 1, R8: 2 is its left; uncle R9 NIL is black; R15: 3 is
    // the inner child, so rotate 2 left: up R15 = 3, inner R20 NIL, W15; 2's parent R16 = 1, W22;
    // R8 (2 was the left) W8; W20 (3.left = 2), W16 (2.parent = 3). 3 black W23, 1 red W11,
    // rotate 1 right: up R8 = 3, inner R21 NIL, W8; 1's parent R10 NIL: W22, root W2; W21
    // (3.right = 1), W10 (1.parent = 3). Root R2 = 3 painted black: W23.
    expect(accesses(log, before)).toEqual([
      ...['W18', 'W19', 'R2', 'R6', 'R8', 'R12', 'R15'],
      ...['W22', 'W20', 'W21', 'W23', 'W15'],
      ...['R22', 'R17', 'R16', 'R8', 'R9', 'R15'],
      ...['R15', 'R20', 'W15', 'R16', 'W22', 'R8', 'W8', 'W20', 'W16'],
      ...['W23', 'W11', 'R8', 'R21', 'W8', 'R10', 'W22', 'W2', 'W21', 'W10'],
      ...['R2', 'W23'],
    ]);
    expect(tree.swaps).toBe(2);
    expect(tree.comparisons).toBe(3);
    expect(checkRb(tree)).toEqual([2, 3, 1]);
  });

  it('popMin of a red leaf finds it by left links, unlinks it without fix-up and frees it', () => {
    const log = new AccessLog();
    const tree = treeWith([50, 30, 40], log); // root 3 (40, black), red 2 (30) and red 1 (50)
    const before = log.slots.length;
    expect(tree.popMin()).toBe(101);
    // Leftmost: R2 = 3, R20 = 2, R14 NIL. Delete 2: left R14 and right R15 are NIL; parent R16
    // = 3, colour R17 red; transplant: R20 (2 is 3's left) W20. A red node leaves: no fix-up.
    // Item of 2 R13; free writes its first link W14.
    expect(accesses(log, before)).toEqual([
      ...['R2', 'R20', 'R14', 'R14', 'R15', 'R16', 'R17', 'R20', 'W20', 'R13', 'W14'],
    ]);
    expect(checkRb(tree)).toEqual([3, 1]);
  });
});

redBlackSuite({
  title: 'RbTree',
  make: (options) => new RbTree(options),
  check: (tree) => {
    if (!(tree instanceof RbTree)) throw new Error('the suite made another kind of tree');
    return checkRb(tree);
  },
  minNodeBytes: 48,
  nodeSizes: [48, 56, 64],
  invariants: 'red-black',
  hasParent: true,
});
