// Tests the scaling chart's domains, ticks and margins.

import { describe, expect, it } from 'vitest';
import { scalingScales } from '../../../src/view/scaling/scalingScales';
import { line } from './fixtures';

/** The chart's y domain, as the scales the page draws with give it. */
function yDomain(series: Parameters<typeof scalingScales>[0]): number[] {
  return scalingScales(series, [100, 1e6], 560, 340).geometry.y.domain();
}

describe('scalingScales: the seconds axis', () => {
  it('pads a wide range by 6% of its decades each way', () => {
    const [lo, hi] = yDomain([
      line('list', [
        [100, 1e-7],
        [1e6, 1e-3],
      ]),
    ]);
    expect(Math.log10(1e-7 / lo)).toBeCloseTo(0.24);
    expect(Math.log10(hi / 1e-3)).toBeCloseTo(0.24);
  });

  it('widens a narrow range to a little over half a decade', () => {
    const [lo, hi] = yDomain([line('binary', [[100, 2e-7]])]);
    expect(Math.log10(hi / lo)).toBeCloseTo(0.6);
    expect(lo).toBeLessThan(2e-7);
    expect(hi).toBeGreaterThan(2e-7);
  });

  it('spans 100 ns to 10 µs (padded) before any point', () => {
    const [lo, hi] = yDomain([]);
    expect(lo).toBeLessThan(1e-7);
    expect(hi).toBeGreaterThan(1e-5);
  });
});

describe('scalingScales: the N axis', () => {
  it('marks the powers of ten, or the sizes themselves when fewer than two are in range', () => {
    const one = [line('list', [[500, 1e-6]])];
    expect(scalingScales(one, [100, 1e6], 560, 340).xTicks).toEqual([100, 1000, 1e4, 1e5, 1e6]);
    expect(scalingScales(one, [500, 3000], 560, 340).xTicks).toEqual([500, 3000]);
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
