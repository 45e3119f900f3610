// The vocabulary of chart parts: a part held as a D3 selection, the SVG namespace, the plot box.

import type { Selection } from 'd3-selection';

/** One SVG (or HTML) element the chart keeps, selected once when the chart is built. */
export type Part<E extends Element> = Selection<E, unknown, null, undefined>;

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** The plot area inside the margins, in SVG pixels: the last draw's, for the pointer too. */
export interface PlotBox {
  left: number;
  top: number;
  plotW: number;
  plotH: number;
}

/** Makes a rectangle cover the plot box (its frame, or the transparent pointer target). */
export function coverBox(rect: Part<SVGRectElement>, box: PlotBox): void {
  rect.attr('x', box.left).attr('y', box.top).attr('width', box.plotW).attr('height', box.plotH);
}
