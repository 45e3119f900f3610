// Any structure drawn as a tree (heaps, search trees) or a chain (the sorted list), its nodes boxed
// by virtual-memory page as in the article's Figures 5 and 6, so the page crossings of each
// operation are visible. Positions come from core/treeLayout; SVG via d3-selection, colours from CSS.

import { format } from 'd3-format';
import { type Selection, select } from 'd3-selection';
import type { SimEvent } from '../core/events';
import { type HeapShape, type NodeMirror, TREE_MAX_SLOTS, type ViewState } from '../core/replay';
import { STRUCTURES, type StructureKind } from '../core/structures';
import {
  heapPlacement,
  listColumns,
  listPlacement,
  NO_PARENT,
  type Placement,
  treePlacement,
} from '../core/treeLayout';

export interface TreeViewOptions {
  testId: string;
  onHoverPage: (page: number | null) => void;
}

export type TreeMode = 'keys' | 'slots';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Below this node diameter (px) labels are hidden; the shapes stay. */
const LABEL_MIN_DIAMETER = 14;
const MAX_RADIUS = 20;
/** Widest column (px): a small tree or a short list stays together instead of spanning the pane. */
const MAX_UNIT = 64;
const TOP = 16; // room for the first page label
const SIDE = 4;
const LEGEND_HEIGHT = 24;
const PAGE_TONES = 3;
/** How much taller a level must be than a column is wide for round nodes (see geometryOf). */
const ROW_TO_COLUMN = 1.5;

/** Pixel positions of one placement in one viewport; NaN for slots or nodes not placed. */
interface Geometry {
  width: number;
  height: number;
  x: Float64Array;
  y: Float64Array;
  r: number;
  /** Padding of page boxes around their nodes. */
  pad: number;
  /** Changes whenever positions or label rules change (new placement, size or mode). */
  version: number;
}

let geometryVersion = 0;

const NODE_TEMPLATE = (() => {
  const group = document.createElementNS(SVG_NS, 'g');
  group.setAttribute('class', 'tv-node');
  // The second circle is the outer ring of a red node (hidden otherwise, see views.css).
  const ring = document.createElementNS(SVG_NS, 'circle');
  ring.setAttribute('class', 'tv-ring');
  group.append(
    document.createElementNS(SVG_NS, 'circle'),
    ring,
    document.createElementNS(SVG_NS, 'text'),
  );
  return group;
})();

