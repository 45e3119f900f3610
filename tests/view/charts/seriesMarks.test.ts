// The N where a series chart's crosshair may stop: every N some series has a point at, once,
// ascending. (The marks themselves draw into an SVG and are tested in the browser journeys.)

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seriesSizes } from '../../../src/view/charts/seriesMarks';

describe('seriesSizes', () => {
  it('lists each N with a point once, ascending, whatever the series’ order', () => {
    const series = [
      { points: [{ items: 1000 }, { items: 100 }] },
      { points: [{ items: 500 }, { items: 100 }] },
      { points: [] },
    ];
    expect(seriesSizes(series, (s) => s.points)).toEqual([100, 500, 1000]);
    expect(seriesSizes([], (s: { points: { items: number }[] }) => s.points)).toEqual([]);
  });

  it('holds exactly the N of the points', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 1, max: 1e7 }), { maxLength: 10 }), { maxLength: 5 }),
        (raw) => {
          const series = raw.map((sizes) => sizes.map((items) => ({ items })));
          const sizes = seriesSizes(series, (s) => s);
          expect(new Set(sizes)).toEqual(new Set(raw.flat()));
          expect(sizes).toHaveLength(new Set(raw.flat()).size);
          for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeGreaterThan(sizes[i - 1]);
        },
      ),
    );
  });
});
