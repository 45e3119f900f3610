// Index maps that place a heap in memory. As in Varnish's vbh.c, the binary heap, the B-heap and
// the aligned d-ary heaps share every line of heap code and differ only in parent() and the
// children: this file.

/** The article's two index maps (the ones its calibration and claims are about). */
export type ArticleHeapKind = 'binary' | 'bheap';

/** The arities a d-ary heap accepts: powers of two, so d divides every page size it fits. */
export type DaryArity = 2 | 4 | 8;

export const DARY_ARITIES: readonly DaryArity[] = [2, 4, 8];

type DaryKind = 'dary2' | 'dary4' | 'dary8';

/**
 * Kamp's strict B-heap, which the article compares its B-heap with: every page below the first
 * holds a strict binary subtree, leaving positions 0 and 1 empty.
 */
type StrictKind = 'bheap-strict';

/** Which index map a heap uses: one of the article's two, an aligned d-ary map, or the strict B-heap. */
type HeapKind = ArticleHeapKind | DaryKind | StrictKind;

export const ARTICLE_HEAP_KINDS: readonly ArticleHeapKind[] = ['binary', 'bheap'];

export function isArticleHeapKind(name: string): name is ArticleHeapKind {
  return name === 'binary' || name === 'bheap';
}

/** Smallest and largest items per page a layout accepts (powers of two only). */
export const MIN_ITEMS_PER_PAGE = 4;
export const MAX_ITEMS_PER_PAGE = 4096;

/**
 * A layout maps heap slots to slots. The root is at rootSlot; the slots below it are never used
 * (slot 0 at least, so 0 can mean "not in the heap"). A slot's children are firstChild..lastChild
 * (some may lie past the heap's tail). A slot with a single child reports it as both firstChild
 * and secondChild (vbh.c does the same). Slot s lives on page floor(s / itemsPerPage): the array
 * starts on a page boundary.
 */
export interface Layout {
  readonly kind: HeapKind;
  readonly itemsPerPage: number;
  /** log2(itemsPerPage): page of slot s is s >>> pageShift. */
  readonly pageShift: number;
  /** Slot of the root: 1 for the article's layouts, d - 1 for an aligned d-ary heap. */
  readonly rootSlot: number;
  /** Most children per slot: 2, except for the 4-ary and 8-ary heaps. */
  readonly arity: number;
  /**
   * Slots a heap leaves empty inside its range (the strict B-heap's positions 0 and 1 of each
   * page after the first); absent for layouts that fill root, root + 1, root + 2, ... densely.
   */
  readonly gaps?: SlotGaps;
  /** Meaningless for the root (it has no parent); callers stop at rootSlot first. */
  parent(slot: number): number;
  firstChild(slot: number): number;
  secondChild(slot: number): number;
  lastChild(slot: number): number;
}

/** How a layout with empty slots inside its range is filled: the heap grows and shrinks through these. */
export interface SlotGaps {
  /** The slot the next item goes to after `slot` (the tail). */
  after(slot: number): number;
  /** The slot before `slot`: the tail after the item in `slot` leaves. */
  before(slot: number): number;
  /** Whether `slot` is one the heap never uses. */
  isGap(slot: number): boolean;
  /** The slot of the n-th item (1-based) when slots are filled in order. */
  slotOfItem(n: number): number;
  /** Items a heap whose tail is `slot` holds (slotOfItem's inverse; a gap counts none). */
  itemsThrough(slot: number): number;
}

export function isValidItemsPerPage(itemsPerPage: number): boolean {
  return (
    Number.isInteger(itemsPerPage) &&
    itemsPerPage >= MIN_ITEMS_PER_PAGE &&
    itemsPerPage <= MAX_ITEMS_PER_PAGE &&
    (itemsPerPage & (itemsPerPage - 1)) === 0
  );
}

function checkItemsPerPage(itemsPerPage: number): void {
  if (!isValidItemsPerPage(itemsPerPage)) {
    throw new RangeError(
      `items per page must be a power of two from ${MIN_ITEMS_PER_PAGE} to ${MAX_ITEMS_PER_PAGE}, got ${itemsPerPage}`,
    );
  }
}

/** The page a slot lives on (docs/model.md); hot loops inline it as a shift. */
export function pageOfSlot(layout: Layout, slot: number): number {
  return Math.floor(slot / layout.itemsPerPage);
}

/**
 * The textbook heap (Williams 1964): children of u are 2u and 2u+1. Every step down a level
 * doubles the slot number, so below the first page every level is on a different page (Figure 5).
 */
export class BinaryLayout implements Layout {
  readonly kind = 'binary' as const;
  readonly rootSlot = 1;
  readonly arity = 2;
  readonly pageShift: number;

  constructor(readonly itemsPerPage: number) {
    checkItemsPerPage(itemsPerPage);
    this.pageShift = Math.log2(itemsPerPage);
  }

