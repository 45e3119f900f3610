// Edges of the tree view: parent to child (the list: node to next), dashed across pages.

import type { Geometry } from './geometry';
import type { Edge } from './scene';
import { type Cached, type Layer, SVG_NS } from './svg';

export function drawEdges(layer: Layer, edges: Edge[], g: Geometry): void {
  const { x, y, version } = g;
  layer
    .selectAll<SVGLineElement, Edge>('line')
    .data(edges, (d) => d.key)
    .join((enter) =>
      enter
        .append(() => document.createElementNS(SVG_NS, 'line'))
        .attr('class', (edge) => (edge.cross ? 'tv-edge tv-cross' : 'tv-edge')),
    )
    .each(function (edge) {
      // A keyed edge joins the same two members for as long as it exists: only a new geometry moves it.
      const line = this as Cached<SVGLineElement>;
      if (line.tvGeometry === version) return;
      line.tvGeometry = version;
      line.setAttribute('x1', x[edge.parent].toFixed(1));
      line.setAttribute('y1', y[edge.parent].toFixed(1));
      line.setAttribute('x2', x[edge.child].toFixed(1));
      line.setAttribute('y2', y[edge.child].toFixed(1));
    });
}
