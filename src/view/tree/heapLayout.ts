// Heaps in the tree view: slots placed by the layout's index map, and the scene of one step.

import { heapPlacement, type Placement } from '../../core/explain/treeGeometry';
import type { HeapShape, ViewState } from '../../core/replay/viewState';
import type { Geometry } from './geometry';
import { edgesOf, type Scene } from './scene';

/** A heap's placement depends on its shape and capacity (its highest slot) only. */
export interface HeapLayout {
  shape: HeapShape;
  maxSlot: number;
  placement: Placement;
}

/** `previous` when it still fits the shape and capacity, else a new placement. */
export function heapLayoutFor(
  shape: HeapShape,
  maxSlot: number,
  previous: HeapLayout | null,
): HeapLayout {
  if (previous !== null && previous.shape === shape && previous.maxSlot === maxSlot)
    return previous;
  return { shape, maxSlot, placement: heapPlacement(shape, maxSlot) };
}

/**
 * Slots rootSlot..tail (less any gaps) drawn at their places in the capacity's tree; keys indexed
 * by slot. `only`, when given, draws just the slots it marks 1 (a focus tree's).
 */
export function heapScene(
  view: Pick<ViewState, 'lastSlot' | 'pageShift'>,
  layout: HeapLayout,
  keys: Float64Array,
  g: Geometry,
  only?: Uint8Array,
): Scene {
  const { shape, maxSlot, placement } = layout;
  const lastSlot = Math.min(view.lastSlot, maxSlot);
  const drawn = new Uint8Array(maxSlot + 1);
  const pageOf = new Int32Array(maxSlot + 1);
  const members: number[] = [];
  for (let slot = 0; slot <= maxSlot; slot++) pageOf[slot] = slot >>> view.pageShift;
  for (let slot = shape.rootSlot; slot <= lastSlot; slot++) {
    // A slot the layout never uses (the strict B-heap's positions 0 and 1 of a later page)
    // holds nothing to draw, though it lies below the tail.
    if (shape.gaps?.isGap(slot) === true) continue;
    if (only !== undefined && only[slot] !== 1) continue;
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
