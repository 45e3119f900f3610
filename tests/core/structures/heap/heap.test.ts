import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink } from '../../../../src/core/events';
import { AccessLog, type MemoryObserver, NO_MEMORY } from '../../../../src/core/memory/observer';
import { Heap, NO_SLOT, ROOT_SLOT } from '../../../../src/core/structures/heap/heap';
import {
  type ArticleHeapKind,
  BHeapLayout,
  BinaryLayout,
  type Layout,
  makeLayout,
} from '../../../../src/core/structures/heap/indexMaps';
import { accesses, pickOps } from '../queueTesting';

function heapWith(layout: Layout, keys: number[], memory: MemoryObserver = NO_MEMORY): Heap {
  const heap = new Heap(layout, { capacity: Math.max(1, keys.length + 4), memory });
  for (const [item, key] of keys.entries()) heap.insert(item, key);
  return heap;
}

function keysInSlots(heap: Heap): number[] {
  return Array.from({ length: heap.size }, (_, index) => heap.keyAt(index + 1));
}

function itemsInSlots(heap: Heap): number[] {
  return Array.from({ length: heap.size }, (_, index) => heap.itemAt(index + 1));
}

describe('Heap: access order of the memory access model (README)', () => {
  it('insert into an empty heap writes slot 1 only', () => {
    const log = new AccessLog();
    const heap = new Heap(new BinaryLayout(4), { capacity: 4, memory: log });
    expect(heap.insert(7, 42)).toBe(ROOT_SLOT);
    expect(accesses(log)).toEqual(['W1']);
    expect(heap.comparisons).toBe(0);
    expect(heap.swaps).toBe(0);
  });

  it('insert that sifts up one level writes the tail, reads slot and parent, writes slot and parent', () => {
    const log = new AccessLog();
    const heap = heapWith(new BinaryLayout(4), [5], log);
    const before = log.slots.length;
    expect(heap.insert(1, 3)).toBe(1);
    // W2 (new tail), then one sift-up step: R2, R1 (3 < 5: swap) W2, W1; at the root it stops.
    expect(accesses(log, before)).toEqual(['W2', 'R2', 'R1', 'W2', 'W1']);
    expect(keysInSlots(heap)).toEqual([3, 5]);
    expect(heap.comparisons).toBe(1);
    expect(heap.swaps).toBe(1);
  });

  it('insert that does not move reads slot and parent once and writes nothing more', () => {
    const log = new AccessLog();
    const heap = heapWith(new BinaryLayout(4), [3], log);
    const before = log.slots.length;
    expect(heap.insert(1, 5)).toBe(2);
    expect(accesses(log, before)).toEqual(['W2', 'R2', 'R1']);
  });

  it('popMin on a 4-item heap: root, tail, root, tail, then both children, slot, chosen child', () => {
    const log = new AccessLog();
    // Keys 1, 2, 3, 4 inserted in order never move: slots 1..4 hold 1, 2, 3, 4.
    const heap = heapWith(new BinaryLayout(4), [1, 2, 3, 4], log);
    const before = log.slots.length;
    expect(heap.popMin()).toBe(0);
    // R1 R4 W1 W4: key 4 moves to the root, slot 4 is cleared, size 3. Sift-down at 1: children
    // 2 (key 2) and 3 (key 3): R2 R3, the first is smaller; R1 R2: 4 is not < 2, swap W1 W2.
    // At 2 the first child 4 is beyond the tail: stop.
    expect(accesses(log, before)).toEqual([
      'R1',
      'R4',
      'W1',
      'W4',
      'R2',
      'R3',
      'R1',
      'R2',
      'W1',
      'W2',
    ]);
    expect(keysInSlots(heap)).toEqual([2, 4, 3]);
  });

  it('popMin on a 3-item heap reads only the one child left after the tail is cleared', () => {
    const log = new AccessLog();
    const heap = heapWith(new BinaryLayout(4), [1, 2, 3], log);
    const before = log.slots.length;
    heap.popMin();
    // After R1 R3 W1 W3 the size is 2: slot 1 has only child 2, so only slot and child are read.
    expect(accesses(log, before)).toEqual(['R1', 'R3', 'W1', 'W3', 'R1', 'R2', 'W1', 'W2']);
    expect(keysInSlots(heap)).toEqual([2, 3]);
  });

  it('popping the last item reads and clears the root only', () => {
    const log = new AccessLog();
    const heap = heapWith(new BHeapLayout(4), [9], log);
    const before = log.slots.length;
    expect(heap.popMin()).toBe(0);
    expect(accesses(log, before)).toEqual(['R1', 'W1']);
    expect(heap.size).toBe(0);
  });

  it('delete(slot) moves the tail into the hole, sifts up, then down from where it stopped', () => {
    const log = new AccessLog();
    // Inserted in this order none of 1, 5, 2, 6, 7, 3 moves: slots 1..6 hold them as listed.
    const heap = heapWith(new BinaryLayout(4), [1, 5, 2, 6, 7, 3], log);
    expect(keysInSlots(heap)).toEqual([1, 5, 2, 6, 7, 3]);
    const before = log.slots.length;
    const comparisons = heap.comparisons;
    expect(heap.delete(4)).toBe(3); // item 3 has key 6
    // R4 R6 W4 W6: key 3 fills slot 4. Up: R4 R2 (3 < 5) W4 W2; R2 R1 (3 < 1? no).
    // Down from 2: children 4 (5) and 5 (7): R4 R5, first; R2 R4: 3 < 5, stop.
    expect(accesses(log, before)).toEqual([
      ...['R4', 'R6', 'W4', 'W6'],
      ...['R4', 'R2', 'W4', 'W2', 'R2', 'R1'],
      ...['R4', 'R5', 'R2', 'R4'],
    ]);
    expect(keysInSlots(heap)).toEqual([1, 3, 2, 5, 7]);
    expect(heap.comparisons - comparisons).toBe(4);
  });

  it('delete of the tail slot reads and clears it only', () => {
    const log = new AccessLog();
    const heap = heapWith(new BinaryLayout(4), [1, 2, 3], log);
    const before = log.slots.length;
    expect(heap.delete(3)).toBe(2);
    expect(accesses(log, before)).toEqual(['R3', 'W3']);
  });

  it('reorder changes the key without a slot access, then sifts up, then down', () => {
    const log = new AccessLog();
    const heap = heapWith(new BinaryLayout(4), [1, 2, 3], log);
    const before = log.slots.length;
    expect(heap.reorder(3, 0)).toBe(1);
    // Up from 3: R3 R1 (0 < 1) W3 W1, then at the root. Down from 1: R2 R3 (key 1 now in 3 is
    // < 2: the second child), R1 R3: 0 < 1, stop.
    expect(accesses(log, before)).toEqual(['R3', 'R1', 'W3', 'W1', 'R2', 'R3', 'R1', 'R3']);
    expect(keysInSlots(heap)).toEqual([0, 2, 1]);
  });

  it('reorder of the only item touches no slot', () => {
    const log = new AccessLog();
    const heap = heapWith(new BHeapLayout(8), [4], log);
    const before = log.slots.length;
    expect(heap.reorder(1, 99)).toBe(1);
    expect(accesses(log, before)).toEqual([]);
    expect(heap.peekKey()).toBe(99);
  });

  it('a B-heap slot with a single child reads only the slot and that child', () => {
    // With 4 per page, slot 4 (page 1, position 0) has the single child 6; in the binary heap its
    // children would be 8 and 9, beyond a 6-item heap.
    const bheapLog = new AccessLog();
    const bheap = heapWith(new BHeapLayout(4), [10, 20, 30, 40, 50, 60], bheapLog);
    const before = bheapLog.slots.length;
    expect(bheap.reorder(4, 100)).toBe(6);
    // Up: R4 R2 (100 < 20? no). Down: single child 6 (key 60): R4 R6, 100 < 60? no: W4 W6.
    expect(accesses(bheapLog, before)).toEqual(['R4', 'R2', 'R4', 'R6', 'W4', 'W6']);
    expect(keysInSlots(bheap)).toEqual([10, 20, 30, 60, 50, 100]);

    const binaryLog = new AccessLog();
    const binary = heapWith(new BinaryLayout(4), [10, 20, 30, 40, 50, 60], binaryLog);
    const start = binaryLog.slots.length;
    expect(binary.reorder(4, 100)).toBe(4);
    expect(accesses(binaryLog, start)).toEqual(['R4', 'R2']);
  });
});

