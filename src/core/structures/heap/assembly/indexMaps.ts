// The index maps of ../indexMaps.ts in AssemblyScript, written once for both WebAssembly kernels
// that run a heap (measure/kernel: the heaps timed over real memory; replay/kernel: a large run's
// heap side). As in Varnish's vbh.c (Kamp, "You're Doing It Wrong"), the binary heap, the B-heaps
// and the aligned d-ary heaps differ only in parent() and the children: this file.
//
// Each map is a marker type the kernels' generic heap code is instantiated with, every method
// @inline, so a compiled sift has no call and no branch on the layout. Slots are u32 (a heap's
// slots stay below 2^31); children are u64, since a leaf's child slot can pass 2^32 (2 MB pages).

// ---- the B-heaps' page geometry ------------------------------------------------------------------

// In slots: P, log2 P, P - 1 (a slot's position in its page is slot & pageMask) and H = P / 2
// (the first bottom-row position, and the child pages of each page). setPageSlots sets them.
let pageSlots: u64 = 8;
export let pageShift: u32 = 3;
let pageMask: u32 = 7;
let half: u64 = 4;

/** Pages of 2^`log2` slots, for the B-heaps (the other maps have no pages of their own). */
export function setPageSlots(log2: u32): void {
  pageShift = log2;
  pageSlots = (<u64>1) << log2;
  pageMask = <u32>(pageSlots - 1);
  half = pageSlots >> 1;
}

/** How the B-heaps' pages hang together: both B-heaps' pages form the same H-ary tree. */
@final
class Pages {
  /**
   * The page both children of bottom-row slot `slot` (at `position` >= H) open: bottom-row slot
   * j (position H + j) of page g leads to page g*H + j + 1.
   */
  @inline static pageBelow(slot: u32, position: u32): u64 {
    const page = <u64>(slot >>> pageShift);
    return page * half + (<u64>position - half) + 1;
  }
  /** The bottom-row slot page `page` >= 1 hangs from: position H + (g-1) mod H of page floor((g-1) / H). */
  @inline static slotAbove(page: u64): u32 {
    const pageAbove = page - 1;
    const grandPage = pageAbove / half;
    return <u32>(grandPage * pageSlots + half + (pageAbove - grandPage * half));
  }
}

// ---- the maps --------------------------------------------------------------------------------------

/** What the maps of at most two children a slot share: the root at slot 1, sifts a level at a time. */
class TwoChildren {
  @inline get root(): u32 {
    return 1;
  }
  @inline get wide(): bool {
    return false;
  }
}

/** BinaryLayout: children 2u and 2u + 1 (Williams 1964). */
@final
export class Binary extends TwoChildren {
  @inline parent(slot: u32): u32 {
    return slot >>> 1;
  }
  @inline firstChild(slot: u32): u64 {
    return (<u64>slot) << 1;
  }
  @inline secondChild(slot: u32): u64 {
    return ((<u64>slot) << 1) + 1;
  }
  @inline lastChild(slot: u32): u64 {
    return ((<u64>slot) << 1) + 1;
  }
}

/** BHeapLayout, Kamp's B-heap: positions 0 and 1 of a page below the first have one child each. */
@final
export class BHeap extends TwoChildren {
  @inline parent(slot: u32): u32 {
    const page = <u64>(slot >>> pageShift);
    const position = slot & pageMask;
    if (page === 0 || position >= 4) return slot - position + (position >>> 1);
    if (position >= 2) return slot - 2;
    return Pages.slotAbove(page);
  }
  @inline firstChild(slot: u32): u64 {
    const position = slot & pageMask;
    if (position < 2 && <u64>slot >= pageSlots) return <u64>slot + 2;
    if (<u64>position >= half) return Pages.pageBelow(slot, position) * pageSlots;
    return <u64>slot + position;
  }
  @inline secondChild(slot: u32): u64 {
    if ((slot & pageMask) < 2 && <u64>slot >= pageSlots) return <u64>slot + 2;
    return this.firstChild(slot) + 1;
  }
  @inline lastChild(slot: u32): u64 {
    return this.secondChild(slot);
  }
}

/**
 * BHeapStrictLayout, Kamp's strict B-heap: pages below the first leave positions 0 and 1 empty
 * (the gaps: after, before, isGap) and hold a strict binary subtree from positions 2 and 3.
 */
@final
export class Strict extends TwoChildren {
  @inline parent(slot: u32): u32 {
    const page = <u64>(slot >>> pageShift);
    const position = slot & pageMask;
    if (page === 0 || position >= 4) return slot - position + (position >>> 1);
    return Pages.slotAbove(page);
  }
  @inline firstChild(slot: u32): u64 {
    const position = slot & pageMask;
    if (<u64>position >= half) return Pages.pageBelow(slot, position) * pageSlots + 2;
    return <u64>slot + position;
  }
  @inline secondChild(slot: u32): u64 {
    return this.firstChild(slot) + 1;
  }
  @inline lastChild(slot: u32): u64 {
    return this.firstChild(slot) + 1;
  }
  /** The slot the next item goes to after the tail `slot`: past positions 0 and 1. */
  @inline after(slot: u32): u32 {
    return ((slot + 1) & pageMask) === 0 ? slot + 3 : slot + 1;
  }
  /** The tail once the item in `slot` leaves: position 2 of a later page steps back a page. */
  @inline before(slot: u32): u32 {
    return <u64>slot > pageSlots && (slot & pageMask) === 2 ? slot - 3 : slot - 1;
  }
  /** Whether the heap never uses `slot`. */
  @inline isGap(slot: u32): bool {
    return slot === 0 || (<u64>slot >= pageSlots && (slot & pageMask) < 2);
  }
}

/**
 * DaryLayout, LaMarca & Ladner's aligned d-heap: root at slot d - 1, children d(s - d + 2) ..
 * d(s - d + 2) + d - 1, each sibling group inside a page. The arity d is sizeof<D>() (a type of
 * d bytes: u32 for the 4-ary heap, u64 for the 8-ary), a constant when each is compiled, so its
 * divisions and products are shifts.
 */
@final
export class Dary<D> {
  @inline get arity(): u32 {
    return <u32>sizeof<D>();
  }
  @inline get root(): u32 {
    return this.arity - 1;
  }
  @inline get wide(): bool {
    return this.arity > 2;
  }
  @inline parent(slot: u32): u32 {
    return slot / this.arity + (this.arity - 2);
  }
  @inline firstChild(slot: u32): u64 {
    return <u64>(slot - (this.arity - 2)) * this.arity;
  }
  @inline secondChild(slot: u32): u64 {
    return this.firstChild(slot) + 1;
  }
  @inline lastChild(slot: u32): u64 {
    return this.firstChild(slot) + (this.arity - 1);
  }
}
