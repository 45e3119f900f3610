// The points to plot for the three curves, reduced to each pixel column's min and max.
//
// Up to POINTS_PER_PX per pixel every frame is kept; beyond, each column keeps its minimum and
// maximum in frame order, so spikes survive.

import { type Prepared, ratioOf } from './prepare';

/** More than this many points per horizontal pixel are reduced to each column's min and max. */
export const POINTS_PER_PX = 2;

export interface Sampled {
  frames: Float64Array;
  values: Float64Array;
  length: number;
}

/** [left, right, ratio] over the visible frames, for `columns` pixel columns. */
export function sample(p: Prepared, columns: number): [Sampled, Sampled, Sampled] {
  const n = p.to - p.from + 1;
  const reduce = n > POINTS_PER_PX * columns;
  const size = reduce ? 2 * columns + 2 : n;
  const out: [Sampled, Sampled, Sampled] = [0, 1, 2].map(() => ({
    frames: new Float64Array(size),
    values: new Float64Array(size),
    length: 0,
  })) as [Sampled, Sampled, Sampled];
  const push = (s: Sampled, f: number, v: number): void => {
    s.frames[s.length] = f;
    s.values[s.length] = v;
    s.length++;
  };
  const [a, b] = p.data.series;
  const [pa, wa, pb, wb] = [a.pageIns, a.writeBacks, b.pageIns, b.writeBacks];
  const [ba, bb] = p.base;
  const [ma, mb] = p.mul;
  if (!reduce) {
    for (let f = p.from; f <= p.to; f++) {
      const i = f - 1;
      const va = ba + (pa[i] + wa[i]) * ma;
      const vb = bb + (pb[i] + wb[i]) * mb;
      push(out[0], f, va);
      push(out[1], f, vb);
      push(out[2], f, ratioOf(va, vb));
    }
    return out;
  }
  // Min and max per column and series, in scalars: typed-array bookkeeping here cost 2x at 4M frames.
  const emit = (
    s: Sampled,
    start: number,
    lf: number,
    lv: number,
    hf: number,
    hv: number,
  ): void => {
    if (lv === Number.POSITIVE_INFINITY) push(s, start, Number.NaN);
    else if (lf === hf) push(s, lf, lv);
    else if (lf < hf) {
      push(s, lf, lv);
      push(s, hf, hv);
    } else {
      push(s, hf, hv);
      push(s, lf, lv);
    }
  };
  const INF = Number.POSITIVE_INFINITY;
  for (let c = 0; c < columns; c++) {
    const start = p.from + Math.floor((c * n) / columns);
    const end = p.from + Math.floor(((c + 1) * n) / columns) - 1;
    if (end < start) continue;
    let aLo = INF;
    let aHi = -INF;
    let bLo = INF;
    let bHi = -INF;
    let rLo = INF;
    let rHi = -INF;
    let aLoF = start;
    let aHiF = start;
    let bLoF = start;
    let bHiF = start;
    let rLoF = start;
    let rHiF = start;
    for (let f = start; f <= end; f++) {
      const i = f - 1;
      const va = ba + (pa[i] + wa[i]) * ma;
      const vb = bb + (pb[i] + wb[i]) * mb;
      if (va < aLo) {
        aLo = va;
        aLoF = f;
      }
      if (va > aHi) {
        aHi = va;
        aHiF = f;
      }
      if (vb < bLo) {
        bLo = vb;
        bLoF = f;
      }
      if (vb > bHi) {
        bHi = vb;
        bHiF = f;
      }
      if (vb > 0) {
        const r = va / vb;
        if (r < rLo) {
          rLo = r;
          rLoF = f;
        }
        if (r > rHi) {
          rHi = r;
          rHiF = f;
        }
      }
    }
    emit(out[0], start, aLoF, aLo, aHiF, aHi);
    emit(out[1], start, bLoF, bLo, bHiF, bHi);
    emit(out[2], start, rLoF, rLo, rHiF, rHi);
  }
  return out;
}
