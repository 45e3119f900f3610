// The race chart's arithmetic: a path through many operations with about two points a pixel
// that loses nothing the eye could see, the sample nearest an operation, and the readout.

import { scaleLinear } from 'd3-scale';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nearestSample,
  raceParts,
  raceReadout,
  sampledPath,
} from '../../../src/view/race/raceMath';

/** The path's points, back as numbers. */
const pointsOf = (path: string): [number, number][] =>
  path
    .slice(1)
    .split('L')
    .map((point) => point.split(',').map(Number) as [number, number]);

describe('sampledPath', () => {
  it('draws every point of a short run, from the first to the last', () => {
    const ops = Int32Array.from([0, 1, 2, 3]);
    const values = Float64Array.from([0, 2, 2, 5]);
    const x = scaleLinear().domain([0, 3]).range([0, 300]);
    const y = scaleLinear().domain([0, 5]).range([100, 0]);
    expect(sampledPath(ops, values, x, y, 300)).toBe('M0.0,100.0L100.0,60.0L200.0,60.0L300.0,0.0');
    expect(sampledPath(new Int32Array(0), new Float64Array(0), x, y, 300)).toBe('');
  });

  it('keeps a few points a pixel, the first and the last, and no gap wider than a pixel column', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 20_000 }),
        fc.integer({ min: 10, max: 800 }),
        (samples, width) => {
          const ops = Int32Array.from({ length: samples }, (_, i) => i * 3);
          // A cumulative count: it only grows.
          const values = Float64Array.from({ length: samples }, (_, i) => i + (i % 7));
          const x = scaleLinear()
            .domain([0, ops[samples - 1]])
            .range([0, width]);
          const y = scaleLinear()
            .domain([0, values[samples - 1]])
            .range([200, 0]);
          const points = pointsOf(sampledPath(ops, values, x, y, width));
          // A whole-number stride keeps two to four points a pixel column.
          expect(points.length).toBeLessThanOrEqual(Math.min(samples, 4 * width + 2));
          expect(points[0]).toEqual([0, 200]);
          expect(points.at(-1)).toEqual([width, 0]);
          let widest = 0;
          for (let i = 1; i < points.length; i++)
            widest = Math.max(widest, points[i][0] - points[i - 1][0]);
          expect(widest).toBeLessThanOrEqual(Math.max(1.05, width / (samples - 1) + 0.1));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('nearestSample', () => {
  it('finds the sample whose operation is nearest, the earlier on a tie', () => {
    const ops = Int32Array.from([0, 10, 20, 40]);
    expect([-5, 0, 4, 5, 6, 15, 30, 31, 99].map((op) => nearestSample(ops, op))).toEqual([
      0, 0, 0, 0, 1, 1, 2, 3, 3,
    ]);
  });

  it('is at least as near as any other sample', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(1000), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: -50, max: 1050 }),
        (raw, op) => {
          const ops = Int32Array.from(raw.sort((a, b) => a - b));
          const found = Math.abs(ops[nearestSample(ops, op)] - op);
          for (const other of ops) expect(found).toBeLessThanOrEqual(Math.abs(other - op));
        },
      ),
    );
  });
});

describe('raceReadout', () => {
  it('says both counts grouped by thousands, their ratio, and the operation when given', () => {
    expect(raceReadout(['Binary heap', 'B-heap'], [2690, 610], null)).toBe(
      'Transfers so far: Binary heap 2,690 · B-heap 610 · ratio 4.41×',
    );
    expect(raceReadout(['Binary heap', 'B-heap'], [269, 61], 12_000)).toBe(
      'After operation 12,000: Binary heap 269 · B-heap 61 · ratio 4.41×',
    );
    expect(raceReadout(['A', 'B'], [5, 0], 1)).toBe('After operation 1: A 5 · B 0 · ratio —');
  });
});

describe('raceParts', () => {
  it('gives each side its words for the swatch it follows, then the ratio; joined, the readout', () => {
    const parts = raceParts(['Binary heap', 'B-heap'], [2690, 610]);
    expect(parts).toEqual(['Binary heap 2,690', 'B-heap 610', 'ratio 4.41×']);
    expect(`Transfers so far: ${parts.join(' · ')}`).toBe(
      raceReadout(['Binary heap', 'B-heap'], [2690, 610], null),
    );
  });
});
