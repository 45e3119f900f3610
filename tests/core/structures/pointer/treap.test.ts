import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink, type SimEvent } from '../../../../src/core/events';
import { AccessLog, type MemoryObserver, NO_MEMORY } from '../../../../src/core/memory/observer';
import {
  LEFT,
  LINK_FIELDS,
  NIL,
  PARENT,
  RIGHT,
  TAG,
} from '../../../../src/core/structures/pointer/arena';
import { Treap } from '../../../../src/core/structures/pointer/treap';
import { Xorshift32 } from '../../../../src/core/structures/pointer/xorshift32';
import { GlibcRandom } from '../../../../src/core/workloads/random';
import {
  accesses,
  expectCheckpointRestores,
  ModelHarness,
  mirrorEvents,
  PICK_OP,
  type PickOp,
  pickWorkload,
} from '../queueTesting';

// new Xorshift32(1): the first six outputs, the priorities of the first six inserts (worked by
// hand in random.test.ts). Their order is what the hand-worked examples below rest on:
// P4 < P1 < P5 < P6 < P2 < P3.
const P1 = 679752476;
const P2 = 1913858463;
const P3 = 1933218815;
const P4 = 166402301;
const P5 = 879050087;
const P6 = 1794327795;

/** Fails the run on the first word outside the arena (header plus `capacity` nodes). */
class BoundedMemory implements MemoryObserver {
  count = 0;
  constructor(private readonly words: number) {}
  read(word: number): void {
    this.check(word);
  }
  write(word: number): void {
    this.check(word);
  }
  private check(word: number): void {
    this.count++;
    if (!Number.isInteger(word) || word < 0 || word >= this.words) {
      throw new Error(`access to word ${word} outside the arena's ${this.words} words`);
    }
  }
}

function treapOf(memory: MemoryObserver, capacity = 8, sink: ArraySink | null = null): Treap {
  return new Treap({ capacity, memory, itemsPerPage: 512, sink });
}

/** Nodes in order, following links without memory accesses. */
function inOrder(treap: Treap): number[] {
  const arena = treap.arena;
  const nodes: number[] = [];
  const stack: number[] = [];
  let node = arena.peekLink(NIL, LEFT);
  while (node !== NIL || stack.length > 0) {
    while (node !== NIL) {
      stack.push(node);
      if (stack.length > arena.capacity) throw new Error('the child links form a cycle');
      node = arena.peekLink(node, LEFT);
    }
    node = stack.pop()!;
    nodes.push(node);
    if (nodes.length > arena.capacity) throw new Error('the child links reach a node twice');
    node = arena.peekLink(node, RIGHT);
  }
  return nodes;
}

/** The treap's own invariants; returns its nodes in order. */
function checkInvariants(treap: Treap): number[] {
  const arena = treap.arena;
  const nodes = inOrder(treap);
  for (let i = 1; i < nodes.length; i++) {
    const [a, b] = [nodes[i - 1], nodes[i]];
    const [keyA, keyB] = [arena.peekKey(a), arena.peekKey(b)];
    expect(keyA < keyB || (keyA === keyB && a < b)).toBe(true);
  }
  const root = arena.peekLink(NIL, LEFT);
  if (root !== NIL) expect(arena.peekLink(root, PARENT)).toBe(NIL);
  for (const node of nodes) {
    for (const side of [LEFT, RIGHT]) {
      const child = arena.peekLink(node, side);
      if (child === NIL) continue;
      expect(arena.peekLink(child, PARENT)).toBe(node);
      expect(arena.peekLink(child, TAG)).toBeGreaterThanOrEqual(arena.peekLink(node, TAG));
    }
  }
  expect(new Set(nodes).size).toBe(nodes.length);
  expect(nodes.length).toBe(treap.size);
  expect(arena.size).toBe(treap.size);
  return nodes;
}

