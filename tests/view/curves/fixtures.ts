// Builds small curves for the chart's tests: two series over a few frames, from plain numbers.

import type { CurveSeries, CurvesData } from '../../../src/view/curves/curvesData';

export function series(title: string, pageIns: number[], writeBacks?: number[]): CurveSeries {
  return {
    title,
    pages: pageIns.length,
    itemsPerPage: 512,
    operations: 100,
    cpuSeconds: 2,
    pageIns: Float64Array.from(pageIns),
    writeBacks: Float64Array.from(writeBacks ?? pageIns.map(() => 0)),
  };
}

export function curves(
  left: number[],
  right: number[],
  options: Partial<Omit<CurvesData, 'series'>> = {},
): CurvesData {
  return {
    series: [series('Binary heap', left), series('B-heap', right)],
    policy: 'LRU',
    floor: null,
    ioMs: 1000,
    mode: 'time',
    unit: 'pages',
    fromFrames: 1,
    toFrames: left.length,
    title: 'Figure 1',
    caption: 'test',
    ...options,
  };
}

/** Frames 1..n, every one faulting less than the one before. */
export function falling(n: number): number[] {
  return Array.from({ length: n }, (_, i) => n - i);
}
