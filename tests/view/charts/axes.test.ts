// A d3 axis on the ticks a chart chose, in its own number format, with no outer ticks.

import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import { numberAxis } from '../../../src/view/charts/axes';

describe('numberAxis', () => {
  it('marks exactly the ticks given, written by the chart’s label, without outer ticks', () => {
    const axis = numberAxis(
      axisBottom(scaleLog().domain([1, 1e6])),
      [10, 1000, 1e5],
      (v) => `${v / 1000}k`,
    );
    expect(axis.tickValues()).toEqual([10, 1000, 1e5]);
    const format = axis.tickFormat();
    if (format === null) throw new Error('a format');
    expect([10, 1000, 1e5].map((v, i) => format(v, i))).toEqual(['0.01k', '1k', '100k']);
    expect(axis.tickSizeOuter()).toBe(0);
    expect(axis.tickSizeInner()).toBe(6);
  });

  it('returns the axis it was given, so a chart chains on it', () => {
    const axis = axisLeft(scaleLinear());
    expect(numberAxis(axis, [], String)).toBe(axis);
  });
});
