// What a scene points at in a structure, as the members (slots) the tree view rings.

import type { Highlight } from '../scenario/scenario';
import type { StructureSpec } from '../structures/registry';

/**
 * 'entry': the B-heap's first two slots of every page below the first. Leaving a page through
 * the bottom, a slot's two children go in positions 0 and 1 of one new page (they are compared
 * with each other), and each of those has a single child: "the tree fails to expand for one
 * generation, every time it enters a new VM page" (the article). Other structures have none.
 */
export function highlightedSlots(
  highlight: Highlight,
  spec: StructureSpec,
  lastSlot: number,
): Set<number> {
  const slots = new Set<number>();
  if (highlight !== 'entry' || spec.kind !== 'bheap') return slots;
  for (let page = 1; page * spec.itemsPerPage <= lastSlot; page++) {
    const first = page * spec.itemsPerPage;
    slots.add(first);
    if (first + 1 <= lastSlot) slots.add(first + 1);
  }
  return slots;
}