// 48-byte nodes, six words: key 6n, item 6n+1, left 6n+2, right 6n+3, parent 6n+4, tag 6n+5.
// The header's left (the root) is word 2. Node 1: words 6-11, node 2: 12-17, node 3: 18-23,
// node 4: 24-29, node 5: 30-35, node 6: 36-41.
describe('Treap: access order (hand-worked, priority seed 1)', () => {
  /** Items 70..75 get nodes 1..6 with these keys (priorities P1..P6). */
  const KEYS = [500, 300, 400, 700, 200, 600];

  /**
   * The first `count` inserts. 1, 2, 3: node 1 (500) the root, node 2 (300) its left child, node
   * 3 (400) node 2's right child; P1 < P2 < P3, so none rotates. 4 (700) rotates to the root
   * and 5 (200) rotates once (the tests below), giving: node 4 the root, node 1 its left child,
   * node 5 node 1's left, node 2 node 5's right, node 3 node 2's right.
   */
  function grown(log: AccessLog, count: number): Treap {
    const treap = treapOf(log);
    for (let i = 0; i < count; i++) treap.insert(70 + i, KEYS[i]);
    return treap;
  }

  it('insert into an empty treap: alloc, priority, read the root (0), hang it at the root', () => {
    const log = new AccessLog();
    const treap = treapOf(log);
    expect(treap.insert(70, 500)).toBe(1);
    // W6 W7 alloc; W11 priority; R2 root is 0. W2 root = 1; W10 parent, W8 left, W9 right.
    expect(accesses(log)).toEqual(['W6', 'W7', 'W11', 'R2', 'W2', 'W10', 'W8', 'W9']);
    expect(treap.arena.peekLink(1, TAG)).toBe(P1);
    expect(treap.comparisons).toBe(0);
  });

  it("inserts whose priorities are larger than their parents' stay leaves", () => {
    const treap = grown(new AccessLog(), 3);
    expect([1, 2, 3].map((node) => treap.arena.peekLink(node, TAG))).toEqual([P1, P2, P3]);
    expect(P1 < P2 && P2 < P3).toBe(true);
    expect(treap.arena.peekLink(NIL, LEFT)).toBe(1);
    expect(treap.arena.peekLink(1, LEFT)).toBe(2);
    expect(treap.arena.peekLink(2, RIGHT)).toBe(3);
    expect(treap.swaps).toBe(0);
    // Node 2: one key and one priority comparison; node 3: two keys, one priority.
    expect(treap.comparisons).toBe(2 + 3);
  });

  it('insert whose smaller priority rotates it above its parent to the root', () => {
    const log = new AccessLog();
    const treap = grown(log, 3);
    const before = log.slots.length;
    expect(treap.insert(73, 700)).toBe(4);
    // W24 W25 alloc node 4, W29 P4. Walk: R2 root 1, R6 key 500: (700, 4) is not smaller, R9
    // node 1's right is 0. Hang: W9 node 1's right = 4, W28 W26 W27. Up: R29 P4, R11 P1: P4 < P1,
    // rotate left at node 1: R10 its parent (0: the header, no side to read), R26 node 4's left
    // (the inner subtree, 0), W9 node 1's right = 0, W26 node 4's left = 1, W10 node 1's
    // parent = 4, W28 node 4's parent = 0, W2 root = 4. Its parent is now 0: done.
    expect(accesses(log, before)).toEqual([
      ...['W24', 'W25', 'W29'],
      ...['R2', 'R6', 'R9'],
      ...['W9', 'W28', 'W26', 'W27'],
      ...['R29', 'R11', 'R10'],
      ...['R26', 'W9', 'W26', 'W10', 'W28', 'W2'],
    ]);
    expect(treap.arena.peekLink(NIL, LEFT)).toBe(4);
    expect(treap.arena.peekLink(4, LEFT)).toBe(1);
    expect(treap.arena.peekLink(1, RIGHT)).toBe(NIL);
    expect(treap.swaps).toBe(1);
    expect(treap.comparisons).toBe(5 + 2);
  });

  it('insert that rotates once below the root, then stops at a smaller priority', () => {
    const log = new AccessLog();
    const treap = grown(log, 4);
    const before = log.slots.length;
    expect(treap.insert(74, 200)).toBe(5);
    // W30 W31 alloc node 5, W35 P5. Walk: R2 root 4, R24 key 700: 200 is smaller, R26 its left
    // (1); R6 key 500: smaller, R8 node 1's left (2); R12 key 300: smaller, R14 node 2's left
    // (0). Hang left of 2: W14 W34 W32 W33. Up: R35 P5, R17 P2: P5 < P2, so rotate right at 2:
    // R16 its parent (1), R8 node 1's left (2, so node 5 hangs on the left); R33 inner (node 5's
    // right, 0), W14 node 2's left = 0, W33 node 5's right = 2, W16 node 2's parent = 5, W34
    // node 5's parent = 1, W8 node 1's left = 5. Up: R35 P5, R11 P1: not smaller, done.
    expect(accesses(log, before)).toEqual([
      ...['W30', 'W31', 'W35'],
      ...['R2', 'R24', 'R26', 'R6', 'R8', 'R12', 'R14'],
      ...['W14', 'W34', 'W32', 'W33'],
      ...['R35', 'R17', 'R16', 'R8'],
      ...['R33', 'W14', 'W33', 'W16', 'W34', 'W8'],
      ...['R35', 'R11'],
    ]);
    expect(inOrder(treap)).toEqual([5, 2, 3, 1, 4]);
    expect(treap.arena.peekLink(1, LEFT)).toBe(5);
    expect(treap.arena.peekLink(5, RIGHT)).toBe(2);
    expect(treap.arena.peekLink(2, RIGHT)).toBe(3);
    expect(treap.swaps).toBe(2);
    checkInvariants(treap);
  });

  it('popMin follows left links to the leftmost node, splices its right subtree in, frees it', () => {
    const log = new AccessLog();
    const treap = grown(log, 5);
    const before = log.slots.length;
    expect(treap.popMin()).toBe(74);
    // R2 root 4, R26 its left (1), R8 node 1's left (5), R32 node 5's left (0): node 5 is the
    // minimum; R33 its right (2). W8 node 1's left = 2, W16 node 2's parent = 1. R31 item; W32
    // free (the first link word threads the free list).
    expect(accesses(log, before)).toEqual([
      ...['R2', 'R26', 'R8', 'R32', 'R33'],
      ...['W8', 'W16'],
      ...['R31', 'W32'],
    ]);
    expect(treap.accesses).toBe(log.slots.length);
    expect(treap.arena.peekLink(1, LEFT)).toBe(2);
    expect(inOrder(treap)).toEqual([2, 3, 1, 4]);
    expect(treap.comparisons).toBe(5 + 2 + 5 + 0); // popMin compares nothing
    checkInvariants(treap);
  });

  it('delete rotates a node with two children towards the smaller priority, then splices it', () => {
    const log = new AccessLog();
    const treap = grown(log, 5);
    // Node 6 (600): left of node 4 (700), right of node 1 (500), where it hangs as a leaf;
    // P6 > P1, no rotation. Node 1 now has two children, 5 and 6.
    expect(treap.insert(75, 600)).toBe(6);
    expect([treap.arena.peekLink(1, LEFT), treap.arena.peekLink(1, RIGHT)]).toEqual([5, 6]);
    expect(treap.arena.peekLink(6, TAG)).toBe(P6);
    expect(P5 < P6 && P6 < P2).toBe(true);
    const before = log.slots.length;
    const swaps = treap.swaps;
    expect(treap.delete(1)).toBe(70);
    // R10 node 1's parent (4), R26 node 4's left (1: node 1 hangs on the left); R8 left (5), R9
    // right (6). R35 P5, R41 P6: P5 is smaller, so node 5 comes up, a right rotation at 1: R33
    // inner (node 5's right, 2), W8 node 1's left = 2, W16 node 2's parent = 1, W33 node 5's
    // right = 1, W10 node 1's parent = 5, W34 node 5's parent = 4, W26 node 4's left = 5.
    // Node 1 still has two children, 2 and 6: R17 P2, R41 P6: P6 is smaller, so node 6 comes
    // up, a left rotation at 1: R38 inner (node 6's left, 0), W9 node 1's right = 0, W38 node
    // 6's left = 1, W10 node 1's parent = 6, W40 node 6's parent = 5, W33 node 5's right = 6.
    // Node 1 has only node 2 left: W38 node 6's left = 2, W16 node 2's parent = 6. R7 item, W8
    // free.
    expect(accesses(log, before)).toEqual([
      ...['R10', 'R26', 'R8', 'R9'],
      ...['R35', 'R41'],
      ...['R33', 'W8', 'W16', 'W33', 'W10', 'W34', 'W26'],
      ...['R17', 'R41'],
      ...['R38', 'W9', 'W38', 'W10', 'W40', 'W33'],
      ...['W38', 'W16'],
      ...['R7', 'W8'],
    ]);
    expect(treap.swaps - swaps).toBe(2);
    expect(inOrder(treap)).toEqual([5, 2, 3, 6, 4]);
    expect(treap.arena.peekLink(NIL, LEFT)).toBe(4);
    expect(treap.arena.peekLink(4, LEFT)).toBe(5);
    expect(treap.arena.peekLink(5, RIGHT)).toBe(6);
    expect(treap.arena.peekLink(6, LEFT)).toBe(2);
    checkInvariants(treap);
  });
});

