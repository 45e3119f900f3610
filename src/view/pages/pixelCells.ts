// The page grid's cells written as pixels: for grids of tens of thousands of small cells (a
// large run at 16-64 items per page), where one canvas path per fill style took 12-36 ms a draw
// and its software rasterisation several times more. Same look as cells.ts: fills, hatching of
// paged-out cells, dirty pages' corner triangles.

import { BUCKET_OUT, BUCKET_RESIDENT, BUCKET_UNTOUCHED } from './fillOrder';
import { cellX, cellY, type GridGeometry } from './gridGeometry';

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
 * bucket (fillOrder.ts), `states` its state; `dirtyState` marks a dirty page.
 */
export function paintPixelCells(
  pixels: Uint32Array,
  g: GridGeometry,
  colours: PixelColours,
  buckets: Uint8Array,
  states: Uint8Array,
  dirtyState: number,
): void {
  pixels.fill(0);
  const { cell, width, cols, count } = g;
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
  for (let row = 0; row * cols < count; row++) {
    const y0 = cellY(g, row * cols);
    const first = row * cols;
    const last = Math.min(count, first + cols);
    for (let dy = 0; dy < cell; dy++) {
      const y = y0 + dy;
      if (y >= g.height) break;
      const line = y * width;
      // Within a cell's row the dirty triangle starts at this dx: 2 cell - 1 - dx - dy <= leg.
      const dirtyFrom = 2 * cell - 1 - dy - leg;
      let x0 = cellX(g, first);
      for (let page = first; page < last; page++, x0 += g.pitch) {
        const bucket = buckets[page];
        const dirty = states[page] === dirtyState;
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
