// What the tree view's drawing modules share: the SVG namespace, layers, cached elements.

import type { Selection } from 'd3-selection';

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** One `<g>` of the tree view (boxes, edges, ghosts, nodes, arrows, legend). */
export type Layer = Selection<SVGGElement, unknown, null, undefined>;

/** An element that remembers what was last written to it, so unchanged attributes are skipped. */
export type Cached<E extends Element> = E & {
  tvGeometry?: number;
  tvClass?: string;
  tvLabel?: string;
};

/** Appends a named layer; the order of the calls is the drawing order. */
export function layer(parent: Layer, name: string): Layer {
  return parent.append('g').attr('class', name);
}
