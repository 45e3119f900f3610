// What the kernel chart is given: per layout, the kernel's pages read at each room and the
// model's LRU page-ins there (osKernelSeries.ts), keyed by the room as the series chart's N.

import type { KernelPoint, KernelSeries } from '../../core/experiments/osKernelSeries';
import { seriesSizes } from '../charts/seriesMarks';

/** A point of the chart: `items` is the room in pages (the series chart's x). */
export interface KernelChartPoint extends KernelPoint {
  items: number;
}

export interface KernelChartSeries {
  layout: KernelSeries['layout'];
  points: KernelChartPoint[];
}

export interface KernelChartData {
  series: KernelChartSeries[];
  /** Every room of the report, so the x axis spans them. */
  rooms: number[];
  title: string;
  caption: string;
}

export function kernelChartSeries(series: readonly KernelSeries[]): KernelChartSeries[] {
  return series.map((s) => ({
    layout: s.layout,
    points: s.points.map((point) => ({ ...point, items: point.memoryPages })),
  }));
}

/** The point at this room, or null. */
export function kernelPointAt(series: KernelChartSeries, room: number): KernelChartPoint | null {
  return series.points.find((point) => point.items === room) ?? null;
}

/** The rooms with a point, ascending: where the crosshair may stop. */
export function kernelRooms(data: KernelChartData | null): number[] {
  return data === null ? [] : seriesSizes(data.series, (s) => s.points);
}

/** Every value drawn (the kernel's reads and the model's; 0 where none), for the y domain. */
export function kernelValues(data: KernelChartData): number[] {
  return data.series.flatMap((s) =>
    s.points.flatMap((p) => [p.pagesRead, p.lruAtRoom, p.lruAtHeld ?? 0]),
  );
}
