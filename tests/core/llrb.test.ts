// The left-leaning red-black tree: hand-derived access orders, and model-based properties after
// every operation (LLRB invariants, handles, minimum, memory bounds, event replay, checkpoints).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEFT, NIL, RIGHT, TAG } from '../../src/core/arena';
import { ArraySink, type SimEvent } from '../../src/core/events';
import { LlrbTree } from '../../src/core/llrb';
import { AccessLog, type MemoryObserver, NO_MEMORY } from '../../src/core/memory';
import { NO_HANDLE } from '../../src/core/queue';

const RED = 1;

/** One reference of the access log as text: R7 reads word 7, W7 writes it. */
function accesses(log: AccessLog, from = 0): string[] {
  return log.slots
    .slice(from)
    .map((word, index) => `${log.writes[from + index] ? 'W' : 'R'}${word}`);
}

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

describe('LlrbTree: order, ties and handles', () => {
  it('popMin returns equal keys in node order (the total order is (key, node))', () => {
    const tree = treeWith([7, 3, 7, 3, 5]);
    // Items 100..104 in nodes 1..5: keys 3 are nodes 2, 4; keys 7 nodes 1, 3.
    const popped: number[] = [];
    while (tree.size > 0) popped.push(tree.popMin());
    expect(popped).toEqual([101, 103, 104, 100, 102]);
  });

  it('delete and reorder keep every other node where it was (no payload is copied)', () => {
    const handles = new Map<number, number>();
    const tree = new LlrbTree({
      capacity: 40,
      memory: NO_MEMORY,
      itemsPerPage: 512,
      onHandle: (item, node) => handles.set(item, node),
    });
    for (let item = 0; item < 31; item++) tree.insert(item, (item * 17) % 31);
    const before = new Map(handles);
    const root = tree.arena.peekLink(NIL, LEFT); // a node with two children
    const rootItem = tree.arena.peekItem(root);
    expect(tree.delete(root)).toBe(rootItem);
    expect(handles.get(rootItem)).toBe(NO_HANDLE);
    expect(tree.reorder(handles.get(4)!, 1000)).toBe(before.get(4));
    for (const [item, node] of before) {
      if (item === rootItem) continue;
      expect(handles.get(item)).toBe(node);
      expect(tree.arena.peekItem(node)).toBe(item);
    }
    checkLlrb(tree);
  });
});

describe('LlrbTree: counters and events', () => {
  it('emits one node-compare per comparison, one rotate per swap, nested in op-begin/op-end', () => {
    const sink = new ArraySink();
    const tree = new LlrbTree({ capacity: 30, memory: NO_MEMORY, itemsPerPage: 512, sink });
    for (const [item, key] of [9, 3, 7, 1, 8, 2, 6, 11, 4].entries()) tree.insert(item, key);
    tree.popMin();
    tree.delete(3);
    const reordered = tree.reorder(5, 0);
    const kinds = sink.events.map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'node-compare').length).toBe(tree.comparisons);
    expect(kinds.filter((kind) => kind === 'rotate').length).toBe(tree.swaps);
    expect(kinds.filter((kind) => kind === 'op-begin').length).toBe(tree.operations);
    expect(tree.operations).toBe(12);
    expect(kinds).toContain('flip');
    let open = false;
    let index = 0;
    for (const event of sink.events) {
      if (event.kind === 'op-begin') {
        expect(open).toBe(false);
        expect(event.index).toBe(index);
        open = true;
      } else if (event.kind === 'op-end') {
        expect(open).toBe(true);
        expect(event.index).toBe(index++);
        open = false;
      } else {
        expect(open).toBe(true);
      }
    }
    const begins = sink.events.filter((event) => event.kind === 'op-begin');
    const ends = sink.events.filter((event) => event.kind === 'op-end');
    expect(begins[0].handle).toBe(NO_HANDLE);
    expect(ends[0].handle).toBe(1);
    expect(begins[9]).toMatchObject({ op: 'popMin', handle: 4, key: 1, item: 3 });
    expect(ends[9].handle).toBe(NO_HANDLE);
    expect(begins[10]).toMatchObject({ op: 'delete', handle: 3, key: 7, item: 2 });
    expect(begins[11]).toMatchObject({ op: 'reorder', handle: 5, key: 0, item: 4 });
    expect(ends[11].handle).toBe(reordered);
  });

  it('sends only op-begin and op-end when sinkOpsOnly is set', () => {
    const sink = new ArraySink();
    const tree = new LlrbTree({
      capacity: 8,
      memory: NO_MEMORY,
      itemsPerPage: 512,
      sink,
      sinkOpsOnly: true,
    });
    for (const key of [5, 1, 4, 2]) tree.insert(key * 10, key);
    tree.popMin();
    expect(tree.swaps).toBeGreaterThan(0);
    expect(new Set(sink.events.map((event) => event.kind))).toEqual(
      new Set(['op-begin', 'op-end']),
    );
  });
});

