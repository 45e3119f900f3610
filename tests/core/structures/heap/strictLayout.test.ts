import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink } from '../../../../src/core/events';
import { AccessLog } from '../../../../src/core/memory/observer';
import { Heap, NO_SLOT } from '../../../../src/core/structures/heap/heap';
import {
  BHeapLayout,
  BHeapStrictLayout,
  lastSlotOf,
  pageOfSlot,
  strictPagesFor,
} from '../../../../src/core/structures/heap/indexMaps';
import {
  heapLayout,
  structurePages,
  structureSpec,
} from '../../../../src/core/structures/registry';
import { pickOps } from '../queueTesting';

const PAGE_SIZES = Array.from({ length: 11 }, (_, index) => 2 ** (index + 2)); // 4 .. 4096
const LAYOUTS = PAGE_SIZES.map((size) => new BHeapStrictLayout(size));

/** The first n used slots, in fill order. */
function usedSlots(layout: BHeapStrictLayout, n: number): number[] {
  return Array.from({ length: n }, (_, index) => layout.slotOfItem(index + 1));
}

/** A used slot drawn at random: the slot of the k-th item. */
const USED = fc.integer({ min: 1, max: 2 ** 19 });

describe('BHeapStrictLayout: the index map', () => {
  it('parent(firstChild(u)) and parent(secondChild(u)) are u for every used slot', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LAYOUTS), USED, (layout, n) => {
        const u = layout.slotOfItem(n);
        expect(layout.parent(layout.firstChild(u))).toBe(u);
        expect(layout.parent(layout.secondChild(u))).toBe(u);
      }),
      { numRuns: 2000 },
    );
  });

  it('both children of a slot are on one page, after their parent, and never in a gap', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LAYOUTS), USED, (layout, n) => {
        const u = layout.slotOfItem(n);
        const [first, second] = [layout.firstChild(u), layout.secondChild(u)];
        expect(second).toBe(first + 1);
        expect(first).toBeGreaterThan(u);
        expect(pageOfSlot(layout, second)).toBe(pageOfSlot(layout, first));
        expect([layout.isGap(first), layout.isGap(second)]).toEqual([false, false]);
      }),
      { numRuns: 2000 },
    );
  });

  it('every used slot after the root is the child of exactly one used slot, its parent()', () => {
    for (const layout of LAYOUTS) {
      const slots = usedSlots(layout, Math.max(12 * layout.itemsPerPage, 5000));
      const used = new Set(slots);
      const last = slots[slots.length - 1];
      const childOf = new Map<number, number>();
      for (const u of slots) {
        for (const child of [layout.firstChild(u), layout.secondChild(u)]) {
          if (child > last) continue;
          if (!used.has(child)) throw new Error(`${layout.itemsPerPage}: ${child} is a gap child`);
          if (childOf.has(child))
            throw new Error(`${layout.itemsPerPage}: ${child} has two parents`);
          childOf.set(child, u);
        }
      }
      for (const s of slots.slice(1)) {
        if (childOf.get(s) !== layout.parent(s))
          throw new Error(
            `${layout.itemsPerPage}: slot ${s}: child of ${childOf.get(s)}, parent() ${layout.parent(s)}`,
          );
      }
    }
  });

  it('a step to the parent leaves the page only from positions 2 and 3 of a page after the first', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LAYOUTS),
        fc.integer({ min: 2, max: 2 ** 21 }),
        (layout, n) => {
          const s = layout.slotOfItem(n);
          const leaves = pageOfSlot(layout, layout.parent(s)) !== pageOfSlot(layout, s);
          const position = s % layout.itemsPerPage;
          expect(leaves).toBe(s >= layout.itemsPerPage && (position === 2 || position === 3));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('lays out page 0 exactly as the B-heap does', () => {
    for (const size of PAGE_SIZES) {
      const [strict, bheap] = [new BHeapStrictLayout(size), new BHeapLayout(size)];
      for (let s = 2; s < size; s++) expect(strict.parent(s)).toBe(bheap.parent(s));
      for (let s = 1; s < size / 2; s++) expect(strict.firstChild(s)).toBe(bheap.firstChild(s));
    }
  });

  // Derived by hand from the definition, 8 per page (H = 4): page 0 holds 1; 2, 3; 4..7. Bottom-row
  // slot j = 0..3 (slots 4..7) opens page j + 1 at positions 2 and 3. Page 1 (slots 8..15) holds
  // 10, 11, then 12, 13 under 10 and 14, 15 under 11; its bottom row 12..15 opens pages
  // 1*4 + j + 1 = 5..8 at positions 2 and 3.
  it('lays out 8 items per page as derived by hand', () => {
    const layout = new BHeapStrictLayout(8);
    const children = (u: number): number[] => [layout.firstChild(u), layout.secondChild(u)];
    expect(children(1)).toEqual([2, 3]);
    expect(children(4)).toEqual([10, 11]);
    expect(children(5)).toEqual([18, 19]);
    expect(children(7)).toEqual([34, 35]);
    expect(children(10)).toEqual([12, 13]);
    expect(children(11)).toEqual([14, 15]);
    expect(children(12)).toEqual([42, 43]);
    expect(children(15)).toEqual([66, 67]);
    expect(usedSlots(layout, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14]);
  });
});

