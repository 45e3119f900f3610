// The heap as a tree, its nodes boxed by virtual-memory page as in the article's Figures 5 and 6,
// so the page crossings of each sift are visible. SVG via d3-selection; colours come from CSS.

import { format } from 'd3-format';
import { type Selection, select } from 'd3-selection';
import type { SimEvent } from '../core/events';
import type { Layout } from '../core/layout';
import { TREE_MAX_SLOTS, type ViewState } from '../core/replay';

export interface TreeViewOptions {
  testId: string;
  onHoverPage: (page: number | null) => void;
}

export type TreeMode = 'keys' | 'slots';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Below this node diameter (px) labels are hidden; the shapes stay. */
const LABEL_MIN_DIAMETER = 14;
const MAX_RADIUS = 20;
const TOP = 16; // room for the first page label
const SIDE = 4;
const LEGEND_HEIGHT = 24;
const PAGE_TONES = 3;

/**
 * Tidy positions of the tree over `capacity` slots, from the root by recursion: y is the depth, x
 * the leaf order (a parent sits midway over its first and last child). The B-heap's tree is not
 * complete (entry slots of a page have one child), so no closed formula would do. Laid out for the
 * scenario's capacity, not the current size, so nodes keep their places while the heap grows and
 * shrinks.
 */
interface Shape {
  layout: Layout;
  capacity: number;
  leafX: Float64Array;
  depth: Int32Array;
  leaves: number;
  maxDepth: number;
}

function shapeOf(layout: Layout, capacity: number): Shape {
  const leafX = new Float64Array(capacity + 1);
  const depth = new Int32Array(capacity + 1);
  let leaves = 0;
  let maxDepth = 0;
  const visit = (slot: number, d: number): void => {
    depth[slot] = d;
    maxDepth = Math.max(maxDepth, d);
    const first = layout.firstChild(slot);
    const second = layout.secondChild(slot);
    // Children always have larger slots; the check also guards against a malformed layout.
    const hasFirst = first > slot && first <= capacity;
    const hasSecond = second !== first && second > slot && second <= capacity;
    if (!hasFirst && !hasSecond) {
      leafX[slot] = leaves++;
      return;
    }
    if (hasFirst) visit(first, d + 1);
    if (hasSecond) visit(second, d + 1);
    const a = hasFirst ? leafX[first] : leafX[second];
    const b = hasSecond ? leafX[second] : leafX[first];
    leafX[slot] = (a + b) / 2;
  };
  if (capacity >= 1) visit(1, 0);
  return { layout, capacity, leafX, depth, leaves: Math.max(1, leaves), maxDepth };
}

/** Pixel positions for one shape in one viewport. */
interface Geometry {
  shape: Shape;
  width: number;
  height: number;
  x: Float64Array;
  y: Float64Array;
  r: number;
  /** Padding of page boxes around their nodes. */
  pad: number;
  /** Changes whenever positions or label rules change (new shape, size or mode). */
  version: number;
}

let geometryVersion = 0;

const NODE_TEMPLATE = (() => {
  const group = document.createElementNS(SVG_NS, 'g');
  group.setAttribute('class', 'tv-node');
  group.append(
    document.createElementNS(SVG_NS, 'circle'),
    document.createElementNS(SVG_NS, 'text'),
  );
  return group;
})();

function geometryOf(shape: Shape, width: number, height: number): Geometry {
  const unitX = (width - 2 * SIDE) / shape.leaves;
  const usable = height - TOP - LEGEND_HEIGHT - 4;
  let r = Math.min(unitX * 0.44, MAX_RADIUS);
  if (shape.maxDepth > 0) r = Math.min(r, (usable / (shape.maxDepth + 1)) * 0.3);
  r = Math.max(1.5, r);
  let pad = Math.max(1, Math.min(r * 0.45, (unitX - 2 * r) / 2 - 0.5));
  const top = TOP + r + pad;
  const bottom = height - LEGEND_HEIGHT - 4 - r - pad;
  // Levels no further apart than a few node heights: a shallow tree stays compact at the top.
  const levelGap =
    shape.maxDepth > 0 ? Math.min((bottom - top) / shape.maxDepth, Math.max(4 * r, 64)) : 0;
  if (shape.maxDepth > 0) pad = Math.max(1, Math.min(pad, (levelGap - 2 * r) / 2 - 0.5));
  const x = new Float64Array(shape.capacity + 1);
  const y = new Float64Array(shape.capacity + 1);
  for (let slot = 1; slot <= shape.capacity; slot++) {
    x[slot] = SIDE + (shape.leafX[slot] + 0.5) * unitX;
    y[slot] = top + shape.depth[slot] * levelGap;
  }
  return { shape, width, height, x, y, r, pad, version: ++geometryVersion };
}

