// Page boxes of the tree view: one box per page around its members, padded by the node radius.

import { describe, expect, it } from 'vitest';
import { pageBoxesOf, pageBoxLabel, pageBoxRadius } from '../../../src/view/tree/pageBoxes';

describe('pageBoxesOf', () => {
  const g = {
    x: Float64Array.from([Number.NaN, 10, 30, 50, 70]),
    y: Float64Array.from([Number.NaN, 20, 40, 40, 60]),
    r: 5,
    pad: 2,
  };

  it('bounds the members of each page, grown by radius and padding, in page order', () => {
    const pageOf = Int32Array.from([0, 0, 0, 2, 2]);
    expect(pageBoxesOf([1, 2, 3, 4], pageOf, g)).toEqual([
      { page: 0, x0: 3, y0: 13, x1: 37, y1: 47 },
      { page: 2, x0: 43, y0: 33, x1: 77, y1: 67 },
    ]);
  });

  it('draws no box for a page with no member drawn', () => {
    const pageOf = Int32Array.from([0, 0, 1, 1, 3]);
    expect(pageBoxesOf([1, 4], pageOf, g).map((box) => box.page)).toEqual([0, 3]);
    expect(pageBoxesOf([], pageOf, g)).toEqual([]);
  });
});

describe('pageBoxLabel and pageBoxRadius', () => {
  it('labels boxes at least 16 px wide', () => {
    expect(pageBoxLabel({ page: 4, x0: 0, y0: 0, x1: 16, y1: 10 })).toBe('p4');
    expect(pageBoxLabel({ page: 4, x0: 0, y0: 0, x1: 15.9, y1: 10 })).toBe('');
  });

  it('rounds corners with the nodes, at most 8 px', () => {
    expect(pageBoxRadius(2.5)).toBe(4);
    expect(pageBoxRadius(20)).toBe(8);
  });
});
