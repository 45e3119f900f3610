import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ITEMS } from '../../../../src/core/ranges';
import {
  ARTICLE_HEAP_KINDS,
  BHeapLayout,
  BinaryLayout,
  isValidItemsPerPage,
  type Layout,
  makeLayout,
  pageOfSlot,
} from '../../../../src/core/structures/heap/indexMaps';

// A copy of /work/shared/bheap-index-vectors.json (the independent B-heap index vectors), kept in
// the repository so the test runs anywhere; only its whitespace was reformatted for Biome.
interface VectorTable {
  itemsPerPage: number;
  rows: [number, number, number, number][];
}
const VECTORS: { tables: VectorTable[] } = JSON.parse(
  readFileSync(new URL('../../../fixtures/bheap-index-vectors.json', import.meta.url), 'utf8'),
);

const PAGE_SIZES = Array.from({ length: 11 }, (_, index) => 2 ** (index + 2)); // 4 .. 4096
const LAYOUTS: Layout[] = PAGE_SIZES.flatMap((size) => [
  new BinaryLayout(size),
  new BHeapLayout(size),
]);

/**
 * Slots whose children stay below 2^30 for every page size: at 4096 per page the largest child of
 * a slot below 2^19 is on page 127 * 2048 + 2048 = 2^18, i.e. below slot 2^30. Larger slots are
 * covered by the tests of the whole MAX_ITEMS range below.
 */
const SMALL_SLOT = fc.integer({ min: 1, max: 2 ** 19 });

function position(layout: Layout, slot: number): number {
  return slot % layout.itemsPerPage;
}

describe('B-heap index vectors', () => {
  it('the vectors file has tables for 4, 8, 16 and 512 items per page', () => {
    const sizes = new Set(VECTORS.tables.map((table) => table.itemsPerPage));
    expect([...sizes].sort((a, b) => a - b)).toEqual([4, 8, 16, 512]);
  });

  VECTORS.tables.forEach((table, index) => {
    it(`parent, firstChild and secondChild match every row of table ${index} (${table.itemsPerPage} per page)`, () => {
      const layout = new BHeapLayout(table.itemsPerPage);
      let checked = 0;
      for (const [slot, parent, first, second] of table.rows) {
        expect([
          slot,
          layout.parent(slot),
          layout.firstChild(slot),
          layout.secondChild(slot),
        ]).toEqual([slot, parent, first, second]);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBe(table.rows.length);
    });
  });
});

describe('BinaryLayout', () => {
  it('has the textbook children 2u and 2u+1 (Williams 1964)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAGE_SIZES), SMALL_SLOT, (size, u) => {
        const layout = new BinaryLayout(size);
        expect(layout.firstChild(u)).toBe(2 * u);
        expect(layout.secondChild(u)).toBe(2 * u + 1);
      }),
    );
  });

  it('parent(2u) = parent(2u+1) = u', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAGE_SIZES), SMALL_SLOT, (size, u) => {
        const layout = new BinaryLayout(size);
        expect(layout.parent(2 * u)).toBe(u);
        expect(layout.parent(2 * u + 1)).toBe(u);
      }),
    );
  });

  it('parent of the root is the unused slot 0', () => {
    for (const size of PAGE_SIZES) expect(new BinaryLayout(size).parent(1)).toBe(0);
  });
});