function sameNumbers(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * Scales a placement to the viewport. `previous` lends its version when nothing moved, so a step
 * that only recolours nodes does not rewrite every transform.
 */
function geometryOf(
  placement: Placement,
  width: number,
  height: number,
  previous: Geometry | null,
): Geometry {
  const unitX = Math.min(MAX_UNIT, (width - 2 * SIDE) / placement.columns);
  const left = (width - unitX * placement.columns) / 2;
  const usable = height - TOP - LEGEND_HEIGHT - 4;
  const maxDepth = placement.levels - 1;
  let r = Math.min(unitX * 0.44, MAX_RADIUS);
  if (maxDepth > 0) r = Math.min(r, (usable / (maxDepth + 1)) * 0.3);
  r = Math.max(1.5, r);
  let pad = Math.max(1, Math.min(r * 0.45, (unitX - 2 * r) / 2 - 0.5));
  const top = TOP + r + pad;
  const bottom = height - LEGEND_HEIGHT - 4 - r - pad;
  // Levels no further apart than a few node heights: a shallow tree stays compact at the top.
  const levelGap = maxDepth > 0 ? Math.min((bottom - top) / maxDepth, Math.max(4 * r, 64)) : 0;
  if (maxDepth > 0) pad = Math.max(1, Math.min(pad, (levelGap - 2 * r) / 2 - 0.5));
  const x = new Float64Array(placement.column.length).fill(Number.NaN);
  const y = new Float64Array(placement.column.length).fill(Number.NaN);
  for (const member of placement.members) {
    x[member] = left + (placement.column[member] + 0.5) * unitX;
    y[member] = top + placement.level[member] * levelGap;
  }
  const unchanged =
    previous !== null &&
    previous.width === width &&
    previous.height === height &&
    previous.r === r &&
    previous.pad === pad &&
    sameNumbers(previous.x, x) &&
    sameNumbers(previous.y, y);
  const version = unchanged ? previous.version : ++geometryVersion;
  return { width, height, x, y, r, pad, version };
}

const compact = format('.3~s');

/** Keys as short as a node allows: large random(3) keys become 1.8G (the tooltip has them whole). */
function keyLabel(key: number): string {
  const text = Number.isInteger(key) ? String(key) : String(Number(key.toPrecision(4)));
  return text.length <= 4 ? text : compact(key);
}

/** A title inside a sentence: "the treap", but "the B-heap" and "the 4-ary heap". */
function inSentence(title: string): string {
  return /^[A-Z][a-z]/.test(title) ? title[0].toLowerCase() + title.slice(1) : title;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
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

/** A parent-child edge (the list: a link from a node to the next); the key names both ends. */
interface Edge {
  key: number;
  parent: number;
  child: number;
  cross: boolean;
}

interface Ghost {
  member: number;
  className: string;
  x: number;
  y: number;
}

/** What one draw shows: heap slots or arena nodes, called members where either will do. */
interface Scene {
  g: Geometry;
  /** Slots or nodes drawn, in drawing order. */
  members: number[];
  /** 1 for members drawn. */
  drawn: Uint8Array;
  /** Page of each slot, or of each node's key word. */
  pageOf: Int32Array;
  keyOf: ArrayLike<number>;
  edges: Edge[];
  /** 1 for red nodes (red-black trees only). */
  red: Uint8Array | null;
  /** Where the last position of a member no longer drawn is kept, for ghosts. */
  ghostX: Float64Array;
  ghostY: Float64Array;
}

/** Which legend fits the structure: heaps swap, trees rotate (and red-black trees colour). */
type LegendKind = 'heap' | 'list' | 'tree' | 'red-black';

function legendKindOf(kind: StructureKind): LegendKind {
  if (STRUCTURES[kind].family === 'heap') return 'heap';
  if (kind === 'list') return 'list';
  return kind === 'llrb' || kind === 'rb' ? 'red-black' : 'tree';
}

function isRedBlack(kind: StructureKind): boolean {
  return kind === 'llrb' || kind === 'rb';
}

/** Edges from each placed member to its parent in the placement, when both are drawn. */
function edgesOf(placement: Placement, drawn: Uint8Array, pageOf: Int32Array): Edge[] {
  const edges: Edge[] = [];
  for (const child of placement.members) {
    const parent = placement.parentOf[child];
    if (drawn[child] === 0 || parent === NO_PARENT || drawn[parent] === 0) continue;
    edges.push({
      key: parent * 65_536 + child,
      parent,
      child,
      cross: pageOf[parent] !== pageOf[child],
    });
  }
  return edges;
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
  /** The view last drawn: another one (a new scenario or structure) starts from empty layers. */
  private drawnView: ViewState | null = null;
  /** A heap's placement depends on its shape and capacity only, so it is kept between steps. */
  private heapLayout: { shape: HeapShape; maxSlot: number; placement: Placement } | null = null;
  private geometry: Geometry | null = null;
  /** Last pixel position of each node of a pointer structure, for the ghost of a freed node. */
  private lastSeen: { x: Float64Array; y: Float64Array; width: number; height: number } | null =
    null;
  private legendKey = '';
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
      .attr('aria-label', 'structure tree');
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
    // SVG text does not wrap: break the sentence into lines that fit the box (about 7 px a
    // character at this size), centred around the middle.
    const perLine = Math.max(12, Math.floor((this.width - 24) / 7));
    const lines: string[] = [];
    for (const word of text.split(' ')) {
      const last = lines.length - 1;
      if (last >= 0 && lines[last].length + 1 + word.length <= perLine) lines[last] += ` ${word}`;
      else lines.push(word);
    }
    const lineHeight = 18;
    const top = this.height / 2 - ((lines.length - 1) * lineHeight) / 2;
    this.message
      .attr('display', null)
      .attr('x', this.width / 2)
      .attr('y', top)
      .text(null);
    lines.forEach((line, index) => {
      this.message
        .append('tspan')
        .attr('x', this.width / 2)
        .attr('dy', index === 0 ? 0 : lineHeight)
        .text(line);
    });
    this.svg.attr('aria-label', aria).attr('data-size', null).attr('data-crossings', null);
  }

  /**
   * Empties the layers when another view arrives: nodes are keyed by number, and node 7 of a
   * list is not slot 7 of a heap (nor on the same page).
   */
  private startOver(view: ViewState): void {
    if (view === this.drawnView) return;
    this.drawnView = view;
    for (const group of [this.boxes, this.edges, this.ghosts, this.nodes, this.arrows]) {
      group.selectAll('*').remove();
    }
    this.heapLayout = null;
    this.geometry = null;
    this.lastSeen = null;
  }

  private resizeViewBox(g: Geometry): void {
    if (this.geometry?.width !== g.width || this.geometry?.height !== g.height) {
      this.svg.attr('viewBox', `0 0 ${g.width} ${g.height}`);
    }
    this.geometry = g;
  }

  private heapScene(view: ViewState, shape: HeapShape, keys: Float64Array): Scene {
    const maxSlot = keys.length - 1;
    let cached = this.heapLayout;
    if (cached === null || cached.shape !== shape || cached.maxSlot !== maxSlot) {
      cached = { shape, maxSlot, placement: heapPlacement(shape, maxSlot) };
      this.heapLayout = cached;
      this.geometry = null;
    }
    const placement = cached.placement;
    let g = this.geometry;
    if (g === null || g.width !== this.width || g.height !== this.height) {
      g = geometryOf(placement, this.width, this.height, null);
    }
    this.resizeViewBox(g);
    const lastSlot = Math.min(view.lastSlot, maxSlot);
    const drawn = new Uint8Array(maxSlot + 1);
    const pageOf = new Int32Array(maxSlot + 1);
    const members: number[] = [];
    for (let slot = 0; slot <= maxSlot; slot++) pageOf[slot] = slot >>> view.pageShift;
    for (let slot = shape.rootSlot; slot <= lastSlot; slot++) {
      members.push(slot);
      drawn[slot] = 1;
    }
    return {
      g,
      members,
      drawn,
      pageOf,
      keyOf: keys,
      edges: edgesOf(placement, drawn, pageOf),
      red: null,
      // A slot past the tail keeps its place in the tree, where its ghost goes.
      ghostX: g.x,
      ghostY: g.y,
    };
  }

  private pointerScene(view: ViewState, nodes: NodeMirror): Scene {
    const kind = view.spec.kind;
    let placement: Placement;
    if (kind === 'list') {
      const count = nodes.live.reduce((sum, live) => sum + live, 0);
      const columns = listColumns(
        count,
        this.width - 2 * SIDE,
        this.height - TOP - LEGEND_HEIGHT - 4,
        ROW_TO_COLUMN,
      );
      placement = listPlacement(nodes, view.root, columns);
    } else {
      placement = treePlacement(nodes, view.root);
    }
    const g = geometryOf(placement, this.width, this.height, this.geometry);
    this.resizeViewBox(g);
    const length = nodes.live.length;
    const drawn = new Uint8Array(length);
    const pageOf = new Int32Array(length);
    for (let node = 0; node < length; node++) {
      pageOf[node] = (node * nodes.nodeWords) >>> view.pageShift;
    }
    for (const node of placement.members) drawn[node] = 1;
    let red: Uint8Array | null = null;
    if (isRedBlack(kind)) {
      red = new Uint8Array(length);
      for (const node of placement.members) red[node] = nodes.tag[node] === 1 ? 1 : 0;
    }
    // Remember where each node was drawn last: a freed node's ghost goes there. Positions of
    // another viewport size would be meaningless, so a resize forgets them.
    let seen = this.lastSeen;
    if (
      seen === null ||
      seen.x.length !== length ||
      seen.width !== this.width ||
      seen.height !== this.height
    ) {
      seen = {
        x: new Float64Array(length).fill(Number.NaN),
        y: new Float64Array(length).fill(Number.NaN),
        width: this.width,
        height: this.height,
      };
      this.lastSeen = seen;
    }
    for (const node of placement.members) {
      seen.x[node] = g.x[node];
      seen.y[node] = g.y[node];
    }
    return {
      g,
      members: placement.members,
      drawn,
      pageOf,
      keyOf: nodes.key,
      edges: edgesOf(placement, drawn, pageOf),
      red,
      ghostX: seen.x,
      ghostY: seen.y,
    };
  }

  private draw(view: ViewState, current: SimEvent | null, highlightPage: number | null): void {
    this.startOver(view);
    const kind = view.spec.kind;
    const title = STRUCTURES[kind].title;
    const shape = view.heap;
    const unit = shape !== null ? 'slots' : 'nodes';
    if (shape !== null ? view.keys === null : view.nodes === null) {
      const held = shape !== null ? view.lastSlot - shape.rootSlot + 1 : view.itemCount;
      const now =
        held > TREE_MAX_SLOTS
          ? `this ${inSentence(title)} holds ${held} items`
          : `this scenario's ${inSentence(title)} grows beyond that`;
      this.showMessage(
        `The tree view shows structures of up to ${TREE_MAX_SLOTS} ${unit}; ${now}.`,
        `${title} not drawn: more than ${TREE_MAX_SLOTS} ${unit}`,
      );
      return;
    }
    if (shape !== null ? view.lastSlot < shape.rootSlot : view.itemCount === 0) {
      this.showMessage(`The ${inSentence(title)} is empty.`, `${title}, empty`);
      return;
    }
    this.message.attr('display', 'none');
    this.content.attr('display', null);

    let scene: Scene;
    if (shape !== null && view.keys !== null) scene = this.heapScene(view, shape, view.keys);
    else if (view.nodes !== null) scene = this.pointerScene(view, view.nodes);
    else return;
    const { g, members, drawn, pageOf } = scene;
    const { x, y, r } = g;

    // Pages present and their bounding boxes.
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
    let crossings = 0;
    for (const edge of scene.edges) if (edge.cross) crossings++;

    // What the current step touches; a member not drawn (past a heap's tail, a freed node) is
    // shown as a ghost where it was, if that is known.
    const stateClass = new Map<number, string>();
    const ghosts: Ghost[] = [];
    let swap: [number, number] | null = null;
    const mark = (member: number, className: string): void => {
      if (member < 0 || member >= drawn.length) return;
      if (drawn[member] === 1) {
        stateClass.set(member, className);
        return;
      }
      const gx = scene.ghostX[member];
      const gy = scene.ghostY[member];
      if (Number.isFinite(gx) && Number.isFinite(gy))
        ghosts.push({ member, className, x: gx, y: gy });
    };
    if (current !== null) {
      switch (current.kind) {
        case 'compare':
          mark(current.slot, 'tv-compare');
          mark(current.other, 'tv-compare');
          break;
        case 'node-compare':
          mark(current.node, 'tv-compare');
          mark(current.other, 'tv-compare');
          break;
        case 'swap':
          mark(current.slot, 'tv-swap');
          mark(current.other, 'tv-swap');
          if (drawn[current.slot] === 1 && drawn[current.other] === 1)
            swap = [current.slot, current.other];
          break;
        case 'rotate':
          mark(current.node, 'tv-rotate');
          break;
        case 'place':
        case 'clear':
        case 'rekey':
          mark(current.slot, 'tv-write');
          break;
        case 'store':
        case 'node-alloc':
        case 'flip':
          mark(current.node, 'tv-write');
          break;
        case 'node-free':
          mark(current.node, 'tv-freed');
          break;
        case 'touch':
          mark(view.holderOf(current.slot), `tv-touch-${current.outcome}`);
          break;
        default:
          break;
      }
    }

    this.drawBoxes(boxes, highlightPage);
    this.drawEdges(scene.edges, g);
    this.drawNodes(scene, shape !== null ? 'data-slot' : 'data-node', stateClass, highlightPage);
    this.drawGhosts(ghosts, g);
    this.drawSwap(swap, g);
    this.drawLegend(legendKindOf(kind));

    const size = members.length;
    const shown = kind === 'list' ? 'in list order ' : '';
    const edgeWord = kind === 'list' ? 'link' : 'edge';
    this.svg
      .classed('tv-hide-labels', 2 * r < LABEL_MIN_DIAMETER)
      .attr('data-size', size)
      .attr('data-pages', boxes.length)
      .attr('data-crossings', crossings)
      .attr(
        'aria-label',
        `${title}: ${plural(size, 'item')} ${shown}on ${plural(boxes.length, 'page')}, ${plural(crossings, edgeWord)} cross${crossings === 1 ? 'es' : ''} a page boundary`,
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

  private drawEdges(edges: Edge[], g: Geometry): void {
    const { x, y, version } = g;
    this.edges
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

  private drawNodes(
    scene: Scene,
    numberAttribute: 'data-slot' | 'data-node',
    stateClass: Map<number, string>,
    highlightPage: number | null,
  ): void {
    const { g, pageOf, keyOf, red } = scene;
    const { x, y, r, version } = g;
    const mode = this.mode;
    const showLabels = 2 * r >= LABEL_MIN_DIAMETER;
    const base = Math.min(r, 14);
    // The outer ring of a red node: outside the node, inside its page box's padding where possible.
    const ring = r + Math.max(1.5, Math.min(3, g.pad * 0.6));
    this.nodes
      .selectAll<SVGGElement, number>('g.tv-node')
      .data(scene.members, (d) => d)
      .join((enter) =>
        // Cloning one prepared node is several times faster than appending three elements.
        enter
          .append(() => NODE_TEMPLATE.cloneNode(true) as SVGGElement)
          .attr(numberAttribute, (member) => member)
          .attr('data-page', (member) => pageOf[member]),
      )
      .each(function (member) {
        // Attributes are written only when they change: most steps alter two or three nodes.
        const node = this as Cached<SVGGElement>;
        let className = 'tv-node';
        if (red !== null && red[member] === 1) className += ' tv-red';
        const extra = stateClass.get(member);
        if (extra !== undefined) className += ` ${extra}`;
        if (pageOf[member] === highlightPage) className += ' tv-linked';
        if (node.tvClass !== className) {
          node.tvClass = className;
          node.setAttribute('class', className);
        }
        if (node.tvGeometry !== version) {
          node.tvGeometry = version;
          node.tvLabel = undefined;
          node.setAttribute(
            'transform',
            `translate(${x[member].toFixed(1)},${y[member].toFixed(1)})`,
          );
          node.children[0].setAttribute('r', r.toFixed(1));
          node.children[1].setAttribute('r', ring.toFixed(1));
        }
        const label = !showLabels
          ? ''
          : mode === 'slots'
            ? String(member)
            : keyLabel(keyOf[member]);
        if (node.tvLabel === label) return;
        node.tvLabel = label;
        // Shrink long labels to the node's width, and drop them when that would be unreadable.
        const size = Math.min(base, (2 * r * 0.94) / (Math.max(1, label.length) * 0.58));
        const text = node.children[2];
        text.textContent = size >= 7 ? label : '';
        text.setAttribute('font-size', size.toFixed(1));
      });
  }

  private drawGhosts(ghosts: Ghost[], g: Geometry): void {
    this.ghosts
      .selectAll<SVGCircleElement, Ghost>('circle')
      .data(ghosts, (d) => d.member)
      .join('circle')
      .attr('class', (d) => `tv-ghost ${d.className}`)
      .attr('cx', (d) => d.x.toFixed(1))
      .attr('cy', (d) => d.y.toFixed(1))
      .attr('r', g.r.toFixed(1));
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

  /**
   * A one-line key at the bottom: page box, page crossing, compare, and what moves nodes (a heap
   * swaps, a tree rotates); red-black trees add their red node. Rebuilt on resize or a new kind.
   */
  private drawLegend(kind: LegendKind): void {
    const key = `${this.width}/${kind}`;
    this.legend.attr('transform', `translate(${SIDE},${this.height - LEGEND_HEIGHT / 2 - 2})`);
    if (this.legendKey === key && this.legend.node()?.childElementCount) return;
    this.legendKey = key;
    this.legend.selectAll('*').remove();
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
    const node = (group: Layer, className: string, cx: number): void => {
      const disc = group.append('g').attr('class', `tv-node ${className}`);
      disc.append('circle').attr('cx', cx).attr('r', 5);
      disc.append('circle').attr('class', 'tv-ring').attr('cx', cx).attr('r', 7.5);
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
    const crossing =
      kind === 'list' ? 'link crosses a page boundary' : 'edge crosses a page boundary';
    item(26, crossing, (group) => {
      group.append('line').attr('class', 'tv-edge tv-cross').attr('x1', 0).attr('x2', 26);
    });
    if (kind === 'red-black') item(18, 'red node', (group) => node(group, 'tv-red', 9));
    item(14, 'compare', (group) => node(group, 'tv-compare', 7));
    if (kind === 'heap') {
      item(34, 'swap', (group) => {
        node(group, 'tv-swap', 6);
        group
          .append('path')
          .attr('class', 'tv-swap-arrow')
          .attr('d', 'M14,0 L32,0')
          .attr('marker-start', `url(#${marker})`)
          .attr('marker-end', `url(#${marker})`);
      });
    } else if (kind !== 'list') {
      item(14, 'rotate', (group) => node(group, 'tv-rotate', 7));
    }
    item(14, 'write', (group) => node(group, 'tv-write', 7));
  }

  private pointerOver(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target : null;
    const holder = target?.closest('[data-page]') ?? null;
    if (holder === null) {
      this.hover(null);
      return;
    }
    const page = Number(holder.getAttribute('data-page'));
    const text = this.describeNode(holder);
    if (text !== null) {
      let title = holder.querySelector(':scope > title');
      if (title === null) {
        title = document.createElementNS(SVG_NS, 'title');
        holder.append(title);
      }
      if (title.textContent !== text) title.textContent = text;
    }
    this.hover(page);
  }

  /**
   * A node's tooltip, written on hover only (255 titles per step would cost more than the rest);
   * null for what is not a node.
   */
  private describeNode(element: Element): string | null {
    const view = this.last?.view;
    if (view === undefined) return null;
    const slotText = element.getAttribute('data-slot');
    if (slotText !== null) {
      const slot = Number(slotText);
      const key = view.keys === null ? '' : `, key ${view.keys[slot]}`;
      const item = view.items === null ? '' : `, item ${view.items[slot]}`;
      return `slot ${slot}${key}${item}, page ${slot >>> view.pageShift}`;
    }
    const nodeText = element.getAttribute('data-node');
    const nodes = view.nodes;
    if (nodeText === null || nodes === null) return null;
    const node = Number(nodeText);
    const firstWord = node * nodes.nodeWords;
    const lastWord = firstWord + nodes.nodeWords - 1;
    const firstPage = firstWord >>> view.pageShift;
    const lastPage = lastWord >>> view.pageShift;
    // A node size that does not divide the page leaves some nodes straddling two pages.
    const pages =
      firstPage === lastPage
        ? `page ${firstPage}`
        : `pages ${firstPage}–${lastPage} (straddles a page boundary)`;
    let extra = '';
    if (view.spec.kind === 'treap') extra = `, priority ${nodes.tag[node]}`;
    else if (isRedBlack(view.spec.kind)) extra = nodes.tag[node] === 1 ? ', red' : ', black';
    return `node ${node}, key ${nodes.key[node]}, item ${nodes.item[node]}${extra}, words ${firstWord}–${lastWord}, ${pages}`;
  }

  private hover(page: number | null): void {
    if (page === this.hovered) return;
    this.hovered = page;
    this.options.onHoverPage(page);
  }
}