describe('LlrbTree: argument checks', () => {
  it('accepts 40-byte nodes and refuses 32, and refuses a capacity below 1', () => {
    expect(() => treeWith([1], NO_MEMORY, 40)).not.toThrow();
    expect(() => treeWith([1], NO_MEMORY, 32)).toThrow(/from 40 to/);
    expect(() => treeWith([1], NO_MEMORY, 44)).toThrow(RangeError);
    expect(() => new LlrbTree({ capacity: 0, memory: NO_MEMORY, itemsPerPage: 512 })).toThrow(
      RangeError,
    );
  });

  it('refuses an insert beyond capacity, and popMin, peek, delete, reorder on an empty tree', () => {
    const tree = treeWith([], NO_MEMORY, 48, 2);
    expect(() => tree.popMin()).toThrow(/empty/);
    expect(() => tree.peekKey()).toThrow(/empty/);
    expect(() => tree.delete(1)).toThrow(/empty/);
    expect(() => tree.reorder(1, 3)).toThrow(/empty/);
    tree.insert(0, 1);
    tree.insert(1, 2);
    expect(() => tree.insert(2, 3)).toThrow(/full/);
    expect(tree.operations).toBe(2);
  });

  it.each([0, 4, 1.5, -1, 2])('refuses delete and reorder of node %s (2 is freed)', (node) => {
    const tree = treeWith([4, 6, 8], NO_MEMORY, 40, 3);
    tree.delete(2);
    expect(() => tree.delete(node)).toThrow(/holds no item/);
    expect(() => tree.reorder(node, 0)).toThrow(/holds no item/);
    expect(tree.size).toBe(2);
  });
});

// ---- Model-based property test ------------------------------------------------------------

type Op =
  | { op: 'insert'; key: number }
  | { op: 'pop' }
  | { op: 'delete'; pick: number }
  | { op: 'reorder'; pick: number; key: number };

const KEY = fc.integer({ min: 0, max: 20 }); // a small range: many duplicates
const OP: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: KEY.map((key) => ({ op: 'insert' as const, key })) },
  { weight: 2, arbitrary: fc.constant({ op: 'pop' as const }) },
  { weight: 2, arbitrary: fc.nat().map((pick) => ({ op: 'delete' as const, pick })) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('reorder' as const), pick: fc.nat(), key: KEY }),
  },
);

/** A tree under test with the test's own record of it: the model, the handles, the next item. */
interface Run {
  tree: LlrbTree;
  model: Map<number, number>;
  handles: Map<number, number>;
  nextItem: number;
}

function makeRun(
  capacity: number,
  memory: MemoryObserver,
  sink: ArraySink | null = null,
  nodeBytes = 48,
): Run {
  const handles = new Map<number, number>();
  const tree = new LlrbTree({
    capacity,
    memory,
    sink,
    itemsPerPage: 512,
    nodeBytes,
    onHandle: (item, node) => handles.set(item, node),
  });
  return { tree, model: new Map(), handles, nextItem: 0 };
}

