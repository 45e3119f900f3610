// What the page grid reads from a view: the snapshot, cells by fill, hover text and its summary.

import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../../src/core/events';
import { PAGE_CLEAN, PAGE_DIRTY, PAGE_OUT, ViewState } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import { describePage, stateName } from '../../../src/view/pages/describe';
import {
  BUCKET_COUNT,
  BUCKET_OUT,
  BUCKET_RESIDENT,
  BUCKET_UNTOUCHED,
  FillOrder,
} from '../../../src/view/pages/fillOrder';
import { pageMarksOf } from '../../../src/view/pages/pageMarks';
import { GridSnapshot } from '../../../src/view/pages/snapshot';
import { gridAriaLabel, gridDataset } from '../../../src/view/pages/summary';

/** A reference as a pager reports it (the view derives its own outcome from the recency stack). */
function touch(view: ViewState, slot: number, page: number, write: boolean): void {
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
function sampleView(): ViewState {
  const view = new ViewState(structureSpec('binary', 8), 6, 40, 2);
  touch(view, 9, 1, true);
  touch(view, 1, 0, true);
  touch(view, 17, 2, false);
  return view;
}

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

describe('FillOrder', () => {
  it('groups pages by fill bucket, in page order within a bucket, and counts dirty and out', () => {
    const snapshot = new GridSnapshot();
    snapshot.update(sampleView());
    const fills = new FillOrder();
    fills.sort(snapshot, 6);
    expect(fills.dirty).toBe(1);
    expect(fills.out).toBe(1);
    const bucket = (b: number) => [...fills.order.subarray(fills.starts[b], fills.starts[b + 1])];
    expect(bucket(BUCKET_UNTOUCHED)).toEqual([3, 4, 5]);
    expect(bucket(BUCKET_OUT)).toEqual([1]);
    // Two resident pages: rank 1 takes the first shade, rank 2 the last.
    expect(bucket(BUCKET_RESIDENT)).toEqual([2]);
    expect(bucket(BUCKET_COUNT - 1)).toEqual([0]);
    expect(fills.starts[BUCKET_COUNT]).toBe(6);
  });

  it('classifies without sorting: the same buckets, starts and counts as sort', () => {
    const snapshot = new GridSnapshot();
    snapshot.update(sampleView());
    const sorted = new FillOrder();
    sorted.sort(snapshot, 6);
    const classified = new FillOrder();
    classified.classify(snapshot, 6);
    expect([...classified.buckets]).toEqual([...sorted.buckets]);
    expect([...classified.starts]).toEqual([...sorted.starts]);
    expect([classified.dirty, classified.out]).toEqual([sorted.dirty, sorted.out]);
    expect([...classified.buckets.subarray(0, 2)]).toEqual([BUCKET_COUNT - 1, BUCKET_OUT]);
  });
});

describe('describePage', () => {
  it('names a heap page by its slots, its state and its rank', () => {
    const view = sampleView();
    const snapshot = new GridSnapshot();
    snapshot.update(view);
    expect(describePage(view, snapshot, 0)).toBe(
      'page 0 (slots 1–7): resident, dirty, LRU rank 2 of 2 (1 = most recent)',
    );
    expect(describePage(view, snapshot, 1)).toBe(
      'page 1 (slots 8–15): paged out, LRU rank 3: it would still be resident with 3 or more pages',
    );
    expect(describePage(view, snapshot, 5)).toBe('page 5 (slots 40–47): untouched');
    expect(describePage(view, snapshot, 6)).toBe('');
  });

  it('names a pointer structure page by its words and the nodes holding them', () => {
    const view = new ViewState(structureSpec('treap', 8, 48), 4, 5, 2);
    const snapshot = new GridSnapshot();
    snapshot.update(view);
    expect(describePage(view, snapshot, 1)).toBe('page 1 (words 8–15, nodes 1–2): untouched');
  });

  it('has a name for every state', () => {
    expect([0, 1, 2, 3].map(stateName)).toEqual([
      'untouched',
      'resident, clean',
      'resident, dirty',
      'paged out',
    ]);
  });
});

describe('the summary', () => {
  const counts = { pages: 8, resident: 4, dirty: 1, out: 2 };

  it('states the counts, and the current mark in words', () => {
    expect(gridAriaLabel('binary heap pages', counts, [])).toBe(
      'binary heap pages: 4 resident, 1 dirty, 2 paged out, 2 untouched, of 8',
    );
    expect(
      gridAriaLabel('B-heap pages', counts, [
        { page: 3, mark: 'write-back' },
        { page: 5, mark: 'page-in' },
      ]),
    ).toBe(
      'B-heap pages: 4 resident, 1 dirty, 2 paged out, 2 untouched, of 8; now page 5 page in, page 3 write back',
    );
  });

  it('writes the data-* attributes the journeys read', () => {
    expect(gridDataset(counts, 48, [{ page: 3, mark: 'page-in' }])).toEqual({
      resident: '4',
      dirty: '1',
      out: '2',
      cell: '48',
      mark: 'page-in:3',
    });
    expect(gridDataset(counts, 5, []).mark).toBe('');
  });

  it('marks the referenced page, and the page its fault evicted', () => {
    const reference = (evicted: number, writeBack: boolean): SimEvent => ({
      kind: 'touch',
      slot: 1,
      page: 0,
      frame: -1,
      write: false,
      outcome: evicted < 0 ? 'hit' : 'page-in',
      evicted,
      writeBack,
    });
    expect(pageMarksOf(reference(-1, false))).toEqual([{ page: 0, mark: 'hit' }]);
    expect(pageMarksOf(reference(2, false))).toEqual([
      { page: 2, mark: 'evict' },
      { page: 0, mark: 'page-in' },
    ]);
    expect(pageMarksOf(reference(2, true))[0].mark).toBe('write-back');
    expect(pageMarksOf({ kind: 'clear', slot: 1 })).toEqual([]);
    expect(pageMarksOf(null)).toEqual([]);
  });
});
