// The page grid's hover text: a page's slots or words, its state and its LRU rank.

import { describe, expect, it } from 'vitest';
import { ViewState } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import { describePage, stateName } from '../../../src/view/pages/describe';
import { GridSnapshot } from '../../../src/view/pages/snapshot';
import { sampleView } from './sampleView';

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
