// Any structure drawn as a tree (heaps, search trees) or a chain (the sorted list), its nodes boxed
// by virtual-memory page as in the article's Figures 5 and 6, so the page crossings of each
// operation are visible. This entry owns the svg, its layers and its caches between steps; the
// modules beside it each draw or compute one thing. Positions come from core/explain/treeGeometry.

import { type Selection, select } from 'd3-selection';
import type { SimEvent } from '../../core/events';
import type { ViewState } from '../../core/replay/viewState';
import { STRUCTURES } from '../../core/structures/registry';
import { bestRegion, type Rect, type Region, regionDrawHeight, regionsAround } from './clearRegion';
import { drawContextMap } from './contextMap';
import { type EventMarks, eventMarksOf } from './currentEvent';
import { drawEdges } from './edges';
import { aboveCorner, drawFocusMarks, STUB_DEPTH } from './focus';
import { type Geometry, LEGEND_HEIGHT } from './geometry';
import { drawGhosts } from './ghosts';
import { legendKindOf } from './kinds';
import {
  keyLabel,
  type LabelRange,
  labelEm,
  labelRadius,
  labelsShown,
  NORMAL_LABELS,
  type TreeMode,
} from './labels';
import { drawTreeLegend } from './legend';
import { drawMessage, treeMessageOf, wrapWords } from './message';
import { drawNodes } from './nodes';
import { overviewLabels, pageLabelRect, pageLabelsShown, type SideLabel } from './overviewLabels';
import { drawPageBoxes, type PageBox, pageBoxesOf } from './pageBoxes';
import { PathView } from './pathView';
import { crossingsOf } from './scene';
import { treeAriaLabel } from './summary';
import { type Layer, layer, SVG_NS } from './svg';
import { appendArrowMarker, drawSwapArrow } from './swapArrow';
import { describeMember } from './tooltip';
import { type Detail, TreeDetail } from './treeDetail';
import { focusWindow, isZoomed, type Window } from './zoom';

export type { LabelRange, TreeMode } from './labels';

interface TreeViewOptions {
  testId: string;
  onHoverPage: (page: number | null) => void;
}

export class TreeView {
  readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  /** Moves the drawing into the region the box's controls leave (clearRegion.ts). */
  private readonly frame: Layer;
  private readonly content: Layer;
  private readonly boxes: Layer;
  private readonly edges: Layer;
  private readonly ghosts: Layer;
  /** A focus tree's hidden subtrees and the levels above it. */
  private readonly stubs: Layer;
  private readonly arrows: Layer;
  private readonly nodes: Layer;
  /** The page boxes' names, over the nodes. */
  private readonly pageLabels: Layer;
  private readonly legend: Layer;
  /** The whole tree in small, while the box shows a zoomed window of it. */
  private readonly map: Layer;
  /** Holds the map and the path view at the region's corner. */
  private readonly overlay: Layer;
  private readonly pathFrame: Layer;
  /** Clips a zoomed list to its region, so no node slides under the controls. */
  private readonly clipRect: Selection<SVGRectElement, unknown, null, undefined>;
  private readonly clipId: string;
  /** The controls over the box (zoom buttons) the observer watches, once they are there. */
  private watched: Element | null = null;
  /** The controls' size as the last draw measured it (border box, CSS px). */
  private controlsSize = { width: -1, height: -1 };
  /** The node radius this draw's widest label needs inside its node. */
  private labelRadius = 0;
  /** Where this draw puts the tree: the box less the corner its controls take. */
  private region: Region = { x: 0, y: 0, width: 600, height: 300 };
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
  private animation = 0;
  /** The view last drawn: another one (a new scenario or structure) starts from empty layers. */
  private drawnView: ViewState | null = null;
  /** The level of detail, and what one draw lends the next. */
  private readonly detail = new TreeDetail();
  /** A reader's zoom on top of what the labels need (1: just what they need). */
  private scale = 1;
  private legendOn = true;
  /** The part of a zoomed tree the box shows (its top-left corner, in the tree's px). */
  private window: Window = { x: 0, y: 0 };
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

