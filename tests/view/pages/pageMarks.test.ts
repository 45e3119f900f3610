// The current step's marks on the page grid: the page referenced, and the page its fault evicted.

import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../../src/core/events';
import { pageMarksOf } from '../../../src/view/pages/pageMarks';

describe('pageMarksOf', () => {
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
