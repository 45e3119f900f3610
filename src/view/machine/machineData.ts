// What the machine chart is given, and what its parts ask of it: per layout, the measured ns per
// operation (median and range of the repetitions) and the model's, at each N.

import type { MachineRow } from '../../core/experiments/machineReport';
import { MACHINE_LAYOUTS, type MachineLayout } from '../../core/measure/machineLayouts';
import { seriesSizes } from '../charts/seriesMarks';

export interface MachineSeriesPoint {
  items: number;
  medianNs: number;
  minNs: number;
  maxNs: number;
  /** The model's time, where the run was traced. */
  modelNs: number | null;
}

export interface MachineSeries {
  layout: MachineLayout;
  /** Ascending N. */
  points: MachineSeriesPoint[];
}

export interface MachineChartData {
  series: MachineSeries[];
  /** Every N of the request, so the x axis stays put while points arrive. */
  sizes: readonly number[];
  /** Draw the model's dashed lines. */
  showModel: boolean;
  title: string;
  caption: string;
}

/** One series per layout with a measured point, in MACHINE_LAYOUTS order. */
export function machineSeries(rows: readonly MachineRow[]): MachineSeries[] {
  const out: MachineSeries[] = [];
  for (const layout of MACHINE_LAYOUTS) {
    const points = rows
      .filter((row) => row.layout === layout && row.medianNs > 0 && Number.isFinite(row.medianNs))
      .map((row) => ({
        items: row.items,
        medianNs: row.medianNs,
        minNs: row.minNs,
        maxNs: row.maxNs,
        modelNs: row.model === null ? null : row.model.predictedNs,
      }))
      .sort((a, b) => a.items - b.items);
    if (points.length > 0) out.push({ layout, points });
  }
  return out;
}

/** The point at N = items, or null before it is measured. */
export function pointAt(series: MachineSeries, items: number): MachineSeriesPoint | null {
  return series.points.find((point) => point.items === items) ?? null;
}

/** The N with a measured point, ascending: where the crosshair may stop. */
export function sizesWithData(data: MachineChartData | null): number[] {
  return data === null ? [] : seriesSizes(data.series, (s) => s.points);
}

/** Every value the chart draws (ranges, and the model's where shown), for the y domain. */
export function drawnValues(data: MachineChartData): number[] {
  const values: number[] = [];
  for (const series of data.series) {
    for (const point of series.points) {
      values.push(point.minNs, point.maxNs);
      if (data.showModel && point.modelNs !== null && point.modelNs > 0) values.push(point.modelNs);
    }
  }
  return values;
}
