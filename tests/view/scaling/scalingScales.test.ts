// Tests the scaling chart's domains, ticks and margins.

import { describe, expect, it } from 'vitest';
import { scalingScales, secondsDomain, sizeTicks } from '../../../src/view/scaling/scalingScales';
import { line } from './fixtures';

describe('secondsDomain', () => {
  it('pads a wide range by 6% of its decades each way', () => {
    const [lo, hi] = secondsDomain([
      line('list', [
        [100, 1e-7],
        [1e6, 1e-3],
      ]),
    ]);
    expect(Math.log10(1e-7 / lo)).toBeCloseTo(0.24);
    expect(Math.log10(hi / 1e-3)).toBeCloseTo(0.24);
  });

  it('widens a narrow range to a little over half a decade', () => {
    const [lo, hi] = secondsDomain([line('binary', [[100, 2e-7]])]);
    expect(Math.log10(hi / lo)).toBeCloseTo(0.6);
    expect(lo).toBeLessThan(2e-7);
    expect(hi).toBeGreaterThan(2e-7);
  });

  it('spans 100 ns to 10 µs (padded) before any point', () => {
    const [lo, hi] = secondsDomain([]);
    expect(lo).toBeLessThan(1e-7);
    expect(hi).toBeGreaterThan(1e-5);
  });
});

describe('sizeTicks', () => {
  it('marks the powers of ten, or the sizes themselves when fewer than two are in range', () => {
    expect(sizeTicks([70, 1.3e6], [100, 1e6])).toEqual([100, 1000, 1e4, 1e5, 1e6]);
    expect(sizeTicks([380, 3900], [500, 3000])).toEqual([500, 3000]);
  });
});

describe('scalingScales', () => {
  it('keeps N inside the plot and sizes the left margin from the tick labels', () => {
    const s = scalingScales([line('list', [[100, 1e-6]])], [100, 1000], 560, 340);
    const { left, plotW, top, plotH, x, y } = s.geometry;
    expect(top).toBe(54);
    expect(plotH).toBe(340 - 54 - 50);
    expect(left + plotW).toBe(560 - 18);
    expect(x(100)).toBeGreaterThan(left);
    expect(x(1000)).toBeLessThan(left + plotW);
    expect(y(1e-6)).toBeGreaterThan(top);
    expect(y(1e-6)).toBeLessThan(top + plotH);
    expect(s.xTicks).toEqual([100, 1000]);
  });
});
