// The curves chart's scales, ticks and margins: values (log), ratio (linear), VM pressure.
//
// The margins follow the widest tick label on each side.

import { ticks as niceTicks } from 'd3-array';
import { format } from 'd3-format';
import { type ScaleLinear, type ScaleLogarithmic, scaleLinear, scaleLog } from 'd3-scale';
import { logTicks } from '../charts/chartKit';
import type { PlotBox } from '../charts/parts';
import { DEFAULT_FLOOR, type Prepared, pressureOf } from './prepare';

/** Room under the plot for the x axis and its label. */
const BOTTOM = 54;
/** Width of a 13 px digit, to size margins before any text exists to measure. */
const CHAR_PX = 7.6;
/** Up to this many pages on screen, KB ticks fall on whole pages, as the article's -64 ... 0 KB. */
const PAGE_ALIGNED_TICKS = 100;
/** Zeros drawn on the floor line push away value ticks closer than this (px). */
const FLOOR_CLEARANCE = 16;

export const fmtTick = format(',~g');
export const fmtRatioTick = format('~g');

/** Where the last draw put things, for pointer mapping and the crosshair. */
export interface CurvesGeometry extends PlotBox {
  x: ScaleLinear<number, number>;
  y: ScaleLogarithmic<number, number>;
  r: ScaleLinear<number, number>;
}

interface ValueScales {
  box: PlotBox;
  y: ScaleLogarithmic<number, number>;
  r: ScaleLinear<number, number>;
  /** Value ticks (without the floor's "0"). */
  leftTicks: number[];
  rightTicks: number[];
}

/**
 * The two value scales and the plot box below `top` (the legend's end): the margins depend on
 * the widest tick label on each side, in digits `digitPx` wide (the axis font's; presenter mode
 * sets a larger one), and leave the rotated axis title as much more room. Without data,
 * placeholder scales and 56 px margins.
 */
export function valueScales(
  p: Prepared | null,
  width: number,
  height: number,
  top: number,
  digitPx = CHAR_PX,
): ValueScales {
  const plotH = Math.max(40, height - top - BOTTOM);
  const lo = p?.lo ?? DEFAULT_FLOOR.time;
  const hi = p?.hi ?? 10;
  let leftTicks = logTicks(lo, hi, plotH);
  if (p?.hasZero) leftTicks = leftTicks.filter((t) => t > p.floor * 1.0001);
  const count = Math.max(2, Math.floor(plotH / 40));
  const r = scaleLinear()
    .domain([0, Math.max(1.2, (p?.ratioMax ?? 2) * 1.05)])
    .nice(count);
  const rightTicks = r.ticks(count);
  const leftChars = Math.max(1, ...leftTicks.map((t) => fmtTick(t).length));
  const rightChars = Math.max(1, ...rightTicks.map((t) => fmtRatioTick(t).length));
  // The axis title's room grows with the font as the digits do (28 px beside 13 px digits).
  const titleRoom = 28 * Math.max(1, digitPx / CHAR_PX);
  const left = p === null ? 56 : Math.round(titleRoom + 10 + leftChars * digitPx);
  const right = p === null ? 56 : Math.round(titleRoom + 10 + rightChars * digitPx);
  const plotW = Math.max(40, width - left - right);
  const y = scaleLog()
    .domain([lo, hi])
    .range([top + plotH, top]);
  r.range([top + plotH, top]);
  return { box: { left, top, plotW, plotH }, y, r, leftTicks, rightTicks };
}

/** Pressure along the plot's width: the visible frames, widened to one frame if that is all. */
export function pressureScale(p: Prepared, box: PlotBox): ScaleLinear<number, number> {
  const x0 = pressureOf(p, p.from);
  const x1 = pressureOf(p, p.to);
  return scaleLinear()
    .domain(x0 === x1 ? [x0 - p.unitFactor / 2, x1 + p.unitFactor / 2] : [x0, x1])
    .range([box.left, box.left + box.plotW]);
}

/**
 * x ticks: resident pages, or the pressure as negative numbers growing to 0 at the right (as in
 * the article).
 */
export function pressureTicks(
  p: Prepared,
  x: ScaleLinear<number, number>,
  plotW: number,
): number[] {
  const count = Math.max(2, Math.floor(plotW / 100));
  // Fractions of a page are never a state of the simulation, so ticks stay on whole pages.
  const wholePages = (from: number, to: number): number[] =>
    niceTicks(from, to, count).filter((t) => Number.isInteger(t));
  if (p.data.unit === 'resident') return wholePages(p.from, p.to);
  if (p.data.unit === 'pages' || p.to - p.from <= PAGE_ALIGNED_TICKS) {
    return wholePages(-(p.pages - p.from), -(p.pages - p.to)).map((t) => t * p.unitFactor);
  }
  return x.ticks(count);
}

/**
 * SI prefixes (-100k) once the x values reach six digits; below, resident pages grouped by
 * thousands as the readout writes them (1,950), the pressure plain (as the article's axis).
 */
export function pressureFormat(p: Prepared): (value: number) => string {
  const xMax = Math.max(Math.abs(pressureOf(p, p.from)), Math.abs(pressureOf(p, p.to)));
  if (xMax >= 1e5) return format('~s');
  return p.data.unit === 'resident' ? format(',~r') : format('~r');
}

/**
 * The left axis's tick values and grid lines: with zeros plotted, the floor gets its own tick
 * ("0") and value ticks too close to it give way.
 */
export function leftAxisTicks(
  p: Prepared,
  y: (value: number) => number,
  leftTicks: readonly number[],
): { ticks: number[]; grid: number[] } {
  const floorY = y(p.floor);
  const grid = leftTicks.filter((t) => !p.hasZero || Math.abs(y(t) - floorY) >= FLOOR_CLEARANCE);
  return { ticks: p.hasZero ? [p.floor, ...grid] : [...grid], grid };
}
