// The page grid's accessible summary: its aria-label sentence and its data-* counts.

import type { MarkedPage } from './pageMarks';

interface GridCounts {
  pages: number;
  resident: number;
  dirty: number;
  out: number;
}

/**
 * E.g. "binary heap pages: 4 resident, 1 dirty, 2 paged out, 1 untouched, of 8; now page 3
 * page in, page 5 write back".
 */
export function gridAriaLabel(title: string, counts: GridCounts, marked: MarkedPage[]): string {
  const { pages, resident, dirty, out } = counts;
  const untouched = pages - resident - out;
  let label = `${title}: ${resident} resident, ${dirty} dirty, ${out} paged out, ${untouched} untouched, of ${pages}`;
  if (marked.length > 0) {
    // The reference first, then what it evicted.
    const said = [...marked].reverse().map((m) => `page ${m.page} ${m.mark.replace('-', ' ')}`);
    label += `; now ${said.join(', ')}`;
  }
  return label;
}

/** The grid's data-* attributes (resident, dirty, out, cell, mark), in the order they are set. */
export function gridDataset(
  counts: GridCounts,
  cellCss: number,
  marked: MarkedPage[],
): { resident: string; dirty: string; out: string; cell: string; mark: string } {
  return {
    resident: String(counts.resident),
    dirty: String(counts.dirty),
    out: String(counts.out),
    cell: String(cellCss),
    mark: marked.map((m) => `${m.mark}:${m.page}`).join(' '),
  };
}
