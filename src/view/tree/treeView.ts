// Any structure drawn as a tree (heaps, search trees) or a chain (the sorted list), its nodes boxed
// by virtual-memory page as in the article's Figures 5 and 6, so the page crossings of each
// operation are visible. This entry owns the svg, its layers and its caches between steps; the
// modules beside it each draw or compute one thing. Positions come from core/explain/treeGeometry.

import { type Selection, select } from 'd3-selection';
import type { SimEvent } from '../../core/events';
import type { ViewState } from '../../core/replay/viewState';
import { STRUCTURES } from '../../core/structures/registry';
import { eventMarksOf } from './currentEvent';
import { drawEdges } from './edges';
import { type Geometry, geometryOf, nextGeometryVersion } from './geometry';
import { drawGhosts } from './ghosts';
import { type HeapLayout, heapLayoutFor, heapScene } from './heapLayout';
import { legendKindOf } from './kinds';
import { type LabelRange, labelsShown, NORMAL_LABELS, type TreeMode } from './labels';
import { drawTreeLegend } from './legend';
import { drawMessage, treeMessageOf, wrapWords } from './message';
import { drawNodes } from './nodes';
import { drawPageBoxes, pageBoxesOf } from './pageBoxes';
import { PathView } from './pathView';
import {
  pointerPlacement,
  pointerScene,
  rememberPositions,
  type SeenPositions,
} from './pointerLayout';
import { crossingsOf, type Scene } from './scene';
import { treeAriaLabel } from './summary';
import { type Layer, layer, SVG_NS } from './svg';
import { appendArrowMarker, drawSwapArrow } from './swapArrow';
import { describeMember } from './tooltip';

export type { LabelRange, TreeMode } from './labels';

export interface TreeViewOptions {
  testId: string;
  onHoverPage: (page: number | null) => void;
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
  private readonly path: PathView;
  private readonly message: Selection<SVGTextElement, unknown, null, undefined>;
  private readonly observer: ResizeObserver;
  /** Id of this view's arrowhead marker. */
  private readonly markerId: string;
  private mode: TreeMode = 'keys';
  private labels: LabelRange = NORMAL_LABELS;
  private pointed: ReadonlySet<number> = new Set();
  private width: number;
  private height: number;
  private frame = 0;
  /** The view last drawn: another one (a new scenario or structure) starts from empty layers. */
  private drawnView: ViewState | null = null;
  /** A heap's placement depends on its shape and capacity only, so it is kept between steps. */
  private heapLayout: HeapLayout | null = null;
  private geometry: Geometry | null = null;
  /** Last pixel position of each node of a pointer structure, for the ghost of a freed node. */
  private lastSeen: SeenPositions | null = null;
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

    // Unique per view: two trees share the document, and marker ids are global.
    this.markerId = `tv-arrow-${options.testId}`;
    appendArrowMarker(this.svg, this.markerId);

    this.content = this.svg.append('g').attr('class', 'tv-content');
    this.boxes = layer(this.content, 'tv-boxes');
    this.edges = layer(this.content, 'tv-edges');
    this.ghosts = layer(this.content, 'tv-ghosts');
    this.nodes = layer(this.content, 'tv-nodes');
    this.arrows = layer(this.content, 'tv-arrows').attr('data-marker', this.markerId);
    this.legend = layer(this.content, 'tv-legend');
    this.message = this.svg.append('text').attr('class', 'tv-message').attr('display', 'none');
    this.path = new PathView(this.svg.append('g').attr('class', 'tv-path').attr('display', 'none'));

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

  /** Keys or slot numbers on the nodes, from the next render on (the caller renders next). */
  setMode(mode: TreeMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.svg.attr('data-mode', mode);
    // Labels depend on the mode: a new version makes every node rewrite its label.
    if (this.geometry !== null)
      this.geometry = { ...this.geometry, version: nextGeometryVersion() };
  }

  /** Label font limits: presenter mode asks for 18 px at least (smaller labels are dropped). */
  setLabelRange(range: LabelRange): void {
    if (range.min === this.labels.min && range.max === this.labels.max) return;
    this.labels = range;
    if (this.geometry !== null)
      this.geometry = { ...this.geometry, version: nextGeometryVersion() };
    this.redraw();
  }

