// Where a focus tree goes when the step's own member shows one page only (pure): down the path a
// sift-down takes, the smaller key of each set of children, as the article's pop walks. A figure
// about pages must show a page boundary: Figures 5 and 6 are about what lies below the first page.

import { NO_PARENT, type Placement } from './treeGeometry';

/**
 * The members from `from` down to a leaf, each the drawn child with the smallest key (the first
 * of equal keys, in column order): the path a sift-down from `from` would take.
 */
export function siftPath(
  full: Placement,
  drawn: ArrayLike<number>,
  keyOf: ArrayLike<number>,
  from: number,
): number[] {
  const children = drawnChildren(full, drawn);
  const path = [from];
  for (let at = from; children[at].length > 0 && path.length <= full.members.length; ) {
    let next = children[at][0];
    for (const child of children[at]) if (keyOf[child] < keyOf[next]) next = child;
    path.push(next);
    at = next;
  }
  return path;
}

/** How many distinct pages `members` lie on. */
export function pagesSpanned(
  members: readonly number[],
  pageOf: (member: number) => number,
): number {
  return new Set(members.map(pageOf)).size;
}

/** Each drawn member's drawn children, in column order. */
function drawnChildren(full: Placement, drawn: ArrayLike<number>): number[][] {
  const children: number[][] = Array.from({ length: full.column.length }, () => []);
  for (const member of full.members) {
    const parent = full.parentOf[member];
    if (parent === NO_PARENT || drawn[member] !== 1 || drawn[parent] !== 1) continue;
    children[parent].push(member);
  }
  for (const list of children) list.sort((a, b) => full.column[a] - full.column[b]);
  return children;
}
