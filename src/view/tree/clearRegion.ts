// The part of the tree's box the drawing may use when controls sit over a corner of it (a phone's
// zoom buttons): the box less the column the controls stand in, or less the strip they stand in.
// Pure, so the promise "no node under a button" is a property of the geometry, tested alone.

import { LEGEND_HEIGHT, levelsFit, usableHeight, usableWidth } from './geometry';

/** A rectangle in the box's px (x0 < x1, y0 < y1). */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Where the tree is drawn: its top-left corner and size, in the box's px. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Room (px) between the region and the controls: a node's outline never grazes a button. */
export const CLEARANCE = 4;
/** The least width (px) of a region, and twice the least height its nodes are placed in. */
const MIN_SIDE = 40;

/** Whether two rectangles share any area. */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;
}

/**
 * The regions of a width x height box that leave `reserved` free: the box itself when nothing is
 * reserved (or the rect lies outside it), else the box less a column on the rect's side and the
 * box less a strip on its end, column first. A region too small for a level of nodes (the legend
 * below it counted) is left out.
 */
export function regionsAround(
  width: number,
  height: number,
  reserved: Rect | null,
  legendOn = false,
): Region[] {
  const whole: Region = { x: 0, y: 0, width, height };
  if (reserved === null || !intersects(reserved, { x0: 0, y0: 0, x1: width, y1: height })) {
    return [whole];
  }
  const regions: Region[] = [];
  // The controls stand at a corner: the half of the box their middle lies in says which.
  if ((reserved.x0 + reserved.x1) / 2 > width / 2) {
    regions.push({ x: 0, y: 0, width: reserved.x0 - CLEARANCE, height });
  } else {
    const x = reserved.x1 + CLEARANCE;
    regions.push({ x, y: 0, width: width - x, height });
  }
  if ((reserved.y0 + reserved.y1) / 2 > height / 2) {
    regions.push({ x: 0, y: 0, width, height: reserved.y0 - CLEARANCE });
  } else {
    const y = reserved.y1 + CLEARANCE;
    regions.push({ x: 0, y, width, height: height - y });
  }
  return regions.filter(
    (region) =>
      region.width >= MIN_SIDE &&
      usableHeight(regionDrawHeight(region, height, legendOn)) >= MIN_SIDE / 2,
  );
}

/** The region as a rectangle in the box's px. */
export function regionRect(region: Region): Rect {
  return {
    x0: region.x,
    y0: region.y,
    x1: region.x + region.width,
    y1: region.y + region.height,
  };
}

/**
 * The height a region's nodes are placed in: the geometry keeps a legend's height free at the
 * bottom, so where no legend lies under the region (none drawn, or the region ends above the
 * controls) it is given that much more, which ends the nodes at the region's bottom.
 */
export function regionDrawHeight(region: Region, boxHeight: number, legendOn: boolean): number {
  const legendBelow = legendOn && region.y + region.height >= boxHeight - 0.5;
  return legendBelow ? region.height : region.height + LEGEND_HEIGHT;
}

/**
 * Of the regions around the controls, the one that lets the most levels of nodes of radius
 * `radius` be drawn, then the larger. A tree of L levels needs about 2^(L-1) columns; rows and
 * columns are those geometryOf allows such nodes (r at most 0.44 of a column; levelsFit).
 * Decided by the box and the labels' size, never by the step, so nodes do not jump.
 */
export function bestRegion(
  regions: readonly Region[],
  radius: number,
  boxHeight: number,
  legendOn: boolean,
): Region | null {
  let best: Region | null = null;
  let bestLevels = -1;
  let bestArea = -1;
  for (const region of regions) {
    const height = regionDrawHeight(region, boxHeight, legendOn);
    const columns = Math.max(1, (usableWidth(region.width) * 0.44) / Math.max(1, radius));
    const rows = Math.max(1, levelsFit(height, Math.max(1, radius)));
    const levels = Math.floor(Math.min(rows, Math.log2(columns) + 1));
    const area = region.width * region.height;
    if (levels > bestLevels || (levels === bestLevels && area > bestArea)) {
      best = region;
      bestLevels = levels;
      bestArea = area;
    }
  }
  return best;
}
