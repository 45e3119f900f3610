// The machine chart: time per operation against N, log-log, one line per layout with the spread
// of its repetitions as a band and the cache model dashed beside it, as a specification of the
// shared series chart. Its crosshair tells the page which N it is on (the table follows it).

import { MACHINE_LAYOUT_INFO } from '../../core/measure/machineLayouts';
import { SeriesChart, type SeriesChartOptions, type SeriesChartSpec } from '../charts/seriesChart';
import type { LegendRow } from '../charts/seriesLegend';
import {
  drawnValues,
  type MachineChartData,
  type MachineSeries,
  type MachineSeriesPoint,
} from './machineData';
import { describe, NO_DATA_LABEL, readoutText } from './machineReadout';
import { machineScales, nsTick, nTick } from './machineScales';

export type { MachineChartData } from './machineData';

export type MachineChart = SeriesChart<MachineChartData, MachineSeries, MachineSeriesPoint>;

/**
 * A path's layout and plotted numbers ("N:median:min:max;…", the model's "N:ns;…" where traced),
 * for tests and for anyone reading the DOM.
 */
function plotted(
  s: MachineSeries,
  text: (point: MachineSeriesPoint) => string | null,
): Record<string, string> {
  const points = s.points.map(text).filter((t): t is string => t !== null);
  return { 'data-layout': s.layout, 'data-points': points.join(';') };
}

/** The legend: each layout's colour and marker, then what the line, the band and the dashes are. */
function legend(data: MachineChartData | null): LegendRow[] {
  const layouts = data === null ? [] : data.series.map((s) => s.layout);
  if (layouts.length === 0) return [];
  const model =
    data?.showModel === true && data.series.some((s) => s.points.some((p) => p.modelNs !== null));
  const rows: LegendRow[] = layouts.map((layout) => ({
    data: { layout },
    swatch: {
      classes: `series-k-${layout} mc-swatch-measured`,
      stroke: 'series-line mc-line',
      marker: { series: layout, className: 'series-mark mc-mark' },
    },
    text: MACHINE_LAYOUT_INFO[layout].title,
  }));
  const key = (sample: 'measured' | 'band' | 'model', text: string, off = false): LegendRow => ({
    className: 'mc-legend-key',
    data: { sample },
    swatch: {
      classes: `series-k-none mc-swatch-${sample}`,
      ...(sample === 'band'
        ? { band: 'mc-band' }
        : { stroke: sample === 'model' ? 'mc-model' : 'series-line mc-line' }),
    },
    text,
    off,
  });
  rows.push(
    key('measured', 'solid: median measured here'),
    key('band', 'band: fastest to slowest repetition'),
    key('model', model ? 'dashed: the cache model' : 'dashed: the cache model (none yet)', !model),
  );
  return rows;
}

const MACHINE_CHART: SeriesChartSpec<MachineChartData, MachineSeries, MachineSeriesPoint> = {
  prefix: 'mc',
  fallback: { width: 560, height: 360, minHeight: 240 },
  noDataLabel: NO_DATA_LABEL,
  series: (data) => data.series,
  points: (s) => s.points,
  key: (s) => s.layout,
  classes: (s) => `series-k-${s.layout}`,
  marker: (s) => s.layout,
  y: (p) => p.medianNs,
  marks: [
    { type: 'band', className: 'mc-band', low: (p) => p.minNs, high: (p) => p.maxNs },
    {
      type: 'line',
      className: 'mc-model',
      value: (p) => p.modelNs,
      attrs: (s) => plotted(s, (p) => (p.modelNs === null ? null : `${p.items}:${p.modelNs}`)),
      shown: (data) => data.showModel,
    },
    {
      type: 'line',
      className: 'series-line mc-line',
      value: (p) => p.medianNs,
      attrs: (s) => plotted(s, (p) => `${p.items}:${p.medianNs}:${p.minNs}:${p.maxNs}`),
    },
    { type: 'markers', className: 'series-mark mc-mark' },
  ],
  scales: (data, width, height, charPx) =>
    machineScales(data === null ? [] : drawnValues(data), data?.sizes ?? [], width, height, charPx),
  words: () => ({
    xTick: nTick,
    yTick: nsTick,
    xLabel: 'N, items in the heap (log scale)',
    yLabel: 'time per operation (log scale)',
  }),
  titles: (data) => [
    data?.title ?? 'Time per operation against N, on this machine',
    'Time per operation against N',
  ],
  caption: (data) => data?.caption ?? '',
  legend,
  readout: readoutText,
  describe,
};

export function machineChart(container: HTMLElement, options: SeriesChartOptions): MachineChart {
  return new SeriesChart(container, MACHINE_CHART, options);
}
