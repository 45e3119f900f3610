// Ghosts in the tree view: a hollow circle where a touched member that is gone was last drawn.

import type { Ghost } from './currentEvent';
import type { Geometry } from './geometry';
import type { Layer } from './svg';

export function drawGhosts(layer: Layer, ghosts: Ghost[], g: Geometry): void {
  layer
    .selectAll<SVGCircleElement, Ghost>('circle')
    .data(ghosts, (d) => d.member)
    .join('circle')
    .attr('class', (d) => `tv-ghost ${d.className}`)
    .attr('cx', (d) => d.x.toFixed(1))
    .attr('cy', (d) => d.y.toFixed(1))
    .attr('r', g.r.toFixed(1));
}
