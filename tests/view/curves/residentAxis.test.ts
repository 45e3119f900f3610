// The curves chart with its x axis in resident pages (the default), its marker of the animation
// and its readout, in words a student reads without a key.

import { describe, expect, it } from 'vitest';
import { xAxisLabels } from '../../../src/view/curves/curvesAxes';
import { markerLabel } from '../../../src/view/curves/curvesMarker';
import {
  pressureFormat,
  pressureScale,
  pressureTicks,
} from '../../../src/view/curves/curvesScales';
import { framesOfX, prepare, pressureOf } from '../../../src/view/curves/prepare';
import { readoutText, whereText } from '../../../src/view/curves/readout';
import { curves, falling } from './fixtures';

describe('the resident-pages axis', () => {
  it('places a frame count at itself, growing to the run’s pages at the right', () => {
    const p = prepare(curves(falling(1954), falling(1954), { unit: 'resident' }))!;
    expect(pressureOf(p, 9)).toBe(9);
    expect(pressureOf(p, 1954)).toBe(1954);
    const x = pressureScale(p, { left: 50, top: 0, plotW: 500, plotH: 200 });
    expect(x(1)).toBe(50);
    expect(x(1954)).toBe(550);
  });

  it('maps a point back to its frame count, on every axis', () => {
    for (const unit of ['resident', 'pages', 'kb'] as const) {
      const p = prepare(curves(falling(1954), falling(1954), { unit }))!;
      for (const f of [1, 9, 1117, 1954]) expect(framesOfX(p, pressureOf(p, f)), unit).toBe(f);
    }
  });

  it('ticks on whole pages, grouped by thousands as the readout writes them', () => {
    const p = prepare(
      curves(falling(1954), falling(1954), { unit: 'resident', fromFrames: 1938, toFrames: 1954 }),
    )!;
    const x = pressureScale(p, { left: 50, top: 0, plotW: 500, plotH: 200 });
    const ticks = pressureTicks(p, x, 500);
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) {
      expect(Number.isInteger(t)).toBe(true);
      expect(t).toBeGreaterThanOrEqual(1938);
      expect(t).toBeLessThanOrEqual(1954);
    }
    expect(pressureFormat(p)(1950)).toBe('1,950');
  });

  it('is named in resident pages of the run’s, and the article’s axis as it was', () => {
    expect(xAxisLabels('resident', 1954)[1]).toBe('Resident pages (of 1,954)');
    expect(xAxisLabels('resident', 1954).at(-1)).toBe('Resident pages');
    expect(xAxisLabels('kb', 1954)[0]).toBe('VM pressure: address space not resident (KB)');
    expect(xAxisLabels('pages', 1954)[1]).toBe('VM pressure (pages not resident)');
  });
});

describe('the animation’s marker', () => {
  it('says the share of pages resident it stands for', () => {
    const p = prepare(curves(falling(1954), falling(1954), { unit: 'resident' }))!;
    // 4 of the animation's 7 pages resident, scaled to the 1,954 of the curves' run.
    expect(markerLabel(p, 1117)).toBe('animation: 57% of its pages resident');
    expect(markerLabel(p, 9)).toBe('animation: 0.5% of its pages resident');
  });
});

describe('the readout', () => {
  it('writes one resident page in the singular, and counts grouped by thousands', () => {
    const p = prepare(curves(falling(1954), falling(1954), { unit: 'resident' }))!;
    expect(whereText(p, 1)).toBe('1 resident page (1,953 missing = 7,812 KB)');
    expect(whereText(p, 9)).toBe('9 resident pages (1,945 missing = 7,780 KB)');
    expect(readoutText(p, 1954)).toMatch(/^1,954 resident pages \(0 missing = 0 KB\): /);
  });
});