    this.clipId = `tv-clip-${options.testId}`;
    this.clipRect = this.svg
      .append('clipPath')
      .attr('id', this.clipId)
      .append('rect')
      .attr('width', this.width)
      .attr('height', this.height);
    this.frame = this.svg.append('g').attr('class', 'tv-frame');
    this.content = this.frame.append('g').attr('class', 'tv-content');
    this.boxes = layer(this.content, 'tv-boxes');
    this.edges = layer(this.content, 'tv-edges');
    this.ghosts = layer(this.content, 'tv-ghosts');
    this.stubs = layer(this.content, 'tv-stubs');
    this.nodes = layer(this.content, 'tv-nodes');
    this.arrows = layer(this.content, 'tv-arrows').attr('data-marker', this.markerId);
    this.pageLabels = layer(this.content, 'tv-page-labels');
    // Outside the content: a zoomed tree moves under them, the legend and the map stay put.
    this.legend = this.svg.append('g').attr('class', 'tv-legend');
    this.overlay = this.svg.append('g').attr('class', 'tv-overlay');
    this.map = this.overlay.append('g').attr('class', 'tv-map').attr('display', 'none');
    this.message = this.svg.append('text').attr('class', 'tv-message').attr('display', 'none');
    this.pathFrame = this.svg.append('g').attr('class', 'tv-path-frame');
    this.path = new PathView(
      this.pathFrame.append('g').attr('class', 'tv-path').attr('display', 'none'),
    );

