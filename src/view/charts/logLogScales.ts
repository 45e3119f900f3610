// The scales of a log-log chart of something against N (scaling, machine): the value's padded
// extent up y, every N asked for along x, and the left margin sized from the tick labels.
//
// N spans every size asked for, so the axis stays put while points arrive.

import { scaleLog } from 'd3-scale';
import { logTicks } from './chartKit';
import type { LogLogScales } from './logLogAxes';

/** Room above the plot for the title and caption, below it for the x axis and its label. */
const TOP = 54;
const BOTTOM = 50;
const RIGHT = 18;
/** Width of a 13 px character, to size the left margin from the tick labels. */
const CHAR_PX = 7.4;

/** How one chart places N and writes its values. */
export interface LogLogAxisSpec {
  /** The x scale's logarithm base: 10 for the review's N, 2 for the machine's powers of two. */
  base: number;
  /** One N alone spans from N / spread to N * spread. */
  spread: number;
  /** The ranges drawn before any value, and before any N is asked for. */
  noValues: [number, number];
  noSizes: readonly number[];
  /** A y tick's label (its length sizes the left margin). */
  yTick: (value: number) => string;
  /** The x ticks over the domain; fewer than two give way to the sizes themselves. */
  xTicks: (domain: readonly number[], plotW: number) => number[];
}

/**
 * The values' extent, padded a little so no line runs along the frame (at least half a decade);
 * values that cannot sit on a log scale are passed over, and with none, `noValues`.
 */
export function paddedLogDomain(
  values: Iterable<number>,
  noValues: [number, number],
): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = 0;
  for (const value of values) {
    if (!(value > 0) || !Number.isFinite(value)) continue;
    lo = Math.min(lo, value);
    hi = Math.max(hi, value);
  }
  if (hi === 0) [lo, hi] = noValues;
  const span = Math.log10(hi / lo);
  const pad = span < 0.5 ? 10 ** ((0.5 - span) / 2 + 0.05) : 10 ** (span * 0.06);
  return [lo / pad, hi * pad];
}

export function logLogScales(
  spec: LogLogAxisSpec,
  values: Iterable<number>,
  requested: readonly number[],
  width: number,
  height: number,
  /** A tick label character's width (px): wider in a projector's type. */
  charPx = CHAR_PX,
): LogLogScales {
  const [lo, hi] = paddedLogDomain(values, spec.noValues);
  const plotH = Math.max(60, height - TOP - BOTTOM);
  const yTicks = logTicks(lo, hi, plotH);
  const leftChars = Math.max(4, ...yTicks.map((t) => spec.yTick(t).length));
  // The rotated axis title, a gap, then the tick labels: none of them over another.
  const left = Math.round(charPx * 1.9 + 16 + leftChars * charPx);
  const plotW = Math.max(60, width - left - RIGHT);
  const y = scaleLog()
    .domain([lo, hi])
    .range([TOP + plotH, TOP]);
  const sizes = requested.length > 0 ? requested : spec.noSizes;
  const nLo = Math.min(...sizes);
  const nHi = Math.max(...sizes);
  const x = scaleLog()
    .base(spec.base)
    .domain(nLo === nHi ? [nLo / spec.spread, nHi * spec.spread] : [nLo / 1.3, nHi * 1.3])
    .range([left, left + plotW]);
  const xTicks = spec.xTicks(x.domain(), plotW);
  return {
    geometry: { left, top: TOP, plotW, plotH, x, y },
    xTicks: xTicks.length >= 2 ? xTicks : [...sizes],
    yTicks,
  };
}
