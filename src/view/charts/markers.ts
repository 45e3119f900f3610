// The marker shape of each structure (scaling chart) and each measured layout (machine chart),
// on their lines and in their legends.
//
// With the colour, it names the series: shape as well as hue, so no line depends on colour. A
// layout shares its structure's shape where the two are the same heap (binary, d-ary).

import {
  type SymbolType,
  symbol,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
} from 'd3-shape';
import type { MachineLayout } from '../../core/measure/machineLayouts';
import type { StructureKind } from '../../core/structures/registry';

export type MarkedSeries = StructureKind | MachineLayout;

/** A marker's area in px². */
const MARK_AREA = 70;

/** Marker per series; a rotation turns the triangle into a second, distinct shape. */
const MARKS: Record<MarkedSeries, { type: SymbolType; rotate: number }> = {
  list: { type: symbolSquare, rotate: 0 },
  binary: { type: symbolCircle, rotate: 0 },
  bheap: { type: symbolTriangle, rotate: 0 },
  // The B-heap's triangle turned on its side: its variant, still a shape of its own.
  'bheap-strict': { type: symbolTriangle, rotate: 90 },
  dary4: { type: symbolDiamond, rotate: 0 },
  dary8: { type: symbolTriangle, rotate: 180 },
  treap: { type: symbolStar, rotate: 0 },
  llrb: { type: symbolWye, rotate: 0 },
  rb: { type: symbolCross, rotate: 45 },
  // The machine chart's B-heaps, one per page size: shapes apart from each other there.
  bheap64: { type: symbolTriangle, rotate: 0 },
  bheap4k: { type: symbolSquare, rotate: 0 },
  bheap2m: { type: symbolStar, rotate: 0 },
};

/** The marker's outline, centred on 0,0. */
export function markPath(series: MarkedSeries, area = MARK_AREA): string {
  return symbol(MARKS[series].type, area)() ?? '';
}

/** Moves a marker to x,y, and turns it if its series' shape is a turned one. */
export function markTransform(series: MarkedSeries, x: number, y: number): string {
  const r = MARKS[series].rotate;
  return r === 0 ? `translate(${x},${y})` : `translate(${x},${y}) rotate(${r})`;
}
