// Page boxes of the tree view: one rounded box per page around its nodes, labelled p<page>.

import type { Geometry } from './geometry';
import { labelEm } from './labels';
import type { Layer } from './svg';

/** Boxes cycle through this many tones (views.css), so neighbouring pages tell apart. */
const PAGE_TONES = 3;

/** The box (px) around the nodes on one page, padding included. */
export interface PageBox {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A box per page holding a drawn member, in page order; the nodes' radius and padding around them. */
export function pageBoxesOf(
  members: readonly number[],
  pageOf: Int32Array,
  g: Pick<Geometry, 'x' | 'y' | 'r' | 'pad'>,
): PageBox[] {
  const { x, y, r } = g;
  let pageCount = 0;
  for (const member of members) pageCount = Math.max(pageCount, pageOf[member] + 1);
  const x0 = new Float64Array(pageCount).fill(Number.POSITIVE_INFINITY);
  const y0 = new Float64Array(pageCount).fill(Number.POSITIVE_INFINITY);
  const x1 = new Float64Array(pageCount).fill(Number.NEGATIVE_INFINITY);
  const y1 = new Float64Array(pageCount).fill(Number.NEGATIVE_INFINITY);
  for (const member of members) {
    const page = pageOf[member];
    if (x[member] < x0[page]) x0[page] = x[member];
    if (x[member] > x1[page]) x1[page] = x[member];
    if (y[member] < y0[page]) y0[page] = y[member];
    if (y[member] > y1[page]) y1[page] = y[member];
  }
  const boxes: PageBox[] = [];
  const grow = r + g.pad;
  for (let page = 0; page < pageCount; page++) {
    if (x0[page] === Number.POSITIVE_INFINITY) continue;
    boxes.push({
      page,
      x0: x0[page] - grow,
      y0: y0[page] - grow,
      x1: x1[page] + grow,
      y1: y1[page] + grow,
    });
  }
  return boxes;
}

/** The label drawn above a box: none on a box too narrow for it (the tooltip names the page). */
export function pageBoxLabel(box: PageBox): string {
  return box.x1 - box.x0 >= 16 ? `p${box.page}` : '';
}

/** Corner radius (px) of the boxes around nodes of radius r. */
export function pageBoxRadius(r: number): number {
  return Math.min(8, r * 0.8 + 2);
}

/**
 * Where a box's label starts (px): over its left edge, or further left where it would run past
 * `right`, the region's edge (past it stand the box's controls, or nothing).
 */
export function pageLabelX(box: PageBox, labelSize: number, right: number): number {
  const width = labelEm(pageBoxLabel(box)) * labelSize;
  return Math.max(0, Math.min(box.x0 + 1, right - width - 1));
}

/**
 * Joins the boxes by page; the box of `highlightPage` (hovered elsewhere) is outlined. Labels go
 * to `labelLayer`, drawn over the nodes (a zoomed-out tree's nodes covered them), at `labelSize`
 * px (the least text size, views.css), ending before `right`; only the `shown` pages' labels.
 */
export function drawPageBoxes(
  boxes: Layer,
  labelLayer: Layer,
  data: PageBox[],
  highlightPage: number | null,
  r: number,
  labelSize = 11,
  right = Number.POSITIVE_INFINITY,
  shown: ReadonlySet<number> | null = null,
): void {
  const radius = pageBoxRadius(r);
  const groups = boxes
    .selectAll<SVGGElement, PageBox>('g.tv-page-box')
    .data(data, (d) => d.page)
    .join((enter) => {
      const group = enter.append('g').attr('class', 'tv-page-box');
      group.append('rect');
      group.append('title');
      return group;
    });
  groups.each(function (box) {
    this.setAttribute('data-page', String(box.page));
    const rect = this.children[0];
    const title = this.children[1];
    const linked = box.page === highlightPage ? ' tv-linked' : '';
    rect.setAttribute('class', `tv-page tv-tone-${box.page % PAGE_TONES}${linked}`);
    rect.setAttribute('x', box.x0.toFixed(1));
    rect.setAttribute('y', box.y0.toFixed(1));
    rect.setAttribute('width', (box.x1 - box.x0).toFixed(1));
    rect.setAttribute('height', (box.y1 - box.y0).toFixed(1));
    rect.setAttribute('rx', radius.toFixed(1));
    const tip = `page ${box.page}`;
    if (title.textContent !== tip) title.textContent = tip;
  });
  labelLayer
    .selectAll<SVGTextElement, PageBox>('text.tv-page-label')
    .data(data, (d) => d.page)
    .join('text')
    .attr('class', 'tv-page-label')
    .attr('data-page', (box) => box.page)
    .attr('x', (box) => pageLabelX(box, labelSize, right).toFixed(1))
    .attr('y', (box) => (box.y0 - 3).toFixed(1))
    .text((box) => (shown === null || shown.has(box.page) ? pageBoxLabel(box) : ''));
}
