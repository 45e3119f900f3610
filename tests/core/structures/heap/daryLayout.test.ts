// The aligned d-ary heap, Heap over DaryLayout: the index map, the access order (d = 2 must be
// BinaryLayout access by access, and the wide sift-down must be the two-child one on two
// children), and model-based properties for d = 4 and 8.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink } from '../../../../src/core/events';
import { AccessLog, type MemoryObserver, NO_MEMORY } from '../../../../src/core/memory/observer';
import { Heap, type HeapOptions, NO_SLOT } from '../../../../src/core/structures/heap/heap';
import {
  BHeapLayout,
  BinaryLayout,
  DARY_ARITIES,
  type DaryArity,
  DaryLayout,
  daryPages,
  type Layout,
  pagesFor,
} from '../../../../src/core/structures/heap/indexMaps';
import { makeQueue, structureSpec } from '../../../../src/core/structures/registry';
import { accesses, type PickOp, pickOps } from '../queueTesting';

const PAGE_SIZES = Array.from({ length: 11 }, (_, index) => 2 ** (index + 2)); // 4 .. 4096

/** Every (arity, items per page) pair a DaryLayout accepts. */
const COMBOS: [DaryArity, number][] = DARY_ARITIES.flatMap((arity) =>
  PAGE_SIZES.filter((size) => size % arity === 0).map((size): [DaryArity, number] => [arity, size]),
);

/** The d-ary heap as makeQueue builds it: the one Heap, over an aligned d-ary layout. */
function daryHeap(arity: DaryArity, itemsPerPage: number, options: HeapOptions): Heap {
  return new Heap(new DaryLayout(arity, itemsPerPage), options);
}

function daryWith(
  arity: DaryArity,
  itemsPerPage: number,
  keys: number[],
  memory: MemoryObserver = NO_MEMORY,
): Heap {
  const heap = daryHeap(arity, itemsPerPage, { capacity: keys.length + 4, memory });
  for (const [item, key] of keys.entries()) heap.insert(item, key);
  return heap;
}

function keysInSlots(heap: Heap): number[] {
  const root = heap.layout.rootSlot;
  return Array.from({ length: heap.size }, (_, index) => heap.keyAt(root + index));
}

