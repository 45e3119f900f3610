// The scaling chart's log-log scales: N in powers of ten along x, seconds per operation up y.

import { formatSecondsTick, type ScalingSeries } from '../../core/experiments/scalingSeries';
import type { LogLogScales } from '../charts/logLogAxes';
import { type LogLogAxisSpec, logLogScales } from '../charts/logLogScales';

/** The y range before any point: 100 ns to 10 µs. */
const NO_DATA_SECONDS: [number, number] = [1e-7, 1e-5];

/** The powers of ten within the domain. */
function decades(domain: readonly number[]): number[] {
  const [lo, hi] = domain;
  const ticks: number[] = [];
  for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++) ticks.push(10 ** e);
  return ticks;
}

const AXIS: LogLogAxisSpec = {
  base: 10,
  spread: 3,
  noValues: NO_DATA_SECONDS,
  noSizes: [100, 1_000_000],
  yTick: formatSecondsTick,
  xTicks: decades,
};

export function scalingScales(
  series: readonly ScalingSeries[],
  requested: readonly number[],
  width: number,
  height: number,
  charPx?: number,
): LogLogScales {
  const values = series.flatMap((s) => s.points.map((p) => p.seconds));
  return logLogScales(AXIS, values, requested, width, height, charPx);
}
