// The page grid written as pixels: each pixel has the colour of the cell it lies in, hatching on
// paged-out cells, the dirty corner triangle, and nothing in gaps or past the last page.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUCKET_OUT, BUCKET_RESIDENT, BUCKET_UNTOUCHED } from '../../../src/view/pages/fillOrder';
import { type GridGeometry, geometryFor } from '../../../src/view/pages/gridGeometry';
import {
  cellBuckets,
  type PixelColours,
  packPixel,
  paintPixelCells,
} from '../../../src/view/pages/pixelCells';

const DIRTY = 2;
const OTHER = 1;

const colours: PixelColours = {
  untouched: packPixel([200, 200, 200]),
  out: packPixel([90, 90, 90]),
  ramp: [packPixel([0, 0, 255]), packPixel([0, 0, 128]), packPixel([0, 0, 64])],
  dirty: packPixel([255, 0, 0]),
  hatch: 4,
};

/** The colour of one pixel, found the slow way: which cell holds it, then that cell's rules. */
function referencePixel(
  g: GridGeometry,
  buckets: Uint8Array,
  states: Uint8Array,
  x: number,
  y: number,
): number {
  const inX = x - g.pad;
  const inY = y - g.pad;
  if (inX < 0 || inY < 0) return 0;
  const col = Math.floor(inX / g.pitch);
  const row = Math.floor(inY / g.pitch);
  const dx = inX - col * g.pitch;
  const dy = inY - row * g.pitch;
  if (col >= g.cols || dx >= g.cell || dy >= g.cell) return 0;
  const page = row * g.cols + col;
  if (page >= g.count) return 0;
  const leg = Math.max(2, Math.ceil(g.cell * 0.6));
  if (states[page] === DIRTY && 2 * g.cell - 1 - dx - dy <= leg) return colours.dirty;
  const bucket = buckets[page];
  if (bucket === BUCKET_OUT) return (x + y + 1) % colours.hatch === 0 ? colours.out : 0;
  if (bucket === BUCKET_UNTOUCHED) return colours.untouched;
  return colours.ramp[bucket - BUCKET_RESIDENT];
}

function paint(g: GridGeometry, buckets: Uint8Array, states: Uint8Array): Uint32Array {
  // Stale values from an earlier draw must not survive: start from noise.
  const pixels = new Uint32Array(g.width * g.height).fill(0xdeadbeef);
  paintPixelCells(pixels, g, colours, buckets, states, DIRTY);
  return pixels;
}

describe('paintPixelCells', () => {
  it('gives every pixel the colour of the cell it lies in, on any grid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 30, max: 300 }),
        fc.constantFrom(1, 1.5, 2),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (count, cssWidth, dpr, seed) => {
          const g = geometryFor(count, cssWidth, dpr);
          const buckets = new Uint8Array(count);
          const states = new Uint8Array(count);
          let state = seed;
          for (let page = 0; page < count; page++) {
            state = (state * 1103515245 + 12345) % 2147483648;
            buckets[page] = state % (BUCKET_RESIDENT + colours.ramp.length);
            states[page] = (state >> 8) % 4 === 0 ? DIRTY : OTHER;
          }
          const pixels = paint(g, buckets, states);
          for (let y = 0; y < g.height; y++) {
            for (let x = 0; x < g.width; x++) {
              const want = referencePixel(g, buckets, states, x, y);
              if (pixels[y * g.width + x] !== want) {
                expect({ x, y, got: pixels[y * g.width + x] }).toEqual({ x, y, got: want });
              }
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('paints a grid of several pages a cell as the cells cellBuckets makes of them', () => {
    const g = geometryFor(5000, 40, 1);
    expect(g.perCell).toBeGreaterThan(1);
    const buckets = new Uint8Array(5000);
    const states = new Uint8Array(5000).fill(OTHER);
    for (let page = 0; page < 5000; page++)
      buckets[page] = (page * 7) % 5 === 0 ? 2 + (page % 3) : page % 2;
    for (let page = 0; page < 5000; page += 11) states[page] = DIRTY;
    const pixels = paint(g, buckets, states);
    const cells = cellBuckets(buckets, states, DIRTY, g.perCell);
    const byCell = { ...g, count: g.cells, perCell: 1 };
    const cellStates = cells.dirty.map((dirty) => (dirty === 1 ? DIRTY : OTHER));
    for (let y = 0; y < g.height; y++) {
      for (let x = 0; x < g.width; x++) {
        const want = referencePixel(byCell, cells.buckets, cellStates, x, y);
        if (pixels[y * g.width + x] !== want) expect({ x, y }).toEqual({ x, y, want });
      }
    }
  });

  it('marks a dirty page in its bottom-right corner only, and hatches a paged-out one', () => {
    const g = geometryFor(3, 200, 1);
    const buckets = Uint8Array.of(BUCKET_RESIDENT, BUCKET_OUT, BUCKET_UNTOUCHED);
    const states = Uint8Array.of(DIRTY, OTHER, OTHER);
    const pixels = paint(g, buckets, states);
    const at = (page: number, dx: number, dy: number): number =>
      pixels[(g.pad + dy) * g.width + g.pad + page * g.pitch + dx];
    const end = g.cell - 1;
    expect(at(0, end, end)).toBe(colours.dirty);
    expect(at(0, 0, 0)).toBe(colours.ramp[0]);
    expect(at(2, end, end)).toBe(colours.untouched);
    const outPixels = new Set<number>();
    for (let dy = 0; dy < g.cell; dy++) {
      for (let dx = 0; dx < g.cell; dx++) outPixels.add(at(1, dx, dy));
    }
    // Lines and the transparent ground between them, nothing else.
    expect([...outPixels].sort()).toEqual([0, colours.out].sort());
  });

  it('packs a colour as the bytes R, G, B, A in memory, as ImageData reads them', () => {
    const bytes = new Uint8Array(Uint32Array.of(packPixel([1, 2, 3])).buffer);
    expect([...bytes]).toEqual([1, 2, 3, 255]);
  });
});

describe('cellBuckets', () => {
  it('shows a cell of several pages by its most recent resident page, else paged out, else untouched', () => {
    const r = (shade: number): number => BUCKET_RESIDENT + shade;
    // Four cells of 3 pages, the last one short: resident shades 5 and 2 with a paged-out page;
    // paged out and untouched; all untouched; one dirty resident page.
    const buckets = Uint8Array.of(
      r(5),
      BUCKET_OUT,
      r(2),
      BUCKET_UNTOUCHED,
      BUCKET_OUT,
      BUCKET_UNTOUCHED,
      BUCKET_UNTOUCHED,
      BUCKET_UNTOUCHED,
      BUCKET_UNTOUCHED,
      r(7),
    );
    const states = Uint8Array.of(
      OTHER,
      OTHER,
      OTHER,
      OTHER,
      OTHER,
      OTHER,
      OTHER,
      OTHER,
      OTHER,
      DIRTY,
    );
    const cells = cellBuckets(buckets, states, DIRTY, 3);
    expect([...cells.buckets]).toEqual([r(2), BUCKET_OUT, BUCKET_UNTOUCHED, r(7)]);
    expect([...cells.dirty]).toEqual([0, 0, 0, 1]);
  });
});
