// The tree view's level of detail for one draw: the whole tree when every label fits the box, else
// the focus tree (the path to the current step, core/explain/focusPlacement.ts) for heaps and
// search trees, or the list drawn larger with the box as a window on it. Keeps what one draw
// lends the next: the placement's geometry (so a step that moves nothing rewrites nothing) and
// the focus (so a step that touches nothing keeps it).

import type { SimEvent } from '../../core/events';
import { type FocusPlacement, focusPlacement } from '../../core/explain/focusPlacement';
import { pagesSpanned, siftPath } from '../../core/explain/siftPath';
import type { Placement } from '../../core/explain/treeGeometry';
import type { ViewState } from '../../core/replay/viewState';
import { focusOfEvent } from './focus';
import { type Geometry, geometryOf, levelsFit, usableWidth } from './geometry';
import { type HeapLayout, heapLayoutFor, heapScene } from './heapLayout';
import {
  pointerPlacement,
  pointerScene,
  rememberPositions,
  type SeenPositions,
} from './pointerLayout';
import type { Scene } from './scene';
import { detailGeometry } from './zoom';

/** How a draw shows the tree. */
type DetailMode = 'whole' | 'focus' | 'window';

export interface Detail {
  scene: Scene;
  mode: DetailMode;
  /** The placement drawn (the focus tree's, in focus mode). */
  placement: Placement;
  /** In focus mode: levels above and hidden subtrees. */
  focus: FocusPlacement | null;
}

/** What a draw asks: the box, the least node radius its labels need, and the reader's zoom. */
interface DetailRequest {
  width: number;
  height: number;
  minRadius: number;
  /** Below 1: the whole tree however small (an overview the reader asked for). */
  scale: number;
  /**
   * Height a focus tree keeps free under its last level for the marks of its hidden subtrees
   * (focus.ts) where no legend's room lies below it and its labels keep their size so: the marks
   * were drawn past the box's bottom.
   */
  stubRoom?: number;
}

export class TreeDetail {
  private heapLayout: HeapLayout | null = null;
  /** The placement of the slots drawn now (root to tail): a small heap shown whole uses it. */
  private tailLayout: HeapLayout | null = null;
  private fit: { key: string; g: Geometry } | null = null;
  private geometry: Geometry | null = null;
  private focusMember = -1;
  /** Last pixel position of each node of a pointer structure, for the ghost of a freed node. */
  private lastSeen: SeenPositions | null = null;

  /** Forgets everything: another view (scenario or structure) is drawn next. */
  reset(): void {
    this.heapLayout = null;
    this.tailLayout = null;
    this.fit = null;
    this.geometry = null;
    this.focusMember = -1;
    this.lastSeen = null;
  }

  /** Another label mode or size: every node rewrites its label at the next draw. */
  invalidate(): void {
    this.geometry = null;
    this.fit = null;
  }

  heap(
    view: ViewState,
    keys: Float64Array,
    current: SimEvent | null,
    ask: DetailRequest,
  ): Detail | null {
    if (view.heap === null) return null;
    const layout = heapLayoutFor(view.heap, keys.length - 1, this.heapLayout);
    if (layout !== this.heapLayout) {
      this.heapLayout = layout;
      this.invalidate();
    }
    const drawn = heapDrawn(view, layout);
    const full = layout.placement;
    const fit = this.fitOf(full, ask);
    if (fit.r >= ask.minRadius * 0.99 || ask.scale < 1) {
      this.geometry = fit;
      return {
        scene: heapScene(view, layout, keys, fit),
        mode: 'whole',
        placement: full,
        focus: null,
      };
    }
    // The capacity's places do not fit labelled, but the slots drawn now may (a heap early in
    // its run): then they show whole, placed as they stand (they move when the tail does).
    const tail = Math.min(Math.max(view.lastSlot, view.heap.rootSlot), layout.maxSlot);
    this.tailLayout = heapLayoutFor(view.heap, tail, this.tailLayout);
    const tailFit = geometryOf(
      this.tailLayout.placement,
      ask.width,
      ask.height,
      this.geometry,
      ask.minRadius,
    );
    if (tailFit.r >= ask.minRadius * 0.99) {
      this.geometry = tailFit;
      return {
        scene: heapScene(view, this.tailLayout, keys, tailFit),
        mode: 'whole',
        placement: this.tailLayout.placement,
        focus: null,
      };
    }
    const focus = this.focusIn(current, full, drawn, (word) => word, view.heap.rootSlot);
    const pageShift = view.pageShift;
    const chosen = this.focusAcrossPages(
      full,
      drawn,
      focus,
      ask,
      keys,
      (slot) => slot >>> pageShift,
    );
    const shown = new Uint8Array(drawn.length);
    for (const member of chosen.focus.placement.members) shown[member] = 1;
    return {
      scene: heapScene(
        view,
        { ...layout, placement: chosen.focus.placement },
        keys,
        chosen.g,
        shown,
      ),
      mode: 'focus',
      placement: chosen.focus.placement,
      focus: chosen.focus,
    };
  }