describe('both layouts, every page size from 4 to 4096', () => {
  it('parent(firstChild(u)) and parent(secondChild(u)) are u', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LAYOUTS), SMALL_SLOT, (layout, u) => {
        expect(layout.parent(layout.firstChild(u))).toBe(u);
        expect(layout.parent(layout.secondChild(u))).toBe(u);
      }),
      { numRuns: 2000 },
    );
  });

  it('parent(firstChild(u)) is u for the first 3 pages and the slots around page boundaries', () => {
    for (const layout of LAYOUTS) {
      const slots = new Set<number>();
      for (let s = 1; s < 3 * layout.itemsPerPage; s++) slots.add(s);
      for (let page = 3; page < 40; page++) {
        for (const offset of [-2, -1, 0, 1, 2, 3, layout.itemsPerPage / 2]) {
          slots.add(page * layout.itemsPerPage + offset);
        }
      }
      for (const u of slots) {
        if (layout.parent(layout.firstChild(u)) !== u || layout.parent(layout.secondChild(u)) !== u)
          throw new Error(`${layout.kind}/${layout.itemsPerPage}: slot ${u}`);
      }
    }
  });

  it('children come after their parent, and secondChild is firstChild or firstChild + 1', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LAYOUTS), SMALL_SLOT, (layout, u) => {
        const first = layout.firstChild(u);
        const second = layout.secondChild(u);
        expect(first).toBeGreaterThan(u);
        expect([first, first + 1]).toContain(second);
      }),
      { numRuns: 2000 },
    );
  });

  it('parent(s) < s for s >= 2, so filling slots 1, 2, 3, ... in order is valid', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LAYOUTS),
        fc.integer({ min: 2, max: MAX_ITEMS }),
        (layout, s) => {
          const parent = layout.parent(s);
          expect(parent).toBeGreaterThanOrEqual(1);
          expect(parent).toBeLessThan(s);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('every slot 2..n is the child of exactly one parent, its parent() (slots are dense)', () => {
    for (const layout of LAYOUTS) {
      const n = Math.max(12 * layout.itemsPerPage, 5000);
      const childOf = new Int32Array(n + 1);
      for (let u = 1; u <= n; u++) {
        const children = new Set([layout.firstChild(u), layout.secondChild(u)]);
        for (const child of children) {
          if (child > n) continue;
          if (childOf[child] !== 0)
            throw new Error(`${layout.kind}/${layout.itemsPerPage}: ${child} has two parents`);
          childOf[child] = u;
        }
      }
      for (let s = 2; s <= n; s++) {
        if (childOf[s] === 0 || childOf[s] !== layout.parent(s))
          throw new Error(
            `${layout.kind}/${layout.itemsPerPage}: slot ${s} is a child of ${childOf[s]}, parent() says ${layout.parent(s)}`,
          );
      }
      expect(childOf[1]).toBe(0);
    }
  });

  it('slot s is on page floor(s / itemsPerPage)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LAYOUTS),
        fc.integer({ min: 0, max: MAX_ITEMS }),
        (layout, s) => {
          expect(pageOfSlot(layout, s)).toBe(Math.floor(s / layout.itemsPerPage));
        },
      ),
    );
  });

  it('makeLayout builds the named layout', () => {
    for (const kind of ARTICLE_HEAP_KINDS) {
      const layout = makeLayout(kind, 64);
      expect(layout.kind).toBe(kind);
      expect(layout.itemsPerPage).toBe(64);
      expect(layout.pageShift).toBe(6);
    }
    expect(makeLayout('binary', 8)).toBeInstanceOf(BinaryLayout);
    expect(makeLayout('bheap', 8)).toBeInstanceOf(BHeapLayout);
  });

  it.each([3, 6, 2, 1, 8192, 0, -4, 4.5, Number.NaN])('rejects %s items per page', (size) => {
    expect(isValidItemsPerPage(size)).toBe(false);
    expect(() => new BinaryLayout(size)).toThrow(RangeError);
    expect(() => new BHeapLayout(size)).toThrow(RangeError);
    expect(() => makeLayout('bheap', size)).toThrow(/power of two from 4 to 4096/);
  });

  it('accepts every power of two from 4 to 4096', () => {
    for (const size of PAGE_SIZES) expect(isValidItemsPerPage(size)).toBe(true);
  });
});

