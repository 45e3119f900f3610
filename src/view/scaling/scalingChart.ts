// The scaling chart: cost per operation against N, log-log, one line per structure and source.
//
// The Asterisk review's tables as a picture, as a specification of the shared series chart:
// solid lines are the cost model, dashed ones (hollow markers) the times measured in this
// browser; the readout gives every structure's value at one N.

import {
  formatItems,
  formatSecondsTick,
  QUANTITY_LABELS,
  type ScalingSeries,
  type SeriesPoint,
} from '../../core/experiments/scalingSeries';
import { STRUCTURES } from '../../core/structures/registry';
import { SeriesChart, type SeriesChartOptions, type SeriesChartSpec } from '../charts/seriesChart';
import type { LegendRow } from '../charts/seriesLegend';
import { fullestSize, type ScalingChartData, visibleSeries } from './scalingData';
import { describe, NO_DATA_LABEL, readoutText } from './scalingReadout';
import { scalingScales } from './scalingScales';

export type { ScalingChartData } from './scalingData';

export type ScalingChart = SeriesChart<ScalingChartData, ScalingSeries, SeriesPoint>;

/** The legend: each structure's colour and marker, then what solid and dashed stand for. */
function legend(data: ScalingChartData | null): LegendRow[] {
  const kinds = data === null ? [] : data.model.map((s) => s.kind);
  if (kinds.length === 0) return [];
  const measured = data?.showMeasured === true && data.measured.length > 0;
  const rows: LegendRow[] = kinds.map((kind) => ({
    data: { kind },
    swatch: {
      classes: `series-k-${kind} sc-model`,
      stroke: 'series-line sc-line',
      marker: { series: kind, className: 'series-mark sc-mark' },
    },
    text: STRUCTURES[kind].title,
  }));
  for (const source of ['model', 'measured'] as const) {
    rows.push({
      className: 'sc-legend-source',
      data: { source },
      swatch: { classes: `series-k-none sc-${source}`, stroke: 'series-line sc-line' },
      text:
        source === 'model'
          ? 'solid: cost model'
          : measured
            ? 'dashed: measured in this browser'
            : 'dashed: measured in this browser (not shown)',
      off: source === 'measured' && !measured,
    });
  }
  return rows;
}

const SCALING_CHART: SeriesChartSpec<ScalingChartData, ScalingSeries, SeriesPoint> = {
  prefix: 'sc',
  fallback: { width: 560, height: 340, minHeight: 240 },
  noDataLabel: NO_DATA_LABEL,
  series: visibleSeries,
  points: (s) => s.points,
  key: (s) => `${s.kind}-${s.source}`,
  classes: (s) => `series-k-${s.kind} sc-${s.source}`,
  marker: (s) => s.kind,
  y: (p) => p.seconds,
  marks: [
    {
      type: 'line',
      className: 'series-line sc-line',
      value: (p) => p.seconds,
      // "N:seconds;…".
      attrs: (s) => ({
        'data-kind': s.kind,
        'data-source': s.source,
        'data-points': s.points.map((p) => `${p.items}:${p.seconds}`).join(';'),
      }),
    },
    { type: 'markers', className: 'series-mark sc-mark' },
  ],
  scales: (data, width, height, charPx) =>
    scalingScales(
      data === null ? [] : visibleSeries(data),
      data?.sizes ?? [],
      width,
      height,
      charPx,
    ),
  words: (data) => {
    const quantity = data === null ? 'add' : data.quantity;
    return {
      xTick: formatItems,
      yTick: formatSecondsTick,
      xLabel: 'N, items in the queue (log scale)',
      yLabel: `time per ${QUANTITY_LABELS[quantity]} (log scale)`,
    };
  },
  titles: (data) => [
    data?.title ?? 'Cost per operation against N',
    `Time per ${QUANTITY_LABELS[data === null ? 'add' : data.quantity]} against N`,
  ],
  caption: (data) => data?.caption ?? '',
  legend,
  readout: readoutText,
  restAt: fullestSize,
  describe,
};

export function scalingChart(container: HTMLElement, options: SeriesChartOptions): ScalingChart {
  return new SeriesChart(container, SCALING_CHART, options);
}