describe('DaryLayout: the aligned index map', () => {
  it('puts the root at slot d-1 and leaves slots 0..d-2 unused', () => {
    expect(new DaryLayout(2, 4).rootSlot).toBe(1);
    expect(new DaryLayout(4, 16).rootSlot).toBe(3);
    expect(new DaryLayout(8, 64).rootSlot).toBe(7);
    expect(new DaryLayout(8, 64).pageShift).toBe(6);
  });

  it('names its kind and arity; the article layouts have arity 2 and the root at slot 1', () => {
    for (const arity of DARY_ARITIES) {
      const layout = new DaryLayout(arity, 64);
      expect([layout.kind, layout.arity, layout.itemsPerPage]).toEqual([`dary${arity}`, arity, 64]);
    }
    for (const layout of [new BinaryLayout(16), new BHeapLayout(16)]) {
      expect([layout.rootSlot, layout.arity]).toEqual([1, 2]);
    }
  });

  it('the article layouts report lastChild = secondChild, one child or two', () => {
    for (const layout of [new BinaryLayout(8), new BHeapLayout(8), new BHeapLayout(64)]) {
      for (let slot = 1; slot < 600; slot++) {
        expect(layout.lastChild(slot)).toBe(layout.secondChild(slot));
      }
    }
  });

  it('has the hand-worked first and last children and parents', () => {
    // d = 4, slot 10 is heap index 7: children 4*7+1 .. 4*7+4 = 29..32, in slots +3: 32..35.
    const four = new DaryLayout(4, 16);
    expect([four.firstChild(10), four.lastChild(10)]).toEqual([32, 35]);
    expect([four.parent(32), four.parent(35), four.parent(36)]).toEqual([10, 10, 11]);
    // d = 8, slot 9 is heap index 2: children 17..24, in slots +7: 24..31; slot 7 (the root)
    // has slots 8..15.
    const eight = new DaryLayout(8, 64);
    expect([eight.firstChild(9), eight.lastChild(9)]).toEqual([24, 31]);
    expect([eight.firstChild(7), eight.lastChild(7)]).toEqual([8, 15]);
    expect([eight.parent(24), eight.parent(31), eight.parent(15)]).toEqual([9, 9, 7]);
    // d = 2 is Williams' map: slot 6 has children 12 and 13.
    const two = new DaryLayout(2, 4);
    expect([two.firstChild(6), two.lastChild(6), two.parent(13)]).toEqual([12, 13, 6]);
  });

  it('d = 2 has BinaryLayout children and parents', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAGE_SIZES), fc.integer({ min: 1, max: 2 ** 30 }), (P, s) => {
        const dary = new DaryLayout(2, P);
        const binary = new BinaryLayout(P);
        expect([
          dary.firstChild(s),
          dary.secondChild(s),
          dary.lastChild(s),
          dary.parent(s + 1),
        ]).toEqual([
          binary.firstChild(s),
          binary.secondChild(s),
          binary.lastChild(s),
          binary.parent(s + 1),
        ]);
      }),
    );
  });

  it('parent(child) is the slot for every child of a random slot, past 2^31 too', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMBOS),
        fc.integer({ min: 0, max: 2 ** 29 }),
        ([arity, size], offset) => {
          const layout = new DaryLayout(arity, size);
          const slot = layout.rootSlot + offset;
          const first = layout.firstChild(slot);
          expect(first).toBeGreaterThan(slot);
          expect(layout.secondChild(slot)).toBe(first + 1);
          expect(layout.lastChild(slot) - first).toBe(arity - 1);
          for (let child = first; child <= layout.lastChild(slot); child++) {
            expect(layout.parent(child)).toBe(slot);
          }
          // Children of consecutive slots are consecutive: every slot below is someone's child.
          expect(layout.firstChild(slot + 1)).toBe(layout.lastChild(slot) + 1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the children of the root start right after it (the array is dense)', () => {
    for (const [arity, size] of COMBOS) {
      const layout = new DaryLayout(arity, size);
      expect(layout.firstChild(layout.rootSlot)).toBe(layout.rootSlot + 1);
    }
  });

  it('a sibling group never straddles a page, for every arity and page size', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMBOS),
        fc.integer({ min: 0, max: 2 ** 29 }),
        ([arity, size], offset) => {
          const layout = new DaryLayout(arity, size);
          const slot = layout.rootSlot + offset;
          const first = layout.firstChild(slot);
          expect(first % arity).toBe(0);
          expect(Math.floor(first / size)).toBe(Math.floor(layout.lastChild(slot) / size));
        },
      ),
      { numRuns: 500 },
    );
    // Exhaustively over the first few pages of every combination, too.
    for (const [arity, size] of COMBOS) {
      const layout = new DaryLayout(arity, size);
      for (let slot = layout.rootSlot; layout.firstChild(slot) < 4 * size; slot++) {
        const page = Math.floor(layout.firstChild(slot) / size);
        expect(Math.floor(layout.lastChild(slot) / size)).toBe(page);
      }
    }
  });

  it('daryPages counts the pages of slots 0..capacity+d-2', () => {
    // d = 8, 16 per page: capacity 57 uses slots up to 63 (4 pages), capacity 58 reaches 64.
    expect(daryPages(8, 57, 16)).toBe(4);
    expect(daryPages(8, 58, 16)).toBe(5);
    expect(daryPages(4, 13, 16)).toBe(1); // slots 0..15
    expect(daryPages(4, 14, 16)).toBe(2);
    for (const size of [4, 64, 4096]) {
      for (const capacity of [1, 3, 4, 1000, 2 ** 24]) {
        expect(daryPages(2, capacity, size)).toBe(pagesFor(capacity, size));
      }
    }
  });
});