  pointer(view: ViewState, current: SimEvent | null, ask: DetailRequest): Detail | null {
    const nodes = view.nodes;
    if (nodes === null) return null;
    const full = pointerPlacement(view.spec.kind, nodes, view.root, ask.width, ask.height);
    const whole = geometryOf(full, ask.width, ask.height, this.geometry, ask.minRadius);
    const list = view.spec.kind === 'list';
    if (whole.r >= ask.minRadius * 0.99 || ask.scale < 1 || full.members.length === 0) {
      return this.pointerDetail(view, full, whole, 'whole', null);
    }
    if (list) {
      // A chain has no path to follow: drawn larger, the box a window on it (zoom.ts).
      const g = detailGeometry(
        full,
        ask.width,
        ask.height,
        ask.minRadius,
        this.geometry,
        ask.scale,
      );
      return this.pointerDetail(view, full, g, 'window', null);
    }
    const drawn = new Uint8Array(full.column.length);
    for (const member of full.members) drawn[member] = 1;
    const root = full.members.find((member) => full.parentOf[member] < 0) ?? full.members[0];
    const focus = this.focusIn(current, full, drawn, (word) => view.holderOf(word), root);
    const chosen = this.focusTree(full, drawn, focus, ask);
    return this.pointerDetail(view, chosen.focus.placement, chosen.g, 'focus', chosen.focus);
  }

  private pointerDetail(
    view: ViewState,
    placement: Placement,
    g: Geometry,
    mode: DetailMode,
    focus: FocusPlacement | null,
  ): Detail | null {
    const nodes = view.nodes;
    if (nodes === null) return null;
    this.geometry = g;
    this.lastSeen = rememberPositions(this.lastSeen, placement, g, nodes.live.length);
    return {
      scene: pointerScene(view, nodes, placement, g, this.lastSeen),
      mode,
      placement,
      focus,
    };
  }

  /** The whole placement's geometry in the box, kept while the box and placement stay. */
  private fitOf(full: Placement, ask: DetailRequest): Geometry {
    const key = `${ask.width}x${ask.height}/${ask.minRadius.toFixed(2)}`;
    if (this.fit === null || this.fit.key !== key) {
      this.fit = { key, g: geometryOf(full, ask.width, ask.height, null, ask.minRadius) };
    }
    return this.fit.g;
  }

  /** The step's member, else the focus kept from before if it is still drawn, else `fallback`. */
  private focusIn(
    current: SimEvent | null,
    full: Placement,
    drawn: Uint8Array,
    holderOf: (word: number) => number,
    fallback: number,
  ): number {
    const fromEvent = focusOfEvent(current, full, holderOf);
    const usable = (member: number | null): member is number =>
      member !== null && member >= 0 && member < drawn.length && drawn[member] === 1;
    if (usable(fromEvent)) this.focusMember = fromEvent;
    else if (!usable(this.focusMember)) this.focusMember = fallback;
    return this.focusMember;
  }

  /**
   * The focus tree, moved down the sift path while it would show one page only: a figure about
   * pages shows a boundary, and the view never shrinks to the root's page when what the step
   * leads to lies lower (the step's own member stays shown where the levels allow it).
   */
  private focusAcrossPages(
    full: Placement,
    drawn: Uint8Array,
    focus: number,
    ask: DetailRequest,
    keys: Float64Array,
    pageOf: (member: number) => number,
  ): { focus: FocusPlacement; g: Geometry } {
    const first = this.focusTree(full, drawn, focus, ask);
    if (pagesSpanned(first.focus.placement.members, pageOf) >= 2) return first;
    for (const member of siftPath(full, drawn, keys, focus).slice(1)) {
      const deeper = this.focusTree(full, drawn, member, ask);
      if (pagesSpanned(deeper.focus.placement.members, pageOf) >= 2) return deeper;
    }
    // One page all the way down (a heap that fits in it): the step's own focus tree.
    this.geometry = first.g;
    return first;
  }

  /**
   * The focus tree with the most levels whose labels fit: fewer levels below the focus first,
   * then fewer above, until the nodes reach the radius the labels need (or two levels remain).
   */
  private focusTree(
    full: Placement,
    drawn: Uint8Array,
    focus: number,
    ask: DetailRequest,
  ): { focus: FocusPlacement; g: Geometry } {
    const radius = ask.minRadius * Math.max(1, ask.scale);
    const room = ask.stubRoom ?? 0;
    let levels = Math.max(2, Math.floor(levelsFit(ask.height, radius)));
    // As many levels under the focus as the box has rows for (fewer if their columns do not fit).
    let below = Math.max(2, levels - 1 - full.level[focus]);
    for (;;) {
      const placed = focusPlacement(full, drawn, focus, levels, below);
      // The room for the hidden subtrees' marks kept under the last level where every label
      // keeps its size so; never at the cost of a level or a label (a phone's 97 px tree kept
      // its root alone): there the marks shrink to the room left (focus.ts).
      // The roomy geometry first: the whole height is laid out only where it does not fit.
      const roomy =
        room > 0
          ? geometryOf(placed.placement, ask.width, ask.height - room, this.geometry, radius)
          : null;
      const g =
        roomy !== null && roomy.r >= radius
          ? roomy
          : geometryOf(placed.placement, ask.width, ask.height, this.geometry, radius);
      const columnsFit = (usableWidth(ask.width) * 0.44) / radius;
      if (g.r >= radius * 0.99 || (below === 0 && levels <= 2)) {
        this.geometry = g;
        return { focus: placed, g };
      }
      if (placed.placement.columns > columnsFit && below > 0) below--;
      else if (levels > 2) levels--;
      else below = Math.max(0, below - 1);
    }
  }
}

/** 1 for the slots a heap's tree draws: root to tail, less the strict B-heap's empty positions. */
function heapDrawn(view: ViewState, layout: HeapLayout): Uint8Array {
  const drawn = new Uint8Array(layout.maxSlot + 1);
  const shape = layout.shape;
  const last = Math.min(view.lastSlot, layout.maxSlot);
  for (let slot = shape.rootSlot; slot <= last; slot++) {
    if (shape.gaps?.isGap(slot) !== true) drawn[slot] = 1;
  }
  return drawn;
}
