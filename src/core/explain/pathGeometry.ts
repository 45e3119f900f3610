// The path view's geometry (pure): for a heap too large to draw whole, the root-to-slot path,
// the siblings compared on the way, and a few levels below the slot, placed level by level, so
// the sift that is happening shows in a heap of any size.

/** What a heap's shape offers the path view (a Layout is one). */
export interface PathShape {
  rootSlot: number;
  pageShift: number;
  parent(slot: number): number;
  firstChild(slot: number): number;
  lastChild(slot: number): number;
}

export interface PathNode {
  slot: number;
  /** Depth below the root (0 = the root). */
  level: number;
  /** Horizontal place in [0, 1] within its level. */
  x: number;
  /** The node drawn above it, or -1 for the top one. */
  parent: number;
  /** On the root-to-slot path. */
  onPath: boolean;
  page: number;
  /** The slot's place within its page. */
  offset: number;
}

/** Most nodes a level below the slot shows (an 8-ary heap's grandchildren would be 64). */
export const MAX_ROW = 16;

/**
 * The nodes around `slot` in a heap whose last used slot is `tail`: its path from the root, at
 * each level the children of the path node above (so the compared siblings show), and `below`
 * levels under `slot`. Nodes past the tail are left out.
 */
export function pathAround(shape: PathShape, tail: number, slot: number, below = 2): PathNode[] {
  const root = shape.rootSlot;
  const target = slot >= root && slot <= tail ? slot : root;
  const path: number[] = [];
  for (let at = target; ; at = shape.parent(at)) {
    path.unshift(at);
    if (at <= root) break;
  }
  const mask = (1 << shape.pageShift) - 1;
  const node = (s: number, level: number, parent: number, onPath: boolean): PathNode => ({
    slot: s,
    level,
    x: 0,
    parent,
    onPath,
    page: s >>> shape.pageShift,
    offset: s & mask,
  });
  const rows: PathNode[][] = [[node(path[0], 0, -1, true)]];
  // Along the path: each level holds the children of the path node above it.
  for (let level = 1; level < path.length; level++) {
    const parent = path[level - 1];
    const row: PathNode[] = [];
    for (let child = shape.firstChild(parent); child <= shape.lastChild(parent); child++) {
      if (child > tail) break;
      row.push(node(child, level, parent, child === path[level]));
    }
    rows.push(row);
  }
  // Below the slot: its children, their children, … (capped per row).
  let frontier = [target];
  for (let depth = 1; depth <= below; depth++) {
    const row: PathNode[] = [];
    for (const parent of frontier) {
      for (let child = shape.firstChild(parent); child <= shape.lastChild(parent); child++) {
        if (child > tail || row.length >= MAX_ROW) break;
        row.push(node(child, path.length - 1 + depth, parent, false));
      }
    }
    if (row.length === 0) break;
    rows.push(row);
    frontier = row.map((n) => n.slot);
  }
  for (const row of rows) {
    row.forEach((n, i) => {
      n.x = (i + 0.5) / row.length;
    });
  }
  return rows.flat();
}