describe('Treap: priorities, ties, counters and events', () => {
  it('draws one priority per insert from xorshift32(prioritySeed), none on reorder', () => {
    const treap = new Treap({ capacity: 8, memory: NO_MEMORY, itemsPerPage: 512, prioritySeed: 5 });
    const reference = new Xorshift32(5);
    const a = treap.insert(80, 30);
    const b = treap.insert(81, 10);
    treap.reorder(a, 5);
    const c = treap.insert(82, 20);
    expect([a, b, c].map((node) => treap.arena.peekLink(node, TAG))).toEqual([
      reference.next(),
      reference.next(),
      reference.next(),
    ]);
    const defaultSeed = treapOf(NO_MEMORY);
    defaultSeed.insert(80, 30);
    expect(defaultSeed.arena.peekLink(1, TAG)).toBe(P1);
    // Not random(3): with equal seeds its values would be the workload's keys.
    expect(P1).not.toBe(new GlibcRandom(1).next());
  });

  it('equal keys are ordered by node number, so popMin takes the lower node first', () => {
    const treap = treapOf(NO_MEMORY);
    const nodes = [7, 7, 7, 3].map((key, i) => treap.insert(90 + i, key));
    expect(nodes).toEqual([1, 2, 3, 4]);
    expect(inOrder(treap)).toEqual([4, 1, 2, 3]);
    expect([treap.popMin(), treap.popMin(), treap.popMin(), treap.popMin()]).toEqual([
      93, 90, 91, 92,
    ]);
  });

  it('reorder keeps the node and its priority and moves it to its new place in key order', () => {
    const treap = treapOf(NO_MEMORY);
    for (const [item, key] of [40, 10, 30, 20, 50].entries()) treap.insert(item + 60, key);
    const priority = treap.arena.peekLink(5, TAG);
    expect(treap.reorder(5, 15)).toBe(5);
    expect(treap.arena.peekLink(5, TAG)).toBe(priority);
    expect(inOrder(treap).map((node) => treap.arena.peekKey(node))).toEqual([10, 15, 20, 30, 40]);
    checkInvariants(treap);
  });

  it('emits one node-compare per comparison and one rotate per rotation, inside op events', () => {
    const sink = new ArraySink();
    const treap = treapOf(NO_MEMORY, 32, sink);
    const random = new GlibcRandom(3);
    const nodes = Array.from({ length: 20 }, (_, i) => treap.insert(100 + i, random.below(6)));
    treap.reorder(nodes[4], 2);
    treap.delete(nodes[7]);
    treap.popMin();
    const kinds = sink.events.map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'node-compare').length).toBe(treap.comparisons);
    expect(kinds.filter((kind) => kind === 'rotate').length).toBe(treap.swaps);
    expect(treap.swaps).toBeGreaterThan(0);
    expect(kinds.filter((kind) => kind === 'op-begin').length).toBe(treap.operations);
    let open = false;
    for (const event of sink.events) {
      if (event.kind === 'op-begin') {
        expect(open).toBe(false);
        open = true;
      } else if (event.kind === 'op-end') {
        open = false;
      } else {
        expect(open).toBe(true);
      }
    }
  });

  it('op events carry 0 / the new node for insert, the minimum for popMin, the named node else', () => {
    const sink = new ArraySink();
    const treap = treapOf(NO_MEMORY, 8, sink);
    const a = treap.insert(60, 8);
    const b = treap.insert(61, 2);
    treap.insert(62, 5);
    treap.reorder(a, 1);
    treap.delete(b);
    treap.popMin();
    const ops = sink.events.filter(
      (event): event is Extract<SimEvent, { kind: 'op-begin' | 'op-end' }> =>
        event.kind === 'op-begin' || event.kind === 'op-end',
    );
    expect(ops.map((event) => [event.kind, event.handle])).toEqual([
      ['op-begin', 0],
      ['op-end', a],
      ['op-begin', 0],
      ['op-end', b],
      ['op-begin', 0],
      ['op-end', 3],
      ['op-begin', a],
      ['op-end', a],
      ['op-begin', b],
      ['op-end', 0],
      ['op-begin', a],
      ['op-end', 0],
    ]);
  });

  it('a rotate event names the node that moves down; a priority compare names both nodes', () => {
    const sink = new ArraySink();
    const treap = treapOf(NO_MEMORY, 8, sink);
    // The hand-worked fixture above: nodes 1 (500), 2 (300), 3 (400) never rotate (P1 < P2 < P3).
    for (const [index, key] of [500, 300, 400].entries()) treap.insert(70 + index, key);
    const from = sink.events.length;
    // Node 4 (700) hangs right of the root 1 and rotates left at it (P4 < P1); node 5 (200)
    // hangs left of node 2 and rotates right at it (P5 < P2), then stops below node 1 (P1 < P5).
    treap.insert(73, 700);
    treap.insert(74, 200);
    const steps = sink.events
      .slice(from)
      .filter((event) => event.kind === 'rotate' || event.kind === 'node-compare');
    const key = (node: number, other: number, value: number, otherValue: number, less: boolean) =>
      ({ kind: 'node-compare', what: 'key', node, other, value, otherValue, less }) as const;
    const priority = (node: number, other: number, value: number, otherValue: number) =>
      ({
        kind: 'node-compare',
        what: 'priority',
        node,
        other,
        value,
        otherValue,
        less: value < otherValue,
      }) as const;
    expect(steps).toEqual([
      key(4, 1, 700, 500, false),
      priority(4, 1, P4, P1),
      { kind: 'rotate', node: 1, direction: 'left' },
      key(5, 4, 200, 700, true),
      key(5, 1, 200, 500, true),
      key(5, 2, 200, 300, true),
      priority(5, 2, P5, P2),
      { kind: 'rotate', node: 2, direction: 'right' },
      priority(5, 1, P5, P1),
    ]);
    expect([P4 < P1, P5 < P2, P5 < P1]).toEqual([true, true, false]);
  });

  it('with sinkOpsOnly the sink gets op-begin and op-end only', () => {
    const sink = new ArraySink();
    const treap = new Treap({
      capacity: 4,
      memory: NO_MEMORY,
      itemsPerPage: 512,
      sink,
      sinkOpsOnly: true,
    });
    treap.insert(60, 8);
    treap.insert(61, 2);
    treap.popMin();
    expect(sink.events.map((event) => event.kind)).toEqual([
      ...['op-begin', 'op-end'],
      ...['op-begin', 'op-end'],
      ...['op-begin', 'op-end'],
    ]);
  });

  it('rejects empty pops, full inserts, handles that hold no item and nodes under 48 bytes', () => {
    const treap = treapOf(NO_MEMORY, 2);
    expect(() => treap.popMin()).toThrow(RangeError);
    expect(() => treap.peekKey()).toThrow(RangeError);
    const node = treap.insert(60, 8);
    treap.insert(61, 9);
    expect(() => treap.insert(62, 10)).toThrow(RangeError);
    treap.delete(node);
    expect(() => treap.delete(node)).toThrow(RangeError);
    expect(() => treap.reorder(NIL, 3)).toThrow(RangeError);
    expect(() => treap.reorder(3, 3)).toThrow(RangeError);
    expect(treap.operations).toBe(3);
    expect(
      () => new Treap({ capacity: 2, memory: NO_MEMORY, itemsPerPage: 512, nodeBytes: 40 }),
    ).toThrow(RangeError);
  });
});

