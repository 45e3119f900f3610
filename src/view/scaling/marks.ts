// The marker shape of each structure on the scaling chart and in its legend.
//
// With the colour, it names the structure: shape as well as hue, so no line depends on colour.

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
import type { StructureKind } from '../../core/structures/registry';

/** A marker's area in px². */
const MARK_AREA = 70;

/** Marker per structure; a rotation turns the triangle into a second, distinct shape. */
const MARKS: Record<StructureKind, { type: SymbolType; rotate: number }> = {
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
};

/** The marker's outline, centred on 0,0. */
export function markPath(kind: StructureKind, area = MARK_AREA): string {
  return symbol(MARKS[kind].type, area)() ?? '';
}

/** Moves a marker to x,y, and turns it if its structure's shape is a turned one. */
export function markTransform(kind: StructureKind, x: number, y: number): string {
  const r = MARKS[kind].rotate;
  return r === 0 ? `translate(${x},${y})` : `translate(${x},${y}) rotate(${r})`;
}