describe('DaryLayout and Heap over it: argument checks', () => {
  it.each([0, 1, 3, 16, 2.5])('refuses arity %s naming the allowed values', (arity) => {
    expect(() => new DaryLayout(arity as DaryArity, 64)).toThrow(RangeError);
    expect(() => new DaryLayout(arity as DaryArity, 64)).toThrow(/arity must be 2, 4 or 8, got/);
    expect(() => daryPages(arity as DaryArity, 10, 64)).toThrow(/2, 4 or 8/);
  });

  it('refuses arity 8 with 4 items per page: a sibling group would straddle pages', () => {
    expect(() => new DaryLayout(8, 4)).toThrow(RangeError);
    expect(() => new DaryLayout(8, 4)).toThrow(/arity 8 must divide items per page \(4\)/);
    expect(() => new DaryLayout(8, 4)).toThrow(/use arity 2 or 4/);
    expect(() => daryPages(8, 10, 4)).toThrow(/must divide/);
    expect(() => makeQueue(structureSpec('dary8', 4), { capacity: 4, memory: NO_MEMORY })).toThrow(
      /must divide/,
    );
  });

  it.each([0, 2, 6, 12, 8192])('refuses %s items per page naming the allowed sizes', (size) => {
    expect(() => new DaryLayout(4, size)).toThrow(RangeError);
    expect(() => new DaryLayout(4, size)).toThrow(/power of two from 4 to 4096/);
  });

  it('refuses a capacity below 1, an insert beyond capacity, and ops on an empty heap', () => {
    expect(() => daryHeap(4, 8, { capacity: 0, memory: NO_MEMORY })).toThrow(/capacity/);
    const heap = daryHeap(4, 8, { capacity: 2, memory: NO_MEMORY });
    expect(() => heap.popMin()).toThrow(RangeError);
    expect(() => heap.peekKey()).toThrow(RangeError);
    expect(() => heap.delete(3)).toThrow(/empty/);
    expect(() => heap.reorder(3, 1)).toThrow(/empty/);
    heap.insert(0, 11);
    heap.insert(1, 12);
    expect(() => heap.insert(2, 13)).toThrow(/full/);
    expect(heap.capacity).toBe(2);
    // The heap holds slots 3 and 4; the padding slots 0..2 are no handles.
    for (const slot of [0, 2, 5, 3.5]) {
      expect(() => heap.delete(slot)).toThrow(/slot must be from 3 to 4/);
    }
  });

  it('fills exactly capacity + d - 1 slots when full, the last being capacity + d - 2', () => {
    for (const [arity, size] of [
      [8, 8],
      [4, 4],
      [2, 16],
    ] as [DaryArity, number][]) {
      const capacity = 37;
      const log = new AccessLog();
      const heap = daryHeap(arity, size, { capacity, memory: log });
      for (let item = 0; item < capacity; item++) heap.insert(item, 1000 - item);
      expect(heap.size).toBe(capacity);
      expect(heap.lastSlot).toBe(capacity + arity - 2);
      expect(Math.max(...log.slots)).toBe(capacity + arity - 2);
      expect(Math.min(...log.slots)).toBe(arity - 1);
      expect(() => heap.insert(capacity, 0)).toThrow(/full/);
    }
  });
});

