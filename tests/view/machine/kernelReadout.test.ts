// The kernel chart's data and words: the rooms it stops at, the values it spans, its readout and
// its label for a screen reader.

import { describe, expect, it } from 'vitest';
import { kernelSeries } from '../../../src/core/experiments/osKernelSeries';
import { unpackCurve } from '../../../src/core/experiments/shipped';
import { SHIPPED_CURVES } from '../../../src/core/experiments/shippedCurves.generated';
import { shippedOsKernel } from '../../../src/core/experiments/shippedOsKernel';
import {
  type KernelChartData,
  kernelChartSeries,
  kernelRooms,
  kernelValues,
} from '../../../src/view/machine/kernelData';
import { describeKernel, kernelReadoutText } from '../../../src/view/machine/kernelReadout';

function data(curves = {}): KernelChartData {
  const report = shippedOsKernel();
  return {
    series: kernelChartSeries(kernelSeries(report, curves)),
    rooms: [256, 512, 1024, 1500],
    title: 'Pages read',
    caption: 'the article’s run',
  };
}

describe('the kernel chart', () => {
  it('stops at each room measured and spans every value drawn', () => {
    const d = data();
    expect(kernelRooms(d)).toEqual([256, 512, 1024, 1500]);
    expect(kernelRooms(null)).toEqual([]);
    const values = kernelValues(d);
    expect(Math.max(...values)).toBe(5_034_656);
    expect(Math.min(...values.filter((v) => v > 0))).toBe(191_105);
  });

  it('reads out each layout at a room, with thousands separators and the time', () => {
    expect(kernelReadoutText(data(), 256)).toBe(
      '256 pages of room: Binary heap read 5,034,656 in 1,859 s (the model’s LRU 4,832,592) · B-heap read 1,237,839 in 494 s (the model’s LRU 1,206,552)',
    );
  });

  it('tells a screen reader every point, and the model at the pages held where it is known', () => {
    const d = data();
    const text = describeKernel(d);
    expect(text).toContain(
      'B-heap: 256 pages of room, 1,237,839 read in 494 s, the model’s LRU 1,206,552;',
    );
    expect(text).toContain('1,500 pages of room, 204,071 read in 72.8 s');
    expect(describeKernel(null)).toContain('no data');
    const withHeld = data({ bheap: new Float64Array(1954).fill(1_000) });
    // A curve that does not give the report's own numbers is not used.
    expect(describeKernel(withHeld)).not.toContain('pages held');
    const curves = Object.fromEntries(
      SHIPPED_CURVES.map((curve) => [curve.layout, unpackCurve(curve).pageIns]),
    );
    expect(kernelReadoutText(data(curves), 256)).toContain(
      'B-heap read 1,237,839 in 494 s (the model’s LRU 1,206,552; 1,235,343 at the 236 pages held)',
    );
  });
});
