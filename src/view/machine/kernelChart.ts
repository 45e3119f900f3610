// The kernel chart: pages read under Linux's own pager against the room the group left the
// array (log-log), one series per layout, the kernel's reads as markers on a solid line and the
// model's LRU page-ins at the same rooms dashed beside them, as a specification of the shared
// series chart; dotted, where the model's whole curve is known, the model at the pages the array
// actually held on average with that room (the kernel reclaims in batches, below its limit).
// Its crosshair stops at each room and reads them out.

import { layoutTitle } from '../../core/experiments/osKernelReport';
import { formatCount } from '../../core/explain/numbers';
import type { LogLogScales } from '../charts/logLogAxes';
import { type LogLogAxisSpec, logLogScales } from '../charts/logLogScales';
import { SeriesChart, type SeriesChartOptions, type SeriesChartSpec } from '../charts/seriesChart';
import type { LegendRow } from '../charts/seriesLegend';
import {
  type KernelChartData,
  type KernelChartPoint,
  type KernelChartSeries,
  kernelValues,
} from './kernelData';
import { describeKernel, KERNEL_NO_DATA_LABEL, kernelReadoutText } from './kernelReadout';

export type { KernelChartData } from './kernelData';

export type KernelChart = SeriesChart<KernelChartData, KernelChartSeries, KernelChartPoint>;

/** The plotted numbers on a path ("room:value;…"), for tests and for anyone reading the DOM. */
function plotted(
  s: KernelChartSeries,
  value: (point: KernelChartPoint) => number,
): Record<string, string> {
  return {
    'data-layout': s.layout,
    'data-points': s.points
      .filter((p) => value(p) > 0)
      .map((p) => `${p.items}:${value(p)}`)
      .join(';'),
  };
}

function legend(data: KernelChartData | null): LegendRow[] {
  if (data === null || data.series.length === 0) return [];
  const rows: LegendRow[] = data.series.map((s) => ({
    data: { layout: s.layout },
    swatch: {
      classes: `series-k-${s.layout}`,
      stroke: 'series-line kc-line',
      marker: { series: s.layout, className: 'series-mark kc-mark' },
    },
    text: layoutTitle(s.layout),
  }));
  const strokes = { kernel: 'series-line kc-line', model: 'kc-model', held: 'kc-held' };
  const key = (sample: keyof typeof strokes, text: string): LegendRow => ({
    className: 'kc-legend-key',
    data: { sample },
    swatch: { classes: 'series-k-none', stroke: strokes[sample] },
    text,
  });
  rows.push(
    key('kernel', 'solid: the kernel’s reads'),
    key('model', 'dashed: the model’s LRU, frames = room'),
  );
  if (data.series.some((s) => s.points.some((p) => p.lruAtHeld !== null)))
    rows.push(key('held', 'dotted: the model’s LRU, frames = pages held'));
  return rows;
}

/** A y tick: a count with thousands separators. */
const countTick = (value: number): string => formatCount(value);

const AXIS: LogLogAxisSpec = {
  base: 2,
  spread: 2,
  noValues: [1e5, 1e7],
  noSizes: [256, 2048],
  yTick: countTick,
  // The rooms measured are the ticks (the series chart falls back on them).
  xTicks: () => [],
};

function kernelScales(
  data: KernelChartData | null,
  width: number,
  height: number,
  charPx: number,
): LogLogScales {
  return logLogScales(
    AXIS,
    data === null ? [] : kernelValues(data),
    data?.rooms ?? [],
    width,
    height,
    charPx,
  );
}

const KERNEL_CHART: SeriesChartSpec<KernelChartData, KernelChartSeries, KernelChartPoint> = {
  prefix: 'kc',
  fallback: { width: 560, height: 340, minHeight: 240 },
  noDataLabel: KERNEL_NO_DATA_LABEL,
  series: (data) => data.series,
  points: (s) => s.points,
  key: (s) => s.layout,
  classes: (s) => `series-k-${s.layout}`,
  marker: (s) => s.layout,
  y: (p) => p.pagesRead,
  marks: [
    {
      type: 'line',
      className: 'kc-model',
      value: (p) => p.lruAtRoom,
      attrs: (s) => plotted(s, (p) => p.lruAtRoom),
    },
    {
      type: 'line',
      className: 'kc-held',
      value: (p) => p.lruAtHeld,
      attrs: (s) => plotted(s, (p) => p.lruAtHeld ?? 0),
    },
    {
      type: 'line',
      className: 'series-line kc-line',
      value: (p) => p.pagesRead,
      attrs: (s) => plotted(s, (p) => p.pagesRead),
    },
    { type: 'markers', className: 'series-mark kc-mark' },
  ],
  scales: kernelScales,
  words: () => ({
    xTick: (room) => formatCount(room),
    yTick: countTick,
    xLabel: 'room for the array, pages (log scale)',
    yLabel: 'pages read (log scale)',
  }),
  titles: (data) => [
    data?.title ?? 'Pages read under the kernel’s pager',
    'Pages read under the kernel’s pager',
  ],
  caption: (data) => data?.caption ?? '',
  legend,
  readout: kernelReadoutText,
  // The tightest room first: where the two heaps differ most.
  restAt: (_data, rooms) => rooms[0],
  describe: describeKernel,
};

export function kernelChart(container: HTMLElement, options: SeriesChartOptions): KernelChart {
  return new SeriesChart(container, KERNEL_CHART, options);
}