describe('Heap over DaryLayout: access order (hand-worked, d = 4, 4 per page: root slot 3, its children 4..7)', () => {
  it('insert that sifts up two levels: write the tail, then slot/parent reads and swaps', () => {
    const log = new AccessLog();
    // Keys 10, 60, 40, 45, 50 inserted in order never move: slots 3..7. Slot 8 is the first child
    // of slot 4 (4 * (4 - 2) = 8).
    const heap = daryWith(4, 4, [10, 60, 40, 45, 50], log);
    expect(keysInSlots(heap)).toEqual([10, 60, 40, 45, 50]);
    const before = log.slots.length;
    expect(heap.insert(5, 5)).toBe(3);
    // W8; R8 R4 (5 < 60) W8 W4; R4 R3 (5 < 10) W4 W3; slot 3 is the root: stop.
    expect(accesses(log, before)).toEqual(['W8', 'R8', 'R4', 'W8', 'W4', 'R4', 'R3', 'W4', 'W3']);
    expect(keysInSlots(heap)).toEqual([5, 10, 40, 45, 50, 60]);
  });

  it('popMin: root, tail, root, tail, then every child left to right, slot, best child', () => {
    const log = new AccessLog();
    const sink = new ArraySink();
    const heap = daryHeap(4, 4, { capacity: 8, memory: log, sink });
    for (const [item, key] of [10, 60, 40, 45, 50].entries()) heap.insert(item, key);
    const before = log.slots.length;
    const comparisons = heap.comparisons;
    const events = sink.events.length;
    expect(heap.popMin()).toBe(0);
    // R3 R7 W3 W7: key 50 moves to the root, slot 7 is cleared (tail 6). No sift-up at the root.
    // Down from 3: children 4..6 (60, 40, 45): R4; R5 (40 < 60: best 5); R6 (45 < 40? no);
    // R3 R5: 50 < 40? no: W3 W5. Slot 5's children start at 12 > tail: stop.
    expect(accesses(log, before)).toEqual([
      ...['R3', 'R7', 'W3', 'W7'],
      ...['R4', 'R5', 'R6', 'R3', 'R5', 'W3', 'W5'],
    ]);
    expect(keysInSlots(heap)).toEqual([40, 60, 50, 45]);
    expect(heap.comparisons - comparisons).toBe(3);
    const compares = sink.events
      .slice(events)
      .flatMap((event) =>
        event.kind === 'compare' ? [[event.role, event.slot, event.other, event.less]] : [],
      );
    expect(compares).toEqual([
      ['second-first', 5, 4, true],
      ['second-first', 6, 5, false],
      ['parent-child', 3, 5, false],
    ]);
  });

  it('a slot with one child reads only the slot and that child', () => {
    const log = new AccessLog();
    // Slots 3..8 hold 10, 20, 30, 40, 50, 60; slot 4's only child in the heap is slot 8.
    const heap = daryWith(4, 4, [10, 20, 30, 40, 50, 60], log);
    const before = log.slots.length;
    expect(heap.reorder(4, 70)).toBe(8);
    // Up: R4 R3 (70 < 10? no). Down: one child, 8 (key 60): R4 R8, 70 < 60? no: W4 W8.
    expect(accesses(log, before)).toEqual(['R4', 'R3', 'R4', 'R8', 'W4', 'W8']);
  });

  it('popping the last item reads and clears the root only', () => {
    const log = new AccessLog();
    const heap = daryWith(8, 8, [9], log);
    const before = log.slots.length;
    expect(heap.popMin()).toBe(0);
    expect(accesses(log, before)).toEqual(['R7', 'W7']);
    expect(heap.size).toBe(0);
    expect(heap.lastSlot).toBe(6);
  });

  it('takes a later child only if strictly smaller, and swaps with an equal child', () => {
    // Slots 3..8: 1, 7, 4, 4, 4, 9. popMin moves 9 (item 5) to the root; children 4..7 are
    // 7, 4, 4, 4: the first 4 (slot 5, item 2) wins.
    const heap = daryWith(4, 8, [1, 7, 4, 4, 4, 9]);
    heap.popMin();
    expect([heap.itemAt(3), heap.itemAt(5)]).toEqual([2, 5]);
    // Slots 3..7: 1, 8, 5, 9, 5. popMin moves 5 (item 4) to the root; its best child is slot 5
    // (key 5, item 2): 5 < 5 is false, so they swap (heap.ts's rule).
    const equal = daryWith(4, 8, [1, 8, 5, 9, 5]);
    equal.popMin();
    expect([equal.itemAt(3), equal.itemAt(5)]).toEqual([2, 4]);
  });
});

// ---- Random operation sequences ------------------------------------------------------------

const KEY = fc.integer({ min: 0, max: 30 }); // a small range: many duplicates
const OP = pickOps(KEY);

