// The page grid's accessible summary: its aria-label sentence and its data-* counts.

import { describe, expect, it } from 'vitest';
import { gridAriaLabel, gridDataset } from '../../../src/view/pages/summary';

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
});
