// The tree view's one-line key at the bottom: page box, crossing, and what the step does.

import { LEGEND_HEIGHT, SIDE } from './geometry';
import type { LegendKind } from './kinds';
import type { Layer } from './svg';

/** What a legend item draws before its label. */
type LegendSwatch = 'page' | 'crossing' | 'red' | 'compare' | 'swap' | 'rotate' | 'write';

interface LegendItem {
  swatch: LegendSwatch;
  /** Of the swatch (px); the label follows 5 px after it. */
  width: number;
  label: string;
}

/** The items a kind of structure needs, left to right; red-black trees add their red node. */
export function legendItemsFor(kind: LegendKind): LegendItem[] {
  const items: LegendItem[] = [{ swatch: 'page', width: 22, label: 'one page' }];
  const crossing =
    kind === 'list' ? 'link crosses a page boundary' : 'edge crosses a page boundary';
  items.push({ swatch: 'crossing', width: 26, label: crossing });
  if (kind === 'red-black') items.push({ swatch: 'red', width: 18, label: 'red node' });
  items.push({ swatch: 'compare', width: 14, label: 'compare' });
  if (kind === 'heap') items.push({ swatch: 'swap', width: 34, label: 'swap' });
  else if (kind !== 'list') items.push({ swatch: 'rotate', width: 14, label: 'rotate' });
  items.push({ swatch: 'write', width: 14, label: 'write' });
  return items;
}

/**
 * Where each item starts (px from the left), or null for an item that does not fit in
 * `available` px; a later, shorter item may still fit. Label widths are estimated at 6 px a character.
 */
export function legendPositions(
  items: readonly LegendItem[],
  available: number,
): (number | null)[] {
  let at = 0;
  return items.map((item) => {
    const estimate = item.width + 6 + item.label.length * 6 + 14;
    if (at + estimate > available) return null;
    const start = at;
    at += estimate;
    return start;
  });
}

/** A legend disc drawn as the nodes are (views.css styles both alike). */
function disc(group: Layer, className: string, cx: number): void {
  const node = group.append('g').attr('class', `tv-node ${className}`);
  node.append('circle').attr('cx', cx).attr('r', 5);
  node.append('circle').attr('class', 'tv-ring').attr('cx', cx).attr('r', 7.5);
}

function drawSwatch(group: Layer, swatch: LegendSwatch, marker: string): void {
  switch (swatch) {
    case 'page':
      group
        .append('rect')
        .attr('class', 'tv-page tv-tone-0')
        .attr('x', 0)
        .attr('y', -7)
        .attr('width', 22)
        .attr('height', 14)
        .attr('rx', 4);
      break;
    case 'crossing':
      group.append('line').attr('class', 'tv-edge tv-cross').attr('x1', 0).attr('x2', 26);
      break;
    case 'red':
      disc(group, 'tv-red', 9);
      break;
    case 'compare':
      disc(group, 'tv-compare', 7);
      break;
    case 'swap':
      disc(group, 'tv-swap', 6);
      group
        .append('path')
        .attr('class', 'tv-swap-arrow')
        .attr('d', 'M14,0 L32,0')
        .attr('marker-start', `url(#${marker})`)
        .attr('marker-end', `url(#${marker})`);
      break;
    case 'rotate':
      disc(group, 'tv-rotate', 7);
      break;
    case 'write':
      disc(group, 'tv-write', 7);
      break;
  }
}

/**
 * Draws the legend along the bottom of a width × height view. It is rebuilt only when the width
 * or the kind changes: pass the key this returned last time (`drawnKey`) and keep the new one.
 */
export function drawTreeLegend(
  legend: Layer,
  kind: LegendKind,
  width: number,
  height: number,
  marker: string,
  drawnKey: string,
): string {
  const key = `${width}/${kind}`;
  legend.attr('transform', `translate(${SIDE},${height - LEGEND_HEIGHT / 2 - 2})`);
  if (drawnKey === key && legend.node()?.childElementCount) return key;
  legend.selectAll('*').remove();
  const items = legendItemsFor(kind);
  const positions = legendPositions(items, width - 2 * SIDE);
  items.forEach((item, index) => {
    const at = positions[index];
    if (at === null) return;
    const group = legend.append('g').attr('transform', `translate(${at},0)`);
    drawSwatch(group, item.swatch, marker);
    group
      .append('text')
      .attr('class', 'tv-legend-label')
      .attr('x', item.width + 5)
      .text(item.label);
  });
  return key;
}