  parent(slot: number): number {
    return slot >>> 1;
  }

  firstChild(slot: number): number {
    return slot * 2;
  }

  secondChild(slot: number): number {
    return slot * 2 + 1;
  }

  lastChild(slot: number): number {
    return slot * 2 + 1;
  }
}

/**
 * Kamp's B-heap (Figure 6): each page holds a small subtree, filled vertically.
 *
 * Let P = itemsPerPage and H = P / 2. Write a slot as (page g, position p) with slot = g*P + p.
 *
 * Inside a page, positions form a little binary heap of their own: position p (2 <= p < H) has
 * children 2p and 2p+1 on the same page, so the page holds log2(P) - 1 levels below position 2
 * and 3. Positions H..P-1 are the page's bottom row.
 *
 * Page 0 starts at the root, position 1 (position 0 is the unused slot 0).
 *
 * Every other page is entered from a parent page's bottom row. "Once we leave a VM page through
 * the bottom, it is important that both child nodes live in the same VM page, because we are going
 * to compare them both to their parent" (the article): so the two children of a bottom-row slot
 * are positions 0 and 1 of one fresh page. Positions 0 and 1 are then "magical": each has a single
 * child, position 2 and 3 respectively, and the tree "fails to expand for one generation" there so
 * that those two first positions of the page are used productively.
 *
 * Which page? A page has H bottom-row slots, so pages form an H-ary tree: bottom-row slot j
 * (position H + j) of page g leads to page g*H + j + 1, exactly the 0-based H-ary heap formula
 * children(g) = g*H + 1 .. g*H + H. Conversely page g >= 1 hangs from page floor((g-1)/H),
 * bottom-row slot (g-1) mod H.
 *
 * Filling slots 1, 2, 3, ... in order always gives a parent a smaller slot than its child, so
 * the heap can grow at the tail exactly like a binary heap and every slot 1..n is used.
 */
export class BHeapLayout implements Layout {
  readonly kind = 'bheap' as const;
  readonly rootSlot = 1;
  readonly arity = 2;
  readonly pageShift: number;
  private readonly pageMask: number; // P - 1: a slot's position within its page is slot & pageMask
  private readonly half: number; // H = P / 2: first bottom-row position, and child pages per page

  constructor(readonly itemsPerPage: number) {
    checkItemsPerPage(itemsPerPage);
    this.pageShift = Math.log2(itemsPerPage);
    this.pageMask = itemsPerPage - 1;
    this.half = itemsPerPage >>> 1;
  }

  parent(slot: number): number {
    // Plain arithmetic rather than masks and shifts: child slots of a large heap pass 2^32,
    // where JavaScript's 32-bit bit operations would wrap.
    const page = Math.floor(slot / this.itemsPerPage);
    const position = slot - page * this.itemsPerPage;
    if (page === 0 || position >= 4) {
      // Inside a page (or anywhere on page 0, where positions 2 and 3 hang from the root at 1):
      // the in-page binary heap, position p -> floor(p / 2), page unchanged.
      return slot - position + (position >>> 1);
    }
    if (position >= 2) {
      // Positions 2 and 3 are the single children of the magical positions 0 and 1.
      return slot - 2;
    }
    // Positions 0 and 1 of page g: the entry pair, hanging from bottom-row slot (g-1) mod H of
    // page floor((g-1) / H); the parent's position is H + that bottom-row index.
    const pageAbove = page - 1;
    const grandPage = Math.floor(pageAbove / this.half);
    return grandPage * this.itemsPerPage + this.half + (pageAbove - grandPage * this.half);
  }

  firstChild(slot: number): number {
    const position = slot & this.pageMask;
    if (position < 2 && slot >= this.itemsPerPage) {
      // Magical entry pair: one child each, two positions further down the same page.
      return slot + 2;
    }
    if (position >= this.half) {
      // Bottom row: both children open page g*H + j + 1, where j = position - H is the
      // bottom-row index (position & (H-1), as position < 2H), at its positions 0 and 1.
      const page = slot >>> this.pageShift;
      const childPage = page * this.half + (position & (this.half - 1)) + 1;
      // A multiplication, not a shift: a child slot of a large heap can pass 2^31 (e.g. page
      // 524289 at 4096 items per page), where JavaScript's 32-bit shifts would wrap negative.
      return childPage * this.itemsPerPage;
    }
    // Inside the page: position p -> 2p, which is slot + p because slot = g*P + p.
    return slot + position;
  }

  secondChild(slot: number): number {
    if ((slot & this.pageMask) < 2 && slot >= this.itemsPerPage) return slot + 2;
    return this.firstChild(slot) + 1;
  }

  lastChild(slot: number): number {
    return this.secondChild(slot);
  }
}

