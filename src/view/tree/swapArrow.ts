// The swap arrow of the tree view: a curved double-headed arrow beside a heap swap's edge.

import type { Selection } from 'd3-selection';
import type { Geometry } from './geometry';
import type { Layer } from './svg';

/**
 * Defines the arrowhead once per view; `id` must be unique in the document (two trees share it,
 * and marker ids are global).
 */
export function appendArrowMarker(
  svg: Selection<SVGSVGElement, unknown, null, undefined>,
  id: string,
): void {
  svg
    .append('defs')
    .append('marker')
    .attr('id', id)
    .attr('viewBox', '0 0 10 10')
    .attr('refX', 8)
    .attr('refY', 5)
    .attr('markerWidth', 5)
    .attr('markerHeight', 5)
    .attr('orient', 'auto-start-reverse')
    .append('path')
    .attr('class', 'tv-arrowhead')
    .attr('d', 'M0,0 L10,5 L0,10 z');
}

/** The path (SVG d) from member a to member b, clear of both nodes of radius r. */
export function swapArrowPath(a: number, b: number, g: Pick<Geometry, 'x' | 'y' | 'r'>): string {
  const { x, y, r } = g;
  const dx = x[b] - x[a];
  const dy = y[b] - y[a];
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  const gap = r + 3;
  const bulge = Math.max(10, r * 1.6);
  // Bow to the right of a->b; the edge itself runs straight between the centres.
  const mx = (x[a] + x[b]) / 2 - uy * bulge;
  const my = (y[a] + y[b]) / 2 + ux * bulge;
  const sx = x[a] + ux * gap - uy * gap * 0.6;
  const sy = y[a] + uy * gap + ux * gap * 0.6;
  const ex = x[b] - ux * gap - uy * gap * 0.6;
  const ey = y[b] - uy * gap + ux * gap * 0.6;
  return `M${sx.toFixed(1)},${sy.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}`;
}

/** The arrow of the current swap, or none; `marker` is the id appendArrowMarker defined. */
export function drawSwapArrow(
  layer: Layer,
  swap: [number, number] | null,
  g: Geometry,
  marker: string,
): void {
  layer
    .selectAll<SVGPathElement, [number, number]>('path')
    .data(swap === null ? [] : [swap])
    .join('path')
    .attr('class', 'tv-swap-arrow')
    .attr('marker-start', `url(#${marker})`)
    .attr('marker-end', `url(#${marker})`)
    .attr('d', ([a, b]) => swapArrowPath(a, b, g));
}