describe('Heap: tie rules', () => {
  it('sift-up does not swap equal keys', () => {
    const log = new AccessLog();
    const heap = heapWith(new BinaryLayout(4), [5, 5], log);
    expect(itemsInSlots(heap)).toEqual([0, 1]);
    expect(heap.swaps).toBe(0);
    expect(log.writes.filter((write) => write).length).toBe(2); // the two tail writes only
  });

  it('sift-down swaps when parent and child are equal (the parent must be strictly smaller to stop)', () => {
    // Slots 1..4 hold keys 1, 5, 7, 5 (items 0..3). popMin moves item 3 (key 5) to the root;
    // its smaller child is slot 2 (key 5, item 1): 5 < 5 is false, so they swap.
    const heap = heapWith(new BinaryLayout(4), [1, 5, 7, 5]);
    expect(itemsInSlots(heap)).toEqual([0, 1, 2, 3]);
    heap.popMin();
    expect(itemsInSlots(heap)).toEqual([1, 3, 2]);
  });

  it('sift-down takes the second child only if strictly smaller than the first', () => {
    // Slots 1..4 hold 1, 4, 4, 9. popMin moves item 3 (key 9) to the root; the children are
    // equal, so the first (item 1) comes up.
    const heap = heapWith(new BinaryLayout(4), [1, 4, 4, 9]);
    heap.popMin();
    expect(itemsInSlots(heap)).toEqual([1, 3, 2]);
    // And when the second is strictly smaller it is taken.
    const other = heapWith(new BinaryLayout(4), [1, 4, 3, 9]);
    other.popMin();
    expect(itemsInSlots(other)).toEqual([2, 1, 3]);
  });
});

