// What the page grid copies from a view: page states and LRU ranks, kept as drawn.

import { describe, expect, it } from 'vitest';
import { PAGE_CLEAN, PAGE_DIRTY, PAGE_OUT } from '../../../src/core/replay/viewState';
import { GridSnapshot } from '../../../src/view/pages/snapshot';
import { sampleView, touch } from './sampleView';

describe('GridSnapshot', () => {
  it('copies states, and ranks resident pages by recency', () => {
    const view = sampleView();
    const snapshot = new GridSnapshot();
    snapshot.update(view);
    expect([...snapshot.states]).toEqual([PAGE_DIRTY, PAGE_OUT, PAGE_CLEAN, 0, 0, 0]);
    expect([...snapshot.ranks]).toEqual([2, 0, 1, 0, 0, 0]);
    expect(snapshot.residentCount).toBe(2);
    // A copy: the view moving on does not change what was drawn.
    touch(view, 25, 3, false);
    expect(snapshot.states[3]).toBe(0);
  });
});
