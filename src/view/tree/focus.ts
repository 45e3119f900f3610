// Which member a step is about (the tree's focus) and the marks of a focus tree: a triangle under
// each shown member whose children are hidden, and a line for the levels above.

import type { SimEvent } from '../../core/events';
import type { Placement } from '../../core/explain/treeGeometry';
import type { Geometry } from './geometry';
import type { Layer } from './svg';

/**
 * The member a step is about: of two it compares or swaps, the deeper (the other is its parent or
 * sibling, shown with it); null when the step touches no member (the view keeps its focus).
 */
export function focusOfEvent(
  event: SimEvent | null,
  full: Placement,
  holderOf: (word: number) => number,
): number | null {
  if (event === null) return null;
  const deeper = (a: number, b: number): number => (full.level[b] > full.level[a] ? b : a);
  switch (event.kind) {
    case 'compare':
    case 'swap':
      return deeper(event.slot, event.other);
    case 'node-compare':
      return deeper(event.node, event.other);
    case 'place':
    case 'clear':
    case 'rekey':
    case 'remove':
      return event.slot;
    case 'touch':
      return holderOf(event.slot);
    case 'rotate':
    case 'store':
    case 'node-alloc':
    case 'node-free':
    case 'flip':
      return event.node;
    case 'op-begin':
    case 'op-end':
      return event.handle > 0 ? event.handle : null;
    default:
      return null;
  }
}

/** How far a hidden subtree's triangle reaches under its node's circle (px, at most). */
export const STUB_DEPTH = 14;

/** A triangle shorter than this (px) is not drawn: there is no room under its node. */
const STUB_LEAST = 3;

/**
 * Draws the hidden-subtree triangles and the levels-above line (or clears them). A triangle
 * reaches `bottom` (px) at most: where the tree's last level stands lower, it is drawn shorter.
 */
export function drawFocusMarks(
  layer: Layer,
  g: Geometry,
  hidden: ReadonlyMap<number, number>,
  above: number,
  noun: string,
  corner: AboveCorner = { x: 4, anchor: 'start' },
  bottom = Number.POSITIVE_INFINITY,
): void {
  const r = g.r;
  const depth = (member: number) =>
    Math.min(r * 0.9, STUB_DEPTH - 2, bottom - (g.y[member] + r + 2));
  const stubs = [...hidden].filter(
    ([member]) => Number.isFinite(g.x[member]) && depth(member) >= STUB_LEAST,
  );
  layer
    .selectAll<SVGPathElement, [number, number]>('path.tv-stub')
    .data(stubs, ([member]) => member)
    .join((enter) => {
      const path = enter.append('path').attr('class', 'tv-stub');
      path.append('title');
      return path;
    })
    .attr('d', ([member]) => {
      const x = g.x[member];
      const y = g.y[member] + r + 2;
      const w = r * 0.7;
      const h = depth(member);
      return `M${x.toFixed(1)},${y.toFixed(1)}l${w.toFixed(1)},${h.toFixed(1)}h${(-2 * w).toFixed(1)}z`;
    })
    .select('title')
    .text(([, count]) => `${count} ${noun}${count === 1 ? '' : 's'} below, not shown`);
  layer
    .selectAll<SVGTextElement, number>('text.tv-above')
    .data(above > 0 ? [above] : [])
    .join('text')
    .attr('class', 'tv-above')
    .attr('x', corner.x)
    .attr('y', 12)
    .attr('text-anchor', corner.anchor)
    .text((levels) => `… ${levels} level${levels === 1 ? '' : 's'} above`);
}

/** Where the levels-above line goes: the top-left corner, or the top-right one. */
export interface AboveCorner {
  x: number;
  anchor: 'start' | 'end';
}

/**
 * The top corner whose line meets no page box's label: a box at the top keeps its label over its
 * left edge, where the line ran into "p0" (about `lineWidth` px of text in a `width` px box).
 */
export function aboveCorner(
  boxes: readonly { x0: number; y0: number }[],
  width: number,
  lineWidth: number,
): AboveCorner {
  const labelsAtTop = boxes.filter((box) => box.y0 < 40).map((box) => box.x0);
  const meets = (from: number, to: number) => labelsAtTop.some((x) => x + 30 > from && x < to);
  if (!meets(4, 4 + lineWidth)) return { x: 4, anchor: 'start' };
  if (!meets(width - 4 - lineWidth, width - 4)) return { x: width - 4, anchor: 'end' };
  return { x: 4, anchor: 'start' };
}
