// The path view: for a heap too large to draw whole, the root-to-slot path of the current step,
// the siblings compared on the way and two levels below, boxed by page with page-crossing edges
// dashed, each node labelled by its page and offset. The deepest levels that fit are shown; the
// ones above are summed up in a line.

import type { Selection } from 'd3-selection';
import type { SimEvent } from '../../core/events';
import { type PathNode, type PathShape, pathAround } from '../../core/explain/pathGeometry';

type Group = Selection<SVGGElement, unknown, null, undefined>;

/** A character of a label is about this share of its font size wide (tabular digits). */
const CHAR_WIDTH = 0.62;
/**
 * A character of the levels-above line is about this share of its font size wide: DejaVu Sans,
 * the page's widest font, sets "… 23 levels above, from the root (slot 1)" at 0.50 em a character.
 */
const PROSE_WIDTH = 0.52;
/** Room (px) a page box keeps around its nodes. */
const BOX_PAD = 4;
/** Under the last level: its page box's stroke and a pixel. */
const BOTTOM = 2;

/**
 * The view's rows for labels of `fontPx`: the room the levels-above line takes at the top (its
 * font is 12 px at least, views.css) and its baseline, a node's height, the distance two levels
 * keep where there is room, and the least they are squeezed to (their page boxes about meet, the
 * edge between them still shows).
 */
function pathRows(fontPx: number): {
  top: number;
  baseline: number;
  nodeH: number;
  rowMin: number;
  rowTight: number;
} {
  const aboveFont = Math.max(12, fontPx);
  // The line's glyphs reach about 0.95 of its font above the baseline and 0.25 below it.
  const baseline = Math.ceil(aboveFont * 0.95) + 2;
  const top = baseline + Math.ceil(aboveFont * 0.25) + 3;
  const nodeH = Math.round(fontPx + 9);
  return { top, baseline, nodeH, rowMin: nodeH + 12, rowTight: nodeH + 2 * BOX_PAD + 4 };
}

/**
 * How many levels a box `height` px tall holds, and the distance between them: as many as fit
 * at `rowMin` apart, or two squeezed to `rowTight` where only one would; 0 where not even one
 * level's page box fits (the view is then drawn scaled down).
 */
function pathLevelsFit(height: number, fontPx: number): { fit: number; rowH: number } {
  const { top, nodeH, rowMin, rowTight } = pathRows(fontPx);
  // One level: its page box (a node and its padding) under the line, and the box's stroke.
  const room = height - top - BOTTOM - (nodeH + 2 * BOX_PAD);
  if (room < 0) return { fit: 0, rowH: rowMin };
  const fit = Math.floor(room / rowMin) + 1;
  if (fit >= 2) return { fit, rowH: rowMin };
  return room >= rowTight ? { fit: 2, rowH: room } : { fit: 1, rowH: rowMin };
}

/** The levels-above line, as long as `width` px allows (its font is `fontPx`, 12 at least). */
function aboveLine(levels: number, root: number, width: number, fontPx: number): string {
  const noun = `level${levels === 1 ? '' : 's'}`;
  const lines = [
    `… ${levels} ${noun} above, from the root (slot ${root})`,
    `… ${levels} ${noun} above`,
    `… ${levels} above`,
  ];
  const charPx = Math.max(12, fontPx) * PROSE_WIDTH;
  return lines.find((line) => line.length * charPx <= width) ?? (lines.at(-1) as string);
}

/** The slot an event is about, if any (the path view follows it). */
function slotOfEvent(event: SimEvent | null): number | null {
  if (event === null) return null;
  switch (event.kind) {
    case 'compare':
    case 'swap':
    case 'place':
    case 'clear':
    case 'remove':
    case 'rekey':
    case 'touch':
      return event.slot;
    case 'op-begin':
    case 'op-end':
      return event.handle > 0 ? event.handle : null;
    default:
      return null;
  }
}

/** The other slot an event compares or swaps with (marked too). */
function otherOfEvent(event: SimEvent | null): number | null {
  if (event === null) return null;
  return event.kind === 'compare' || event.kind === 'swap' ? event.other : null;
}

export class PathView {
  private focus = -1;

  constructor(private readonly group: Group) {}

  /** Hides the view (the whole tree is drawn instead). */
  hide(): void {
    this.group.attr('display', 'none');
  }

  /**
   * Draws the path to the slot of `event` (or the one last followed) in a `width` × `height`
   * box, its labels at `fontPx` (presenting asks for 18); returns the sentence that describes it.
   * Nodes and rows grow with the labels, so fewer levels show rather than overlap, and what is
   * drawn stays in the box: a box too short for even one level at that size shows it scaled down.
   */
  draw(
    shape: PathShape,
    tail: number,
    event: SimEvent | null,
    width: number,
    height: number,
    fontPx = 11,
  ): string {
    const { top, nodeH } = pathRows(fontPx);
    // The least box that holds one level: a shorter one shows that, scaled to its height.
    const least = top + nodeH + 2 * BOX_PAD + BOTTOM;
    const scale = height > 0 && height < least ? height / least : 1;
    this.group.attr('transform', scale < 1 ? `scale(${scale.toFixed(4)})` : null);
    return this.drawAt(shape, tail, event, width / scale, height / scale, fontPx);
  }

