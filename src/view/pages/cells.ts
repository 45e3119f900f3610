// The page grid's cells: fills by state and LRU shade, outlines, dirty pages' corner marks.

import { PAGE_DIRTY } from '../../core/replay/viewState';
import {
  BUCKET_COUNT,
  BUCKET_OUT,
  BUCKET_RESIDENT,
  BUCKET_UNTOUCHED,
  type FillOrder,
} from './fillOrder';
import {
  cellX,
  cellY,
  DASH_FROM,
  type GridGeometry,
  OUTLINE_FROM,
  RANK_FROM,
} from './gridGeometry';
import type { Paint } from './paint';

/** Paints every cell of `g`; `fills` holds the pages sorted by fill, `states` indexed by page. */
export function paintCells(
  ctx: CanvasRenderingContext2D,
  g: GridGeometry,
  paint: Paint,
  fills: FillOrder,
  states: Uint8Array,
): void {
  const palette = paint.palette;
  const { order, starts } = fills;
  const { cell } = g;
  for (let b = 0; b < BUCKET_COUNT; b++) {
    if (starts[b] === starts[b + 1]) continue;
    ctx.fillStyle =
      b === BUCKET_UNTOUCHED
        ? palette.untouched
        : b === BUCKET_OUT
          ? paint.hatch
          : paint.ramp[b - BUCKET_RESIDENT];
    // One path per style: a single fill call rasterises all its cells.
    ctx.beginPath();
    for (let i = starts[b]; i < starts[b + 1]; i++) {
      const page = order[i];
      ctx.rect(cellX(g, page), cellY(g, page), cell, cell);
    }
    ctx.fill();
  }

  // Outlines: thin solid for untouched, dashed for paged out; one path per kind.
  if (g.css >= OUTLINE_FROM) {
    const line = Math.max(1, Math.round(g.dpr));
    const inset = line / 2;
    const outline = (from: number, to: number, colour: string, dash: number[]): void => {
      if (from === to) return;
      ctx.beginPath();
      for (let i = from; i < to; i++) {
        const page = order[i];
        ctx.rect(cellX(g, page) + inset, cellY(g, page) + inset, cell - line, cell - line);
      }
      ctx.setLineDash(dash);
      ctx.strokeStyle = colour;
      ctx.lineWidth = line;
      ctx.stroke();
    };
    outline(starts[BUCKET_UNTOUCHED], starts[BUCKET_UNTOUCHED + 1], palette.outline, []);
    // Dashes cost far more than fills in software rendering; small cells rely on the hatching.
    if (g.css >= DASH_FROM) {
      const dash = Math.max(2, Math.round(3 * g.dpr));
      outline(starts[BUCKET_OUT], starts[BUCKET_OUT + 1], palette.out, [dash, dash * 0.7]);
    }
    ctx.setLineDash([]);
  }

  // Dirty pages: a corner triangle, so dirtiness reads without colour.
  if (fills.dirty > 0) {
    const leg = Math.max(2, Math.ceil(cell * (g.css >= RANK_FROM ? 0.42 : 0.6)));
    ctx.beginPath();
    for (let page = 0; page < g.count; page++) {
      if (states[page] !== PAGE_DIRTY) continue;
      const x = cellX(g, page) + cell;
      const y = cellY(g, page) + cell;
      // No closePath: fill() closes every subpath itself, and closePath made a path of a few
      // thousand triangles far slower to fill without a GPU (docs/performance.md).
      ctx.moveTo(x, y);
      ctx.lineTo(x - leg, y);
      ctx.lineTo(x, y - leg);
    }
    ctx.fillStyle = palette.dirty;
    ctx.fill();
  }
}