    // Re-layout on the next frame, not inside the callback, so no observer loop can arise.
    this.observer = new ResizeObserver((entries) => {
      // The controls over the box shown, hidden or resized: the region they leave changes. Not
      // the first report after observe(), which gives the size the draw just measured (it
      // redrew every tree once more on load, a full draw in the first second).
      const controls = entries.some((entry) => {
        if (entry.target === element) return false;
        const size = entry.borderBoxSize?.[0];
        if (size === undefined) return true;
        return (
          Math.abs(size.inlineSize - this.controlsSize.width) >= 0.5 ||
          Math.abs(size.blockSize - this.controlsSize.height) >= 0.5
        );
      });
      const box = entries.filter((entry) => entry.target === element).pop()?.contentRect;
      const resized =
        box !== undefined &&
        box.width > 0 &&
        box.height > 0 &&
        (Math.abs(box.width - this.width) >= 0.5 || Math.abs(box.height - this.height) >= 0.5);
      if (!resized && !controls) return;
      if (resized) {
        this.width = box.width;
        this.height = box.height;
      }
      cancelAnimationFrame(this.animation);
      this.animation = requestAnimationFrame(() => this.redraw());
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
    // Labels depend on the mode: a new geometry makes every node rewrite its label.
    this.detail.invalidate();
  }

  /** Label font limits: presenter mode asks for 18 px at least (smaller labels are dropped). */
  setLabelRange(range: LabelRange): void {
    if (range.min === this.labels.min && range.max === this.labels.max) return;
    this.labels = range;
    this.detail.invalidate();
    this.redraw();
  }

  /**
   * A reader's zoom (the zoom buttons, a pinch): 1 draws the tree as large as its labels need,
   * more draws it larger still (fewer levels), and under 1 the whole tree however small.
   */
  setScale(scale: number): void {
    const next = Math.min(3, Math.max(0.5, scale));
    if (next === this.scale) return;
    this.scale = next;
    this.redraw();
  }

  get zoomScale(): number {
    return this.scale;
  }

  /** The legend along the bottom: off where the box is short (its rows go to the nodes). */
  setLegend(on: boolean): void {
    if (on === this.legendOn) return;
    this.legendOn = on;
    this.detail.invalidate();
    this.redraw();
  }

  /** The height the nodes are placed in (clearRegion.ts). */
  private get drawHeight(): number {
    return regionDrawHeight(this.region, this.height, this.legendOn);
  }

  /**
   * The controls over the box (a phone's zoom buttons, touch.ts) in the box's px, or null when
   * there are none or they are hidden. Watched from the first draw that finds them, since they
   * are added after the view and shown or hidden by the layout's style.
   */
  private controls(): Rect | null {
    const element = this.svg.node();
    const overlay = element?.parentElement?.querySelector('.zoom-buttons') ?? null;
    if (element === null || overlay === null) return null;
    if (this.watched !== overlay) {
      if (this.watched !== null) this.observer.unobserve(this.watched);
      this.watched = overlay;
      this.observer.observe(overlay);
    }
    const controls = overlay.getBoundingClientRect();
    this.controlsSize = { width: controls.width, height: controls.height };
    if (controls.width <= 0 || controls.height <= 0) return null;
    // The viewBox maps the svg's px 1:1 (setViewBox), so client px less its corner are box px.
    const box = element.getBoundingClientRect();
    return {
      x0: controls.left - box.left,
      y0: controls.top - box.top,
      x1: controls.right - box.left,
      y1: controls.bottom - box.top,
    };
  }

  /**
   * The region the tree is drawn in: the whole box, or where controls take a corner, the box less
   * their column or less their strip (clearRegion.ts), for nodes of radius `radius`.
   */
  private chooseRegion(radius: number): void {
    const regions = regionsAround(this.width, this.height, this.controls(), this.legendOn);
    const best = bestRegion(regions, radius, this.height, this.legendOn) ?? {
      x: 0,
      y: 0,
      width: this.width,
      height: this.height,
    };
    this.region = best;
    const offset = `translate(${best.x.toFixed(1)},${best.y.toFixed(1)})`;
    this.overlay.attr('transform', offset);
    this.pathFrame.attr('transform', offset);
    this.frame.attr('transform', offset);
    this.clipRect.attr('width', best.width).attr('height', best.height);
  }

  /** Members (slots or nodes) a scene points at; ringed until another set replaces them. */
  setPointed(members: ReadonlySet<number>): void {
    this.pointed = members;
  }

  render(view: ViewState, current: SimEvent | null, highlightPage: number | null): void {
    this.last = { view, current, highlightPage };
    // This draw is at the new size: a redraw the observer asked for would only repeat it.
    cancelAnimationFrame(this.animation);
    this.measure();
    this.draw(view, current, highlightPage);
  }

  /**
   * The box's size now, where it differs by a pixel or more from the last the observer gave: a
   * row above filled in the same task (a large run's resident pages, wrapping on a phone) has
   * resized it already, and the observer would say so only after this draw, for a second one.
   */
  private measure(): void {
    const element = this.svg.node();
    const width = element?.clientWidth ?? 0;
    const height = element?.clientHeight ?? 0;
    if (width <= 0 || height <= 0) return;
    if (Math.abs(width - this.width) >= 1) this.width = width;
    if (Math.abs(height - this.height) >= 1) this.height = height;
  }

  /** Stops the observer and removes the svg. */
  destroy(): void {
    this.observer.disconnect();
    cancelAnimationFrame(this.animation);
    this.svg.remove();
  }

  private redraw(): void {
    if (this.last !== null) this.draw(this.last.view, this.last.current, this.last.highlightPage);
  }

  private showMessage(text: string, aria: string): void {
    // The viewBox may still be the size guessed before the svg was in the page: match the
    // current size, or the message is drawn scaled down.
    this.svg.attr('viewBox', `0 0 ${this.width} ${this.height}`);
    this.detail.invalidate();
    this.content.attr('display', 'none');
    drawContextMap(this.map, [], null);
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
    for (const group of [
      this.boxes,
      this.edges,
      this.ghosts,
      this.nodes,
      this.arrows,
      this.pageLabels,
    ]) {
      group.selectAll('*').remove();
    }
    this.detail.reset();
  }

  /** The box shows the tree 1:1 (a larger tree is moved under it, not scaled). */
  private setViewBox(): void {
    this.svg.attr('viewBox', `0 0 ${this.width} ${this.height}`);
  }

  /** The node radius at which the widest label the tree shows is drawn at its least size. */
  private minRadius(keys: ArrayLike<number>, members: Iterable<number>): number {
    // Widest by the font's advance widths, not by characters: '1.8G' is narrower than '9999'.
    let widest = '0';
    let widestEm = labelEm(widest);
    for (const member of members) {
      const label = this.mode === 'slots' ? String(member) : keyLabel(keys[member]);
      const em = labelEm(label);
      if (em > widestEm) {
        widest = label;
        widestEm = em;
      }
    }
    return labelRadius(widest, this.labels);
  }

  /** The level of detail the box allows for this view, and its scene. */
  private detailOf(view: ViewState, current: SimEvent | null): Detail | null {
    const heap = view.heap !== null && view.keys !== null;
    const nodes = view.nodes;
    let minRadius = 0;
    if (heap && view.keys !== null) minRadius = this.minRadius(view.keys, heapMembers(view));
    else if (nodes !== null) minRadius = this.minRadius(nodes.key, liveMembers(nodes.live));
    else return null;
    this.labelRadius = minRadius;
    this.chooseRegion(minRadius);
    const ask = {
      width: this.region.width,
      height: this.drawHeight,
      minRadius,
      scale: this.scale,
      // With no legend's row under the region its nodes reach the region's bottom: a focus
      // tree's hidden-subtree marks under its last level need their own room there.
      stubRoom: this.drawHeight > this.region.height ? STUB_DEPTH : 0,
    };
    if (heap && view.keys !== null) return this.detail.heap(view, view.keys, current, ask);
    return this.detail.pointer(view, current, ask);
  }

  /**
   * A list larger than its box is moved so the box shows the current step, and the map in the
   * corner shows where that is in the whole; otherwise the tree sits in the box as placed.
   */
  private placeWindow(g: Geometry, detail: Detail, marks: EventMarks, boxes: PageBox[]): void {
    const { width, height } = this.region;
    if (detail.mode !== 'window' || !isZoomed(g, width, this.drawHeight)) {
      this.window = { x: 0, y: 0 };
      this.content.attr('transform', null);
      this.frame.attr('clip-path', null);
      drawContextMap(this.map, boxes, null);
      return;
    }
    const parentOf = detail.placement.parentOf;
    this.window = focusWindow(
      g,
      [...marks.stateClass.keys()],
      (member) => parentOf[member] ?? -1,
      width,
      height,
      this.window,
    );
    // The list runs past its region: cut at the region's edge, not under the controls.
    this.frame.attr('clip-path', `url(#${this.clipId})`);
    this.content.attr(
      'transform',
      `translate(${(-this.window.x).toFixed(1)},${(-this.window.y).toFixed(1)})`,
    );
    drawContextMap(this.map, boxes, {
      treeWidth: g.width,
      treeHeight: g.height,
      boxWidth: width,
      boxHeight: height,
      window: this.window,
    });
  }

  /**
   * Keys beside the nodes of a tree drawn too small to hold them (a reader zoomed out): the
   * step's members and their path first, then level by level where there is room.
   */
  private sideLabels(
    detail: Detail,
    marks: EventMarks,
    boxes: PageBox[],
    shownPages: ReadonlySet<number>,
  ): Map<number, SideLabel> {
    const { g, members, keyOf } = detail.scene;
    if (detail.mode === 'window' || g.r >= this.labelRadius * 0.99) return new Map();
    const region = this.region;
    const legendBelow = this.legendOn && region.y + region.height >= this.height - 0.5;
    const right = region.width;
    return overviewLabels({
      members,
      x: g.x,
      y: g.y,
      r: g.r,
      parentOf: detail.placement.parentOf,
      textOf: (member) => (this.mode === 'slots' ? String(member) : keyLabel(keyOf[member])),
      focus: [...marks.stateClass.keys()],
      size: this.labels.min,
      width: right,
      height: legendBelow ? region.height - LEGEND_HEIGHT : region.height,
      obstacles: boxes
        .filter((box) => shownPages.has(box.page))
        .map((box) => pageLabelRect(box, this.labels.min, right)),
    });
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
      this.detail.invalidate();
      this.content.attr('display', 'none');
      this.message.attr('display', 'none');
      drawContextMap(this.map, [], null);
      // The path's boxes hold labels such as 'p12·3' at the least size.
      this.chooseRegion(labelRadius('p12·3', this.labels));
      const label = this.path.draw(
        shape,
        view.lastSlot,
        current,
        this.region.width,
        this.region.height,
        this.labels.min,
      );
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
    const detail = this.detailOf(view, current);
    if (detail === null) return;
    this.setViewBox();
    const { scene } = detail;
    const { g, members, pageOf } = scene;

    const boxes = pageBoxesOf(members, pageOf, g);
    const crossings = crossingsOf(scene.edges);
    const marks = eventMarksOf(current, scene, view);

    // A zoomed list's labels may run on: its region clips them.
    const right = detail.mode === 'window' ? Number.POSITIVE_INFINITY : this.region.width;
    const shownPages = pageLabelsShown(boxes, this.labels.min, right);
    drawPageBoxes(
      this.boxes,
      this.pageLabels,
      boxes,
      highlightPage,
      g.r,
      this.labels.min,
      right,
      shownPages,
    );
    const side = this.sideLabels(detail, marks, boxes, shownPages);
    drawEdges(this.edges, scene.edges, g);
    drawNodes(
      this.nodes,
      scene,
      isHeap ? 'data-slot' : 'data-node',
      marks.stateClass,
      highlightPage,
      { mode: this.mode, labels: this.labels, pointed: this.pointed, side },
    );
    drawGhosts(this.ghosts, marks.ghosts, g);
    drawSwapArrow(this.arrows, marks.swap, g, this.markerId);
    drawFocusMarks(
      this.stubs,
      g,
      detail.focus?.hidden ?? new Map(),
      detail.focus?.above ?? 0,
      isHeap ? 'slot' : 'node',
      // "… 2 levels above" is about 16 characters of the least label size.
      aboveCorner(boxes, this.region.width, 16 * 0.6 * Math.max(12, this.labels.min)),
      // The marks end a pixel inside the region: nothing is drawn past the box.
      this.region.height - 1,
    );
    this.placeWindow(g, detail, marks, boxes);
    this.legend.attr('display', this.legendOn ? null : 'none');
    if (this.legendOn)
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
      .attr('data-detail', detail.mode)
      .attr('data-label-min', this.labels.min)
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

/** The slots a heap's tree draws: its root to its tail. */
function* heapMembers(view: ViewState): Iterable<number> {
  const shape = view.heap;
  if (shape === null) return;
  for (let slot = shape.rootSlot; slot <= view.lastSlot; slot++) yield slot;
}

/** The live nodes of an arena (node 0 is the header). */
function* liveMembers(live: ArrayLike<number>): Iterable<number> {
  for (let node = 1; node < live.length; node++) if (live[node] === 1) yield node;
}
