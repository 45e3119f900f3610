// The tree's level of detail (pure): the whole tree when every label fits its box, else the tree
// drawn larger around the current step (focus), with a small map of the whole (context). The box
// decides, not the number of items, and a new box size decides again.

import type { Placement } from '../../core/explain/treeGeometry';
import { type Geometry, geometryOf } from './geometry';

/** How much larger than its box a tree is drawn at most (past it, the map and path say the rest). */
export const MAX_ZOOM = 12;

/**
 * The placement's geometry in a box of width x height whose nodes have radius `minRadius` or
 * more: the box's own geometry when that is enough, else a larger virtual canvas (the box then
 * shows a window of it). `scale` (1 or more) asks for larger still, as a reader's zoom button does.
 */
export function detailGeometry(
  placement: Placement,
  width: number,
  height: number,
  minRadius: number,
  previous: Geometry | null,
  scale = 1,
): Geometry {
  let zoom = 1;
  let g = geometryOf(placement, width, height, previous, minRadius);
  // r grows about linearly with the canvas until a cap: a few rounds reach the radius asked for.
  for (let round = 0; round < 8 && g.r < minRadius * 0.995 && zoom < MAX_ZOOM; round++) {
    zoom = Math.min(MAX_ZOOM, zoom * Math.max(1.05, (minRadius / g.r) * 1.01));
    g = geometryOf(placement, width * zoom, height * zoom, previous, minRadius);
  }
  // A reader's zoom multiplies what the labels need: starting the search at it instead let a
  // wider label's search overshoot past the zoomed size (the reader's 2x drew smaller).
  if (scale > 1 && zoom < MAX_ZOOM) {
    zoom = Math.min(MAX_ZOOM, zoom * scale);
    g = geometryOf(placement, width * zoom, height * zoom, previous, minRadius * scale);
  }
  return g;
}

/** Whether a geometry is larger than the box that shows it. */
export function isZoomed(g: Geometry, width: number, height: number): boolean {
  return g.width > width + 0.5 || g.height > height + 0.5;
}

/** The top-left corner (in the geometry's px) of the window the box shows. */
export interface Window {
  x: number;
  y: number;
}

/**
 * The window of a width x height box on `g` that shows the focus members (the current compare,
 * swap or touch) and, above them, their parents: the path that led there. With no focus, the
 * window stays where it was (clamped to the tree), so stepping through events that touch nothing
 * drawn does not jump.
 */
export function focusWindow(
  g: Geometry,
  focus: readonly number[],
  parentOf: (member: number) => number,
  width: number,
  height: number,
  previous: Window,
): Window {
  let x0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  const include = (member: number): void => {
    const x = g.x[member];
    const y = g.y[member];
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  };
  for (const member of focus) include(member);
  let x = previous.x;
  let y = previous.y;
  if (Number.isFinite(x0)) {
    // The parents too, while they fit: a compare or swap reads as a step down a path.
    for (const member of focus) {
      const parent = parentOf(member);
      if (parent < 0) continue;
      const px = g.x[parent];
      const py = g.y[parent];
      if (!Number.isFinite(px) || !Number.isFinite(py)) continue;
      // Only where every node stays whole in the box: on a narrow box a tenth of the width is
      // less than a node's radius (seed 2004402160: 10.3 px from the edge, radius 13.7).
      if (Math.max(x1, px) - Math.min(x0, px) > Math.min(width * 0.9, width - 2 * g.r)) continue;
      if (Math.max(y1, py) - Math.min(y0, py) > height * 0.8) continue;
      include(parent);
    }
    x = (x0 + x1) / 2 - width / 2;
    // The focus a little below the middle: what led to it is above.
    y = (y0 + y1) / 2 - height * 0.55;
  }
  return {
    x: clamp(x, 0, Math.max(0, g.width - width)),
    y: clamp(y, 0, Math.max(0, g.height - height)),
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