/** Runs the ops, calling `after` once the prefill is in and after every operation. */
function runOps(run: Run, prefill: number[], ops: Op[], after: () => void = () => {}): void {
  const { tree, model, handles } = run;
  for (const key of prefill) {
    model.set(run.nextItem, key);
    tree.insert(run.nextItem++, key);
  }
  after();
  for (const op of ops) {
    const live = [...model.keys()];
    if (op.op === 'insert') {
      const item = run.nextItem++;
      model.set(item, op.key);
      expect(tree.insert(item, op.key)).toBe(handles.get(item));
    } else if (live.length === 0) {
      continue;
    } else if (op.op === 'pop') {
      // The smallest (key, node) of the model: the tree's total order.
      let best = live[0];
      for (const item of live) {
        const [key, node] = [model.get(item)!, handles.get(item)!];
        const [bestKey, bestNode] = [model.get(best)!, handles.get(best)!];
        if (key < bestKey || (key === bestKey && node < bestNode)) best = item;
      }
      expect(tree.peekKey()).toBe(model.get(best));
      const item = tree.popMin();
      expect(item).toBe(best);
      expect(model.get(item)).toBe(Math.min(...model.values()));
      model.delete(item);
    } else if (op.op === 'delete') {
      const item = live[op.pick % live.length];
      expect(tree.delete(handles.get(item)!)).toBe(item);
      model.delete(item);
    } else {
      const item = live[op.pick % live.length];
      const node = handles.get(item)!;
      model.set(item, op.key);
      expect(tree.reorder(node, op.key)).toBe(node);
    }
    after();
  }
}

/** Every live item's handle names a node holding it and its key; gone items have none. */
function checkHandles(
  tree: LlrbTree,
  order: number[],
  model: Map<number, number>,
  handles: Map<number, number>,
): void {
  expect(tree.size).toBe(model.size);
  const nodes = new Set(order);
  for (const [item, node] of handles) {
    if (!model.has(item)) {
      if (node !== NO_HANDLE) throw new Error(`removed item ${item} still has node ${node}`);
      continue;
    }
    if (!nodes.has(node)) throw new Error(`item ${item}'s node ${node} is not in the tree`);
    if (tree.arena.peekItem(node) !== item || tree.arena.peekKey(node) !== model.get(item)) {
      throw new Error(`node ${node} does not hold item ${item} with key ${model.get(item)}`);
    }
  }
}

// 'max' sizes: capacities from a few to a few hundred, not only fast-check's small default.
const CAPACITY_PREFILL = fc.array(KEY, { maxLength: 300, size: 'max' });
const OPS = fc.array(OP, { minLength: 1, maxLength: 150, size: 'max' });