/**
 * Kamp's strict B-heap: the variant his simulation compared the B-heap with ("the tree fails to
 * expand for one generation, every time it enters a new VM page, in order to use the first two
 * elements in the page productively. In our simulated example above, failure to do so would
 * require 5 pages more."). Every page below the first holds a strict binary subtree under a
 * bottom-row slot of its parent page, rooted at positions 2 and 3; positions 0 and 1 are never
 * used.
 *
 * With P = itemsPerPage, H = P / 2 and slot = g*P + p as for BHeapLayout:
 *
 * - Inside a page (page 0 from the root at position 1, every other page from positions 2 and
 *   3), position p has children 2p and 2p+1 for 2 <= p < H (1 <= p on page 0), on the same page:
 *   so the page holds log2(P) - 1 levels, positions H..P-1 being its bottom row. Every page
 *   holds one level fewer than the B-heap's, which spends its extra level on the entry pair.
 * - Bottom-row slot j (position H + j) of page g has its two children at positions 2 and 3 of
 *   page g*H + j + 1, the B-heap's page numbering (pages form an H-ary tree); conversely
 *   positions 2 and 3 of page g >= 1 hang from bottom-row slot (g-1) mod H of page
 *   floor((g-1) / H). Both children of any slot are on one page, as in the B-heap.
 * - Items fill slots in order, skipping positions 0 and 1 of each page after the first: page 0
 *   holds P - 1 items (slots 1..P-1) and every other page P - 2, so the n-th item is in slot n
 *   for n < P, else, with k = n - P (0-based among the later pages' items), at position
 *   2 + (k mod (P-2)) of page 1 + floor(k / (P-2)). A parent's slot stays below its children's.
 *
 * N = 1,000,000 items at 512 per page: 511 on page 0, 999,489 on 510-item pages, 1,960 of them:
 * 1,961 pages against the B-heap's 1,954, seven more where the article counts five.
 */
export class BHeapStrictLayout implements Layout, SlotGaps {
  readonly kind = 'bheap-strict' as const;
  readonly rootSlot = 1;
  readonly arity = 2;
  readonly pageShift: number;
  readonly gaps: SlotGaps = this;
  private readonly half: number; // H = P / 2

  constructor(readonly itemsPerPage: number) {
    checkItemsPerPage(itemsPerPage);
    this.pageShift = Math.log2(itemsPerPage);
    this.half = itemsPerPage >>> 1;
  }

  parent(slot: number): number {
    // Plain arithmetic, not shifts and masks: child slots of a large heap can pass 2^31.
    const page = Math.floor(slot / this.itemsPerPage);
    const position = slot - page * this.itemsPerPage;
    if (page === 0 || position >= 4) return slot - position + (position >>> 1);
    // Positions 2 and 3 of page g >= 1: bottom-row slot (g-1) mod H of page floor((g-1) / H).
    const pageAbove = page - 1;
    const grandPage = Math.floor(pageAbove / this.half);
    return grandPage * this.itemsPerPage + this.half + (pageAbove - grandPage * this.half);
  }

  firstChild(slot: number): number {
    const page = Math.floor(slot / this.itemsPerPage);
    const position = slot - page * this.itemsPerPage;
    if (position >= this.half) {
      // Bottom row: positions 2 and 3 of page g*H + j + 1, with j = position - H.
      return (page * this.half + (position - this.half) + 1) * this.itemsPerPage + 2;
    }
    // Inside the page: position p -> 2p, which is slot + p because slot = g*P + p.
    return slot + position;
  }

  secondChild(slot: number): number {
    return this.firstChild(slot) + 1;
  }

  lastChild(slot: number): number {
    return this.firstChild(slot) + 1;
  }

  after(slot: number): number {
    // Position P - 1 is followed by position 2 of the next page.
    return (slot + 1) % this.itemsPerPage === 0 ? slot + 3 : slot + 1;
  }

  before(slot: number): number {
    // Position 2 of a page after the first is preceded by position P - 1 of the page before.
    return slot > this.itemsPerPage && slot % this.itemsPerPage === 2 ? slot - 3 : slot - 1;
  }

  isGap(slot: number): boolean {
    return slot === 0 || (slot >= this.itemsPerPage && slot % this.itemsPerPage < 2);
  }

  slotOfItem(n: number): number {
    if (n < this.itemsPerPage) return n;
    const k = n - this.itemsPerPage;
    const perPage = this.itemsPerPage - 2;
    const page = 1 + Math.floor(k / perPage);
    return page * this.itemsPerPage + 2 + (k - (page - 1) * perPage);
  }

  itemsThrough(slot: number): number {
    if (slot < this.itemsPerPage) return Math.max(0, slot);
    const page = Math.floor(slot / this.itemsPerPage);
    const position = slot - page * this.itemsPerPage;
    // Page 0's P - 1 items, P - 2 on each whole page between, then positions 2..position here.
    return this.itemsPerPage - 1 + (page - 1) * (this.itemsPerPage - 2) + Math.max(0, position - 1);
  }
}

