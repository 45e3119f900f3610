// The page grid's hover text: a page's slots or words, its state and its LRU rank.

import { describe, expect, it } from 'vitest';
import { ViewState } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import { describeCell, describePage, stateName } from '../../../src/view/pages/describe';
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

describe('describeCell', () => {
  it('sums the pages a cell stands for: resident and dirty, the most recent rank, paged out, untouched', () => {
    const snapshot = new GridSnapshot();
    snapshot.update(sampleView());
    // Pages 0 (dirty, rank 2), 1 (out), 2 (clean, rank 1), 3 (untouched).
    expect(describeCell(snapshot, 0, 4)).toBe(
      'pages 0–3: 2 resident (1 dirty; the most recent LRU rank 1), 1 paged out, 1 untouched',
    );
    expect(describeCell(snapshot, 4, 4)).toBe('pages 4–5: 0 resident, 0 paged out, 2 untouched');
  });

  it('counts every page of the cell once, stopping at the last page', () => {
    const snapshot = new GridSnapshot();
    snapshot.update(sampleView());
    for (const [first, perCell] of [
      [0, 1],
      [0, 2],
      [2, 8],
      [5, 16],
    ] as const) {
      const text = describeCell(snapshot, first, perCell);
      const [, last] = /^pages \d+–(\d+):/.exec(text) ?? [];
      expect(Number(last)).toBe(Math.min(5, first + perCell - 1));
      const counted = [...text.matchAll(/(\d+) (?:resident|paged out|untouched)/g)].reduce(
        (sum, match) => sum + Number(match[1]),
        0,
      );
      expect(counted).toBe(Number(last) - first + 1);
    }
  });
});
