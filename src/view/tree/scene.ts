// What one draw of the tree view shows: members, their pages and keys, the edges between them.

import { NO_PARENT, type Placement } from '../../core/explain/treeGeometry';
import type { Geometry } from './geometry';

/** A parent-child edge (the list: a link from a node to the next); the key names both ends. */
export interface Edge {
  key: number;
  parent: number;
  child: number;
  /** The two ends lie on different pages. */
  cross: boolean;
}

/** What one draw shows: heap slots or arena nodes, called members where either will do. */
export interface Scene {
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

/** Edges from each placed member to its parent in the placement, when both are drawn. */
export function edgesOf(placement: Placement, drawn: Uint8Array, pageOf: Int32Array): Edge[] {
  const edges: Edge[] = [];
  for (const child of placement.members) {
    const parent = placement.parentOf[child];
    if (drawn[child] === 0 || parent === NO_PARENT || drawn[parent] === 0) continue;
    edges.push({
      // Members stay below 65,536 (the tree view mirrors at most TREE_MAX_SLOTS of them).
      key: parent * 65_536 + child,
      parent,
      child,
      cross: pageOf[parent] !== pageOf[child],
    });
  }
  return edges;
}

/** How many edges cross a page boundary. */
export function crossingsOf(edges: readonly Edge[]): number {
  let crossings = 0;
  for (const edge of edges) if (edge.cross) crossings++;
  return crossings;
}
