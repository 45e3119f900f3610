// Pointer structures in the tree view: trees by in-order and depth, the list in snaking rows.

import {
  listColumns,
  listPlacement,
  type Placement,
  treePlacement,
} from '../../core/explain/treeGeometry';
import type { NodeMirror } from '../../core/replay/nodeMirror';
import type { ViewState } from '../../core/replay/viewState';
import type { StructureKind } from '../../core/structures/registry';
import { type Geometry, ROW_TO_COLUMN, usableHeight, usableWidth } from './geometry';
import { isRedBlack } from './kinds';
import { edgesOf, type Scene } from './scene';

/** The list in as many columns as make its nodes largest in the viewport; a tree by its links. */
export function pointerPlacement(
  kind: StructureKind,
  nodes: NodeMirror,
  root: number,
  width: number,
  height: number,
): Placement {
  if (kind !== 'list') return treePlacement(nodes, root);
  const count = nodes.live.reduce((sum, live) => sum + live, 0);
  const columns = listColumns(count, usableWidth(width), usableHeight(height), ROW_TO_COLUMN);
  return listPlacement(nodes, root, columns);
}

/** Where each node was last drawn (NaN if never), in one viewport size; indexed by node. */
export interface SeenPositions {
  x: Float64Array;
  y: Float64Array;
  width: number;
  height: number;
}

/**
 * Records where each placed node is drawn now, so a freed node's ghost goes where it was.
 * Positions of another viewport size would be meaningless, so a resize forgets them (as does a
 * different arena size); otherwise `previous` is updated in place and returned.
 */
export function rememberPositions(
  previous: SeenPositions | null,
  placement: Placement,
  g: Geometry,
  nodeCount: number,
): SeenPositions {
  let seen = previous;
  if (
    seen === null ||
    seen.x.length !== nodeCount ||
    seen.width !== g.width ||
    seen.height !== g.height
  ) {
    seen = {
      x: new Float64Array(nodeCount).fill(Number.NaN),
      y: new Float64Array(nodeCount).fill(Number.NaN),
      width: g.width,
      height: g.height,
    };
  }
  for (const node of placement.members) {
    seen.x[node] = g.x[node];
    seen.y[node] = g.y[node];
  }
  return seen;
}

/** Placed nodes drawn, each on the page of its first (key) word; red marked for red-black trees. */
export function pointerScene(
  view: Pick<ViewState, 'pageShift' | 'spec'>,
  nodes: NodeMirror,
  placement: Placement,
  g: Geometry,
  seen: SeenPositions,
): Scene {
  const length = nodes.live.length;
  const drawn = new Uint8Array(length);
  const pageOf = new Int32Array(length);
  for (let node = 0; node < length; node++) {
    pageOf[node] = (node * nodes.nodeWords) >>> view.pageShift;
  }
  for (const node of placement.members) drawn[node] = 1;
  let red: Uint8Array | null = null;
  if (isRedBlack(view.spec.kind)) {
    red = new Uint8Array(length);
    for (const node of placement.members) red[node] = nodes.tag[node] === 1 ? 1 : 0;
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