describe('Heap: comparisons and swaps', () => {
  it('counts them on a hand-derived example (binary heap, keys 5, 4, 3, 2, 1, then popMin)', () => {
    const heap = heapWith(new BinaryLayout(4), [5, 4, 3, 2, 1]);
    // Inserts: 5 (0/0), 4 (1 compare, 1 swap), 3 (1/1), 2 at slot 4 (2/2: past 5, then 3),
    // 1 at slot 5 (2/2: past 3, then 2). Slots: 1, 2, 4, 5, 3.
    expect(keysInSlots(heap)).toEqual([1, 2, 4, 5, 3]);
    expect(heap.comparisons).toBe(6);
    expect(heap.swaps).toBe(6);
    heap.popMin();
    // Key 3 moves to the root: children 2 and 4 (1 compare), 3 vs 2 (1 compare, 1 swap); at slot
    // 2 the only child is 4 (key 5): 3 vs 5 (1 compare), stop.
    expect(keysInSlots(heap)).toEqual([2, 3, 4, 5]);
    expect(heap.comparisons).toBe(9);
    expect(heap.swaps).toBe(7);
    expect(heap.operations).toBe(6);
  });

  it('emits one compare event per comparison and one swap event per swap, inside op-begin/op-end', () => {
    const sink = new ArraySink();
    const heap = new Heap(new BHeapLayout(4), { capacity: 20, memory: NO_MEMORY, sink });
    for (const [item, key] of [9, 3, 7, 1, 8, 2, 6].entries()) heap.insert(item, key);
    heap.popMin();
    heap.delete(3);
    heap.reorder(2, 0);
    const kinds = sink.events.map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'compare').length).toBe(heap.comparisons);
    expect(kinds.filter((kind) => kind === 'swap').length).toBe(heap.swaps);
    expect(kinds.filter((kind) => kind === 'op-begin').length).toBe(heap.operations);
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
  });
});