describe('Treap: shape under workload keys', () => {
  /** Nodes on the longest root-to-leaf path, following links without memory accesses. */
  function height(treap: Treap): number {
    const arena = treap.arena;
    let deepest = 0;
    const stack: [number, number][] = [[arena.peekLink(NIL, LEFT), 1]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop()!;
      if (node === NIL) continue;
      deepest = Math.max(deepest, depth);
      stack.push([arena.peekLink(node, LEFT), depth + 1], [arena.peekLink(node, RIGHT), depth + 1]);
    }
    return deepest;
  }

  // The regression: priorities once came from random(3) with prioritySeed, and the workloads draw
  // their keys from random(3) with the same seed (1 by default), so every key equalled its
  // priority and the treap was a path (1000 inserts: 246,484 comparisons; here the height would
  // be N). A random treap of 2000 nodes has average depth about 2 ln N ≈ 15 and height about
  // 4.3 ln N - 2 ln ln N ≈ 29 (seeds 1 and 7 give 25 and 27, and 30,163 and 33,278 comparisons),
  // so 4 log2 N ≈ 44 fails only a path-like shape, not bad luck.
  it.each([1, 7])(
    'stays shallow when keys come from random(3) with the same seed as the priorities (%i)',
    (seed) => {
      const N = 2000;
      const bound = 4 * Math.log2(N);
      const treap = new Treap({
        capacity: N,
        memory: NO_MEMORY,
        itemsPerPage: 512,
        prioritySeed: seed,
      });
      const keys = new GlibcRandom(seed);
      for (let i = 0; i < N; i++) treap.insert(10_000 + i, keys.next());
      expect(treap.size).toBe(N);
      expect(height(treap)).toBeLessThanOrEqual(bound);
      expect(treap.comparisons).toBeLessThan(N * bound);
    },
  );
});

