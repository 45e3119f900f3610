// Where the tree view puts each heap slot or arena node, in abstract units (columns across,
// levels down): pure position logic, kept apart from the SVG so it can be tested on its own.

import type { HeapShape } from '../replay/viewState';

/** parentOf value of a member drawn without an edge above it (a root, or a detached node). */
export const NO_PARENT = -1;

/**
 * Positions of one structure. Arrays are indexed by slot (heaps) or node (pointer structures);
 * entries of members not placed are NaN (column) and NO_PARENT.
 */
export interface Placement {
  /** Slots or nodes placed, in drawing order (slot order, in-order, or list order). */
  readonly members: number[];
  /** 0..columns-1; a heap parent may sit between two columns (midway over its children). */
  readonly column: Float64Array;
  /** Depth for trees and heaps, row for the list. */
  readonly level: Int32Array;
  /** The member drawn above with an edge to this one (the list: its predecessor). */
  readonly parentOf: Int32Array;
  /** At least 1, so a caller can divide by it. */
  readonly columns: number;
  readonly levels: number;
}

/** The links of an arena as the view mirrors them; node 0 is the header, never placed. */
export interface LinkedNodes {
  readonly left: ArrayLike<number>;
  readonly right: ArrayLike<number>;
  readonly live: ArrayLike<number>;
}

function emptyPlacement(length: number): {
  column: Float64Array;
  level: Int32Array;
  parentOf: Int32Array;
} {
  return {
    column: new Float64Array(length).fill(Number.NaN),
    level: new Int32Array(length),
    parentOf: new Int32Array(length).fill(NO_PARENT),
  };
}

/**
 * Tidy positions of a heap over slots rootSlot..maxSlot, by recursion from the root: the level is
 * the depth, the column the leaf order, and a parent sits midway over its first and last child.
 * The B-heap's tree is not complete (a page's entry slots have one child) and a d-ary heap has d
 * children, so no closed formula would do. Callers pass the scenario's capacity, not the current
 * tail, so that slots keep their places while the heap grows and shrinks.
 */
export function heapPlacement(shape: HeapShape, maxSlot: number): Placement {
  const { column, level, parentOf } = emptyPlacement(maxSlot + 1);
  const members: number[] = [];
  let leaves = 0;
  let maxDepth = 0;
  const visit = (slot: number, depth: number): void => {
    members.push(slot);
    level[slot] = depth;
    maxDepth = Math.max(maxDepth, depth);
    // Children always have larger slots; the check also guards against a malformed shape.
    const first = Math.max(shape.firstChild(slot), slot + 1);
    const last = Math.min(shape.lastChild(slot), maxSlot);
    if (first > last) {
      column[slot] = leaves++;
      return;
    }
    for (let child = first; child <= last; child++) {
      parentOf[child] = slot;
      visit(child, depth + 1);
    }
    column[slot] = (column[first] + column[last]) / 2;
  };
  if (maxSlot >= shape.rootSlot) visit(shape.rootSlot, 0);
  members.sort((a, b) => a - b);
  return { members, column, level, parentOf, columns: Math.max(1, leaves), levels: maxDepth + 1 };
}

/** A node the walk may enter: a real, live node not reached before (links can be stale mid-operation). */
function enterable(nodes: LinkedNodes, seen: Uint8Array, node: number): boolean {
  return node > 0 && node < seen.length && nodes.live[node] === 1 && seen[node] === 0;
}

/**
 * A search tree by in-order rank (column) and depth (level), from the header's root link. The
 * view draws every event, so it sees trees half-way through a rotation or an insert: a live node
 * the root does not reach (a new node before it is linked, a subtree between two stores) is laid
 * out as a tree of its own to the right, and no node is placed twice even if the links cycle.
 */
