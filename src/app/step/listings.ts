// Which pseudocode each side follows, which listings show, and which line to light (pure).

import type { OpKind, SimEvent } from '../../core/events';
import { pointerLine, pseudocodeLine } from '../../core/explain/narrate';
import type { Policy } from '../../core/memory/pager';
import { STRUCTURES, type StructureKind } from '../../core/structures/registry';

/** The heaps share one listing, the list has its own, the search trees share another. */
export type Listing = 'heap' | 'list' | 'tree';

export function listingOf(kind: StructureKind): Listing {
  if (STRUCTURES[kind].family === 'heap') return 'heap';
  return kind === 'list' ? 'list' : 'tree';
}

/** The listing in each of the two boxes (sides in order): the second is null when shared. */
export function shownListings(kinds: readonly StructureKind[]): (Listing | null)[] {
  const listings = kinds.map(listingOf);
  return [listings[0], listings[1] === listings[0] ? null : listings[1]];
}

/** The structures a listing belongs to, as its caption names them ("Binary heap and B-heap"). */
export function listingOwners(kinds: readonly StructureKind[], listing: Listing): string {
  return kinds
    .filter((kind) => listingOf(kind) === listing)
    .map((kind) => STRUCTURES[kind].title)
    .join(' and ');
}

/** One side at the current step: its structure, its event (if any) and its operation's kind. */
export interface SideAtStep {
  kind: StructureKind;
  event: SimEvent | null;
  opKind: OpKind | null;
  /** The page of the reference before the current one (-1: none), for page-crossing callouts. */
  previousPage: number;
  /** The current reference's LRU stack distance (0: first touch; -1: not a reference, or not LRU). */
  distance: number;
  /** The pager's policy. */
  policy: Policy;
}

/**
 * The line a listing lights for the sides that follow it (both, when they share it; the later
 * side's line wins). An event with no line of its own (a page touch) keeps `litLine`; a step
 * where no following side has an event lights nothing.
 */
export function lineToLight(
  listing: Listing,
  sides: readonly SideAtStep[],
  litLine: string | null,
): string | null {
  let line: string | null = null;
  let seen = false;
  for (const side of sides) {
    if (side.event === null || listingOf(side.kind) !== listing) continue;
    seen = true;
    const next =
      listing === 'heap'
        ? pseudocodeLine(side.event)
        : pointerLine(side.event, listing, side.opKind);
    line = next ?? line;
  }
  if (line === null && seen) return litLine;
  return line;
}
