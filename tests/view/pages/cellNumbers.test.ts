// Numbers in the page grid's cells: each resident page's LRU rank (or its policy's mark), and
// p<page> in large cells, each drawn only at a size that reaches the least readable one.

import { describe, expect, it } from 'vitest';
import { drawCellNumbers } from '../../../src/view/pages/cellNumbers';
import { SHADES } from '../../../src/view/pages/colours';
import { type GridGeometry, geometryFor } from '../../../src/view/pages/gridGeometry';
import type { Paint } from '../../../src/view/pages/paint';
import { GridSnapshot } from '../../../src/view/pages/snapshot';
import { RecordingCanvas } from './recordingCanvas';
import { sampleView } from './sampleView';

const paint = {
  rampText: Array.from({ length: SHADES }, (_, shade) => `text-${shade}`),
  untouchedText: 'text-untouched',
} as Paint;

/** Pages 0 (rank 2) and 2 (rank 1) resident of 6. */
function snapshot(): GridSnapshot {
  const s = new GridSnapshot();
  s.update(sampleView());
  return s;
}

/** A grid of `css` CSS px cells at a pixel ratio of 1. */
function grid(css: number): GridGeometry {
  return { ...geometryFor(6, 600, 1), css, cell: css, pitch: css + 2, gap: 2 };
}

function draw(css: number, least: number, s = snapshot()) {
  const canvas = new RecordingCanvas();
  const sizes = drawCellNumbers(canvas.asContext(), grid(css), paint, s, least);
  return { sizes, written: canvas.written };
}

describe('drawCellNumbers', () => {
  it('writes each resident page’s rank in its shade’s text colour, and p<page> on every page in large cells', () => {
    const { sizes, written } = draw(48, 11);
    const ranks = written.filter((w) => !w.text.startsWith('p'));
    expect(ranks.map((w) => w.text).sort()).toEqual(['1', '2']);
    expect(ranks.every((w) => w.style.startsWith('text-'))).toBe(true);
    expect(written.filter((w) => w.text.startsWith('p')).map((w) => w.text)).toEqual([
      'p0',
      'p1',
      'p2',
      'p3',
      'p4',
      'p5',
    ]);
    expect(written.find((w) => w.text === 'p3')?.style).toBe('text-untouched');
    expect(sizes.rank).toBeCloseTo(48 * 0.4);
    expect(sizes.page).toBeGreaterThanOrEqual(11);
  });

  it('draws no number smaller than the least size, and says so with a 0', () => {
    // 24 px cells: ranks at 9.6 px, under a projector's 18; no page numbers below 28 px cells.
    const projector = draw(24, 18);
    expect(projector.written).toEqual([]);
    expect(projector.sizes).toEqual({ rank: 0, page: 0 });
    const desk = draw(24, 9);
    expect(desk.written.map((w) => w.text).sort()).toEqual(['1', '2']);
    expect(desk.sizes).toEqual({ rank: 24 * 0.4, page: 0 });
  });

  it('names pages on a projector’s 48 px cells at its least size, each rank in the room under its name', () => {
    // Presenting (18 px least) the narration says "page 6": the cells say which one is page 6.
    const { sizes, written } = draw(48, 18);
    const names = written.filter((w) => /^p\d/.test(w.text));
    expect(names.map((w) => w.text)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
    expect(sizes.page).toBe(18);
    expect(names.every((w) => w.font.startsWith('18px'))).toBe(true);
    for (const rank of written.filter((w) => /^\d/.test(w.text))) {
      // The name of the rank's cell (one row of cells): the name's line is 18 px from its top.
      const name = names.find((w) => w.x <= rank.x && rank.x - w.x < 48);
      expect(name).toBeDefined();
      // The rank's glyphs (19.2 px, centred on y) start below the name's line.
      expect(rank.y - 19.2 / 2).toBeGreaterThanOrEqual((name?.y ?? 0) + 18);
    }
  });

  it('writes a policy’s mark in place of the rank, three characters and more in the smaller size', () => {
    const s = snapshot();
    s.labels = new Map([
      [0, 'R1'],
      [2, 'FIFO'],
    ]);
    const { sizes, written } = draw(40, 11, s);
    const marks = written.filter((w) => !/^p\d/.test(w.text));
    expect(marks.map((w) => w.text).sort()).toEqual(['FIFO', 'R1']);
    const size = (text: string) =>
      Number(/(\d+)px/.exec(written.find((w) => w.text === text)?.font ?? '')?.[1]);
    expect(size('FIFO')).toBeLessThan(size('R1'));
    expect(sizes.rank).toBeCloseTo(40 * 0.3);
  });
});
