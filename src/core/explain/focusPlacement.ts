// A tree too large to label whole, placed around the current step (pure): the path from the root
// to the focus with the children met on the way (the siblings a sift compares), and a few levels
// below the focus; the levels above are counted, and each shown node whose children are not shown
// says how many members it hides. A degree-of-interest tree after Card and Nation (2002): the
// focus is large and labelled, the rest is context.

import { NO_PARENT, type Placement } from './treeGeometry';

export interface FocusPlacement {
  placement: Placement;
  /** Levels above the first shown (0: the root is shown). */
  above: number;
  /** Shown members whose drawn children are hidden, with how many members hang below them. */
  hidden: Map<number, number>;
}

/**
 * Places the members of `full` that matter to `focus`: its path from the root, the children of
 * each path member, and `below` levels of its own descendants, at most `maxLevels` levels (the
 * deepest ones). `drawn[m]` is 1 for members the view draws (a heap's slots past its tail are
 * placed but not drawn). Members keep their numbers; columns are a tidy layout of what is shown.
 */
export function focusPlacement(
  full: Placement,
  drawn: Uint8Array,
  focus: number,
  maxLevels: number,
  below = 2,
): FocusPlacement {
  const length = full.column.length;
  const children = childrenOf(full, drawn);
  const shown = new Uint8Array(length);
  const path: number[] = [];
  for (let at = focus; at !== NO_PARENT && path.length <= length; at = full.parentOf[at]) {
    path.unshift(at);
  }
  for (const member of path) shown[member] = 1;
  // The children of each path member above the focus: a sift compares them.
  for (let i = 0; i < path.length - 1; i++) for (const child of children[path[i]]) shown[child] = 1;
  // Levels of the focus's own subtree, while the level budget allows.
  const focusLevel = full.level[focus];
  const levelsAvailable = Math.max(1, maxLevels);
  const deepestWanted = Math.min(
    focusLevel + below,
    // Keep the focus's parent in view: below gives way first.
    Math.max(focusLevel, (focusLevel > 0 ? focusLevel - 1 : 0) + levelsAvailable - 1),
  );
  let frontier = [focus];
  for (let level = focusLevel + 1; level <= deepestWanted && frontier.length > 0; level++) {
    const next: number[] = [];
    for (const member of frontier) {
      for (const child of children[member]) {
        shown[child] = 1;
        next.push(child);
      }
    }
    frontier = next;
  }
  let deepest = 0;
  for (let m = 0; m < length; m++) if (shown[m] === 1) deepest = Math.max(deepest, full.level[m]);
  const first = Math.max(0, deepest - levelsAvailable + 1);
  for (let m = 0; m < length; m++) if (shown[m] === 1 && full.level[m] < first) shown[m] = 0;

  // A tidy layout of what is shown: leaves in the full placement's order, parents midway.
  const column = new Float64Array(length).fill(Number.NaN);
  const level = new Int32Array(length);
  const parentOf = new Int32Array(length).fill(NO_PARENT);
  const members: number[] = [];
  const hidden = new Map<number, number>();
  let leaves = 0;
  const top = path.find((member) => shown[member] === 1) ?? focus;
  const visit = (member: number): void => {
    members.push(member);
    level[member] = full.level[member] - first;
    const kids = children[member].filter((child) => shown[child] === 1);
    const hiddenBelow = children[member]
      .filter((child) => shown[child] === 0)
      .reduce((sum, child) => sum + subtreeSize(children, child), 0);
    if (hiddenBelow > 0) hidden.set(member, hiddenBelow);
    if (kids.length === 0) {
      column[member] = leaves++;
      return;
    }
    for (const child of kids) {
      parentOf[child] = member;
      visit(child);
    }
    column[member] = (column[kids[0]] + column[kids[kids.length - 1]]) / 2;
  };
  visit(top);
  members.sort((a, b) => a - b);
  return {
    placement: {
      members,
      column,
      level,
      parentOf,
      columns: Math.max(1, leaves),
      levels: deepest - first + 1,
    },
    above: first,
    hidden,
  };
}

/** Each drawn member's drawn children, in the full placement's column order. */
function childrenOf(full: Placement, drawn: Uint8Array): number[][] {
  const children: number[][] = Array.from({ length: full.column.length }, () => []);
  for (const member of full.members) {
    const parent = full.parentOf[member];
    if (parent === NO_PARENT || drawn[member] !== 1 || drawn[parent] !== 1) continue;
    children[parent].push(member);
  }
  for (const list of children) list.sort((a, b) => full.column[a] - full.column[b]);
  return children;
}

function subtreeSize(children: number[][], member: number): number {
  let size = 0;
  const stack = [member];
  while (stack.length > 0) {
    const at = stack.pop() as number;
    size++;
    for (const child of children[at]) stack.push(child);
  }
  return size;
}
