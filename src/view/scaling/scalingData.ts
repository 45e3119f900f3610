// What the scaling chart is given, and what its parts ask of it (drawn series, values at N).

import type { ScalingQuantity, ScalingSeries } from '../../core/experiments/scalingSeries';

export interface ScalingChartData {
  /** One series per structure, from the cost model. */
  model: ScalingSeries[];
  /** Measured in this browser; empty when not measured. */
  measured: ScalingSeries[];
  /** Draw the measured series (dashed) too. */
  showMeasured: boolean;
  quantity: ScalingQuantity;
  /** Every N of the request, so the x axis stays put while points arrive. */
  sizes: readonly number[];
  title: string;
  caption: string;
}

/** The series drawn now, in drawing order (model first, measured over them). */
export function visibleSeries(data: ScalingChartData): ScalingSeries[] {
  return data.showMeasured ? [...data.model, ...data.measured] : data.model;
}

/** The series' value at N = items, or null before that point is computed. */
export function valueAt(series: ScalingSeries, items: number): number | null {
  for (const point of series.points) if (point.items === items) return point.seconds;
  return null;
}

/** The N with at least one drawn value, ascending: where the crosshair may stop. */
export function sizesWithData(data: ScalingChartData | null): number[] {
  if (data === null) return [];
  const found = new Set<number>();
  for (const series of visibleSeries(data)) for (const p of series.points) found.add(p.items);
  return [...found].sort((a, b) => a - b);
}
