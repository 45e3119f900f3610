import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BHeapLayout, BinaryLayout } from '../../../src/core/structures/heap/indexMaps';
import {
  cellLeft,
  levelOf,
  MAX_CELL,
  MIN_CELL,
  stripWindow,
} from '../../../src/view/array/stripGeometry';

describe('the memory strip: which slots it shows', () => {
  it('shows every page of a small structure, cells as wide as fit', () => {
    const window = stripWindow(56, 8, 20, 900);
    expect(window.first).toBe(0);
    expect(window.count).toBe(56);
    expect(window.cell).toBeLessThanOrEqual(MAX_CELL);
    expect(cellLeft(window, 8, 55) + window.cell).toBeLessThanOrEqual(900);
  });

  it('shows whole pages around the slot in focus when the structure does not fit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1 << 20 }),
        fc.constantFrom(4, 8, 64, 512),
        fc.integer({ min: 120, max: 2000 }),
        fc.nat(),
        (total, perPage, width, rawFocus) => {
          const focus = rawFocus % total;
          const window = stripWindow(total, perPage, focus, width);
          expect(window.first % perPage).toBe(0);
          expect(window.count % perPage).toBe(0);
          expect(window.cell).toBeGreaterThanOrEqual(MIN_CELL);
          // The slot in focus is shown, unless a single page is wider than the strip.
          if (perPage * MIN_CELL <= width) {
            expect(focus).toBeGreaterThanOrEqual(window.first);
            expect(focus).toBeLessThan(window.first + window.count);
            expect(
              cellLeft(window, perPage, window.first + window.count - 1) + window.cell,
            ).toBeLessThanOrEqual(width);
          }
        },
      ),
    );
  });
});

describe('the memory strip: tree levels', () => {
  it("puts the binary heap's level k in slots 2^k to 2^(k+1) - 1", () => {
    const layout = new BinaryLayout(8);
    expect([1, 2, 3, 4, 7, 8, 15, 16].map((slot) => levelOf(layout, slot))).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4,
    ]);
  });

  it('gives every child one level more than its parent, in the B-heap too', () => {
    const layout = new BHeapLayout(8);
    for (let slot = 2; slot < 400; slot++) {
      if (slot % 8 === 0) continue; // below the root's page, offset 0 is unused
      expect(levelOf(layout, slot)).toBe(levelOf(layout, layout.parent(slot)) + 1);
    }
  });
});
