// Where the memory strip puts each slot (pure): the slots shown, page by page, and how wide a
// cell is. A structure too large for the width shows a window of whole pages around the slot
// the current step concerns, so the strip works at every size the page accepts.

export interface StripWindow {
  /** First slot (or word) shown: always the start of a page. */
  first: number;
  /** Slots shown (whole pages). */
  count: number;
  /** Cell width in CSS px, and the gap between pages. */
  cell: number;
  gap: number;
}

/** Cells never narrower than this (a mark must stay visible), nor wider than that. */
export const MIN_CELL = 5;
export const MAX_CELL = 22;

/**
 * The slots a strip `widthPx` wide shows of `total` slots in pages of `perPage`, centred on
 * `focus` (a slot; -1 for none) when not all fit.
 */
export function stripWindow(
  total: number,
  perPage: number,
  focus: number,
  widthPx: number,
): StripWindow {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const gap = 3;
  const fits = (count: number, cell: number): boolean =>
    count * cell + (Math.ceil(count / perPage) - 1) * gap <= widthPx;
  if (fits(pages * perPage, MIN_CELL)) {
    const count = pages * perPage;
    let cell = MAX_CELL;
    while (cell > MIN_CELL && !fits(count, cell)) cell--;
    return { first: 0, count, cell, gap };
  }
  // A window of whole pages, as many as fit at the smallest cell.
  let shownPages = 1;
  while (shownPages < pages && fits((shownPages + 1) * perPage, MIN_CELL)) shownPages++;
  const focusPage = focus < 0 ? 0 : Math.floor(focus / perPage);
  const start = Math.max(0, Math.min(pages - shownPages, focusPage - Math.floor(shownPages / 2)));
  const count = shownPages * perPage;
  let cell = MAX_CELL;
  while (cell > MIN_CELL && !fits(count, cell)) cell--;
  return { first: start * perPage, count, cell, gap };
}

/** The x of slot `slot`'s cell (CSS px), for a slot inside the window. */
export function cellLeft(window: StripWindow, perPage: number, slot: number): number {
  const index = slot - window.first;
  return index * window.cell + Math.floor(index / perPage) * window.gap;
}

/** A heap slot's depth in its tree (0 = the root), by walking up its index map. */
export function levelOf(
  shape: { rootSlot: number; parent(slot: number): number },
  slot: number,
): number {
  let level = 0;
  for (let at = slot; at > shape.rootSlot; at = shape.parent(at)) level++;
  return level;
}
