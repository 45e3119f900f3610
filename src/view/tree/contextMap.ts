// The context of a zoomed tree: its page boxes in small, in the box's corner, with the window the
// box shows. No nodes and no text: it says where the focus is in the whole, nothing to read.

import type { PageBox } from './pageBoxes';
import type { Layer } from './svg';
import type { Window } from './zoom';

/** The map's largest size (px) and its margin from the box's corner. */
const MAP_WIDTH = 132;
const MAP_HEIGHT = 64;
const MARGIN = 4;

interface MapFrame {
  /** The whole tree's size (px, zoomed). */
  treeWidth: number;
  treeHeight: number;
  /** The box that shows the window. */
  boxWidth: number;
  boxHeight: number;
  window: Window;
}

/** Draws the map (or hides it with null) at the box's top-right corner. */
export function drawContextMap(
  map: Layer,
  boxes: readonly PageBox[],
  frame: MapFrame | null,
): void {
  if (frame === null) {
    map.attr('display', 'none');
    return;
  }
  const scale = Math.min(
    (Math.min(MAP_WIDTH, frame.boxWidth * 0.3) - 4) / frame.treeWidth,
    (Math.min(MAP_HEIGHT, frame.boxHeight * 0.3) - 4) / frame.treeHeight,
  );
  const width = frame.treeWidth * scale + 4;
  const height = frame.treeHeight * scale + 4;
  map
    .attr('display', null)
    .attr('transform', `translate(${(frame.boxWidth - width - MARGIN).toFixed(1)},${MARGIN})`);
  map
    .selectAll<SVGRectElement, null>('rect.tv-map-back')
    .data([null])
    .join('rect')
    .attr('class', 'tv-map-back')
    .attr('width', width.toFixed(1))
    .attr('height', height.toFixed(1))
    .attr('rx', 3);
  map
    .selectAll<SVGRectElement, PageBox>('rect.tv-map-page')
    .data(boxes, (box) => box.page)
    .join('rect')
    .attr('class', 'tv-map-page')
    .attr('x', (box) => (2 + box.x0 * scale).toFixed(1))
    .attr('y', (box) => (2 + box.y0 * scale).toFixed(1))
    .attr('width', (box) => Math.max(1, (box.x1 - box.x0) * scale).toFixed(1))
    .attr('height', (box) => Math.max(1, (box.y1 - box.y0) * scale).toFixed(1));
  map
    .selectAll<SVGRectElement, null>('rect.tv-map-window')
    .data([null])
    .join('rect')
    .attr('class', 'tv-map-window')
    .attr('x', (2 + frame.window.x * scale).toFixed(1))
    .attr('y', (2 + frame.window.y * scale).toFixed(1))
    .attr('width', Math.max(2, frame.boxWidth * scale).toFixed(1))
    .attr('height', Math.max(2, frame.boxHeight * scale).toFixed(1));
}