describe('BHeapLayout', () => {
  const bheaps = LAYOUTS.filter((layout) => layout.kind === 'bheap');

  it('the two children of any slot are on the same page (the article: "both child nodes live in the same VM page")', () => {
    fc.assert(
      fc.property(fc.constantFrom(...bheaps), SMALL_SLOT, (layout, u) => {
        expect(pageOfSlot(layout, layout.secondChild(u))).toBe(
          pageOfSlot(layout, layout.firstChild(u)),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('a step to the parent leaves the page only from positions 0 and 1 of a page after the first', () => {
    fc.assert(
      fc.property(fc.constantFrom(...bheaps), fc.integer({ min: 2, max: 2 ** 22 }), (layout, s) => {
        const leaves = pageOfSlot(layout, layout.parent(s)) !== pageOfSlot(layout, s);
        expect(leaves).toBe(s >= layout.itemsPerPage && position(layout, s) < 2);
      }),
      { numRuns: 2000 },
    );
  });

  it('positions 0 and 1 of a page after the first have a single child, two slots further on', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...bheaps),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 1 }),
        (layout, page, offset) => {
          const slot = page * layout.itemsPerPage + offset;
          expect(layout.firstChild(slot)).toBe(slot + 2);
          expect(layout.secondChild(slot)).toBe(slot + 2);
        },
      ),
    );
  });

  // Hand derivation from the layout's definition: with P items per page and H = P / 2, the
  // bottom-row slot j (position H + j) of page g has its two children at positions 0 and 1 of
  // page g*H + j + 1. Slot 1050624 = 256 * 4096 + 2048 is page 256, bottom-row slot 0 for
  // P = 4096, so its children open page 256 * 2048 + 1 = 524289: slots 2147487744 and
  // 2147487745 (beyond 2^31). A heap of MAX_ITEMS (2^24) items holds this slot.
  it('children of a bottom-row slot beyond 2^31 are exact (P = 4096, slot 1050624)', () => {
    const layout = new BHeapLayout(4096);
    expect(layout.firstChild(1050624)).toBe(2147487744);
    expect(layout.secondChild(1050624)).toBe(2147487745);
  });

  it('parent(firstChild(u)) is u for every slot a heap of MAX_ITEMS items can hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...bheaps),
        fc.integer({ min: 1, max: MAX_ITEMS }),
        (layout, u) => {
          const first = layout.firstChild(u);
          expect(first).toBeGreaterThan(u);
          expect(layout.parent(first)).toBe(u);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('fills page 0 as a plain binary heap: slots 1..P-1 have parent floor(s / 2)', () => {
    for (const layout of bheaps) {
      for (let s = 2; s < layout.itemsPerPage; s++) expect(layout.parent(s)).toBe(s >> 1);
    }
  });

  // Figure 6 of the article (8 items per page), derived by hand: page 0 holds 1; 2, 3; 4..7.
  // The bottom row 4, 5, 6, 7 opens pages 1, 2, 3, 4. Page 1 holds the pair 8, 9 (children of 4),
  // whose single children are 10, 11; then 10 has 12, 13 and 11 has 14, 15 on the same page.
  it('lays out 8 items per page as in the hand-drawn Figure 6', () => {
    const layout = new BHeapLayout(8);
    const children = (u: number): number[] => [layout.firstChild(u), layout.secondChild(u)];
    expect(children(1)).toEqual([2, 3]);
    expect(children(2)).toEqual([4, 5]);
    expect(children(3)).toEqual([6, 7]);
    expect(children(4)).toEqual([8, 9]);
    expect(children(5)).toEqual([16, 17]);
    expect(children(7)).toEqual([32, 33]);
    expect(children(8)).toEqual([10, 10]);
    expect(children(9)).toEqual([11, 11]);
    expect(children(10)).toEqual([12, 13]);
    expect(children(11)).toEqual([14, 15]);
    // Page 1's bottom row 12..15 opens pages 1*4 + 0 + 1 = 5 .. 8.
    expect(children(12)).toEqual([40, 41]);
    expect(children(15)).toEqual([64, 65]);
  });
});
