// Numbers in the page grid's larger cells: resident pages' LRU rank, and p<page> in the corner,
// never smaller than the least size the stage allows.

import { CANVAS_FONT, setCanvasFont } from './canvasFont';
import { lruSpan, shadeOf } from './colours';
import { cellX, cellY, type GridGeometry, PAGE_NUMBER_FROM } from './gridGeometry';
import type { Paint } from './paint';
import type { GridSnapshot } from './snapshot';

/** The text sizes (CSS px) a grid's numbers were drawn at: 0 for numbers not drawn. */
interface CellTextSizes {
  rank: number;
  page: number;
}

/** Of a cell of `css` CSS px: the rank's size (three-character labels take the smaller one). */
function rankSizes(css: number): { rank: number; small: number } {
  return { rank: css * 0.4, small: css * 0.3 };
}

/** The page label's size in a cell of `css` CSS px. */
function pageLabelSize(css: number): number {
  return Math.max(9, css * 0.26);
}

/**
 * Ranks in every resident cell, and p<page> in the corner, each only where it reaches `least` CSS
 * px (11, or 18 on a projector): a number too small to read is not drawn. Returns the sizes drawn.
 */
export function drawCellNumbers(
  ctx: CanvasRenderingContext2D,
  g: GridGeometry,
  paint: Paint,
  snapshot: GridSnapshot,
  least: number,
): CellTextSizes {
  const { cell } = g;
  const { ranks } = snapshot;
  const sizes = rankSizes(g.css);
  const px = (css: number): number => Math.round(css * g.dpr);
  // A page number may grow to the least size (18 px on a projector) where the cell also holds
  // the rank under it: presenting, 48 px cells are labelled as the narration names their pages.
  const pageSize = Math.max(pageLabelSize(g.css), Math.min(least, sizes.rank));
  const inset = Math.round(cell * 0.06);
  const pageFont = `${px(pageSize)}px ${CANVAS_FONT}`;
  // The widest label ("p" and the last page's number) must fit inside the cell; measured only
  // where a page number could be drawn at all.
  const widestFits = (): boolean => {
    setCanvasFont(ctx, pageFont);
    return ctx.measureText(`p${g.count - 1}`).width <= cell - 2 * inset;
  };
  const withPage = g.css >= PAGE_NUMBER_FROM && pageSize >= least && widestFits();
  // With a page number in the corner the rank is centred in the room under it.
  const rankY = withPage ? (inset + pageSize * g.dpr + cell) / 2 : cell * 0.5;
  const span = lruSpan(snapshot.residentCount);
  const drawn: CellTextSizes = { rank: 0, page: 0 };
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const rankFont = `700 ${px(sizes.rank)}px ${CANVAS_FONT}`;
  const smallRankFont = `700 ${px(sizes.small)}px ${CANVAS_FONT}`;
  for (let page = 0; page < g.count; page++) {
    const rank = ranks[page];
    if (rank === 0) continue;
    // Under FIFO, CLOCK or OPT the policy's own mark replaces the rank (snapshot.labels).
    const text = snapshot.labels?.get(page) ?? String(rank);
    const size = text.length >= 3 ? sizes.small : sizes.rank;
    if (size < least) continue;
    ctx.fillStyle = paint.rampText[shadeOf(rank, span)];
    setCanvasFont(ctx, text.length >= 3 ? smallRankFont : rankFont);
    ctx.fillText(text, cellX(g, page) + cell / 2, cellY(g, page) + rankY);
    drawn.rank = drawn.rank === 0 ? size : Math.min(drawn.rank, size);
  }
  if (!withPage) return drawn;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  setCanvasFont(ctx, pageFont);
  for (let page = 0; page < g.count; page++) {
    const rank = ranks[page];
    ctx.fillStyle = rank === 0 ? paint.untouchedText : paint.rampText[shadeOf(rank, span)];
    ctx.globalAlpha = 0.8;
    ctx.fillText(`p${page}`, cellX(g, page) + inset, cellY(g, page) + inset);
  }
  ctx.globalAlpha = 1;
  drawn.page = pageSize;
  return drawn;
}
