// The tree view's legend: which items each kind of structure gets, and which fit the width.

import { describe, expect, it } from 'vitest';
import { legendItemsFor, legendPositions } from '../../../src/view/tree/legend';

describe('legendItemsFor', () => {
  it('lists what moves nodes in each kind', () => {
    const swatches = (kind: Parameters<typeof legendItemsFor>[0]) =>
      legendItemsFor(kind).map((item) => item.swatch);
    expect(swatches('heap')).toEqual(['page', 'crossing', 'compare', 'swap', 'write']);
    expect(swatches('list')).toEqual(['page', 'crossing', 'compare', 'write']);
    expect(swatches('tree')).toEqual(['page', 'crossing', 'compare', 'rotate', 'write']);
    expect(swatches('red-black')).toEqual([
      'page',
      'crossing',
      'red',
      'compare',
      'rotate',
      'write',
    ]);
    expect(legendItemsFor('list')[1].label).toBe('link crosses a page boundary');
    expect(legendItemsFor('heap')[1].label).toBe('edge crosses a page boundary');
  });
});

describe('legendPositions', () => {
  const items = legendItemsFor('heap');
  const widths = items.map((item) => item.width + 6 + item.label.length * 6 + 14);

  it('places every item in a row when there is room', () => {
    const positions = legendPositions(items, 10_000);
    expect(positions[0]).toBe(0);
    for (let i = 1; i < items.length; i++) {
      expect(positions[i]).toBe((positions[i - 1] ?? 0) + widths[i - 1]);
    }
  });

  it('skips an item that does not fit but still places a later one that does', () => {
    // Room for the page box and 'compare' (but not the crossing's long label) and nothing else.
    const available = widths[0] + widths[2];
    const positions = legendPositions(items, available);
    expect(positions).toEqual([0, null, widths[0], null, null]);
  });
});
