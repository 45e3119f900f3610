// The race chart's arithmetic (pure): a line through many operations drawn with about two
// points per pixel, and the words for the values at one operation.

import type { ScaleLinear } from 'd3-scale';
import { formatCount } from '../../core/explain/numbers';

const count = { format: formatCount };

/**
 * An SVG path through (ops[i], values[i]), with at most about 2 points per pixel column: a
 * cumulative count only grows, so the value at the end of each column's stretch of operations
 * is the column's top, and nothing the eye could see is lost.
 */
export function sampledPath(
  ops: Int32Array,
  values: Float64Array,
  x: ScaleLinear<number, number>,
  y: ScaleLinear<number, number>,
  widthPx: number,
): string {
  const last = values.length - 1;
  if (last < 0) return '';
  const stride = Math.max(1, Math.floor(last / Math.max(1, 2 * widthPx)));
  const points: string[] = [];
  for (let i = 0; i < last; i += stride)
    points.push(`${x(ops[i]).toFixed(1)},${y(values[i]).toFixed(1)}`);
  points.push(`${x(ops[last]).toFixed(1)},${y(values[last]).toFixed(1)}`);
  return `M${points.join('L')}`;
}

/** The index of the sample whose operation count is nearest `op` (ops ascending, non-empty). */
export function nearestSample(ops: Int32Array, op: number): number {
  let low = 0;
  let high = ops.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ops[mid] < op) low = mid + 1;
    else high = mid;
  }
  if (low > 0 && op - ops[low - 1] <= ops[low] - op) return low - 1;
  return low;
}

/** The legend's three parts: each side's name and count, then the ratio ("ratio 4.41×"). */
export function raceParts(
  names: readonly [string, string],
  values: readonly [number, number],
): [string, string, string] {
  const ratio = values[1] > 0 ? `${(values[0] / values[1]).toFixed(2)}×` : '—';
  return [
    `${names[0]} ${count.format(values[0])}`,
    `${names[1]} ${count.format(values[1])}`,
    `ratio ${ratio}`,
  ];
}

/** "Binary heap 269 · B-heap 61 · 4.41×", or with `operation`, "After operation 120: …". */
export function raceReadout(
  names: readonly [string, string],
  values: readonly [number, number],
  operation: number | null,
): string {
  const body = raceParts(names, values).join(' · ');
  return operation === null
    ? `Transfers so far: ${body}`
    : `After operation ${count.format(operation)}: ${body}`;
}
