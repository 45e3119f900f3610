// The page grid's geometry: cell sizes that fit, whole device pixels, and points back to pages.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellOf,
  cellSizeFor,
  cellX,
  cellY,
  gapFor,
  geometryFor,
  pageAtPoint,
} from '../../../src/view/pages/gridGeometry';

describe('cellSizeFor', () => {
  it('gives few pages big cells and many pages small ones', () => {
    expect(cellSizeFor(8, 400)).toBe(48);
    const many = cellSizeFor(2000, 400);
    expect(many).toBeGreaterThanOrEqual(3);
    expect(many).toBeLessThanOrEqual(8);
    expect(gapFor(many)).toBeLessThanOrEqual(1);
  });

  it('never grows with the page count, and keeps the grid within about half the width', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 100, max: 2000 }),
        (count, width) => {
          const css = cellSizeFor(count, width);
          expect(cellSizeFor(count + 1, width)).toBeLessThanOrEqual(css);
          const gap = gapFor(css);
          const cols = Math.max(1, Math.floor((width + gap) / (css + gap)));
          if (css > 3) {
            expect(Math.ceil(count / cols) * (css + gap) - gap).toBeLessThanOrEqual(
              Math.max(120, width * 0.55),
            );
          }
        },
      ),
    );
  });
});

describe('geometryFor', () => {
  it('sizes cells and the canvas in whole device pixels, every page in a row', () => {
    for (const dpr of [1, 1.25, 2]) {
      const g = geometryFor(100, 377, dpr);
      for (const value of [g.cell, g.gap, g.pitch, g.pad, g.width, g.height]) {
        expect(Number.isInteger(value)).toBe(true);
      }
      expect(g.pitch).toBe(g.cell + g.gap);
      expect(g.cols * g.rows).toBeGreaterThanOrEqual(100);
      expect(cellX(g, g.cols - 1) + g.cell).toBeLessThanOrEqual(g.width - g.pad);
      expect(cellY(g, 99) + g.cell).toBe(g.height - g.pad);
    }
  });

  it('places page p in row floor(p / cols), column p % cols', () => {
    const g = geometryFor(20, 300, 1);
    expect(cellX(g, 0)).toBe(g.pad);
    expect(cellY(g, 0)).toBe(g.pad);
    expect(cellX(g, g.cols + 2)).toBe(g.pad + 2 * g.pitch);
    expect(cellY(g, g.cols + 2)).toBe(g.pad + g.pitch);
  });
});

describe('pageAtPoint', () => {
  it('finds the page under the middle of each cell', () => {
    for (const dpr of [1, 2]) {
      const g = geometryFor(37, 300, dpr);
      for (let page = 0; page < 37; page++) {
        const x = (cellX(g, page) + g.cell / 2) / dpr;
        const y = (cellY(g, page) + g.cell / 2) / dpr;
        expect(pageAtPoint(g, x, y)).toBe(page);
      }
    }
  });

  it('finds nothing in the padding or past the last page', () => {
    // Five pages in one row of more than five columns, at one device pixel per CSS pixel.
    const g = geometryFor(5, 600, 1);
    expect(g.cols).toBeGreaterThan(5);
    expect(pageAtPoint(g, 0, 0)).toBeNull();
    expect(pageAtPoint(g, cellX(g, 4) + g.pitch + 1, cellY(g, 4) + 1)).toBeNull();
    expect(pageAtPoint(g, cellX(g, 0) + 1, cellY(g, 0) + g.pitch + 1)).toBeNull();
  });
});

describe('pages per cell', () => {
  it('is one until even a pixel a page would pass the height budget, then the fewest that fit', () => {
    for (const count of [4097, 65_537, 262_145, 524_288]) {
      for (const cssWidth of [200, 440, 780]) {
        const g = geometryFor(count, cssWidth, 1);
        const budget = Math.max(120, (cssWidth - 12) * 0.55);
        expect(Number.isInteger(Math.log2(g.perCell)), `${count} at ${cssWidth}`).toBe(true);
        expect(g.cells).toBe(Math.ceil(count / g.perCell));
        if (g.perCell > 1) {
          // One pixel a cell, within the budget; half as many pages a cell would not be.
          expect(g.css).toBe(1);
          expect(g.rows * g.pitch).toBeLessThanOrEqual(budget);
          expect(Math.ceil(count / (g.perCell / 2) / g.cols)).toBeGreaterThan(budget);
        }
      }
    }
    expect(geometryFor(2049, 440, 1).perCell).toBe(1);
    expect(geometryFor(524_288, 440, 1).perCell).toBeGreaterThan(1);
  });

  it('puts each page in cell floor(page / perCell), and a point back on its cell’s first page', () => {
    const g = geometryFor(524_288, 300, 2);
    expect(g.perCell).toBeGreaterThan(1);
    for (const page of [0, 1, g.perCell - 1, g.perCell, 77_777, 524_287]) {
      const cell = cellOf(g, page);
      expect(cell).toBe(Math.floor(page / g.perCell));
      const x = (cellX(g, page) + g.cell / 2) / g.dpr;
      const y = (cellY(g, page) + g.cell / 2) / g.dpr;
      expect(pageAtPoint(g, x, y)).toBe(cell * g.perCell);
    }
    expect(cellY(g, 524_287) + g.cell).toBe(g.height - g.pad);
  });
});

describe('room', () => {
  it('keeps the whole grid within the height its box shows, down to a pixel a cell and then by sharing cells', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600_000 }),
        fc.integer({ min: 200, max: 1000 }),
        fc.integer({ min: 40, max: 400 }),
        (count, cssWidth, room) => {
          const g = geometryFor(count, cssWidth, 1, room);
          // The canvas's height is the grid plus its padding; the budget is at least 16 px.
          expect(g.height).toBeLessThanOrEqual(Math.max(room, 16 + 2 * g.pad));
          // No larger than without the room, and the same when the room is ample.
          const free = geometryFor(count, cssWidth, 1);
          expect(g.css).toBeLessThanOrEqual(free.css);
          expect(g.perCell).toBeGreaterThanOrEqual(free.perCell);
          expect(geometryFor(count, cssWidth, 1, free.height + 100)).toEqual(free);
        },
      ),
      { numRuns: 300 },
    );
  });
});