/**
 * The last slot `items` items fill: root + items - 1 for a dense layout, further on for one with
 * gaps (root - 1 when there are none).
 */
export function lastSlotOf(layout: Pick<Layout, 'rootSlot' | 'gaps'>, items: number): number {
  if (items < 1) return layout.rootSlot - 1;
  return layout.gaps === undefined ? layout.rootSlot + items - 1 : layout.gaps.slotOfItem(items);
}

/** Pages spanned by a strict B-heap of `capacity` items (slot 0 is page 0's unused first slot). */
export function strictPagesFor(capacity: number, itemsPerPage: number): number {
  const layout = new BHeapStrictLayout(itemsPerPage);
  return Math.floor(layout.slotOfItem(Math.max(1, capacity)) / itemsPerPage) + 1;
}

export function makeLayout(kind: ArticleHeapKind, itemsPerPage: number): Layout {
  return kind === 'binary' ? new BinaryLayout(itemsPerPage) : new BHeapLayout(itemsPerPage);
}

/** Pages spanned by slots 0..capacity of a binary heap or B-heap (slot 0 is page 0's unused first slot). */
export function pagesFor(capacity: number, itemsPerPage: number): number {
  return Math.floor(capacity / itemsPerPage) + 1;
}

function checkArity(arity: number, itemsPerPage: number): void {
  checkItemsPerPage(itemsPerPage);
  if (!(DARY_ARITIES as readonly number[]).includes(arity)) {
    throw new RangeError(`arity must be 2, 4 or 8, got ${arity}`);
  }
  if (itemsPerPage % arity !== 0) {
    // Only 8 with 4 per page gets here: a sibling group of 8 cannot fit a page of 4.
    throw new RangeError(
      `arity ${arity} must divide items per page (${itemsPerPage}): use arity 2 or 4, or 8 or more items per page`,
    );
  }
}

/**
 * LaMarca & Ladner's aligned d-heap (1996): the binary heap's index map generalised to d children
 * per slot, with each sibling group inside one page.
 *
 * The textbook 0-based d-heap puts heap index i's children at d*i+1 .. d*i+d. Stored at slot
 * i + d - 1 (the root at slot d-1, slots 0..d-2 unused), those children land in slots
 * d*i+1 + d-1 .. d*i+d + d-1 = d*(i+1) .. d*(i+1) + d-1. In terms of the parent's slot s = i + d - 1
 * that is d*(s-d+2) .. d*(s-d+2) + d-1, and conversely the parent of slot c is
 * floor(c/d) - 1 + d - 1 = floor(c/d) + d - 2 (for d = 2: children 2s, 2s+1, parent floor(c/2),
 * exactly BinaryLayout, which the tests check access by access).
 *
 * A sibling group therefore starts at a multiple of d, say d*k, and ends at d*k + d-1. With P items
 * per page and d dividing P (P = d*m), d*k and d*k + d-1 both lie in [P*floor(k/m), P*floor(k/m) + P):
 * the lower end because d*k >= d*m*floor(k/m), the upper because d*k + d-1 < d*(k+1) <=
 * d*m*(floor(k/m)+1). So the d siblings a sift-down compares sit on one page, the property
 * that makes the 4-heap and 8-heap page-friendly below the first few levels.
 */
export class DaryLayout implements Layout {
  readonly kind: DaryKind;
  readonly pageShift: number;
  /** Slot of heap index 0; slots below it are padding that aligns every sibling group. */
  readonly rootSlot: number;

  constructor(
    readonly arity: DaryArity,
    readonly itemsPerPage: number,
  ) {
    checkArity(arity, itemsPerPage);
    this.kind = `dary${arity}`;
    this.pageShift = Math.log2(itemsPerPage);
    this.rootSlot = arity - 1;
  }

  parent(slot: number): number {
    // Math.floor, not >>>: slots of a large heap's children can pass 2^31.
    return Math.floor(slot / this.arity) + this.arity - 2;
  }

  firstChild(slot: number): number {
    // A multiplication, not a shift: the product can pass 2^31 for a leaf of a large heap.
    return this.arity * (slot - this.arity + 2);
  }

  secondChild(slot: number): number {
    return this.firstChild(slot) + 1;
  }

  lastChild(slot: number): number {
    return this.firstChild(slot) + this.arity - 1;
  }
}

/** Pages spanned by slots 0..capacity+d-2 (the padding and the slots a full heap uses). */
export function daryPages(arity: DaryArity, capacity: number, itemsPerPage: number): number {
  checkArity(arity, itemsPerPage);
  return Math.floor((capacity + arity - 2) / itemsPerPage) + 1;
}