describe('Heap: large B-heap pages', () => {
  // A B-heap with 4096 items per page holding 1,050,624 items (within MAX_ITEMS = 2^24): the tail
  // slot 1,050,624 = 256 * 4096 + 2048 is bottom-row slot 0 of page 256, whose children would be
  // on page 256 * 2048 + 1 (slot 2^31 + 4096), far beyond the tail: it is a leaf. Giving it a
  // larger key must leave it where it is and touch only slots of the heap.
  it('reorder of a leaf on page 256 (4096 per page) stays inside the heap', () => {
    const items = 1_050_624;
    const checked: MemoryObserver = {
      read(slot) {
        if (!(slot >= 1 && slot <= items)) throw new RangeError(`read of slot ${slot}`);
      },
      write(slot) {
        if (!(slot >= 1 && slot <= items)) throw new RangeError(`write of slot ${slot}`);
      },
    };
    const heap = new Heap(new BHeapLayout(4096), { capacity: items, memory: checked });
    for (let item = 0; item < items; item++) heap.insert(item, item); // increasing: no moves
    expect(heap.reorder(items, 2 * items)).toBe(items);
    expect(heap.keyAt(items)).toBe(2 * items);
  });
});

describe('Heap: argument checks', () => {
  it('refuses a capacity below 1', () => {
    expect(() => new Heap(new BinaryLayout(4), { capacity: 0, memory: NO_MEMORY })).toThrow(
      RangeError,
    );
    expect(() => new Heap(new BinaryLayout(4), { capacity: 2.5, memory: NO_MEMORY })).toThrow(
      RangeError,
    );
  });

  it('refuses an insert beyond capacity, and popMin, peek, delete, reorder on an empty heap', () => {
    const heap = new Heap(new BHeapLayout(4), { capacity: 2, memory: NO_MEMORY });
    expect(() => heap.popMin()).toThrow(RangeError);
    expect(() => heap.peekKey()).toThrow(RangeError);
    expect(() => heap.delete(1)).toThrow(/empty/);
    expect(() => heap.reorder(1, 3)).toThrow(/empty/);
    heap.insert(0, 1);
    heap.insert(1, 2);
    expect(() => heap.insert(2, 3)).toThrow(/full/);
    expect(heap.capacity).toBe(2);
  });

  it.each([0, 3, 1.5, -1])('refuses delete and reorder of slot %s in a 2-item heap', (slot) => {
    const heap = heapWith(new BinaryLayout(4), [1, 2]);
    heap.popMin();
    heap.insert(5, 2);
    expect(() => heap.delete(slot)).toThrow(/slot must be from 1 to 2/);
    expect(() => heap.reorder(slot, 0)).toThrow(/slot must be from 1 to 2/);
    expect(heap.size).toBe(2);
  });
});

// ---- Model-based property test ------------------------------------------------------------

const KEY = fc.integer({ min: 0, max: 30 }); // a small range: many duplicates
const OP = pickOps(KEY);

/** Checks every claim about the heap against the model after one operation. */
function checkHeap(
  heap: Heap,
  layout: Layout,
  model: Map<number, number>,
  slotOf: Map<number, number>,
): void {
  const size = heap.size;
  expect(size).toBe(model.size);
  for (let s = 2; s <= size; s++) {
    if (heap.keyAt(layout.parent(s)) > heap.keyAt(s)) {
      throw new Error(`heap order broken at slot ${s} (parent ${layout.parent(s)})`);
    }
  }
  const seen = new Set<number>();
  for (let s = 1; s <= size; s++) {
    const item = heap.itemAt(s);
    if (slotOf.get(item) !== s) {
      throw new Error(`item ${item} is in slot ${s}, the callbacks said ${slotOf.get(item)}`);
    }
    if (model.get(item) !== heap.keyAt(s)) {
      throw new Error(`item ${item} has key ${heap.keyAt(s)}, the model says ${model.get(item)}`);
    }
    seen.add(item);
  }
  expect(seen.size).toBe(size);
  for (const [item, slot] of slotOf) {
    if (!model.has(item) && slot !== NO_SLOT) throw new Error(`removed item ${item} is in ${slot}`);
  }
}

