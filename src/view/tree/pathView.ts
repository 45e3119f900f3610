// The path view: for a heap too large to draw whole, the root-to-slot path of the current step,
// the siblings compared on the way and two levels below, boxed by page with page-crossing edges
// dashed, each node labelled by its page and offset. The deepest levels that fit are shown; the
// ones above are summed up in a line.

import type { Selection } from 'd3-selection';
import type { SimEvent } from '../../core/events';
import { type PathNode, type PathShape, pathAround } from '../../core/explain/pathGeometry';

type Group = Selection<SVGGElement, unknown, null, undefined>;

/** Room above the first level, for the levels-above line. */
const TOP = 20;
/** A character of a label is about this share of its font size wide (tabular digits). */
const CHAR_WIDTH = 0.62;

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
   * Nodes and rows grow with the labels, so fewer levels show rather than overlap.
   */
  draw(
    shape: PathShape,
    tail: number,
    event: SimEvent | null,
    width: number,
    height: number,
    fontPx = 11,
  ): string {
    const nodeH = Math.round(fontPx + 9);
    const rowMin = nodeH + 12;
    this.group.attr('display', null);
    const slot = slotOfEvent(event);
    if (slot !== null && slot >= shape.rootSlot && slot <= tail) this.focus = slot;
    if (this.focus < shape.rootSlot || this.focus > tail) this.focus = shape.rootSlot;
    const all = pathAround(shape, tail, this.focus);
    const deepest = all.reduce((m, n) => Math.max(m, n.level), 0);
    const fit = Math.max(2, Math.floor((height - TOP - 8) / rowMin));
    const firstLevel = Math.max(0, deepest - fit + 1);
    const nodes = all.filter((n) => n.level >= firstLevel);
    const levels = deepest - firstLevel + 1;
    const rowH = Math.max(rowMin, (height - TOP - 8) / Math.max(1, levels));
    const at = new Map<number, { x: number; y: number; node: PathNode }>();
    for (const n of nodes) {
      at.set(n.slot, {
        x: 8 + n.x * (width - 16),
        y: TOP + (n.level - firstLevel + 0.5) * rowH,
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
        .attr('y', 14)
        .text(
          `… ${firstLevel} level${firstLevel === 1 ? '' : 's'} above, from the root (slot ${shape.rootSlot})`,
        );
    }
    // Page boxes around the nodes of each page.
    const boxes = new Map<number, { x0: number; y0: number; x1: number; y1: number }>();
    // As wide as the longest "p{page}·{offset}" label, or narrower where seven would not fit in a
    // row: then a node shows its offset alone (its box says the page).
    let chars = 1;
    for (const { node } of at.values())
      chars = Math.max(chars, `p${node.page}·${node.offset}`.length);
    const fullWidth = chars * fontPx * CHAR_WIDTH + 12;
    const w = Math.min(fullWidth, (width - 16) / 7);
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
        .attr('x', box.x0 - w / 2 - 4)
        .attr('y', box.y0 - nodeH / 2 - 4)
        .attr('width', box.x1 - box.x0 + w + 8)
        .attr('height', box.y1 - box.y0 + nodeH + 8)
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
