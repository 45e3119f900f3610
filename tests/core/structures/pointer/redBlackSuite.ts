// The tests the two red-black trees share: order and ties, events and counters, argument
// checks, and model-based properties after every operation (handles, minimum, memory bounds,
// event replay, checkpoints). Each tree's own file adds its invariant checker and its
// hand-derived access orders, and calls redBlackSuite with them.

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
import type { ArenaQueue } from '../../../../src/core/structures/pointer/arenaQueue';
import { NO_HANDLE, type QueueOptions } from '../../../../src/core/structures/queue';
import { accesses, mirrorEvents, type PickOp, pickOps } from '../queueTesting';

export interface RedBlackSpec {
  /** The class name, which opens every describe. */
  title: string;
  make(options: QueueOptions): ArenaQueue;
  /** (key, node) pairs in order, with the tree's own invariants checked on the way. */
  check(tree: ArenaQueue): number[];
  /** Its smallest node: key, item and its links. */
  minNodeBytes: number;
  /** Node sizes the properties run with. */
  nodeSizes: [number, ...number[]];
  /** How the invariant test names them: "LLRB", "red-black". */
  invariants: string;
  /** Whether its nodes have a parent link (the classic tree does, the LLRB does not). */
  hasParent: boolean;
}

export function redBlackSuite(spec: RedBlackSpec): void {
  function treeWith(
    keys: number[],
    memory: MemoryObserver = NO_MEMORY,
    nodeBytes = spec.minNodeBytes,
    capacity = keys.length + 4,
  ): ArenaQueue {
    const tree = spec.make({ capacity, memory, itemsPerPage: 512, nodeBytes });
    for (const [index, key] of keys.entries()) tree.insert(100 + index, key);
    return tree;
  }

  describe(`${spec.title}: order, ties and handles`, () => {
    it('popMin returns equal keys in node order (the total order is (key, node))', () => {
      const tree = treeWith([7, 3, 7, 3, 5]);
      // Items 100..104 in nodes 1..5: keys 3 are nodes 2, 4; keys 7 nodes 1, 3.
      const popped: number[] = [];
      while (tree.size > 0) popped.push(tree.popMin());
      expect(popped).toEqual([101, 103, 104, 100, 102]);
    });

    it('delete and reorder keep every other node where it was (no payload is copied)', () => {
      const handles = new Map<number, number>();
      const tree = spec.make({
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
      spec.check(tree);
    });
  });

  describe(`${spec.title}: counters and events`, () => {
    it('emits one node-compare per comparison, one rotate per swap, nested in op-begin/op-end', () => {
      const sink = new ArraySink();
      const tree = spec.make({ capacity: 30, memory: NO_MEMORY, itemsPerPage: 512, sink });
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
      const tree = spec.make({
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

  describe(`${spec.title}: argument checks`, () => {
    it(`accepts ${spec.minNodeBytes}-byte nodes and refuses ${spec.minNodeBytes - 8}, and refuses a capacity below 1`, () => {
      expect(() => treeWith([1], NO_MEMORY, spec.minNodeBytes)).not.toThrow();
      expect(() => treeWith([1], NO_MEMORY, spec.minNodeBytes - 8)).toThrow(
        new RegExp(`from ${spec.minNodeBytes} to`),
      );
      expect(() => treeWith([1], NO_MEMORY, spec.minNodeBytes + 4)).toThrow(RangeError);
      expect(() => spec.make({ capacity: 0, memory: NO_MEMORY, itemsPerPage: 512 })).toThrow(
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
      const tree = treeWith([4, 6, 8], NO_MEMORY, spec.minNodeBytes, 3);
      tree.delete(2);
      expect(() => tree.delete(node)).toThrow(/holds no item/);
      expect(() => tree.reorder(node, 0)).toThrow(/holds no item/);
      expect(tree.size).toBe(2);
    });
  });

  // ---- Model-based property test ------------------------------------------------------------

  const KEY = fc.integer({ min: 0, max: 20 }); // a small range: many duplicates
  const OP = pickOps(KEY);

  /** A tree under test with the test's own record of it: the model, the handles, the next item. */
  interface Run {
    tree: ArenaQueue;
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
    const tree = spec.make({
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
  function runOps(run: Run, prefill: number[], ops: PickOp[], after: () => void = () => {}): void {
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
    tree: ArenaQueue,
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

  describe(`${spec.title}: model-based properties`, () => {
    it(`keeps the ${spec.invariants} invariants, handles, minimum and memory bounds after every operation`, () => {
      fc.assert(
        fc.property(
          CAPACITY_PREFILL,
          OPS,
          fc.constantFrom(...spec.nodeSizes),
          (prefill, ops, nodeBytes) => {
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
              checkHandles(tree, spec.check(tree), run.model, run.handles);
              for (const word of log.slots.slice(logFrom)) {
                if (!(word >= 0 && word < words)) throw new Error(`access to word ${word}`);
                // Of the header node only its LEFT field (the root pointer) is ever touched.
                if (word < nodeWords && word !== 2) throw new Error(`header word ${word} touched`);
              }
              logFrom = log.slots.length;
              const events = sink.events.slice(eventsFrom);
              eventsFrom = sink.events.length;
              const count = (kind: SimEvent['kind']) =>
                events.filter((e) => e.kind === kind).length;
              expect(count('node-compare')).toBe(tree.comparisons - comparisons);
              expect(count('rotate')).toBe(tree.swaps - swaps);
              comparisons = tree.comparisons;
              swaps = tree.swaps;
            });
          },
        ),
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

    it(`events replayed into a mirror reproduce every live link, ${spec.hasParent ? 'parent, ' : ''}colour, key and the root`, () => {
      fc.assert(
        fc.property(CAPACITY_PREFILL, OPS, (prefill, ops) => {
          const capacity = Math.max(1, prefill.length + ops.length);
          const sink = new ArraySink();
          const run = makeRun(capacity, NO_MEMORY, sink);
          runOps(run, prefill, ops);
          if (!spec.hasParent) {
            for (const event of sink.events) {
              if (event.kind === 'store') expect(event.field).not.toBe('parent');
            }
          }
          const { links, keys, items, live } = mirrorEvents(sink.events, capacity);
          const arena = run.tree.arena;
          const nodes = [...live.keys()].filter((node) => live[node] === 1);
          expect(nodes).toEqual(arena.liveNodes());
          const mirrored = nodes.map((node) => [
            links[node * LINK_FIELDS.length + LEFT],
            links[node * LINK_FIELDS.length + RIGHT],
            ...(spec.hasParent ? [links[node * LINK_FIELDS.length + PARENT]] : []),
            links[node * LINK_FIELDS.length + TAG],
            keys[node],
            items[node],
          ]);
          const actual = nodes.map((node) => [
            arena.peekLink(node, LEFT),
            arena.peekLink(node, RIGHT),
            ...(spec.hasParent ? [arena.peekLink(node, PARENT)] : []),
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
          spec.check(restored.tree);
        }),
        { numRuns: 30 },
      );
    });
  });
}