  private drawAt(
    shape: PathShape,
    tail: number,
    event: SimEvent | null,
    width: number,
    height: number,
    fontPx: number,
  ): string {
    const { top, baseline, nodeH, rowMin } = pathRows(fontPx);
    this.group.attr('display', null);
    const slot = slotOfEvent(event);
    if (slot !== null && slot >= shape.rootSlot && slot <= tail) this.focus = slot;
    if (this.focus < shape.rootSlot || this.focus > tail) this.focus = shape.rootSlot;
    const all = pathAround(shape, tail, this.focus);
    const deepest = all.reduce((m, n) => Math.max(m, n.level), 0);
    const fitted = pathLevelsFit(height, fontPx);
    const fit = Math.max(1, fitted.fit);
    const firstLevel = Math.max(0, deepest - fit + 1);
    const nodes = all.filter((n) => n.level >= firstLevel);
    const levels = deepest - firstLevel + 1;
    // Where the box has room, each level in an even band of it; else packed under the line.
    const band = (height - top - 8) / Math.max(1, levels);
    const rowH = band >= rowMin ? band : fitted.rowH;
    const firstY = band >= rowMin ? top + band / 2 : top + 1 + BOX_PAD + nodeH / 2;
    const at = new Map<number, { x: number; y: number; node: PathNode }>();
    for (const n of nodes) {
      at.set(n.slot, {
        x: 8 + n.x * (width - 16),
        y: firstY + (n.level - firstLevel) * rowH,
        node: n,
      });
    }
    const other = otherOfEvent(event);
    const g = this.group;
    g.selectAll('*').remove();
    if (firstLevel > 0) {
      g.append('text')
        .attr('class', 'tv-path-above')
        .attr('x', 8)
        .attr('y', baseline)
        .text(aboveLine(firstLevel, shape.rootSlot, width - 16, fontPx));
    }
    // Page boxes around the nodes of each page.
    const boxes = new Map<number, { x0: number; y0: number; x1: number; y1: number }>();
    // As wide as the longest "p{page}·{offset}" label, or narrower where seven (or the widest
    // row, a d-ary heap's sixteen) would not fit in a row: then a node shows its offset alone
    // (its box says the page).
    let chars = 1;
    const perLevel = new Map<number, number>();
    for (const { node } of at.values()) {
      chars = Math.max(chars, `p${node.page}·${node.offset}`.length);
      perLevel.set(node.level, (perLevel.get(node.level) ?? 0) + 1);
    }
    const fullWidth = chars * fontPx * CHAR_WIDTH + 12;
    const w = Math.min(fullWidth, (width - 16) / Math.max(7, ...perLevel.values()));
    for (const { x, y, node } of at.values()) {
      const box = boxes.get(node.page) ?? { x0: x, y0: y, x1: x, y1: y };
      box.x0 = Math.min(box.x0, x);
      box.x1 = Math.max(box.x1, x);
      box.y0 = Math.min(box.y0, y);
      box.y1 = Math.max(box.y1, y);
      boxes.set(node.page, box);
    }
    for (const [page, box] of boxes) {
      g.append('rect')
        .attr('class', `tv-page tv-tone-${page % 3}`)
        .attr('x', box.x0 - w / 2 - BOX_PAD)
        .attr('y', box.y0 - nodeH / 2 - BOX_PAD)
        .attr('width', box.x1 - box.x0 + w + 2 * BOX_PAD)
        .attr('height', box.y1 - box.y0 + nodeH + 2 * BOX_PAD)
        .attr('rx', 6)
        .attr('data-page', page);
    }
    // Edges: dashed where they cross to another page.
    for (const { x, y, node } of at.values()) {
      const parent = at.get(node.parent);
      if (parent === undefined) continue;
      g.append('line')
        .attr('class', parent.node.page === node.page ? 'tv-edge' : 'tv-edge tv-cross')
        .attr('x1', parent.x)
        .attr('y1', parent.y + nodeH / 2)
        .attr('x2', x)
        .attr('y2', y - nodeH / 2);
    }
    // Nodes: "p{page}·{offset}", the followed slot and the one it meets marked.
    for (const { x, y, node } of at.values()) {
      const state =
        node.slot === this.focus ? ' tv-path-focus' : node.slot === other ? ' tv-path-other' : '';
      const item = g
        .append('g')
        .attr('class', `tv-path-node${node.onPath ? ' tv-path-on' : ''}${state}`)
        .attr('data-slot', node.slot)
        .attr('data-page', node.page);
      item
        .append('rect')
        .attr('x', x - w / 2)
        .attr('y', y - nodeH / 2)
        .attr('width', w)
        .attr('height', nodeH)
        .attr('rx', nodeH / 2);
      item
        .append('text')
        .attr('x', x)
        .attr('y', y)
        .attr('dy', '0.35em')
        .attr('text-anchor', 'middle')
        .text(
          w >= fullWidth - 0.5
            ? `p${node.page}·${node.offset}`
            : String(node.offset).length * fontPx * CHAR_WIDTH + 4 <= w
              ? String(node.offset)
              : '',
        );
      item.append('title').text(`slot ${node.slot}: page ${node.page}, offset ${node.offset}`);
    }
    // Along the whole path (shown or not): how often a step down enters another page.
    const path = all.filter((n) => n.onPath);
    let crossings = 0;
    for (let i = 1; i < path.length; i++) if (path[i].page !== path[i - 1].page) crossings++;
    g.attr('data-focus', this.focus).attr('data-crossings', crossings);
    return `Path from the root to slot ${this.focus} (page ${this.focus >>> shape.pageShift}, offset ${this.focus & ((1 << shape.pageShift) - 1)}): ${path.length} levels, ${crossings} of them entering a new page; the ${levels} deepest shown`;
  }
}
