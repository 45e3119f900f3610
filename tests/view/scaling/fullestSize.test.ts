// Where the scaling chart's readout rests: the largest N where every structure drawn has a cost,
// so the timer-queue scene's readout compares the list with the heaps (it stops at 100,000).

import { describe, expect, it } from 'vitest';
import { fullestSize, sizesWithData } from '../../../src/view/scaling/scalingData';
import { chartData, line } from './fixtures';

const heap = line('binary', [
  [100, 2e-7],
  [1000, 3e-7],
  [10_000, 4e-7],
]);
const list = line('list', [
  [100, 1e-6],
  [1000, 1e-5],
]);

describe('the resting N', () => {
  it('is the largest N every drawn structure has', () => {
    const data = chartData([list, heap], []);
    expect(fullestSize(data, sizesWithData(data))).toBe(1000);
  });

  it('is the largest N with data when no N has them all', () => {
    const lone = line('list', [[50, 1e-6]]);
    const data = chartData([lone, line('binary', [[100, 2e-7]])], []);
    expect(fullestSize(data, sizesWithData(data))).toBe(100);
  });
});
