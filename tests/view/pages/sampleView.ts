// A small view for the page grid's tests: a binary heap over 6 pages of 8 slots with 2 frames,
// after three references.

import { ViewState } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';

/** A reference as a pager reports it (the view derives its own outcome from the recency stack). */
export function touch(view: ViewState, slot: number, page: number, write: boolean): void {
  view.emit({
    kind: 'touch',
    slot,
    page,
    frame: -1,
    write,
    outcome: 'zero-fill',
    evicted: -1,
    writeBack: false,
  });
}

/**
 * A binary heap over 6 pages of 8 slots, shown with 2 frames: pages 1 and 0 written, then page 2
 * read, which evicts page 1: pages 0 (dirty), 2 (clean) resident, 1 paged out.
 */
export function sampleView(): ViewState {
  const view = new ViewState(structureSpec('binary', 8), 6, 40, 2);
  touch(view, 9, 1, true);
  touch(view, 1, 0, true);
  touch(view, 17, 2, false);
  return view;
}