// ---- Model-based property test ------------------------------------------------------------

/** A treap driven alongside a plain array of (item, key), with handles kept through onHandle. */
class Harness extends ModelHarness {
  readonly treap: Treap;

  constructor(
    readonly capacity: number,
    memory: MemoryObserver,
    sink: ArraySink | null = null,
    nodeBytes = 48,
    prioritySeed = 1,
  ) {
    super();
    this.treap = new Treap({
      capacity,
      memory,
      itemsPerPage: 512,
      sink,
      nodeBytes,
      prioritySeed,
      onHandle: this.onHandle,
    });
  }

  /** Model entries in the treap's total order: (key, node). */
  private sorted(): { item: number; key: number; node: number }[] {
    return this.model
      .map((entry) => ({ ...entry, node: this.handles.get(entry.item)! }))
      .sort((a, b) => a.key - b.key || a.node - b.node);
  }

  get queue(): Treap {
    return this.treap;
  }

  run(op: PickOp): number {
    const { treap, model } = this;
    if (op.op === 'insert') {
      if (model.length >= this.capacity) return -1;
      const item = this.nextItem++;
      model.push({ item, key: op.key });
      return treap.insert(item, op.key);
    }
    if (model.length === 0) return -1;
    if (op.op === 'pop') {
      const min = Math.min(...model.map((entry) => entry.key));
      const expected = this.sorted()[0];
      const item = treap.popMin();
      expect(expected.key).toBe(min);
      expect(item).toBe(expected.item);
      model.splice(
        model.findIndex((entry) => entry.item === item),
        1,
      );
      return item;
    }
    const index = op.pick % model.length;
    const entry = model[index];
    const node = this.handles.get(entry.item)!;
    if (op.op === 'delete') {
      model.splice(index, 1);
      expect(treap.delete(node)).toBe(entry.item);
      return entry.item;
    }
    entry.key = op.key;
    expect(treap.reorder(node, op.key)).toBe(node);
    return node;
  }