export function treePlacement(nodes: LinkedNodes, root: number): Placement {
  const length = nodes.live.length;
  const { column, level, parentOf } = emptyPlacement(length);
  const seen = new Uint8Array(length);
  const members: number[] = [];
  const stack: number[] = [];
  let maxDepth = 0;
  // Iterative in-order walk: a degenerate tree of 255 nodes is too deep to recurse comfortably.
  const descendLeft = (node: number): void => {
    for (;;) {
      seen[node] = 1;
      stack.push(node);
      maxDepth = Math.max(maxDepth, level[node]);
      const child = nodes.left[node];
      if (!enterable(nodes, seen, child)) return;
      level[child] = level[node] + 1;
      parentOf[child] = node;
      node = child;
    }
  };
  const walk = (start: number): void => {
    level[start] = 0;
    descendLeft(start);
    while (stack.length > 0) {
      const node = stack.pop() as number;
      column[node] = members.length;
      members.push(node);
      const child = nodes.right[node];
      if (!enterable(nodes, seen, child)) continue;
      level[child] = level[node] + 1;
      parentOf[child] = node;
      descendLeft(child);
    }
  };
  if (enterable(nodes, seen, root)) walk(root);
  // Detached nodes: start from those no other detached node links to, so each detached subtree
  // keeps its edges; what is left after that lies on a cycle and starts anywhere.
  const linked = new Uint8Array(length);
  for (let node = 1; node < length; node++) {
    if (nodes.live[node] !== 1 || seen[node] === 1) continue;
    for (const child of [nodes.left[node], nodes.right[node]]) {
      if (enterable(nodes, seen, child) && child !== node) linked[child] = 1;
    }
  }
  for (let node = 1; node < length; node++) {
    if (linked[node] === 0 && enterable(nodes, seen, node)) walk(node);
  }
  for (let node = 1; node < length; node++) {
    if (enterable(nodes, seen, node)) walk(node);
  }
  return {
    members,
    column,
    level,
    parentOf,
    columns: Math.max(1, members.length),
    levels: maxDepth + 1,
  };
}

/**
 * Live nodes in list order: the chain of next links (left) from the head, then any live node the
 * chain does not reach (a node allocated but not yet linked in), by node number.
 */
export function listOrder(nodes: LinkedNodes, head: number): { order: number[]; chained: number } {
  const seen = new Uint8Array(nodes.live.length);
  const order: number[] = [];
  for (let node = head; enterable(nodes, seen, node); node = nodes.left[node]) {
    seen[node] = 1;
    order.push(node);
  }
  const chained = order.length;
  for (let node = 1; node < seen.length; node++) {
    if (enterable(nodes, seen, node)) order.push(node);
  }
  return { order, chained };
}

/**
 * The sorted list in rows of `columns`, snaking (left to right, then right to left) so that each
 * link, the wrapping ones included, joins two neighbouring positions.
 */
export function listPlacement(nodes: LinkedNodes, head: number, columns: number): Placement {
  const { column, level, parentOf } = emptyPlacement(nodes.live.length);
  const { order, chained } = listOrder(nodes, head);
  const width = Math.max(1, Math.min(Math.floor(columns), order.length));
  order.forEach((node, index) => {
    const row = Math.floor(index / width);
    const along = index % width;
    level[node] = row;
    column[node] = row % 2 === 0 ? along : width - 1 - along;
    if (index > 0 && index < chained) parentOf[node] = order[index - 1];
  });
  return {
    members: order,
    column,
    level,
    parentOf,
    columns: width,
    levels: Math.max(1, Math.ceil(order.length / width)),
  };
}

/**
 * Columns for `count` list nodes in a width × height area that make the nodes as large as
 * possible, when a row needs `rowToColumn` times the height a column needs width (room for the
 * page boxes and their labels between rows).
 */
export function listColumns(
  count: number,
  width: number,
  height: number,
  rowToColumn = 1.5,
): number {
  let best = 1;
  let bestCell = -1;
  for (let columns = 1; columns <= Math.max(1, count); columns++) {
    const rows = Math.ceil(count / columns);
    const cell = Math.min(width / columns, height / (rows * rowToColumn));
    if (cell > bestCell) {
      bestCell = cell;
      best = columns;
    }
  }
  return best;
}