const compact = format('.3~s');

/** Keys as short as a node allows: large random(3) keys become 1.8G (the tooltip has them whole). */
function keyLabel(key: number): string {
  const text = Number.isInteger(key) ? String(key) : String(Number(key.toPrecision(4)));
  return text.length <= 4 ? text : compact(key);
}

/** An element that remembers what was last written to it, so unchanged attributes are skipped. */
type Cached<E extends Element> = E & { tvGeometry?: number; tvClass?: string; tvLabel?: string };

interface PageBox {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Ghost {
  slot: number;
  className: string;
}

type Layer = Selection<SVGGElement, unknown, null, undefined>;

function layer(parent: Selection<SVGGElement, unknown, null, undefined>, name: string): Layer {
  return parent.append('g').attr('class', name);
}

export class TreeView {
  readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  private readonly content: Layer;
  private readonly boxes: Layer;
  private readonly edges: Layer;
  private readonly ghosts: Layer;
  private readonly arrows: Layer;
  private readonly nodes: Layer;
  private readonly legend: Layer;
  private readonly message: Selection<SVGTextElement, unknown, null, undefined>;
  private readonly observer: ResizeObserver;
  private mode: TreeMode = 'keys';
  private width: number;
  private height: number;
  private frame = 0;
  private shape: Shape | null = null;
  private geometry: Geometry | null = null;
  private legendWidth = -1;
  private hovered: number | null = null;
  private last: { view: ViewState; current: SimEvent | null; highlightPage: number | null } | null =
    null;