describe('Heap: model-based properties', () => {
  const configurations = [4, 8, 64, 512].flatMap((size) => [
    new BinaryLayout(size),
    new BHeapLayout(size),
  ]);

  for (const layout of configurations) {
    it(`keeps heap order, slot callbacks and the minimum right after every operation (${layout.kind}, ${layout.itemsPerPage} per page)`, () => {
      fc.assert(
        fc.property(
          fc.array(KEY, { maxLength: 1200, size: 'max' }),
          fc.array(OP, { minLength: 1, maxLength: 120, size: 'max' }),
          (prefill, ops) => {
            const model = new Map<number, number>();
            const slotOf = new Map<number, number>();
            const log = new AccessLog();
            const sink = new ArraySink();
            const heap = new Heap(makeLayout(layout.kind, layout.itemsPerPage), {
              capacity: prefill.length + ops.length,
              memory: log,
              sink,
              onSlot: (item, slot) => slotOf.set(item, slot),
            });
            let nextItem = 0;
            for (const key of prefill) {
              model.set(nextItem, key);
              heap.insert(nextItem++, key);
            }
            checkHeap(heap, layout, model, slotOf);
            for (const op of ops) {
              const sizeBefore = heap.size;
              const logBefore = log.slots.length;
              const comparisons = heap.comparisons;
              const events = sink.events.length;
              if (op.op === 'insert') {
                const item = nextItem++;
                model.set(item, op.key);
                const rest = heap.insert(item, op.key);
                expect(slotOf.get(item)).toBe(rest);
              } else if (sizeBefore === 0) {
                continue;
              } else if (op.op === 'pop') {
                const smallest = Math.min(...model.values());
                const item = heap.popMin();
                expect(model.get(item)).toBe(smallest);
                model.delete(item);
              } else if (op.op === 'delete') {
                const slot = 1 + (op.pick % sizeBefore);
                const expected = heap.itemAt(slot);
                expect(heap.delete(slot)).toBe(expected);
                model.delete(expected);
              } else {
                const slot = 1 + (op.pick % sizeBefore);
                const item = heap.itemAt(slot);
                model.set(item, op.key);
                const rest = heap.reorder(slot, op.key);
                expect(slotOf.get(item)).toBe(rest);
              }
              checkHeap(heap, layout, model, slotOf);
              // Every reference is to a slot of the heap as it was or became.
              for (const slot of log.slots.slice(logBefore)) {
                if (slot < 1 || slot > Math.max(sizeBefore, heap.size)) {
                  throw new Error(
                    `access to slot ${slot} outside 1..${Math.max(sizeBefore, heap.size)}`,
                  );
                }
              }
              const compares = sink.events
                .slice(events)
                .filter((event) => event.kind === 'compare').length;
              expect(compares).toBe(heap.comparisons - comparisons);
            }
          },
        ),
        { numRuns: 40 },
      );
    });
  }

  it('popMin returns the keys in sorted order (heapsort) on both layouts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('binary' as const, 'bheap' as const),
        fc.constantFrom(4, 8, 64),
        fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), {
          minLength: 1,
          maxLength: 600,
          size: 'max',
        }),
        (kind, perPage, keys) => {
          const heap = heapWith(makeLayout(kind, perPage), keys);
          const popped: number[] = [];
          while (heap.size > 0) popped.push(keys[heap.popMin()]);
          expect(popped).toEqual([...keys].sort((a, b) => a - b));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('Heap.accesses', () => {
  it('equals the number of slot references reported to the memory observer', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ArticleHeapKind>('binary', 'bheap'),
        fc.array(fc.tuple(fc.nat(5), fc.nat(40), fc.nat(1000)), { maxLength: 120 }),
        (kind, script) => {
          const log = new AccessLog();
          const heap = new Heap(makeLayout(kind, 4), { capacity: 200, memory: log });
          let item = 0;
          for (const [choice, pick, key] of script) {
            if (choice <= 1 || heap.size === 0) heap.insert(item++, key);
            else if (choice === 2) heap.popMin();
            else if (choice === 3) heap.delete(1 + (pick % heap.size));
            else heap.reorder(1 + (pick % heap.size), key);
            expect(heap.accesses).toBe(log.slots.length);
          }
        },
      ),
    );
  });
});
