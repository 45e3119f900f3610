// The page grid's geometry: cell size for a page count and width, how many pages share a cell
// (only past what one pixel a page can show), and where each page's cell lies.

const MAX_CELL = 48;
/** Room around the grid (CSS px) so rings drawn outside edge cells are not clipped. */
const PAD = 6;
/** Cell sizes (CSS px) from which outlines, dashes, rank numbers and page numbers are drawn. */
export const OUTLINE_FROM = 7;
export const DASH_FROM = 14;
export const RANK_FROM = 20;
export const PAGE_NUMBER_FROM = 28;

/** Gap between cells (CSS px) for cells of `css` px: none on the smallest, so they stay visible. */
export function gapFor(css: number): number {
  if (css >= 14) return Math.max(2, Math.round(css * 0.1));
  return css >= OUTLINE_FROM ? 1 : 0;
}

/**
 * The grid's height budget (CSS px) at a width: about half of it, and no more than `room`, the
 * height its box shows (a 720-line screen gives it ~60 px), when that is known.
 */
function heightBudget(width: number, room?: number): number {
  const half = Math.max(120, width * 0.55);
  return room === undefined ? half : Math.max(16, Math.min(half, room));
}

/** Whether `cells` cells of `css` px fit the width within the height budget. */
function fits(cells: number, width: number, css: number, room?: number): boolean {
  const gap = gapFor(css);
  const cols = Math.max(1, Math.floor((width + gap) / (css + gap)));
  return Math.ceil(cells / cols) * (css + gap) - gap <= heightBudget(width, room);
}

/**
 * Largest cell (CSS px) whose grid fits the width within a height of about half the width (and
 * `room`): eight pages get big, labelled cells; two thousand get 4-8 px cells without gaps; a
 * large run's tens of thousands of pages get down to 1 px.
 */
export function cellSizeFor(count: number, width: number, room?: number): number {
  for (let css = MAX_CELL; css > 1; css--) if (fits(count, width, css, room)) return css;
  return 1;
}

/**
 * Pages a cell stands for: 1, unless even 1 px cells would pass the height budget (a large run at
 * 4 items per page spans up to 524,288 pages); then the smallest power of two that fits.
 */
function pagesPerCellFor(count: number, width: number, room?: number): number {
  let perCell = 1;
  while (!fits(Math.ceil(count / perCell), width, 1, room) && perCell < 2 ** 20) perCell *= 2;
  return perCell;
}

/**
 * The grid in device pixels: whole-pixel cells stay crisp at any zoom or devicePixelRatio. Only
 * `css` and `cssWidth` are in CSS px; page p sits in row floor(p / cols), column p % cols.
 */
export interface GridGeometry {
  /** Pages. */
  count: number;
  /** Pages per cell: 1, or a power of two when 1 px a page would not fit (pagesPerCellFor). */
  perCell: number;
  /** Cells: count / perCell, rounded up. */
  cells: number;
  cssWidth: number;
  dpr: number;
  /** Cell size in CSS px (decides what is drawn: outlines, numbers). */
  css: number;
  cell: number;
  gap: number;
  /** cell + gap: from one cell's left edge to the next's. */
  pitch: number;
  cols: number;
  rows: number;
  pad: number;
  /** Of the canvas. */
  width: number;
  height: number;
}

/**
 * The grid for `count` pages in `cssWidth` CSS px, its cells whole device pixels; `cssRoom`, when
 * known, is the most height (CSS px) the grid may take, its padding included.
 */
export function geometryFor(
  count: number,
  cssWidth: number,
  dpr: number,
  cssRoom?: number,
): GridGeometry {
  const inner = Math.max(1, cssWidth - 2 * PAD);
  const room = cssRoom === undefined ? undefined : cssRoom - 2 * PAD;
  const perCell = pagesPerCellFor(Math.max(1, count), inner, room);
  const cells = Math.ceil(count / perCell);
  const css = cellSizeFor(Math.max(1, cells), inner, room);
  const cell = Math.max(1, Math.round(css * dpr));
  const gap = Math.round(gapFor(css) * dpr);
  const pitch = cell + gap;
  const pad = Math.round(PAD * dpr);
  const width = Math.max(1, Math.round(cssWidth * dpr));
  const cols = Math.max(1, Math.floor((width - 2 * pad + gap) / pitch));
  const rows = Math.max(1, Math.ceil(cells / cols));
  const height = 2 * pad + rows * pitch - gap;
  return {
    count,
    perCell,
    cells,
    cssWidth,
    dpr,
    css,
    cell,
    gap,
    pitch,
    cols,
    rows,
    pad,
    width,
    height,
  };
}

/** The cell holding a page. */
export function cellOf(g: GridGeometry, page: number): number {
  return g.perCell === 1 ? page : Math.floor(page / g.perCell);
}

/** Left edge (device px) of a page's cell. */
export function cellX(g: GridGeometry, page: number): number {
  return g.pad + (cellOf(g, page) % g.cols) * g.pitch;
}

/** Top edge (device px) of a page's cell. */
export function cellY(g: GridGeometry, page: number): number {
  return g.pad + Math.floor(cellOf(g, page) / g.cols) * g.pitch;
}

/**
 * The page under a point given in CSS px from the canvas's corner (the first of its cell's), or
 * null between rows' ends, in the padding or past the last page. A gap belongs to the cell
 * before it.
 */
export function pageAtPoint(g: GridGeometry, cssX: number, cssY: number): number | null {
  const x = cssX * g.dpr - g.pad;
  const y = cssY * g.dpr - g.pad;
  if (x < 0 || y < 0) return null;
  const col = Math.floor(x / g.pitch);
  const row = Math.floor(y / g.pitch);
  if (col >= g.cols) return null;
  const page = (row * g.cols + col) * g.perCell;
  return page < g.count ? page : null;
}