  constructor(
    container: HTMLElement,
    private readonly options: TreeViewOptions,
  ) {
    const element = document.createElementNS(SVG_NS, 'svg');
    container.append(element);
    this.svg = select(element)
      .attr('class', 'tv-svg')
      .attr('data-testid', options.testId)
      .attr('role', 'img')
      .attr('data-mode', 'keys')
      .attr('aria-label', 'heap tree');
    const rect = element.getBoundingClientRect();
    this.width = rect.width || 600;
    this.height = rect.height || 300;
    this.svg.attr('viewBox', `0 0 ${this.width} ${this.height}`);

    const defs = this.svg.append('defs');
    // Unique per view: two trees share the document, and marker ids are global.
    const markerId = `tv-arrow-${options.testId}`;
    defs
      .append('marker')
      .attr('id', markerId)
      .attr('viewBox', '0 0 10 10')
      .attr('refX', 8)
      .attr('refY', 5)
      .attr('markerWidth', 5)
      .attr('markerHeight', 5)
      .attr('orient', 'auto-start-reverse')
      .append('path')
      .attr('class', 'tv-arrowhead')
      .attr('d', 'M0,0 L10,5 L0,10 z');

    this.content = this.svg.append('g').attr('class', 'tv-content');
    this.boxes = layer(this.content, 'tv-boxes');
    this.edges = layer(this.content, 'tv-edges');
    this.ghosts = layer(this.content, 'tv-ghosts');
    this.nodes = layer(this.content, 'tv-nodes');
    this.arrows = layer(this.content, 'tv-arrows').attr('data-marker', markerId);
    this.legend = layer(this.content, 'tv-legend');
    this.message = this.svg.append('text').attr('class', 'tv-message').attr('display', 'none');

    // Re-layout on the next frame, not inside the callback, so no observer loop can arise.
    this.observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box === undefined || box.width <= 0 || box.height <= 0) return;
      if (Math.abs(box.width - this.width) < 0.5 && Math.abs(box.height - this.height) < 0.5)
        return;
      this.width = box.width;
      this.height = box.height;
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => this.redraw());
    });
    this.observer.observe(element);

    element.addEventListener('mouseover', (event) => this.pointerOver(event));
    element.addEventListener('mouseleave', () => this.hover(null));
  }

  setMode(mode: TreeMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.svg.attr('data-mode', mode);
    // Labels depend on the mode: a new version makes every node rewrite its label.
    if (this.geometry !== null) this.geometry = { ...this.geometry, version: ++geometryVersion };
    this.redraw();
  }

  render(view: ViewState, current: SimEvent | null, highlightPage: number | null): void {
    this.last = { view, current, highlightPage };
    this.draw(view, current, highlightPage);
  }

  /** Stops the observer and removes the svg. */
  destroy(): void {
    this.observer.disconnect();
    cancelAnimationFrame(this.frame);
    this.svg.remove();
  }

  private redraw(): void {
    if (this.last !== null) this.draw(this.last.view, this.last.current, this.last.highlightPage);
  }

  private showMessage(text: string, aria: string): void {
    // The viewBox may still be the size guessed before the svg was in the page: match the
    // current size, or the message is drawn scaled down.
    this.svg.attr('viewBox', `0 0 ${this.width} ${this.height}`);
    this.geometry = null;
    this.content.attr('display', 'none');
    this.message
      .attr('display', null)
      .attr('x', this.width / 2)
      .attr('y', this.height / 2)
      .text(text);
    this.svg.attr('aria-label', aria).attr('data-size', null).attr('data-crossings', null);
  }

  private geometryFor(view: ViewState, capacity: number): Geometry {
    if (
      this.shape === null ||
      this.shape.layout !== view.layout ||
      this.shape.capacity !== capacity
    ) {
      this.shape = shapeOf(view.layout, capacity);
      this.geometry = null;
    }
    const g = this.geometry;
    if (g !== null && g.width === this.width && g.height === this.height) return g;
    this.geometry = geometryOf(this.shape, this.width, this.height);
    this.svg.attr('viewBox', `0 0 ${this.width} ${this.height}`);
    return this.geometry;
  }

  private draw(view: ViewState, current: SimEvent | null, highlightPage: number | null): void {
    const name = view.layout.kind === 'binary' ? 'binary heap' : 'B-heap';
    const keys = view.keys;
    if (keys === null) {
      const now =
        view.size > TREE_MAX_SLOTS
          ? `this heap has ${view.size}`
          : "this scenario's heap grows beyond that";
      this.showMessage(
        `The tree view shows heaps of up to ${TREE_MAX_SLOTS} slots; ${now}.`,
        `${name} tree not shown: more than ${TREE_MAX_SLOTS} slots`,
      );
      return;
    }
    if (view.size === 0) {
      this.showMessage('The heap is empty.', `${name} tree, empty`);
      return;
    }
    this.message.attr('display', 'none');
    this.content.attr('display', null);

    const capacity = Math.max(view.size, keys.length - 1);
    const g = this.geometryFor(view, capacity);
    const size = Math.min(view.size, capacity);
    const shift = view.layout.pageShift;
    const { x, y, r } = g;

    // Pages present and their bounding boxes.
    const pageCount = (size >>> shift) + 1;
    const x0 = new Float64Array(pageCount).fill(Number.POSITIVE_INFINITY);
    const y0 = new Float64Array(pageCount).fill(Number.POSITIVE_INFINITY);
    const x1 = new Float64Array(pageCount).fill(Number.NEGATIVE_INFINITY);
    const y1 = new Float64Array(pageCount).fill(Number.NEGATIVE_INFINITY);
    const slots: number[] = [];
    for (let slot = 1; slot <= size; slot++) {
      slots.push(slot);
      const page = slot >>> shift;
      if (x[slot] < x0[page]) x0[page] = x[slot];
      if (x[slot] > x1[page]) x1[page] = x[slot];
      if (y[slot] < y0[page]) y0[page] = y[slot];
      if (y[slot] > y1[page]) y1[page] = y[slot];
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

    // Edges, keyed by child; the parent is the layout's, as the heap code sees it.
    const children = slots.slice(1);
    let crossings = 0;
    const parentOf = new Int32Array(size + 1);
    for (const child of children) {
      const parent = view.layout.parent(child);
      parentOf[child] = parent;
      if (parent >>> shift !== child >>> shift) crossings++;
    }

    // What the current step touches.
    const stateClass = new Map<number, string>();
    const ghosts: Ghost[] = [];
    let swap: [number, number] | null = null;
    const mark = (slot: number, className: string): void => {
      if (slot < 1 || slot > capacity) return;
      if (slot <= size) stateClass.set(slot, className);
      else ghosts.push({ slot, className });
    };
    if (current !== null) {
      switch (current.kind) {
        case 'compare':
          mark(current.slot, 'tv-compare');
          mark(current.other, 'tv-compare');
          break;
        case 'swap':
          mark(current.slot, 'tv-swap');
          mark(current.other, 'tv-swap');
          if (current.slot <= size && current.other <= size) swap = [current.slot, current.other];
          break;
        case 'place':
        case 'clear':
        case 'rekey':
          mark(current.slot, 'tv-write');
          break;
        case 'touch':
          mark(current.slot, `tv-touch-${current.outcome}`);
          break;
        default:
          break;
      }
    }

    this.drawBoxes(boxes, highlightPage);
    this.drawEdges(children, parentOf, shift, g);
    this.drawNodes(slots, view, g, stateClass, highlightPage);
    this.drawGhosts(ghosts, g);
    this.drawSwap(swap, g);
    this.drawLegend();

    this.svg
      .classed('tv-hide-labels', 2 * r < LABEL_MIN_DIAMETER)
      .attr('data-size', size)
      .attr('data-pages', boxes.length)
      .attr('data-crossings', crossings)
      .attr(
        'aria-label',
        `${name} tree, ${size} item${size === 1 ? '' : 's'} on ${boxes.length} page${boxes.length === 1 ? '' : 's'}, ${crossings} edge${crossings === 1 ? '' : 's'} cross${crossings === 1 ? 'es' : ''} a page boundary`,
      );
  }

  private drawBoxes(boxes: PageBox[], highlightPage: number | null): void {
    const radius = Math.min(8, (this.geometry?.r ?? 4) * 0.8 + 2);
    const groups = this.boxes
      .selectAll<SVGGElement, PageBox>('g.tv-page-box')
      .data(boxes, (d) => d.page)
      .join((enter) => {
        const group = enter.append('g').attr('class', 'tv-page-box');
        group.append('rect');
        group.append('text').attr('class', 'tv-page-label');
        group.append('title');
        return group;
      });
    groups.each(function (box) {
      this.setAttribute('data-page', String(box.page));
      const rect = this.children[0];
      const label = this.children[1];
      const title = this.children[2];
      const linked = box.page === highlightPage ? ' tv-linked' : '';
      rect.setAttribute('class', `tv-page tv-tone-${box.page % PAGE_TONES}${linked}`);
      rect.setAttribute('x', box.x0.toFixed(1));
      rect.setAttribute('y', box.y0.toFixed(1));
      rect.setAttribute('width', (box.x1 - box.x0).toFixed(1));
      rect.setAttribute('height', (box.y1 - box.y0).toFixed(1));
      rect.setAttribute('rx', radius.toFixed(1));
      label.setAttribute('x', (box.x0 + 1).toFixed(1));
      label.setAttribute('y', (box.y0 - 3).toFixed(1));
      // A box too narrow for its label (dense binary-heap levels) goes without; the tooltip names it.
      const text = box.x1 - box.x0 >= 16 ? `p${box.page}` : '';
      if (label.textContent !== text) label.textContent = text;
      const tip = `page ${box.page}`;
      if (title.textContent !== tip) title.textContent = tip;
    });
  }

  private drawEdges(children: number[], parentOf: Int32Array, shift: number, g: Geometry): void {
    const { x, y, version } = g;
    this.edges
      .selectAll<SVGLineElement, number>('line')
      .data(children, (d) => d)
      .join((enter) =>
        enter
          .append(() => document.createElementNS(SVG_NS, 'line'))
          .attr('class', (child) =>
            parentOf[child] >>> shift !== child >>> shift ? 'tv-edge tv-cross' : 'tv-edge',
          ),
      )
      .each(function (child) {
        // A keyed edge joins the same two slots for as long as it exists: only a new geometry moves it.
        const line = this as Cached<SVGLineElement>;
        if (line.tvGeometry === version) return;
        line.tvGeometry = version;
        const parent = parentOf[child];
        line.setAttribute('x1', x[parent].toFixed(1));
        line.setAttribute('y1', y[parent].toFixed(1));
        line.setAttribute('x2', x[child].toFixed(1));
        line.setAttribute('y2', y[child].toFixed(1));
      });
  }

  private drawNodes(
    slots: number[],
    view: ViewState,
    g: Geometry,
    stateClass: Map<number, string>,
    highlightPage: number | null,
  ): void {
    const { x, y, r, version } = g;
    const keys = view.keys;
    const shift = view.layout.pageShift;
    const mode = this.mode;
    const showLabels = 2 * r >= LABEL_MIN_DIAMETER;
    const base = Math.min(r, 14);
    this.nodes
      .selectAll<SVGGElement, number>('g.tv-node')
      .data(slots, (d) => d)
      .join((enter) =>
        // Cloning one prepared node is several times faster than appending three elements.
        enter
          .append(() => NODE_TEMPLATE.cloneNode(true) as SVGGElement)
          .attr('data-slot', (slot) => slot)
          .attr('data-page', (slot) => slot >>> shift),
      )
      .each(function (slot) {
        // Attributes are written only when they change: most steps alter two or three nodes.
        const node = this as Cached<SVGGElement>;
        let className = 'tv-node';
        const extra = stateClass.get(slot);
        if (extra !== undefined) className += ` ${extra}`;
        if (slot >>> shift === highlightPage) className += ' tv-linked';
        if (node.tvClass !== className) {
          node.tvClass = className;
          node.setAttribute('class', className);
        }
        if (node.tvGeometry !== version) {
          node.tvGeometry = version;
          node.tvLabel = undefined;
          node.setAttribute('transform', `translate(${x[slot].toFixed(1)},${y[slot].toFixed(1)})`);
          node.children[0].setAttribute('r', r.toFixed(1));
        }
        const label = !showLabels
          ? ''
          : mode === 'slots' || keys === null
            ? String(slot)
            : keyLabel(keys[slot]);
        if (node.tvLabel === label) return;
        node.tvLabel = label;
        // Shrink long labels to the node's width, and drop them when that would be unreadable.
        const size = Math.min(base, (2 * r * 0.94) / (Math.max(1, label.length) * 0.58));
        const text = node.children[1];
        text.textContent = size >= 7 ? label : '';
        text.setAttribute('font-size', size.toFixed(1));
      });
  }

  private drawGhosts(ghosts: Ghost[], g: Geometry): void {
    const { x, y, r } = g;
    this.ghosts
      .selectAll<SVGCircleElement, Ghost>('circle')
      .data(ghosts, (d) => d.slot)
      .join('circle')
      .attr('class', (d) => `tv-ghost ${d.className}`)
      .attr('cx', (d) => x[d.slot].toFixed(1))
      .attr('cy', (d) => y[d.slot].toFixed(1))
      .attr('r', r.toFixed(1));
  }

  /** A curved double-headed arrow beside the parent-child edge of a swap. */
  private drawSwap(swap: [number, number] | null, g: Geometry): void {
    const marker = this.arrows.attr('data-marker');
    const { x, y, r } = g;
    this.arrows
      .selectAll<SVGPathElement, [number, number]>('path')
      .data(swap === null ? [] : [swap])
      .join('path')
      .attr('class', 'tv-swap-arrow')
      .attr('marker-start', `url(#${marker})`)
      .attr('marker-end', `url(#${marker})`)
      .attr('d', ([a, b]) => {
        const dx = x[b] - x[a];
        const dy = y[b] - y[a];
        const length = Math.hypot(dx, dy) || 1;
        const ux = dx / length;
        const uy = dy / length;
        const gap = r + 3;
        const bulge = Math.max(10, r * 1.6);
        // Bow to the right of a->b; the edge itself runs straight between the centres.
        const mx = (x[a] + x[b]) / 2 - uy * bulge;
        const my = (y[a] + y[b]) / 2 + ux * bulge;
        const sx = x[a] + ux * gap - uy * gap * 0.6;
        const sy = y[a] + uy * gap + ux * gap * 0.6;
        const ex = x[b] - ux * gap - uy * gap * 0.6;
        const ey = y[b] - uy * gap + ux * gap * 0.6;
        return `M${sx.toFixed(1)},${sy.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}`;
      });
  }

  /** A one-line key at the bottom: page box, page crossing, compare, swap. Rebuilt on resize only. */
  private drawLegend(): void {
    if (this.legendWidth === this.width && this.legend.node()?.childElementCount) {
      this.legend.attr('transform', `translate(${SIDE},${this.height - LEGEND_HEIGHT / 2 - 2})`);
      return;
    }
    this.legendWidth = this.width;
    this.legend.selectAll('*').remove();
    this.legend.attr('transform', `translate(${SIDE},${this.height - LEGEND_HEIGHT / 2 - 2})`);
    const marker = this.arrows.attr('data-marker');
    let at = 0;
    const item = (
      width: number,
      label: string,
      draw: (g: Selection<SVGGElement, unknown, null, undefined>) => void,
    ): void => {
      const estimate = width + 6 + label.length * 6 + 14;
      if (at + estimate > this.width - 2 * SIDE) return;
      const group = this.legend.append('g').attr('transform', `translate(${at},0)`);
      draw(group);
      group
        .append('text')
        .attr('class', 'tv-legend-label')
        .attr('x', width + 5)
        .text(label);
      at += estimate;
    };
    item(22, 'one page', (group) => {
      group
        .append('rect')
        .attr('class', 'tv-page tv-tone-0')
        .attr('x', 0)
        .attr('y', -7)
        .attr('width', 22)
        .attr('height', 14)
        .attr('rx', 4);
    });
    item(26, 'edge crosses a page boundary', (group) => {
      group.append('line').attr('class', 'tv-edge tv-cross').attr('x1', 0).attr('x2', 26);
    });
    item(14, 'compare', (group) => {
      group
        .append('g')
        .attr('class', 'tv-node tv-compare')
        .append('circle')
        .attr('cx', 7)
        .attr('r', 5);
    });
    item(34, 'swap', (group) => {
      group
        .append('g')
        .attr('class', 'tv-node tv-swap')
        .append('circle')
        .attr('cx', 6)
        .attr('r', 5);
      group
        .append('path')
        .attr('class', 'tv-swap-arrow')
        .attr('d', 'M14,0 L32,0')
        .attr('marker-start', `url(#${marker})`)
        .attr('marker-end', `url(#${marker})`);
    });
  }

  private pointerOver(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target : null;
    const holder = target?.closest('[data-page]') ?? null;
    if (holder === null) {
      this.hover(null);
      return;
    }
    const page = Number(holder.getAttribute('data-page'));
    const slotText = holder.getAttribute('data-slot');
    if (slotText !== null) this.titleNode(holder, Number(slotText), page);
    this.hover(page);
  }

  /** Node tooltips are written on hover only: 255 titles per step would cost more than the rest. */
  private titleNode(node: Element, slot: number, page: number): void {
    const keys = this.last?.view.keys;
    const key = keys === null || keys === undefined ? '' : `, key ${keys[slot]}`;
    let title = node.querySelector(':scope > title');
    if (title === null) {
      title = document.createElementNS(SVG_NS, 'title');
      node.append(title);
    }
    title.textContent = `slot ${slot}${key}, page ${page}`;
  }

  private hover(page: number | null): void {
    if (page === this.hovered) return;
    this.hovered = page;
    this.options.onHoverPage(page);
  }
}
