// The page grid's cells written as pixels: for grids of tens of thousands of small cells (a
// large run at 16-64 items per page), where one canvas path per fill style cost a large part of
// a frame and its software rasterisation several times more (docs/performance.md). Same look as cells.ts: fills, hatching of
// paged-out cells, dirty pages' corner triangles.

import { BUCKET_OUT, BUCKET_RESIDENT, BUCKET_UNTOUCHED } from './fillOrder';
import type { GridGeometry } from './gridGeometry';

/** Colours as 32-bit pixels in the canvas's byte order (see packPixel). */
export interface PixelColours {
  untouched: number;
  /** Hatching lines of a paged-out cell (the rest of it stays transparent, as on the canvas). */
  out: number;
  /** Resident fills by shade, as paint.ts's ramp. */
  ramp: readonly number[];
  dirty: number;
  /** Hatching period in device px: paint.ts's pattern tile. */
  hatch: number;
}

/** Is the platform little-endian (every browser in practice; checked, not assumed)? */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** An opaque RGB colour as the 32-bit word whose bytes in memory are R, G, B, A. */
export function packPixel([r, g, b]: readonly [number, number, number]): number {
  return LITTLE_ENDIAN
    ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0
    : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
}

/**
 * Writes every cell of `g` into `pixels` (g.width x g.height, row-major, cleared first), in the
 * order the pixels lie, so the writes run through memory once. `buckets` holds each page's fill
 * bucket (fillOrder.ts), `states` its state; `dirtyState` marks a dirty page. A cell of several
 * pages (g.perCell > 1) shows the most telling of them (cellBuckets).
 */
export function paintPixelCells(
  pixels: Uint32Array,
  g: GridGeometry,
  colours: PixelColours,
  buckets: Uint8Array,
  states: Uint8Array,
  dirtyState: number,
): void {
  if (g.perCell === 1) {
    paintCellRows(pixels, g, colours, buckets, states, dirtyState);
  } else {
    const cells = cellBuckets(buckets, states, dirtyState, g.perCell);
    paintCellRows(pixels, g, colours, cells.buckets, cells.dirty, 1);
  }
}

/**
 * Each cell's bucket and dirtiness when `perCell` pages share it: its most recently used resident
 * page's shade if it has one, else paged out if any page is, else untouched; dirty if any
 * resident page is. What a glance should find (where the resident pages are) survives.
 */
export function cellBuckets(
  buckets: Uint8Array,
  states: Uint8Array,
  dirtyState: number,
  perCell: number,
): { buckets: Uint8Array; dirty: Uint8Array } {
  const cells = Math.ceil(buckets.length / perCell);
  const cellBucket = new Uint8Array(cells);
  const dirty = new Uint8Array(cells);
  // Order of preference: resident shades (a lower bucket is more recent), paged out, untouched.
  const preference = (bucket: number): number =>
    bucket >= BUCKET_RESIDENT ? bucket - BUCKET_RESIDENT : bucket === BUCKET_OUT ? 254 : 255;
  for (let cell = 0; cell < cells; cell++) {
    const first = cell * perCell;
    const last = Math.min(buckets.length, first + perCell);
    let best = buckets[first];
    let isDirty = 0;
    for (let page = first; page < last; page++) {
      if (preference(buckets[page]) < preference(best)) best = buckets[page];
      if (states[page] === dirtyState) isDirty = 1;
    }
    cellBucket[cell] = best;
    dirty[cell] = isDirty;
  }
  return { buckets: cellBucket, dirty };
}

/** The painting proper, over cells: `buckets` and `states` are indexed by cell. */
function paintCellRows(
  pixels: Uint32Array,
  g: GridGeometry,
  colours: PixelColours,
  buckets: Uint8Array,
  states: Uint8Array,
  dirtyState: number,
): void {
  pixels.fill(0);
  const { cell, width, cols, pad, pitch } = g;
  const cells = g.cells;
  const fills = new Uint32Array(BUCKET_RESIDENT + colours.ramp.length);
  fills[BUCKET_UNTOUCHED] = colours.untouched;
  for (let shade = 0; shade < colours.ramp.length; shade++) {
    fills[BUCKET_RESIDENT + shade] = colours.ramp[shade];
  }
  // The dirty triangle of cells.ts: its legs are this long, from the bottom-right corner; a pixel
  // is in it when the distances of its centre to the right and bottom edges sum to at most that.
  const leg = Math.max(2, Math.ceil(cell * 0.6));
  const { hatch, out } = colours;
  const dirtyFill = colours.dirty;
  for (let row = 0; row * cols < cells; row++) {
    const y0 = pad + row * pitch;
    const first = row * cols;
    const last = Math.min(cells, first + cols);
    for (let dy = 0; dy < cell; dy++) {
      const y = y0 + dy;
      if (y >= g.height) break;
      const line = y * width;
      // Within a cell's row the dirty triangle starts at this dx: 2 cell - 1 - dx - dy <= leg.
      const dirtyFrom = 2 * cell - 1 - dy - leg;
      let x0 = pad;
      for (let at = first; at < last; at++, x0 += pitch) {
        const bucket = buckets[at];
        const dirty = states[at] === dirtyState;
        const end = Math.min(width, x0 + cell);
        if (bucket === BUCKET_OUT) {
          // Hatching: the anti-diagonals of the whole canvas, as a repeating pattern draws them.
          let phase = (x0 + y + 1) % hatch;
          for (let x = x0; x < end; x++) {
            pixels[line + x] = phase === 0 ? out : 0;
            phase = phase + 1 === hatch ? 0 : phase + 1;
          }
        } else {
          const fill = fills[bucket];
          for (let x = x0; x < end; x++) pixels[line + x] = fill;
        }
        if (dirty) {
          for (let x = Math.max(x0, x0 + dirtyFrom); x < end; x++) pixels[line + x] = dirtyFill;
        }
      }
    }
  }
}
