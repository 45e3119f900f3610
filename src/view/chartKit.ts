// Small pieces both D3 charts (fault-cost curves, scaling) draw with: log-axis ticks that keep
// their labels apart, and showing or hiding an SVG part.

import { ticks as niceTicks } from 'd3-array';
import type { Selection } from 'd3-selection';

/** Labels on a vertical axis need about this many pixels between them. */
export const MIN_TICK_GAP = 22;

/**
 * Left-axis ticks on the log scale, at least MIN_TICK_GAP px apart. Within about a decade, plain
 * nice numbers (4, 6, 8...) say more than one lonely power of ten; over many decades, powers of
 * ten (with 2 and 5 between them when there is room), thinned to fit the height.
 */
export function logTicks(lo: number, hi: number, height: number): number[] {
  const span = Math.log10(hi / lo);
  const perDecade = height / Math.max(span, 1e-9);
  const spaced = (ts: number[]): boolean =>
    ts.every((t, i) => i === 0 || Math.log10(t / ts[i - 1]) * perDecade >= MIN_TICK_GAP);
  if (span < 1) {
    let ts: number[] = [];
    for (let count = Math.max(2, Math.floor(height / MIN_TICK_GAP)); count >= 2; count--) {
      ts = niceTicks(lo, hi, count).filter((t) => t > 0);
      if (spaced(ts)) break;
    }
    return ts;
  }
  const first = Math.floor(Math.log10(lo));
  const last = Math.ceil(Math.log10(hi));
  const multipliers = Math.log10(2) * perDecade >= MIN_TICK_GAP * 1.2 ? [1, 2, 5] : [1];
  const every = Math.max(1, Math.ceil((MIN_TICK_GAP * 1.3) / perDecade));
  const out: number[] = [];
  for (let e = first; e <= last; e++) {
    if ((e - first) % every !== 0) continue;
    for (const m of multipliers) {
      // Built from a decimal string so ticks print as 0.001, not 0.0010000000000000002.
      const t = Number(`${m}e${e}`);
      if (t >= lo && t <= hi) out.push(t);
    }
  }
  return out;
}

/** Shows or hides an SVG part without removing it (its place in the layers stays). */
export function shown<E extends SVGElement>(
  selection: Selection<E, unknown, null, undefined>,
  visible: boolean,
): void {
  if (visible) selection.style('display', null);
  else selection.style('display', 'none');
}
