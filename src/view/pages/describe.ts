// Hover text of the page grid: a page's slots or words, its state and its LRU rank.

import { PAGE_CLEAN, PAGE_DIRTY, PAGE_OUT, type ViewState } from '../../core/replay/viewState';
import type { GridSnapshot } from './snapshot';

export function stateName(state: number): string {
  if (state === PAGE_CLEAN) return 'resident, clean';
  if (state === PAGE_DIRTY) return 'resident, dirty';
  if (state === PAGE_OUT) return 'paged out';
  return 'untouched';
}

/**
 * E.g. "page 3 (slots 24–31): resident, dirty, LRU rank 2 of 4 (1 = most recent)", or for a
 * paged-out page, "paged out, LRU rank 7: resident again with 7 or more pages".
 */
export function describePage(
  view: Pick<ViewState, 'spec' | 'heap' | 'holderOf' | 'rankOf'>,
  snapshot: GridSnapshot,
  page: number,
): string {
  if (page >= snapshot.states.length) return '';
  const state = snapshot.states[page];
  // Heaps address slots (those below the root are padding); pointer structures address arena
  // words, node n's starting at n × its words per node, node 0 being the header.
  // Multiplications, not shifts: a large heap's slots pass 2^31.
  const firstWord = page * view.spec.itemsPerPage;
  const lastWord = firstWord + view.spec.itemsPerPage - 1;
  const heap = view.heap;
  // A layout's empty slots at the page's start (the strict B-heap's positions 0 and 1) are not
  // the heap's: the span starts at the first slot it uses.
  let firstSlot = heap === null ? firstWord : Math.max(heap.rootSlot, firstWord);
  while (heap?.gaps?.isGap(firstSlot) === true) firstSlot++;
  const span =
    heap !== null
      ? `slots ${firstSlot}–${lastWord}`
      : `words ${firstWord}–${lastWord}, nodes ${view.holderOf(firstWord)}–${view.holderOf(lastWord)}`;
  let text = `page ${page} (${span}): ${stateName(state)}`;
  if (state === PAGE_CLEAN || state === PAGE_DIRTY) {
    text += `, LRU rank ${snapshot.ranks[page]} of ${snapshot.residentCount} (1 = most recent)`;
  } else if (state === PAGE_OUT) {
    const rank = view.rankOf(page);
    text += `, LRU rank ${rank}: it would still be resident with ${rank} or more pages`;
  }
  return text;
}

/**
 * Hover text of a cell standing for several pages (a grid too large for a cell a page), e.g.
 * "pages 1024–1031: 2 resident (1 dirty; the most recent LRU rank 3), 6 paged out, 0 untouched".
 */
export function describeCell(snapshot: GridSnapshot, first: number, perCell: number): string {
  const last = Math.min(snapshot.states.length, first + perCell) - 1;
  let resident = 0;
  let dirty = 0;
  let out = 0;
  let best = 0;
  for (let page = first; page <= last; page++) {
    const state = snapshot.states[page];
    if (state === PAGE_CLEAN || state === PAGE_DIRTY) {
      resident++;
      if (state === PAGE_DIRTY) dirty++;
      const rank = snapshot.ranks[page];
      if (best === 0 || rank < best) best = rank;
    } else if (state === PAGE_OUT) out++;
  }
  const untouched = last - first + 1 - resident - out;
  const residentText =
    resident === 0
      ? '0 resident'
      : `${resident} resident (${dirty} dirty; the most recent LRU rank ${best})`;
  return `pages ${first}–${last}: ${residentText}, ${out} paged out, ${untouched} untouched`;
}
