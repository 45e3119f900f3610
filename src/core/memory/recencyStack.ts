// The LRU recency stack, one reference at a time: each reference's stack distance (how deep its
// page was: 1 = the most recently used), the rank of any page, and the page at any rank. Under
// LRU a reference with distance d hits with d or more resident pages and faults with fewer
// (Mattson et al. 1970), so this one stack answers every frame count at once: the page's memory
// slider and its narration read it ("page 3 was the 5th most recently used").
//
// Two levels, as the sweep's kernel has (stackDistances.ts): the FRONT most recent pages sit in
// a short move-to-front array, scanned linearly, since a heap's sift alternates between a
// handful of pages (on the binary heap at 512 slots a page, 92% of references are at depth 8 or
// less); the pages below are ordered by a stamp (when they fell out of the front array, which
// keeps recency order), and a Fenwick tree over the stamps counts the live ones, so "how many
// deeper pages were used after page p" is a prefix sum, O(log pages). Stamps only grow; when
// they run out, the live ones are renumbered 1..k in the same order (O(stamps), once every few
// times the pages).

/** The distance of a first touch: no resident page count makes it a hit (a zero-fill). */
export const FIRST_TOUCH = 0;

/** Pages kept in the move-to-front array. */
const FRONT = 8;

/**
 * A copy of the stack: the front array and each deeper page's stamp are enough, since the
 * owners and the Fenwick tree follow from the stamps (restore rebuilds them in O(stamps)).
 */
export interface RecencySnapshot {
  front: Int32Array;
  frontCount: number;
  stampOf: Int32Array;
  nextStamp: number;
  deep: number;
}

export class RecencyStack {
  /** The most recent pages, most recent first; frontCount of them are in use. */
  private readonly front = new Int32Array(FRONT);
  private frontCount = 0;
  /** 1 for a page in the front array. */
  private readonly inFront: Uint8Array;
  /** stampOf[page]: when a deeper page fell out of the front; 0 if never used (or in front). */
  private stampOf: Int32Array;
  /** ownerOf[stamp]: the page holding that stamp, or -1 once it moved to the front again. */
  private ownerOf: Int32Array;
  /** Fenwick tree over stamps 1..capacity: 1 where a stamp is a deeper page's. */
  private tree: Int32Array;
  private readonly capacity: number;
  private nextStamp = 1;
  /** Pages below the front array. */
  private deep = 0;
  /** Largest power of two <= capacity, where the Fenwick descent starts. */
  private readonly topBit: number;

  constructor(readonly pageCount: number) {
    // Room for four times the pages: a renumbering then comes at most once per 3 x pages demotions.
    this.capacity = Math.max(64, 4 * pageCount);
    this.inFront = new Uint8Array(pageCount);
    this.stampOf = new Int32Array(pageCount);
    this.ownerOf = new Int32Array(this.capacity + 1).fill(-1);
    this.tree = new Int32Array(this.capacity + 1);
    this.topBit = 2 ** Math.floor(Math.log2(this.capacity));
  }

  /** Pages touched so far: the stack's depth. */
  get touchedPages(): number {
    return this.frontCount + this.deep;
  }

  /**
   * Uses `page` and returns its stack distance before this use: 1 if it was the most recently
   * used page, d if d - 1 other pages were used since, FIRST_TOUCH if it was never used.
   */
  reference(page: number): number {
    const front = this.front;
    if (this.inFront[page] === 1) {
      // Found near the top: move it to the front, the ones before it down by one.
      let at = 0;
      while (front[at] !== page) at++;
      for (let i = at; i > 0; i--) front[i] = front[i - 1];
      front[0] = page;
      return at + 1;
    }
    const stamp = this.stampOf[page];
    let distance = FIRST_TOUCH;
    if (stamp !== 0) {
      distance = this.frontCount + this.deep - this.prefix(stamp) + 1;
      this.add(stamp, -1);
      this.ownerOf[stamp] = -1;
      this.stampOf[page] = 0;
      this.deep--;
    }
    // Into the front array; a full one pushes its oldest page below, with the newest stamp.
    let count = this.frontCount;
    if (count === FRONT) {
      this.demote(front[FRONT - 1]);
      count--;
    }
    for (let i = count; i > 0; i--) front[i] = front[i - 1];
    front[0] = page;
    this.frontCount = count + 1;
    this.inFront[page] = 1;
    return distance;
  }

  /** Whether the page was ever used: O(1), where rank() is O(log pages). */
  isTouched(page: number): boolean {
    return this.inFront[page] === 1 || this.stampOf[page] !== 0;
  }

  /** The page's rank now (1 = most recently used), or 0 if it was never used. */
  rank(page: number): number {
    if (this.inFront[page] === 1) {
      let at = 0;
      while (this.front[at] !== page) at++;
      return at + 1;
    }
    const stamp = this.stampOf[page];
    return stamp === 0 ? 0 : this.frontCount + this.deep - this.prefix(stamp) + 1;
  }

