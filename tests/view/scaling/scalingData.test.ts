// Tests which series the scaling chart draws and where its crosshair may stop.

import { describe, expect, it } from 'vitest';
import { sizesWithData, valueAt, visibleSeries } from '../../../src/view/scaling/scalingData';
import { chartData, line } from './fixtures';

const heap = line('binary', [
  [100, 2e-7],
  [1000, 3e-7],
]);
const list = line('list', [[100, 1e-6]]);
const measuredList = line('list', [[10000, 9e-4]], 'measured');

describe('the scaling data', () => {
  it('draws the measured series over the model only when asked to', () => {
    expect(visibleSeries(chartData([heap, list], [measuredList]))).toHaveLength(3);
    expect(visibleSeries(chartData([heap, list], [measuredList], false))).toHaveLength(2);
  });

  it('finds a value by N, and null before that point is computed', () => {
    expect(valueAt(heap, 1000)).toBe(3e-7);
    expect(valueAt(list, 1000)).toBeNull();
  });

  it('lets the crosshair stop at every N some drawn series has, ascending', () => {
    expect(sizesWithData(chartData([list, heap], [measuredList]))).toEqual([100, 1000, 10000]);
    expect(sizesWithData(chartData([list, heap], [measuredList], false))).toEqual([100, 1000]);
    expect(sizesWithData(null)).toEqual([]);
  });
});
