// The visible curves reduced to what every draw needs: range, value formula, y extent, ratio.
//
// Values are computed per frame on demand, never stored: a sweep may have millions of frames.

import type { CurveMode, CurvesData } from './curvesData';

/** When a value is zero on a log axis it is drawn on a floor line labelled "0"; without data, here. */
export const DEFAULT_FLOOR: Record<CurveMode, number> = { time: 1e-3, transfers: 1e-6 };

export interface Prepared {
  data: CurvesData;
  pages: number;
  from: number;
  to: number;
  kbPerPage: number;
  /** x units (pages or KB) per page. */
  unitFactor: number;
  /** value = base + (pageIns + writeBacks) * mul, per series: one formula for both modes. */
  base: [number, number];
  mul: [number, number];
  /** Zeros exist among the visible values, so the floor line is drawn. */
  hasZero: boolean;
  floor: number;
  lo: number;
  hi: number;
  ratioMax: number;
}

export function clampInt(v: number, lo: number, hi: number): number {
  if (!Number.isFinite(v)) return lo;
  return Math.min(hi, Math.max(lo, Math.round(v)));
}

/** Null when the series hold no frame at all. */
export function prepare(data: CurvesData): Prepared | null {
  const [a, b] = data.series;
  const pages = Math.min(a.pages, b.pages);
  const cap = Math.min(
    pages,
    a.pageIns.length,
    a.writeBacks.length,
    b.pageIns.length,
    b.writeBacks.length,
  );
  if (!(cap >= 1)) return null;
  let from = clampInt(data.fromFrames, 1, cap);
  let to = clampInt(data.toFrames, 1, cap);
  if (from > to) [from, to] = [to, from];
  const kbPerPage = (a.itemsPerPage * 8) / 1024;
  const perTransfer = Math.max(0, data.ioMs) / 1000;
  const time = data.mode === 'time';
  const base: [number, number] = time ? [a.cpuSeconds, b.cpuSeconds] : [0, 0];
  const mul: [number, number] = time
    ? [perTransfer, perTransfer]
    : [a.operations > 0 ? 1 / a.operations : 0, b.operations > 0 ? 1 / b.operations : 0];

  let minPositive = Number.POSITIVE_INFINITY;
  let max = 0;
  let hasZero = false;
  let ratioMax = 0;
  const [pa, wa, pb, wb] = [a.pageIns, a.writeBacks, b.pageIns, b.writeBacks];
  const [ba, bb] = base;
  const [ma, mb] = mul;
  for (let i = from - 1; i < to; i++) {
    const va = ba + (pa[i] + wa[i]) * ma;
    const vb = bb + (pb[i] + wb[i]) * mb;
    // Unrolled for the two series: this loop runs over up to millions of frames.
    const small = Math.min(va, vb);
    const large = Math.max(va, vb);
    if (large > max) max = large;
    if (small > 0) {
      if (small < minPositive) minPositive = small;
    } else if (small === 0) {
      hasZero = true;
      if (large > 0 && large < minPositive) minPositive = large;
    }
    if (vb > 0) {
      const r = va / vb;
      if (r > ratioMax) ratioMax = r;
    }
  }
  // The floor lies below its series: the scale reaches down to it.
  for (const floor of data.floor ?? []) {
    const side = floor === data.floor?.[0] ? 0 : 1;
    for (let i = from - 1; i < to; i++) {
      const v = base[side] + (floor.pageIns[i] + floor.writeBacks[i]) * mul[side];
      if (v > 0 && v < minPositive) minPositive = v;
      else if (v === 0) hasZero = true;
    }
  }
  const found = Number.isFinite(minPositive);
  // One decade below the smallest value's decade: zeros sit visibly apart from the least non-zero.
  const floor = found ? 10 ** (Math.floor(Math.log10(minPositive)) - 1) : DEFAULT_FLOOR[data.mode];
  let lo = hasZero || !found ? floor : minPositive;
  let hi = found ? max : floor * 10;
  const span = Math.log10(hi / lo);
  if (span < 1e-9) {
    lo /= 1.5;
    hi *= 1.5;
  } else {
    // A little room so the extreme curves do not run along the frame.
    const pad = 10 ** (span * 0.04);
    lo /= pad;
    hi *= pad;
  }
  return {
    data,
    pages,
    from,
    to,
    kbPerPage,
    unitFactor: data.unit === 'kb' ? kbPerPage : 1,
    base,
    mul,
    hasZero,
    floor,
    lo,
    hi,
    ratioMax,
  };
}

/** Series s's value (seconds, or transfers per operation) with f resident frames. */
export function valueAt(p: Prepared, s: 0 | 1, f: number): number {
  const series = p.data.series[s];
  return p.base[s] + (series.pageIns[f - 1] + series.writeBacks[f - 1]) * p.mul[s];
}

/** Side s's OPT floor with f resident frames (same formula as valueAt); NaN without a floor. */
export function floorAt(p: Prepared, s: 0 | 1, f: number): number {
  const floor = p.data.floor?.[s];
  if (floor === undefined) return Number.NaN;
  return p.base[s] + (floor.pageIns[f - 1] + floor.writeBacks[f - 1]) * p.mul[s];
}

/** Left over right; NaN where the right one is zero (no ratio, not an infinite one). */
export function ratioOf(va: number, vb: number): number {
  return vb > 0 ? va / vb : Number.NaN;
}

/**
 * x position of a frame count, in the axis unit: the resident pages themselves, or the VM
 * pressure, the address space not resident (negative, 0 at the right, as in the article).
 */
export function pressureOf(p: Prepared, f: number): number {
  return p.data.unit === 'resident' ? f : -(p.pages - f) * p.unitFactor;
}

/** The frame count at x (pressureOf's inverse, not rounded). */
export function framesOfX(p: Prepared, x: number): number {
  return p.data.unit === 'resident' ? x : p.pages + x / p.unitFactor;
}
