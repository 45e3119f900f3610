// Numbers in the page grid's larger cells: resident pages' LRU rank, and p<page> in the corner.

import { CANVAS_FONT, setCanvasFont } from './canvasFont';
import { lruSpan, shadeOf } from './colours';
import { cellX, cellY, type GridGeometry, PAGE_NUMBER_FROM } from './gridGeometry';
import type { Paint } from './paint';
import type { GridSnapshot } from './snapshot';

/** Ranks in every resident cell; page numbers too from PAGE_NUMBER_FROM CSS px up. */
export function drawCellNumbers(
  ctx: CanvasRenderingContext2D,
  g: GridGeometry,
  paint: Paint,
  snapshot: GridSnapshot,
): void {
  const { cell } = g;
  const { ranks } = snapshot;
  const withPage = g.css >= PAGE_NUMBER_FROM;
  const span = lruSpan(snapshot.residentCount);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const rankFont = `700 ${Math.round(cell * 0.4)}px ${CANVAS_FONT}`;
  const smallRankFont = `700 ${Math.round(cell * 0.3)}px ${CANVAS_FONT}`;
  for (let page = 0; page < g.count; page++) {
    const rank = ranks[page];
    if (rank === 0) continue;
    ctx.fillStyle = paint.rampText[shadeOf(rank, span)];
    // Under FIFO, CLOCK or OPT the policy's own mark replaces the rank (snapshot.labels).
    const text = snapshot.labels?.get(page) ?? String(rank);
    setCanvasFont(ctx, text.length >= 3 ? smallRankFont : rankFont);
    ctx.fillText(text, cellX(g, page) + cell / 2, cellY(g, page) + cell * (withPage ? 0.58 : 0.5));
  }
  if (!withPage) return;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  setCanvasFont(
    ctx,
    `${Math.max(Math.round(9 * g.dpr), Math.round(cell * 0.24))}px ${CANVAS_FONT}`,
  );
  const inset = Math.round(cell * 0.08);
  for (let page = 0; page < g.count; page++) {
    const rank = ranks[page];
    ctx.fillStyle = rank === 0 ? paint.untouchedText : paint.rampText[shadeOf(rank, span)];
    ctx.globalAlpha = 0.8;
    ctx.fillText(`p${page}`, cellX(g, page) + inset, cellY(g, page) + inset);
  }
  ctx.globalAlpha = 1;
}