/** Runs the ops (a pick names the pick-th used slot from the root); returns each op's result. */
function drive(heap: Heap, prefill: number[], ops: PickOp[]): number[] {
  const root = heap.layout.rootSlot;
  const results: number[] = [];
  let nextItem = 0;
  for (const key of prefill) results.push(heap.insert(nextItem++, key));
  for (const op of ops) {
    if (op.op === 'insert') results.push(heap.insert(nextItem++, op.key));
    else if (heap.size === 0) continue;
    else if (op.op === 'pop') results.push(heap.popMin());
    else if (op.op === 'delete') results.push(heap.delete(root + (op.pick % heap.size)));
    else results.push(heap.reorder(root + (op.pick % heap.size), op.key));
  }
  return results;
}

/**
 * BinaryLayout claiming four children: lastChild is still 2s+1, so Heap runs its wide sift-down
 * over the binary map, which must be indistinguishable from the two-child path.
 */
function wideBinary(itemsPerPage: number): Layout {
  const binary = new BinaryLayout(itemsPerPage);
  return {
    kind: 'binary',
    itemsPerPage,
    pageShift: binary.pageShift,
    rootSlot: binary.rootSlot,
    arity: 4,
    parent: (slot) => binary.parent(slot),
    firstChild: (slot) => binary.firstChild(slot),
    secondChild: (slot) => binary.secondChild(slot),
    lastChild: (slot) => binary.lastChild(slot),
  };
}

describe('Heap over DaryLayout(2) is Heap over BinaryLayout', () => {
  it.each([
    ['DaryLayout(2)', (size: number): Layout => new DaryLayout(2, size)],
    ['the wide sift-down over the binary map', wideBinary],
  ])(
    '%s: same accesses, events, handle calls, counters and results on random sequences',
    (_, other) => {
      fc.assert(
        fc.property(
          fc.constantFrom(4, 8, 64),
          fc.array(KEY, { maxLength: 300 }),
          fc.array(OP, { minLength: 1, maxLength: 150 }),
          (size, prefill, ops) => {
            const capacity = prefill.length + ops.length;
            const binaryLog = new AccessLog();
            const binarySink = new ArraySink();
            const binaryMoves: [number, number][] = [];
            const binary = new Heap(new BinaryLayout(size), {
              capacity,
              memory: binaryLog,
              sink: binarySink,
              onSlot: (item, slot) => binaryMoves.push([item, slot]),
            });
            const daryLog = new AccessLog();
            const darySink = new ArraySink();
            const daryMoves: [number, number][] = [];
            const dary = new Heap(other(size), {
              capacity,
              memory: daryLog,
              sink: darySink,
              onSlot: (item, slot) => daryMoves.push([item, slot]),
            });
            expect(drive(dary, prefill, ops)).toEqual(drive(binary, prefill, ops));
            expect(daryLog.slots).toEqual(binaryLog.slots);
            expect(daryLog.writes).toEqual(binaryLog.writes);
            expect(darySink.events).toEqual(binarySink.events);
            expect(daryMoves).toEqual(binaryMoves);
            expect([
              dary.comparisons,
              dary.swaps,
              dary.operations,
              dary.size,
              dary.accesses,
            ]).toEqual([
              binary.comparisons,
              binary.swaps,
              binary.operations,
              binary.size,
              binary.accesses,
            ]);
            expect(dary.accesses).toBe(daryLog.slots.length);
            for (let slot = 1; slot <= dary.lastSlot; slot++) {
              expect([dary.keyAt(slot), dary.itemAt(slot)]).toEqual([
                binary.keyAt(slot),
                binary.itemAt(slot),
              ]);
            }
          },
        ),
        { numRuns: 150 },
      );
    },
  );
});

