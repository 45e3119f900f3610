// Tests the scaling chart's readout and label.

import { describe, expect, it } from 'vitest';
import { describe as describeChart, readoutText } from '../../../src/view/scaling/scalingReadout';
import { chartData, line } from './fixtures';

const heap = line('binary', [
  [100, 2e-7],
  [1000, 3e-7],
]);
const list = line('list', [
  [100, 1e-6],
  [1000, 1.2e-5],
]);

describe('the scaling readout', () => {
  it("reads every structure's value at one N, measured ones beside the model's", () => {
    const data = chartData([list, heap], [line('list', [[1000, 1.5e-5]], 'measured')]);
    expect(readoutText(data, 1000)).toBe(
      'N = 1,000, time per add: Sorted list 12 µs (measured here 15 µs) · Binary heap 300 ns',
    );
    expect(readoutText(chartData([list, line('binary', [[100, 2e-7]])]), 1000)).toBe(
      'N = 1,000, time per add: Sorted list 12 µs · Binary heap not run',
    );
  });

  it('describes the chart: what it plots, and the costliest and cheapest at the largest N', () => {
    expect(describeChart(chartData([list, heap]))).toBe(
      'Time per add against N. N adds, then N deletes. Log-log chart of the time per add ' +
        "against N for 2 structures (Sorted list, Binary heap). At N = 1k the model's costliest " +
        'is Sorted list (12 µs) and the cheapest Binary heap (300 ns). Left and right arrows ' +
        'move the readout from one N to the next.',
    );
    expect(describeChart(null)).toBe('Cost per operation against N, log-log: no data yet.');
  });
});
