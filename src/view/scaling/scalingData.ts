// What the scaling chart is given, and what its parts ask of it (drawn series, values at N).

import type { ScalingQuantity, ScalingSeries } from '../../core/experiments/scalingSeries';
import { seriesSizes } from '../charts/seriesMarks';

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
  return data === null ? [] : seriesSizes(visibleSeries(data), (s) => s.points);
}

/**
 * The largest N where every structure drawn has its cost, so the readout compares them all (the
 * sorted list stops at 100,000): the largest N with data if none has every one.
 */
export function fullestSize(data: ScalingChartData, sizes: readonly number[]): number {
  const series = visibleSeries(data);
  for (let index = sizes.length - 1; index >= 0; index--) {
    if (series.every((s) => valueAt(s, sizes[index]) !== null)) return sizes[index];
  }
  return sizes[sizes.length - 1];
}