/** Heap order, handles and keys against the model after one operation. */
function checkHeap(heap: Heap, model: Map<number, number>, slotOf: Map<number, number>): void {
  const layout = heap.layout;
  const root = layout.rootSlot;
  expect(heap.size).toBe(model.size);
  expect(heap.lastSlot).toBe(root + model.size - 1);
  for (let slot = root + 1; slot <= heap.lastSlot; slot++) {
    if (heap.keyAt(slot) < heap.keyAt(layout.parent(slot))) {
      throw new Error(`heap order broken at slot ${slot} (parent ${layout.parent(slot)})`);
    }
  }
  const seen = new Set<number>();
  for (let slot = root; slot <= heap.lastSlot; slot++) {
    const item = heap.itemAt(slot);
    if (slotOf.get(item) !== slot) {
      throw new Error(`item ${item} is in slot ${slot}, onSlot said ${slotOf.get(item)}`);
    }
    if (model.get(item) !== heap.keyAt(slot)) {
      throw new Error(
        `item ${item} has key ${heap.keyAt(slot)}, the model says ${model.get(item)}`,
      );
    }
    seen.add(item);
  }
  expect(seen.size).toBe(model.size);
  for (const [item, slot] of slotOf) {
    if (!model.has(item) && slot !== NO_SLOT) throw new Error(`removed item ${item} in ${slot}`);
  }
}

describe('Heap over DaryLayout: model-based properties', () => {
  const configurations: [DaryArity, number][] = [
    [4, 4],
    [4, 16],
    [4, 512],
    [8, 8],
    [8, 64],
    [8, 4096],
  ];

  for (const [arity, size] of configurations) {
    it(`keeps heap order, handles and the minimum after every operation (d = ${arity}, ${size} per page)`, () => {
      fc.assert(
        fc.property(
          fc.array(KEY, { maxLength: 400 }),
          fc.array(OP, { minLength: 1, maxLength: 120 }),
          (prefill, ops) => {
            const model = new Map<number, number>();
            const slotOf = new Map<number, number>();
            const log = new AccessLog();
            const sink = new ArraySink();
            const heap = daryHeap(arity, size, {
              capacity: prefill.length + ops.length,
              memory: log,
              sink,
              onSlot: (item, slot) => slotOf.set(item, slot),
            });
            expect(heap.layout.kind).toBe(`dary${arity}`);
            const root = heap.layout.rootSlot;
            let nextItem = 0;
            for (const key of prefill) {
              model.set(nextItem, key);
              heap.insert(nextItem++, key);
            }
            checkHeap(heap, model, slotOf);
            for (const op of ops) {
              const sizeBefore = heap.size;
              const lastBefore = heap.lastSlot;
              const logBefore = log.slots.length;
              const comparisons = heap.comparisons;
              const swaps = heap.swaps;
              const events = sink.events.length;
              if (op.op === 'insert') {
                const item = nextItem++;
                model.set(item, op.key);
                expect(heap.insert(item, op.key)).toBe(slotOf.get(item));
              } else if (sizeBefore === 0) {
                continue;
              } else if (op.op === 'pop') {
                const smallest = Math.min(...model.values());
                const item = heap.popMin();
                expect(model.get(item)).toBe(smallest);
                expect(slotOf.get(item)).toBe(NO_SLOT);
                model.delete(item);
              } else if (op.op === 'delete') {
                const slot = root + (op.pick % sizeBefore);
                const expected = heap.itemAt(slot);
                expect(heap.delete(slot)).toBe(expected);
                model.delete(expected);
              } else {
                const slot = root + (op.pick % sizeBefore);
                const item = heap.itemAt(slot);
                model.set(item, op.key);
                expect(heap.reorder(slot, op.key)).toBe(slotOf.get(item));
              }
              checkHeap(heap, model, slotOf);
              const highest = Math.max(lastBefore, heap.lastSlot);
              for (const slot of log.slots.slice(logBefore)) {
                if (slot < root || slot > highest) {
                  throw new Error(`access to slot ${slot} outside ${root}..${highest}`);
                }
              }
              const kinds = sink.events.slice(events).map((event) => event.kind);
              expect(kinds[0]).toBe('op-begin');
              expect(kinds[kinds.length - 1]).toBe('op-end');
              expect(kinds.filter((kind) => kind === 'compare').length).toBe(
                heap.comparisons - comparisons,
              );
              expect(kinds.filter((kind) => kind === 'swap').length).toBe(heap.swaps - swaps);
            }
            // Drain: popMin gives the keys in sorted order.
            const expected = [...model.values()].sort((a, b) => a - b);
            const popped: number[] = [];
            while (heap.size > 0) popped.push(model.get(heap.popMin()) ?? -1);
            expect(popped).toEqual(expected);
          },
        ),
        { numRuns: 40 },
      );
    });
  }

  it('sends only op-begin and op-end when sinkOpsOnly is set', () => {
    const sink = new ArraySink();
    const heap = daryHeap(4, 16, { capacity: 10, memory: NO_MEMORY, sink, sinkOpsOnly: true });
    for (const [item, key] of [7, 3, 9, 1].entries()) heap.insert(item, key);
    heap.popMin();
    expect(sink.events.map((event) => event.kind)).toEqual(
      Array.from({ length: 5 }, () => ['op-begin', 'op-end']).flat(),
    );
    expect(sink.events[0]).toEqual({
      kind: 'op-begin',
      op: 'insert',
      index: 0,
      handle: 3,
      key: 7,
      item: 0,
    });
  });
});

