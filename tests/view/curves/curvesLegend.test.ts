// Tests the curves legend's entries and its layout in rows.

import { describe, expect, it } from 'vitest';
import { layoutLegend, legendOf } from '../../../src/view/curves/curvesLegend';

describe('the curves legend', () => {
  it('names both structures and their ratio, with short forms', () => {
    expect(legendOf('Treap', 'Red-black tree').map((e) => [e.cls, e.label, e.short])).toEqual([
      ['cc-left', 'Treap (left scale)', 'Treap'],
      ['cc-right', 'Red-black tree (left scale)', 'Red-black tree'],
      ['cc-ratio', 'ratio Treap / Red-black tree (right scale)', 'ratio (right)'],
    ]);
  });

  it('keeps the full labels on one row when they fit', () => {
    const layout = layoutLegend({ label: [100, 100, 200], short: [50, 50, 80] }, 600);
    expect(layout.kind).toBe('label');
    expect(layout.positions).toEqual([
      [8, 58],
      [164, 58],
      [320, 58],
    ]);
    expect(layout.top).toBe(78);
  });

  it('falls back to the short labels, wrapped into rows, on a narrow chart', () => {
    const layout = layoutLegend({ label: [100, 100, 200], short: [50, 50, 80] }, 150);
    expect(layout.kind).toBe('short');
    // 34 + 50 + 22 + 34 + 50 > 150: the second item starts a new row.
    expect(layout.positions.map(([, y]) => y)).toEqual([58, 78, 98]);
    expect(layout.top).toBe(118);
  });
});
