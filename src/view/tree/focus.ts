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

/** Draws the hidden-subtree triangles and the levels-above line (or clears them). */
export function drawFocusMarks(
  layer: Layer,
  g: Geometry,
  hidden: ReadonlyMap<number, number>,
  above: number,
  noun: string,
): void {
  const r = g.r;
  const stubs = [...hidden].filter(([member]) => Number.isFinite(g.x[member]));
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
      const h = Math.min(r * 0.9, 12);
      return `M${x.toFixed(1)},${y.toFixed(1)}l${w.toFixed(1)},${h.toFixed(1)}h${(-2 * w).toFixed(1)}z`;
    })
    .select('title')
    .text(([, count]) => `${count} ${noun}${count === 1 ? '' : 's'} below, not shown`);
  layer
    .selectAll<SVGTextElement, number>('text.tv-above')
    .data(above > 0 ? [above] : [])
    .join('text')
    .attr('class', 'tv-above')
    .attr('x', 4)
    .attr('y', 12)
    .text((levels) => `… ${levels} level${levels === 1 ? '' : 's'} above`);
}
