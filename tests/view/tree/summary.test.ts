// The tree view's aria-label: items, pages and page crossings counted in words.

import { describe, expect, it } from 'vitest';
import { plural, treeAriaLabel } from '../../../src/view/tree/summary';

describe('treeAriaLabel', () => {
  it('counts items, pages and crossing edges in words', () => {
    expect(treeAriaLabel('Treap', 'treap', 12, 5, 7)).toBe(
      'Treap: 12 items on 5 pages, 7 edges cross a page boundary',
    );
    expect(treeAriaLabel('B-heap', 'bheap', 1, 1, 1)).toBe(
      'B-heap: 1 item on 1 page, 1 edge crosses a page boundary',
    );
    expect(treeAriaLabel('Sorted list', 'list', 3, 2, 0)).toBe(
      'Sorted list: 3 items in list order on 2 pages, 0 links cross a page boundary',
    );
    expect(plural(0, 'page')).toBe('0 pages');
  });
});
