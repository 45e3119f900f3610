// The machine chart's log-log scales: N in powers of two along x, ns per operation up y.

import { formatSecondsTick } from '../../core/experiments/scalingSeries';
import type { LogLogScales } from '../charts/logLogAxes';
import { type LogLogAxisSpec, logLogScales } from '../charts/logLogScales';

/** An x tick label ("2¹⁸") needs about this many pixels. */
const X_TICK_PX = 44;
/** Before any point: 10 ns to 1 µs, and N from 2^10 to 2^20. */
const NO_DATA_NS: [number, number] = [10, 1000];

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** N as the axis writes it: 2¹⁶ for a power of two, else in thousands ("3k"). */
export function nTick(items: number): string {
  const e = Math.log2(items);
  if (Number.isInteger(e)) {
    return `2${[...String(e)].map((d) => SUPERSCRIPTS[Number(d)]).join('')}`;
  }
  return items >= 1000 ? `${Math.round(items / 1000)}k` : String(items);
}

/** A y tick's label: ns per operation in the unit that reads best ("50 ns", "1.2 µs"). */
export function nsTick(ns: number): string {
  return formatSecondsTick(ns * 1e-9);
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

const AXIS: LogLogAxisSpec = {
  base: 2,
  spread: 2,
  noValues: NO_DATA_NS,
  noSizes: [2 ** 10, 2 ** 20],
  yTick: nsTick,
  xTicks: ([lo, hi], plotW) => powerTicks(lo, hi, plotW),
};

export function machineScales(
  values: readonly number[],
  requested: readonly number[],
  width: number,
  height: number,
  charPx?: number,
): LogLogScales {
  return logLogScales(AXIS, values, requested, width, height, charPx);
}