  /** Members (slots or nodes) a scene points at; ringed until another set replaces them. */
  setPointed(members: ReadonlySet<number>): void {
    this.pointed = members;
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
    drawMessage(this.message, wrapWords(text, this.width), this.width, this.height);
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

  private heapScene(view: ViewState, keys: Float64Array): Scene | null {
    if (view.heap === null) return null;
    const layout = heapLayoutFor(view.heap, keys.length - 1, this.heapLayout);
    if (layout !== this.heapLayout) {
      this.heapLayout = layout;
      this.geometry = null;
    }
    // The placement holds the capacity's slots: only a new size moves them.
    let g = this.geometry;
    if (g === null || g.width !== this.width || g.height !== this.height) {
      g = geometryOf(layout.placement, this.width, this.height, null);
    }
    this.resizeViewBox(g);
    return heapScene(view, layout, keys, g);
  }

  private pointerScene(view: ViewState): Scene | null {
    const nodes = view.nodes;
    if (nodes === null) return null;
    const placement = pointerPlacement(view.spec.kind, nodes, view.root, this.width, this.height);
    const g = geometryOf(placement, this.width, this.height, this.geometry);
    this.resizeViewBox(g);
    this.lastSeen = rememberPositions(this.lastSeen, placement, g, nodes.live.length);
    return pointerScene(view, nodes, placement, g, this.lastSeen);
  }

  private draw(view: ViewState, current: SimEvent | null, highlightPage: number | null): void {
    this.startOver(view);
    const kind = view.spec.kind;
    const title = STRUCTURES[kind].title;
    const message = treeMessageOf(view);
    const shape = view.heap;
    if (
      message !== null &&
      shape !== null &&
      view.keys === null &&
      view.lastSlot >= shape.rootSlot
    ) {
      // Too large to draw whole: the path of the current step.
      this.svg.attr('viewBox', `0 0 ${this.width} ${this.height}`);
      this.geometry = null;
      this.content.attr('display', 'none');
      this.message.attr('display', 'none');
      const label = this.path.draw(shape, view.lastSlot, current, this.width, this.height);
      this.svg.attr('aria-label', label).attr('data-size', null).attr('data-mode-view', 'path');
      return;
    }
    this.path.hide();
    this.svg.attr('data-mode-view', 'tree');
    if (message !== null) {
      this.showMessage(message.text, message.aria);
      return;
    }
    this.message.attr('display', 'none');
    this.content.attr('display', null);

    const isHeap = view.heap !== null;
    let scene: Scene | null = null;
    if (isHeap && view.keys !== null) scene = this.heapScene(view, view.keys);
    else if (view.nodes !== null) scene = this.pointerScene(view);
    if (scene === null) return;
    const { g, members, pageOf } = scene;

    const boxes = pageBoxesOf(members, pageOf, g);
    const crossings = crossingsOf(scene.edges);
    const marks = eventMarksOf(current, scene, view);

    drawPageBoxes(this.boxes, boxes, highlightPage, g.r);
    drawEdges(this.edges, scene.edges, g);
    drawNodes(
      this.nodes,
      scene,
      isHeap ? 'data-slot' : 'data-node',
      marks.stateClass,
      highlightPage,
      { mode: this.mode, labels: this.labels, pointed: this.pointed },
    );
    drawGhosts(this.ghosts, marks.ghosts, g);
    drawSwapArrow(this.arrows, marks.swap, g, this.markerId);
    this.legendKey = drawTreeLegend(
      this.legend,
      legendKindOf(kind),
      this.width,
      this.height,
      this.markerId,
      this.legendKey,
    );

    this.svg
      .classed('tv-hide-labels', !labelsShown(g.r))
      .attr('data-size', members.length)
      .attr('data-pages', boxes.length)
      .attr('data-crossings', crossings)
      .attr('aria-label', treeAriaLabel(title, kind, members.length, boxes.length, crossings));
  }

  private pointerOver(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target : null;
    const holder = target?.closest('[data-page]') ?? null;
    if (holder === null) {
      this.hover(null);
      return;
    }
    const page = Number(holder.getAttribute('data-page'));
    // Written on hover only: 255 titles per step would cost more than the rest of a draw.
    const view = this.last?.view;
    const text =
      view === undefined
        ? null
        : describeMember(view, holder.getAttribute('data-slot'), holder.getAttribute('data-node'));
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

  private hover(page: number | null): void {
    if (page === this.hovered) return;
    this.hovered = page;
    this.options.onHoverPage(page);
  }
}