describe('BHeapStrictLayout: filling slots in order', () => {
  it('after() walks the used slots in order, before() walks back, isGap() marks the rest', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LAYOUTS),
        fc.integer({ min: 1, max: 2 ** 20 }),
        (layout, n) => {
          const slot = layout.slotOfItem(n);
          expect(layout.after(slot)).toBe(layout.slotOfItem(n + 1));
          expect(layout.before(layout.after(slot))).toBe(slot);
          expect(layout.isGap(slot)).toBe(false);
          for (let gap = slot + 1; gap < layout.after(slot); gap++)
            expect(layout.isGap(gap)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('itemsThrough() undoes slotOfItem(), and a gap counts the items before it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LAYOUTS),
        fc.integer({ min: 1, max: 2 ** 20 }),
        (layout, n) => {
          const slot = layout.slotOfItem(n);
          expect(layout.itemsThrough(slot)).toBe(n);
          for (let gap = slot + 1; gap < layout.after(slot); gap++)
            expect(layout.itemsThrough(gap)).toBe(n);
          expect(lastSlotOf(layout, n)).toBe(slot);
        },
      ),
      { numRuns: 2000 },
    );
    expect(LAYOUTS[0].itemsThrough(0)).toBe(0);
    expect(lastSlotOf(LAYOUTS[0], 0)).toBe(0);
  });

  it('spans P - 1 items on page 0 and P - 2 on each later page', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAGE_SIZES),
        fc.integer({ min: 1, max: 2 ** 22 }),
        (size, items) => {
          const pages = strictPagesFor(items, size);
          // The pages before the last hold too few items; the pages hold all of them.
          const held = (count: number): number => size - 1 + (count - 1) * (size - 2);
          expect(held(pages)).toBeGreaterThanOrEqual(items);
          if (pages > 1) expect(held(pages - 1)).toBeLessThan(items);
          expect(structurePages(structureSpec('bheap-strict', size), items)).toBe(pages);
        },
      ),
    );
  });
});

describe('a Heap over the strict B-heap', () => {
  const KEY = fc.integer({ min: 0, max: 30 });
  const OP = pickOps(KEY);

  for (const size of [4, 8, 64]) {
    it(`keeps heap order, never touches a gap, and refuses gap slots (${size} per page)`, () => {
      fc.assert(
        fc.property(
          fc.array(KEY, { maxLength: 600, size: 'max' }),
          fc.array(OP, { minLength: 1, maxLength: 80, size: 'max' }),
          (prefill, ops) => {
            const layout = heapLayout(structureSpec('bheap-strict', size)) as BHeapStrictLayout;
            const log = new AccessLog();
            const slotOf = new Map<number, number>();
            const model = new Map<number, number>();
            const heap = new Heap(layout, {
              capacity: prefill.length + ops.length,
              memory: log,
              sink: new ArraySink(),
              onSlot: (item, slot) => slotOf.set(item, slot),
            });
            let nextItem = 0;
            for (const key of prefill) {
              model.set(nextItem, key);
              heap.insert(nextItem++, key);
            }
            for (const op of ops) {
              const size = heap.size;
              if (op.op === 'insert') {
                model.set(nextItem, op.key);
                heap.insert(nextItem++, op.key);
              } else if (size === 0) continue;
              else if (op.op === 'pop') {
                const item = heap.popMin();
                expect(model.get(item)).toBe(Math.min(...model.values()));
                model.delete(item);
              } else {
                const slot = layout.slotOfItem(1 + (op.pick % size));
                const item = heap.itemAt(slot);
                if (op.op === 'delete') {
                  expect(heap.delete(slot)).toBe(item);
                  model.delete(item);
                } else {
                  model.set(item, op.key);
                  heap.reorder(slot, op.key);
                }
              }
              const used = usedSlots(layout, heap.size);
              expect(heap.size).toBe(model.size);
              expect(heap.lastSlot).toBe(used.length === 0 ? 0 : used[used.length - 1]);
              for (const s of used.slice(1)) {
                if (heap.keyAt(layout.parent(s)) > heap.keyAt(s)) throw new Error(`order at ${s}`);
              }
              for (const s of used) {
                const item = heap.itemAt(s);
                if (slotOf.get(item) !== s || model.get(item) !== heap.keyAt(s))
                  throw new Error(`item ${item} in slot ${s}`);
              }
              for (const [item, slot] of slotOf) {
                if (!model.has(item) && slot !== NO_SLOT)
                  throw new Error(`${item} left in ${slot}`);
              }
            }
            for (const slot of log.slots) {
              if (layout.isGap(slot)) throw new Error(`a reference to gap slot ${slot}`);
            }
          },
        ),
        { numRuns: 30 },
      );
    });
  }

  it('pops in sorted order and refuses a page’s positions 0 and 1 as handles', () => {
    const layout = new BHeapStrictLayout(4);
    const keys = Array.from({ length: 40 }, (_, index) => (index * 37) % 41);
    const heap = new Heap(layout, { capacity: keys.length, memory: new AccessLog() });
    for (const [item, key] of keys.entries()) heap.insert(item, key);
    expect(heap.size).toBe(40);
    expect(() => heap.insert(99, 1)).toThrow(/full/);
    expect(() => heap.delete(8)).toThrow(/unused positions 0 and 1/);
    expect(() => heap.reorder(5, 3)).toThrow(/got 5/);
    const popped: number[] = [];
    while (heap.size > 0) popped.push(keys[heap.popMin()]);
    expect(popped).toEqual([...keys].sort((a, b) => a - b));
    expect(heap.lastSlot).toBe(0);
  });
});