  /** The page at `rank` (1 = most recently used), or -1 if fewer pages were ever used. */
  pageAt(rank: number): number {
    if (rank < 1 || rank > this.touchedPages) return -1;
    if (rank <= this.frontCount) return this.front[rank - 1];
    // The (rank - front)-th most recent deeper page holds the (deep - that + 1)-th smallest live
    // stamp: descend the Fenwick tree, taking a subtree whenever its count does not reach it.
    let target = this.deep - (rank - this.frontCount) + 1;
    let at = 0;
    for (let bit = this.topBit; bit > 0; bit >>= 1) {
      const next = at + bit;
      if (next <= this.capacity && this.tree[next] < target) {
        at = next;
        target -= this.tree[next];
      }
    }
    return this.ownerOf[at + 1];
  }

  snapshot(): RecencySnapshot {
    return {
      front: this.front.slice(),
      frontCount: this.frontCount,
      stampOf: this.stampOf.slice(),
      nextStamp: this.nextStamp,
      deep: this.deep,
    };
  }

  /** Every page ever used, most recently used first (rank r at index r - 1). */
  order(): Int32Array {
    const order = new Int32Array(this.touchedPages);
    order.set(this.front.subarray(0, this.frontCount));
    // Deeper pages in stamp order, newest first.
    let at = this.frontCount;
    for (let stamp = this.capacity; stamp >= 1 && at < order.length; stamp--) {
      const page = this.ownerOf[stamp];
      if (page >= 0) order[at++] = page;
    }
    return order;
  }

  /**
   * Takes the stack from a list of pages, most recently used first (order()'s form, or a
   * kernel's checkpoint): the first FRONT go to the front array, the rest get stamps that keep
   * their order (the newest the highest).
   */
  restoreOrder(order: Int32Array): void {
    const frontCount = Math.min(FRONT, order.length);
    const deep = order.length - frontCount;
    const front = new Int32Array(FRONT);
    front.set(order.subarray(0, frontCount));
    const stampOf = new Int32Array(this.pageCount);
    for (let i = 0; i < deep; i++) stampOf[order[frontCount + i]] = deep - i;
    this.restore({ front, frontCount, stampOf, nextStamp: deep + 1, deep });
  }

  restore(snapshot: RecencySnapshot): void {
    this.front.set(snapshot.front);
    this.frontCount = snapshot.frontCount;
    this.stampOf.set(snapshot.stampOf);
    this.nextStamp = snapshot.nextStamp;
    this.deep = snapshot.deep;
    this.inFront.fill(0);
    for (let i = 0; i < this.frontCount; i++) this.inFront[this.front[i]] = 1;
    // The owners and the tree, from the stamps.
    this.ownerOf.fill(-1);
    for (let page = 0; page < this.pageCount; page++) {
      const stamp = this.stampOf[page];
      if (stamp !== 0) this.ownerOf[stamp] = page;
    }
    this.rebuildTree();
  }

  /** Moves `page` from the front array to the deeper stack, as its most recent page. */
  private demote(page: number): void {
    this.inFront[page] = 0;
    if (this.nextStamp > this.capacity) this.renumber();
    const stamp = this.nextStamp++;
    this.stampOf[page] = stamp;
    this.ownerOf[stamp] = page;
    this.add(stamp, 1);
    this.deep++;
  }

  /** Live deeper stamps counted up to and including `stamp`. */
  private prefix(stamp: number): number {
    let sum = 0;
    for (let i = stamp; i > 0; i -= i & -i) sum += this.tree[i];
    return sum;
  }

  private add(stamp: number, delta: number): void {
    for (let i = stamp; i <= this.capacity; i += i & -i) this.tree[i] += delta;
  }

  /** Gives the live stamps the numbers 1..deep, in the same order, and rebuilds the tree. */
  private renumber(): void {
    let stamp = 0;
    const owners = new Int32Array(this.capacity + 1).fill(-1);
    for (let old = 1; old <= this.capacity; old++) {
      const page = this.ownerOf[old];
      if (page < 0) continue;
      stamp++;
      owners[stamp] = page;
      this.stampOf[page] = stamp;
    }
    this.ownerOf = owners;
    this.nextStamp = stamp + 1;
    this.rebuildTree();
  }

  /** A Fenwick tree of the live stamps, in O(capacity): each node adds itself to its parent. */
  private rebuildTree(): void {
    const tree = this.tree;
    for (let i = 1; i <= this.capacity; i++) tree[i] = this.ownerOf[i] >= 0 ? 1 : 0;
    for (let i = 1; i <= this.capacity; i++) {
      const parent = i + (i & -i);
      if (parent <= this.capacity) tree[parent] += tree[i];
    }
  }
}
