// The machine chart's log-log scales: N in powers of two along x, ns per operation up y.

import { scaleLog } from 'd3-scale';
import { formatSecondsTick } from '../../core/experiments/scalingSeries';
import { logTicks } from '../charts/chartKit';
import type { LogLogGeometry, LogLogScales } from '../charts/logLogAxes';

const TOP = 54;
const BOTTOM = 50;
const RIGHT = 18;
/** Width of a 13 px character, to size the left margin from the tick labels. */
const CHAR_PX = 7.4;
/** An x tick label ("2¹⁸") needs about this many pixels. */
const X_TICK_PX = 44;
/** Before any point: 10 ns to 1 µs, and N from 2^10 to 2^20. */
const NO_DATA_NS: [number, number] = [10, 1000];
const NO_DATA_SIZES = [2 ** 10, 2 ** 20];

export type MachineGeometry = LogLogGeometry;
export type MachineScales = LogLogScales;

/** A y tick's label: ns per operation in the unit that reads best ("50 ns", "1.2 µs"). */
export function nsTick(ns: number): string {
  return formatSecondsTick(ns * 1e-9);
}

/** The values' extent, padded so no line runs along the frame (at least half a decade shown). */
export function nsDomain(values: readonly number[]): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = 0;
  for (const value of values) {
    if (!(value > 0) || !Number.isFinite(value)) continue;
    lo = Math.min(lo, value);
    hi = Math.max(hi, value);
  }
  if (hi === 0) [lo, hi] = NO_DATA_NS;
  const span = Math.log10(hi / lo);
  const pad = span < 0.5 ? 10 ** ((0.5 - span) / 2 + 0.05) : 10 ** (span * 0.06);
  return [lo / pad, hi * pad];
}

/** Powers of two in [lo, hi], every 2nd or 4th when the plot is too narrow for all. */
export function powerTicks(lo: number, hi: number, width: number): number[] {
  const first = Math.ceil(Math.log2(lo));
  const last = Math.floor(Math.log2(hi));
  const all: number[] = [];
  for (let e = first; e <= last; e++) all.push(e);
  let every = 1;
  while (all.length > 1 && (width / all.length) * every < X_TICK_PX && every < 8) every *= 2;
  return all.filter((e) => e % every === 0).map((e) => 2 ** e);
}

export function machineScales(
  values: readonly number[],
  requested: readonly number[],
  width: number,
  height: number,
): MachineScales {
  const [lo, hi] = nsDomain(values);
  const plotH = Math.max(60, height - TOP - BOTTOM);
  const yTicks = logTicks(lo, hi, plotH);
  const leftChars = Math.max(4, ...yTicks.map((t) => nsTick(t).length));
  const left = Math.round(30 + 8 + leftChars * CHAR_PX);
  const plotW = Math.max(60, width - left - RIGHT);
  const y = scaleLog()
    .domain([lo, hi])
    .range([TOP + plotH, TOP]);
  const sizes = requested.length > 0 ? requested : NO_DATA_SIZES;
  const nLo = Math.min(...sizes);
  const nHi = Math.max(...sizes);
  const x = scaleLog()
    .base(2)
    .domain(nLo === nHi ? [nLo / 2, nHi * 2] : [nLo / 1.3, nHi * 1.3])
    .range([left, left + plotW]);
  const [dLo, dHi] = x.domain();
  const xTicks = powerTicks(dLo, dHi, plotW);
  return {
    geometry: { left, top: TOP, plotW, plotH, x, y },
    xTicks: xTicks.length >= 2 ? xTicks : [...sizes],
    yTicks,
  };
}