  check(): void {
    const nodes = checkInvariants(this.treap);
    const arena = this.treap.arena;
    expect(this.treap.size).toBe(this.model.length);
    expect(this.handles.size).toBe(this.model.length);
    for (const { item, key } of this.model) {
      const node = this.handles.get(item)!;
      expect(arena.peekItem(node)).toBe(item);
      expect(arena.peekKey(node)).toBe(key);
    }
    expect(nodes).toEqual(this.sorted().map((entry) => entry.node));
    if (nodes.length > 0) expect(this.treap.peekKey()).toBe(arena.peekKey(nodes[0]));
  }
}

describe('Treap: model-based property test', () => {
  it('keeps BST, heap and parent invariants and pops the model minimum, inside the arena', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom(48, 64),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.array(PICK_OP, { minLength: 1, maxLength: 150 }),
        (capacity, nodeBytes, prioritySeed, ops) => {
          const memory = new BoundedMemory((capacity + 1) * (nodeBytes / 8));
          const harness = new Harness(capacity, memory, null, nodeBytes, prioritySeed);
          for (const op of ops) {
            harness.run(op);
            harness.check();
            expect(harness.treap.accesses).toBe(memory.count);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('equal priorities (a degenerate generator state) still keep every invariant', () => {
    // Not reachable from xorshift32 in a short run, so forced: every TAG is rewritten to 7 after
    // each insert, and the treap must still delete and reorder correctly (ties go left / stay).
    const harness = new Harness(40, NO_MEMORY);
    const random = new GlibcRandom(13);
    for (let step = 0; step < 300; step++) {
      const roll = random.below(10);
      const op: PickOp =
        roll < 5
          ? { op: 'insert', key: random.below(8) }
          : roll < 7
            ? { op: 'pop' }
            : roll < 8
              ? { op: 'delete', pick: random.below(100) }
              : { op: 'reorder', pick: random.below(100), key: random.below(8) };
      const result = harness.run(op);
      if (op.op === 'insert' && result > 0) {
        // Only the tag changes: a write under the treap's nose, as a test fixture.
        const snapshot = harness.treap.arena.snapshot();
        snapshot.links[result * 4 + TAG] = 7;
        harness.treap.arena.restore(snapshot);
      }
      checkInvariants(harness.treap);
    }
  });
});

// ---- Checkpoints and event replay ---------------------------------------------------------

describe('Treap: checkpoints', () => {
  it('restoring a checkpoint puts back the exact state and the priority stream', () => {
    expectCheckpointRestores(() => new Harness(40, NO_MEMORY));
  });
});

describe('Treap: event replay', () => {
  it('node-alloc, node-free and store events rebuild links, priorities, keys and items', () => {
    const sink = new ArraySink();
    const capacity = 30;
    const harness = new Harness(capacity, NO_MEMORY, sink);
    for (const op of pickWorkload(11, 400)) harness.run(op);

    const { links, keys, items, live } = mirrorEvents(sink.events, capacity);
    const arena = harness.treap.arena;
    expect(harness.treap.size).toBeGreaterThan(3);
    expect(links[LEFT]).toBe(arena.peekLink(NIL, LEFT)); // the root
    for (let node = 1; node <= capacity; node++) {
      if (!live[node]) continue;
      for (const field of [LEFT, RIGHT, PARENT, TAG]) {
        expect(links[node * LINK_FIELDS.length + field]).toBe(arena.peekLink(node, field));
      }
      expect(keys[node]).toBe(arena.peekKey(node));
      expect(items[node]).toBe(arena.peekItem(node));
    }
    expect(live.reduce((sum, flag) => sum + flag, 0)).toBe(harness.treap.size);
  });
});
