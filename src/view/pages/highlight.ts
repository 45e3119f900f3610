// Outlines around the page grid's cells of the pages hovered in the tree view beside it.

import { cellX, cellY, type GridGeometry } from './gridGeometry';

/** One stroked path around every highlighted page in range. */
export function drawHighlight(
  ctx: CanvasRenderingContext2D,
  g: GridGeometry,
  colour: string,
  pages: ReadonlySet<number>,
): void {
  if (pages.size === 0) return;
  const line = Math.max(2, Math.round(2 * g.dpr));
  const out = line / 2 + Math.round(g.dpr);
  ctx.strokeStyle = colour;
  ctx.lineWidth = line;
  ctx.beginPath();
  for (const page of pages) {
    if (page < 0 || page >= g.count) continue;
    ctx.rect(cellX(g, page) - out, cellY(g, page) - out, g.cell + 2 * out, g.cell + 2 * out);
  }
  ctx.stroke();
}
