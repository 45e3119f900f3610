// Outlines around the page grid's cells of the pages hovered in the tree view: one stroke around
// every page in range, none when nothing is hovered.

import { describe, expect, it } from 'vitest';
import { cellX, cellY, geometryFor } from '../../../src/view/pages/gridGeometry';
import { drawHighlight } from '../../../src/view/pages/highlight';
import { RecordingCanvas } from './recordingCanvas';

describe('drawHighlight', () => {
  const g = geometryFor(40, 400, 2);

  it('strokes once around each page in range, just outside its cell', () => {
    const canvas = new RecordingCanvas();
    drawHighlight(canvas.asContext(), g, 'gold', new Set([3, 17, -1, 40, 99]));
    expect(canvas.painted).toHaveLength(1);
    const [stroke] = canvas.painted;
    expect(stroke.style).toBe('gold');
    expect(stroke.rects).toHaveLength(2);
    const [x, y, w] = stroke.rects[0];
    expect(x).toBeLessThan(cellX(g, 3));
    expect(y).toBeLessThan(cellY(g, 3));
    expect(x + w).toBeGreaterThan(cellX(g, 3) + g.cell);
    expect(stroke.lineWidth).toBeGreaterThanOrEqual(2);
  });

  it('draws nothing when no page is hovered', () => {
    const canvas = new RecordingCanvas();
    drawHighlight(canvas.asContext(), g, 'gold', new Set());
    expect(canvas.painted).toEqual([]);
  });
});