describe('Heap over DaryLayout: checkpoint', () => {
  it('restores keys, items, size and counters exactly, so a rerun matches a fresh run', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DARY_ARITIES),
        fc.array(OP, { minLength: 1, maxLength: 80 }),
        fc.array(OP, { minLength: 1, maxLength: 80 }),
        (arity, firstOps, laterOps) => {
          const capacity = firstOps.length + 2 * laterOps.length;
          const log = new AccessLog();
          const heap = daryHeap(arity, 16, { capacity, memory: log });
          drive(heap, [], firstOps);
          const restore = heap.checkpoint();
          drive(heap, [], laterOps);
          restore();

          const fresh = daryHeap(arity, 16, { capacity, memory: NO_MEMORY });
          drive(fresh, [], firstOps);
          // Slots past the tail hold stale values a restore clears: only used slots are state.
          const state = (h: Heap) => ({
            size: h.size,
            lastSlot: h.lastSlot,
            comparisons: h.comparisons,
            swaps: h.swaps,
            operations: h.operations,
            accesses: h.accesses,
            keys: Array.from({ length: h.lastSlot + 1 }, (_, slot) => h.keyAt(slot)),
            items: Array.from({ length: h.lastSlot + 1 }, (_, slot) => h.itemAt(slot)),
          });
          expect(state(heap)).toEqual(state(fresh));

          // Running the later ops again makes the same references as the fresh heap makes.
          const before = log.slots.length;
          const freshLog = new AccessLog();
          const again = daryHeap(arity, 16, { capacity, memory: freshLog });
          drive(again, [], firstOps);
          const freshBefore = freshLog.slots.length;
          drive(heap, [], laterOps);
          drive(again, [], laterOps);
          expect(accesses(log, before)).toEqual(accesses(freshLog, freshBefore));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('Heap.accesses over DaryLayout', () => {
  it('equals the number of slot references reported to the memory observer', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<2 | 4 | 8>(2, 4, 8),
        fc.array(fc.tuple(fc.nat(5), fc.nat(40), fc.nat(1000)), { maxLength: 120 }),
        (arity, script) => {
          const log = new AccessLog();
          const heap = daryHeap(arity, 16, { capacity: 200, memory: log });
          let item = 0;
          for (const [choice, pick, key] of script) {
            if (choice <= 1 || heap.size === 0) heap.insert(item++, key);
            else if (choice === 2) heap.popMin();
            else if (choice === 3) heap.delete(heap.layout.rootSlot + (pick % heap.size));
            else heap.reorder(heap.layout.rootSlot + (pick % heap.size), key);
            expect(heap.accesses).toBe(log.slots.length);
          }
        },
      ),
    );
  });
});