describe('LlrbTree: model-based properties', () => {
  it('keeps the LLRB invariants, handles, minimum and memory bounds after every operation', () => {
    fc.assert(
      fc.property(CAPACITY_PREFILL, OPS, fc.constantFrom(40, 48, 64), (prefill, ops, nodeBytes) => {
        const log = new AccessLog();
        const sink = new ArraySink();
        const capacity = Math.max(1, prefill.length + ops.length);
        const run = makeRun(capacity, log, sink, nodeBytes);
        const { tree } = run;
        const nodeWords = nodeBytes / 8;
        const words = (capacity + 1) * nodeWords;
        let logFrom = 0;
        let eventsFrom = 0;
        let comparisons = 0;
        let swaps = 0;
        runOps(run, prefill, ops, () => {
          checkHandles(tree, checkLlrb(tree), run.model, run.handles);
          for (const word of log.slots.slice(logFrom)) {
            if (!(word >= 0 && word < words)) throw new Error(`access to word ${word}`);
            // Of the header node only its LEFT field (the root pointer) is ever touched.
            if (word < nodeWords && word !== 2) throw new Error(`header word ${word} touched`);
          }
          logFrom = log.slots.length;
          const events = sink.events.slice(eventsFrom);
          eventsFrom = sink.events.length;
          const count = (kind: SimEvent['kind']) => events.filter((e) => e.kind === kind).length;
          expect(count('node-compare')).toBe(tree.comparisons - comparisons);
          expect(count('rotate')).toBe(tree.swaps - swaps);
          comparisons = tree.comparisons;
          swaps = tree.swaps;
        });
      }),
      { numRuns: 60 },
    );
  });

  it('popMin returns the items in (key, node) order: a tree sort', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { minLength: 1, maxLength: 500 }),
        (keys) => {
          const tree = treeWith(keys);
          const popped: number[] = [];
          while (tree.size > 0) popped.push(keys[tree.popMin() - 100]);
          expect(popped).toEqual([...keys].sort((a, b) => a - b));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('events replayed into a mirror reproduce every live link, colour, key and the root', () => {
    fc.assert(
      fc.property(CAPACITY_PREFILL, OPS, (prefill, ops) => {
        const capacity = Math.max(1, prefill.length + ops.length);
        const sink = new ArraySink();
        const run = makeRun(capacity, NO_MEMORY, sink);
        runOps(run, prefill, ops);
        const fields = { left: LEFT, right: RIGHT, parent: -1, tag: TAG };
        const links = new Int32Array((capacity + 1) * 4);
        const keys = new Float64Array(capacity + 1);
        const items = new Int32Array(capacity + 1);
        const live = new Set<number>();
        for (const event of sink.events) {
          if (event.kind === 'node-alloc') {
            live.add(event.node);
            keys[event.node] = event.key;
            items[event.node] = event.item;
          } else if (event.kind === 'node-free') {
            live.delete(event.node);
          } else if (event.kind === 'store') {
            expect(event.field).not.toBe('parent');
            links[event.node * 4 + fields[event.field]] = event.value;
          } else if (event.kind === 'op-begin' && event.op === 'reorder') {
            // A reorder's new key reaches the mirror through its op-begin.
            keys[event.handle] = event.key;
          }
        }
        const arena = run.tree.arena;
        const nodes = [...live].sort((a, b) => a - b);
        expect(nodes).toEqual(arena.liveNodes());
        const mirrored = nodes.map((node) => [
          links[node * 4 + LEFT],
          links[node * 4 + RIGHT],
          links[node * 4 + TAG],
          keys[node],
          items[node],
        ]);
        const actual = nodes.map((node) => [
          arena.peekLink(node, LEFT),
          arena.peekLink(node, RIGHT),
          arena.peekLink(node, TAG),
          arena.peekKey(node),
          arena.peekItem(node),
        ]);
        expect(links[LEFT]).toBe(arena.peekLink(NIL, LEFT));
        expect(mirrored).toEqual(actual);
      }),
      { numRuns: 40 },
    );
  });

  it('checkpoint() restores the arena and counters: later operations match a fresh run', () => {
    fc.assert(
      fc.property(CAPACITY_PREFILL, OPS, OPS, OPS, (prefill, first, detour, last) => {
        const capacity = Math.max(1, prefill.length + first.length + detour.length + last.length);
        const restoredLog = new AccessLog();
        const restored = makeRun(capacity, restoredLog);
        runOps(restored, prefill, first);
        const saved = {
          model: new Map(restored.model),
          handles: new Map(restored.handles),
          nextItem: restored.nextItem,
        };
        const back = restored.tree.checkpoint();
        runOps(restored, [], detour);
        back();
        restored.model = saved.model;
        restored.handles.clear();
        for (const [item, node] of saved.handles) restored.handles.set(item, node);
        restored.nextItem = saved.nextItem;

        const freshLog = new AccessLog();
        const fresh = makeRun(capacity, freshLog);
        runOps(fresh, prefill, first);
        expect(restored.tree.arena.snapshot()).toEqual(fresh.tree.arena.snapshot());
        const restoredFrom = restoredLog.slots.length;
        const freshFrom = freshLog.slots.length;
        runOps(restored, [], last);
        runOps(fresh, [], last);
        expect(accesses(restoredLog, restoredFrom)).toEqual(accesses(freshLog, freshFrom));
        expect(restored.tree.arena.snapshot()).toEqual(fresh.tree.arena.snapshot());
        const counters = (run: Run) => [
          run.tree.comparisons,
          run.tree.swaps,
          run.tree.operations,
          run.tree.accesses,
        ];
        expect(counters(restored)).toEqual(counters(fresh));
        checkLlrb(restored.tree);
      }),
      { numRuns: 30 },
    );
  });
});
