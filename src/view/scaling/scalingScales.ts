// The scaling chart's log-log scales, ticks and left margin.
//
// N spans every size asked for, so the axis stays put while points arrive.

import { scaleLog } from 'd3-scale';
import { formatSecondsTick, type ScalingSeries } from '../../core/experiments/scalingSeries';
import { logTicks } from '../charts/chartKit';
import type { LogLogGeometry, LogLogScales } from '../charts/logLogAxes';

/** Room above the plot for the title and caption, below it for the x axis and its label. */
const TOP = 54;
const BOTTOM = 50;
const RIGHT = 18;
/** Width of a 13 px character, to size the left margin from the tick labels. */
const CHAR_PX = 7.4;
/** The y range before any point: 100 ns to 10 µs. */
const NO_DATA_SECONDS: [number, number] = [1e-7, 1e-5];
/** The x range before any size is asked for. */
const NO_DATA_SIZES = [100, 1_000_000];

export type ScalingGeometry = LogLogGeometry;
export type ScalingScales = LogLogScales;

/** The values' extent, padded a little so no line runs along the frame (at least half a decade). */
export function secondsDomain(series: readonly ScalingSeries[]): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = 0;
  for (const s of series) {
    for (const p of s.points) {
      lo = Math.min(lo, p.seconds);
      hi = Math.max(hi, p.seconds);
    }
  }
  if (series.length === 0) [lo, hi] = NO_DATA_SECONDS;
  const span = Math.log10(hi / lo);
  const pad = span < 0.5 ? 10 ** ((0.5 - span) / 2 + 0.05) : 10 ** (span * 0.06);
  return [lo / pad, hi * pad];
}

/** Ticks on N: the powers of ten in range, or the sizes themselves when fewer than two are. */
export function sizeTicks(domain: readonly number[], sizes: readonly number[]): number[] {
  const [lo, hi] = domain;
  const ticks: number[] = [];
  for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++) ticks.push(10 ** e);
  return ticks.length < 2 ? [...sizes] : ticks;
}

export function scalingScales(
  series: readonly ScalingSeries[],
  requested: readonly number[],
  width: number,
  height: number,
): ScalingScales {
  const [lo, hi] = secondsDomain(series);
  const plotH = Math.max(60, height - TOP - BOTTOM);
  const yTicks = logTicks(lo, hi, plotH);
  const leftChars = Math.max(4, ...yTicks.map((t) => formatSecondsTick(t).length));
  const left = Math.round(30 + 8 + leftChars * CHAR_PX);
  const plotW = Math.max(60, width - left - RIGHT);
  const y = scaleLog()
    .domain([lo, hi])
    .range([TOP + plotH, TOP]);
  const sizes = requested.length > 0 ? requested : NO_DATA_SIZES;
  const nLo = Math.min(...sizes);
  const nHi = Math.max(...sizes);
  const x = scaleLog()
    .domain(nLo === nHi ? [nLo / 3, nHi * 3] : [nLo / 1.3, nHi * 1.3])
    .range([left, left + plotW]);
  return {
    geometry: { left, top: TOP, plotW, plotH, x, y },
    xTicks: sizeTicks(x.domain(), sizes),
    yTicks,
  };
}
