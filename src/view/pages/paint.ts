// The page grid's fill styles for one palette and pixel ratio: LRU ramp, its text, hatching.

import { type Palette, type Rgb, textOn, toRgb } from '../theme/palette';
import { rampColours } from './colours';
import { type PixelColours, packPixel } from './pixelCells';

/** Colours prepared for one palette and pixel ratio. */
export interface Paint {
  palette: Palette;
  background: Rgb;
  /** Resident fills by shade (0 = most recently used). */
  ramp: string[];
  /** Readable text on each ramp fill. */
  rampText: string[];
  untouchedText: string;
  /** Fill of a paged-out cell. */
  hatch: CanvasPattern | string;
  /** The same colours as pixels, for grids drawn pixel by pixel (pixelCells.ts). */
  pixels: PixelColours;
}

export function makePaint(ctx: CanvasRenderingContext2D, palette: Palette, dpr: number): Paint {
  const ramp = rampColours(toRgb(palette.clean), toRgb(palette.cleanOld));
  const rampText = ramp.map((fill) => textOn(toRgb(fill)));
  // Paged-out cells are hollow with diagonal hatching: a shape that survives at 4 px and in greyscale.
  const size = Math.max(4, Math.round(4 * dpr));
  const tile = document.createElement('canvas');
  tile.width = size;
  tile.height = size;
  const t = tile.getContext('2d');
  let hatch: CanvasPattern | string = palette.out;
  if (t !== null) {
    t.strokeStyle = palette.out;
    t.lineWidth = Math.max(1, dpr);
    t.beginPath();
    t.moveTo(0, size);
    t.lineTo(size, 0);
    t.moveTo(-1, 1);
    t.lineTo(1, -1);
    t.moveTo(size - 1, size + 1);
    t.lineTo(size + 1, size - 1);
    t.stroke();
    hatch = ctx.createPattern(tile, 'repeat') ?? palette.out;
  }
  const pixels: PixelColours = {
    untouched: packPixel(toRgb(palette.untouched)),
    out: packPixel(toRgb(palette.out)),
    ramp: ramp.map((fill) => packPixel(toRgb(fill))),
    dirty: packPixel(toRgb(palette.dirty)),
    hatch: size,
  };
  return {
    palette,
    pixels,
    background: toRgb(palette.background),
    ramp,
    rampText,
    untouchedText: palette.text,
    hatch,
  };
}
