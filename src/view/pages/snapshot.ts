// What the page grid last drew, copied from the view: page states and LRU ranks.

import type { ViewState } from '../../core/replay/viewState';

/**
 * Copies of the view's page arrays as of the last render, so hover text and redraws (resize,
 * theme) describe what is on screen even after the view moved on. Indexed by page.
 */
export class GridSnapshot {
  states = new Uint8Array(0);
  /** 1 = most recently used resident page; 0 for a page not resident. */
  ranks = new Int32Array(0);
  residentCount = 0;
  /** What FIFO, CLOCK or OPT writes in a resident page instead of its rank (null under LRU). */
  labels: Map<number, string> | null = null;

  update(view: Pick<ViewState, 'pages' | 'pageStates' | 'lruOrder' | 'policyLabels'>): void {
    const count = view.pages;
    if (this.states.length !== count) {
      this.states = new Uint8Array(count);
      this.ranks = new Int32Array(count);
    }
    view.pageStates(this.states);
    this.ranks.fill(0);
    const lru = view.lruOrder();
    for (let i = 0; i < lru.length; i++) this.ranks[lru[i]] = i + 1;
    this.residentCount = lru.length;
    this.labels = view.policyLabels();
  }
}
