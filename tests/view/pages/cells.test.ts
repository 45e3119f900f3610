// The page grid's cells painted: one fill per style over exactly its pages, outlines and dashes
// only on cells large enough for them, and a corner mark on every dirty page.

import { describe, expect, it } from 'vitest';
import { PAGE_DIRTY } from '../../../src/core/replay/viewState';
import { paintCells } from '../../../src/view/pages/cells';
import { BUCKET_COUNT, FillOrder } from '../../../src/view/pages/fillOrder';
import { cellX, cellY, type GridGeometry, geometryFor } from '../../../src/view/pages/gridGeometry';
import type { Paint } from '../../../src/view/pages/paint';
import { GridSnapshot } from '../../../src/view/pages/snapshot';
import type { Palette } from '../../../src/view/theme/palette';
import { RecordingCanvas } from './recordingCanvas';
import { sampleView } from './sampleView';

const paint = {
  palette: { untouched: 'untouched', outline: 'outline', out: 'out', dirty: 'dirty' } as Palette,
  ramp: Array.from({ length: BUCKET_COUNT }, (_, shade) => `ramp-${shade}`),
  hatch: 'hatch',
} as Paint;

/** The sample view's grid (pages 0 dirty, 1 paged out, 2 clean, 3-5 untouched) at `css` px. */
function painted(css: number) {
  const snapshot = new GridSnapshot();
  snapshot.update(sampleView());
  const fills = new FillOrder();
  fills.sort(snapshot, 6);
  const g: GridGeometry = { ...geometryFor(6, 600, 1), css, cell: css, pitch: css + 2, gap: 2 };
  const canvas = new RecordingCanvas();
  paintCells(canvas.asContext(), g, paint, fills, snapshot.states);
  return { g, painted: canvas.painted, states: snapshot.states };
}

const pagesOf = (g: GridGeometry, rects: [number, number, number, number][]) =>
  rects.map(([x, y]) =>
    [0, 1, 2, 3, 4, 5].find(
      (p) => Math.abs(cellX(g, p) - x) <= 1 && Math.abs(cellY(g, p) - y) <= 1,
    ),
  );

describe('paintCells', () => {
  it('fills each style once, over exactly the pages of that style', () => {
    const { g, painted: calls } = painted(4);
    const fills = calls.filter((c) => c.kind === 'fill' && c.rects.length > 0);
    const byStyle = Object.fromEntries(fills.map((c) => [c.style, pagesOf(g, c.rects)]));
    expect(byStyle.untouched).toEqual([3, 4, 5]);
    expect(byStyle.hatch).toEqual([1]);
    // The two resident pages in their LRU shades, the most recent (page 2) the first shade.
    expect(byStyle['ramp-0']).toEqual([2]);
    expect(Object.keys(byStyle)).toHaveLength(4);
    expect(new Set(fills.map((c) => c.style)).size).toBe(fills.length);
  });

  it('outlines untouched cells from 7 px and dashes paged-out ones from 14 px only', () => {
    const strokes = (css: number) => painted(css).painted.filter((c) => c.kind === 'stroke');
    expect(strokes(6)).toEqual([]);
    expect(strokes(7).map((c) => c.style)).toEqual(['outline']);
    const large = strokes(14);
    expect(large.map((c) => c.style)).toEqual(['outline', 'out']);
    expect(large[1].dash.length).toBe(2);
    expect(pagesOf(painted(14).g, large[1].rects)).toEqual([1]);
  });

  it('marks every dirty page with a corner triangle, and only those', () => {
    const { g, painted: calls, states } = painted(20);
    const corner = calls.find((c) => c.style === 'dirty');
    if (corner === undefined) throw new Error('no dirty mark');
    const dirty = [0, 1, 2, 3, 4, 5].filter((p) => states[p] === PAGE_DIRTY);
    expect(dirty).toEqual([0]);
    // Three points a triangle, its right angle at the cell's lower right corner.
    expect(corner.moves).toHaveLength(3 * dirty.length);
    expect(corner.moves[0]).toEqual([cellX(g, 0) + g.cell, cellY(g, 0) + g.cell]);
  });
});
