// Scales a placement (columns, levels) to the tree view's pixels: positions, radius, padding.

import type { Placement } from '../../core/explain/treeGeometry';

export const MAX_RADIUS = 20;
/** Widest column (px): a small tree or a short list stays together instead of spanning the pane. */
export const MAX_UNIT = 64;
export const TOP = 16; // room for the first page label
export const SIDE = 4;
export const LEGEND_HEIGHT = 24;
/** A page label's row between two packed levels: 11 px text and its 3 px gap. */
const LABEL_ROW = 14;
/** The least padding of a page box around nodes packed to fit their labels. */
const MIN_PAD = 2;
/** How much taller a level must be than a column is wide for round nodes (see geometryOf). */
export const ROW_TO_COLUMN = 1.5;

/** Pixel positions of one placement in one viewport; NaN for slots or nodes not placed. */
export interface Geometry {
  width: number;
  height: number;
  /** Indexed by member: heap slot or arena node. */
  x: Float64Array;
  y: Float64Array;
  r: number;
  /** Padding of page boxes around their nodes. */
  pad: number;
  /** Changes whenever positions or label rules change (new placement, size or mode). */
  version: number;
}

let geometryVersion = 0;

/** A version no geometry has had: whatever carries it is redrawn in full. */
export function nextGeometryVersion(): number {
  return ++geometryVersion;
}

/** Width (px) the nodes may spread over. */
export function usableWidth(width: number): number {
  return width - 2 * SIDE;
}

/** Height (px) between the first page label and the legend. */
export function usableHeight(height: number): number {
  return height - TOP - LEGEND_HEIGHT - 4;
}

function sameNumbers(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * How many levels of nodes of radius r a region of this height holds (geometryOf's rules): at
 * 1/0.3 radii a level, or packed, each a node, its least padding and a page label's row.
 */
export function levelsFit(height: number, r: number): number {
  const usable = usableHeight(height);
  const roomy = (usable * 0.3) / r;
  const packed = (usable + LABEL_ROW) / (2 * (r + MIN_PAD) + LABEL_ROW);
  return Math.max(roomy, packed);
}

/**
 * Scales a placement to the viewport. `previous` lends its version when nothing moved, so a step
 * that only recolours nodes does not rewrite every transform. `minRadius` lifts the radius cap
 * for a tree drawn larger than its box, so its labels reach the size asked for (zoom.ts).
 */
export function geometryOf(
  placement: Placement,
  width: number,
  height: number,
  previous: Geometry | null,
  minRadius = 0,
): Geometry {
  const unitX = Math.min(MAX_UNIT, usableWidth(width) / placement.columns);
  const left = (width - unitX * placement.columns) / 2;
  const usable = usableHeight(height);
  const maxDepth = placement.levels - 1;
  let r = Math.min(unitX * 0.44, Math.max(MAX_RADIUS, minRadius));
  // A level is at least 1/0.3 radii tall, one level too: a lone root in a short region (the
  // strip a phone's zoom buttons leave) ran past its bottom at the 20 px cap.
  const roomy = (usable / (maxDepth + 1)) * 0.3;
  // Where that is under the radius the labels need, levels pack tighter, down to a node, its
  // least padding and a page label's row: the phone lab's 107 px tree fits two levels of
  // three-digit keys so, where the roomy rule dropped their labels.
  const packed = (usable - maxDepth * LABEL_ROW) / (2 * (maxDepth + 1)) - MIN_PAD;
  r = Math.max(1.5, Math.min(r, Math.max(roomy, Math.min(minRadius, packed))));
  const squeezed = r > roomy + 1e-9;
  let pad = Math.max(1, Math.min(r * 0.45, (unitX - 2 * r) / 2 - 0.5));
  if (squeezed) pad = Math.min(pad, MIN_PAD);
  const top = TOP + r + pad;
  const bottom = height - LEGEND_HEIGHT - 4 - r - pad;
  // Levels no further apart than a few node heights: a shallow tree stays compact at the top.
  const levelGap = maxDepth > 0 ? Math.min((bottom - top) / maxDepth, Math.max(4 * r, 64)) : 0;
  if (maxDepth > 0) pad = Math.max(1, Math.min(pad, (levelGap - 2 * r) / 2 - 0.5));
  const x = new Float64Array(placement.column.length).fill(Number.NaN);
  const y = new Float64Array(placement.column.length).fill(Number.NaN);
  for (const member of placement.members) {
    x[member] = left + (placement.column[member] + 0.5) * unitX;
    y[member] = top + placement.level[member] * levelGap;
  }
  const unchanged =
    previous !== null &&
    previous.width === width &&
    previous.height === height &&
    previous.r === r &&
    previous.pad === pad &&
    sameNumbers(previous.x, x) &&
    sameNumbers(previous.y, y);
  const version = unchanged ? previous.version : nextGeometryVersion();
  return { width, height, x, y, r, pad, version };
}
