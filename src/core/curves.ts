// Page-ins and write-backs of one run for every frame count 1..pages at once, in one pass,
// without storing the trace. This is what lets the sidebar redraw the article's Figures 1-4.
//
// LRU is a stack algorithm (Mattson et al. 1970): with F frames the resident pages are exactly
// the top F of one recency stack, whatever F is. So a reference to a page at depth d (1-based)
// hits for every F >= d and faults for every F < d; a first touch is a zero-fill for every F.
//
// Write-backs need one more idea. Between two references to page p, p sinks from depth 1 to
// depth d (the next reference's distance), passing every depth 1..d-1 on the way; with F frames
// it is evicted when it sinks from F to F+1, i.e. for every F in 1..d-1. It is dirty at that
// moment with F frames iff it was written after it was last loaded with F frames. Let
// dirtyFrom(p) be the largest distance among p's references since its last write (0 right after
// a write, "never" before its first write): it was (re)loaded after the write exactly for
// F < dirtyFrom(p). So the interval contributes one write-back to each F in [dirtyFrom(p), d-1],
// an O(1) range update on a difference array. The still-open intervals are closed at the end
// with the page's final depth.
//
// Depths come from a two-level stack. The top few pages sit in a small ring, scanned linearly:
// a heap's sift alternates between a handful of pages, so most references end there, and a
// page from below enters at the front in O(1). Deeper pages are ordered by a stamp (when they
// fell out of the top array, which preserves recency order); a bitmap of live stamps with
// counts per word, per group of 16 words and so on up (a tree of fan-out 16) says how many are
// more recent. Adding and removing touch one count per level; a rank is at most 8 adds over
// adjacent memory per level. Up to 2,048 pages the groups are the only level: that measured
// 15% faster on the 1M-item binary heap than a Fenwick tree's three walks.
//
// References are queued (merging a read and a write of the same page, which count as one
// write) and accounted in batches, apart from the heap's loop. A sift-down step whose parent
// and children are on two pages is queued whole: after the children's page is read, its
// references alternate between the two most recent pages, which is closed-form arithmetic.
// On the 1M-item binary heap this took the full curve from ~5.2 s to ~3.5 s of CPU (loaded
// machine, medians of 7 fresh processes).

import { expandSiftDownStep, type MemoryObserver } from './memory';

/** Page-ins and write-backs per frame count. Index f - 1 holds the value for f frames. */
export interface FrameCurves {
  pages: number;
  zeroFills: number;
  pageIns: Float64Array;
  writeBacks: Float64Array;
}

// Top-array size: past 16 the linear scan costs more than the Fenwick tree saves (measured on
// the 1M-item binary heap, whose sift-downs revisit about a dozen pages per operation).
const DEFAULT_TOP = 16;
// Stamp space as a multiple of the pages: larger means rarer compactions, a deeper tree.
const STAMP_FACTOR = 4;
// stamp[page] of a page in the top array (0: never referenced; above 0: in the lower stack).
const IN_TOP = -1;
// Queue length: 16 KiB, so the queue stays in the L1 cache while the heap runs.
const PENDING_SIZE = 4096;
// Queue entry kinds (the low two bits).
const READ = 0;
const WRITE = 1;
const BOUNCE = 2;
const BOUNCE_READ = BOUNCE;
const BOUNCE_WRITE = BOUNCE | WRITE;

export class AllFramesCounter implements MemoryObserver {
  zeroFills = 0;
  // top[0] and top[1], kept apart too for the fast paths (distance 1 and 2).
  private mostRecent = -1;
  private secondRecent = -1;
  // Distance-2 references, and those of them that wrote back for F = 1: added in at the end.
  private distanceTwo = 0;
  private distanceTwoDirty = 0;
  // The top pages, most recent first, in a ring: depth d is at (topHead + d - 1) & topMask, so
  // a page from below enters at the front and pushes the last one out in O(1).
  private readonly top: Int32Array;
  private readonly topMask: number;
  private topHead = 0;
  private topCount = 0;
  private readonly topSize: number;
  private readonly never: number; // a "dirtyFrom" that no distance reaches: never written
  private readonly dirtyFrom: Int32Array;
  // Lower stack: stamp per page (0: never referenced, IN_TOP: in the top array). Page per stamp
  // is scratch space for compact() and finish(), filled from the stamps when they need it: kept
  // up to date in the accounting loop, it cost two stores per lower-stack reference and 32 KiB
  // of cache (the article's binary heap: about 1.5% of the whole sweep, measured in place).
  private readonly stamp: Int32Array;
  private readonly pageAtStamp: Int32Array;
  // Live stamps as a bitmap, with counts per 32-bit word and a tree of counts above them: per
  // group of 16 words (512 stamps), then per 16 groups, and so on until a level has at most 16
  // nodes (the article's 1,954 pages need only the groups). See countFrom.
  private readonly bits: Int32Array;
  private readonly wordCounts: Int32Array;
  private readonly tree: Int32Array;
  private readonly treeStarts: Int32Array;
  private readonly stampLimit: number;
  private nextStamp = 1;
  private lowerCount = 0; // live stamps: pages in the lower stack
  // Difference arrays over frame counts 1..pages (index F), turned into curves by prefix sums.
  private readonly pageInDiff: Float64Array;
  private readonly writeBackDiff: Float64Array;
  private readonly pageShift: number;
  private finished = false;
  // References queued for flush(): (page << 2) | kind. lastPending is the page the queue ends
  // on (reads of it are no-ops); mergeAt is the last entry's index if it is a plain reference
  // (to lastPending), into which a write can be merged, else -1.
  private readonly pending = new Int32Array(PENDING_SIZE);
  private pendingCount = 0;
  private lastPending = -1;
  private mergeAt = -1;
  private handOff: ((entries: Int32Array, count: number) => void) | null = null;

  constructor(
    readonly pageCount: number,
    itemsPerPage: number,
    topSize = DEFAULT_TOP,
  ) {
    if (!Number.isInteger(pageCount) || pageCount < 1) {
      throw new RangeError(`page count must be a positive integer, got ${pageCount}`);
    }
    this.pageShift = Math.log2(itemsPerPage);
    // At least 2: the distance-2 fast path keeps the two most recent pages in top[0] and top[1].
    this.topSize = Math.max(2, topSize);
    let ring = 2;
    while (ring < this.topSize) ring *= 2;
    this.top = new Int32Array(ring);
    this.topMask = ring - 1;
    this.never = pageCount + 1;
    this.dirtyFrom = new Int32Array(pageCount).fill(this.never);
    this.stamp = new Int32Array(pageCount);
    // At least twice the pages, so a compaction (O(limit)) comes at most once per `pages` stamps.
    let limit = 1024;
    while (limit < STAMP_FACTOR * pageCount) limit *= 2;
    this.stampLimit = limit;
    this.pageAtStamp = new Int32Array(limit);
    this.bits = new Int32Array(limit >>> 5);
    this.wordCounts = new Int32Array(limit >>> 5);
    const starts = [0];
    let size = limit >>> 9;
    let total = size;
    while (size > 16) {
      size >>>= 4;
      starts.push(total);
      total += size;
    }
    this.tree = new Int32Array(total);
    this.treeStarts = Int32Array.from(starts);
    this.pageInDiff = new Float64Array(pageCount + 2);
    this.writeBackDiff = new Float64Array(pageCount + 2);
  }

  read(slot: number): void {
    const page = slot >>> this.pageShift;
    // A read of the page just referenced is at distance 1: no effect at all.
    if (page !== this.lastPending) this.pushPage(page, READ);
  }

  write(slot: number): void {
    const page = slot >>> this.pageShift;
    // Merged into the previous reference to the same page: a read then a write at distance 1
    // counts exactly as one write (the distance and the dirty state before it are the same).
    if (page === this.lastPending && this.mergeAt >= 0) this.pending[this.mergeAt] |= WRITE;
    else this.pushPage(page, WRITE);
  }

  /**
   * One sift-down step (MemoryObserver.siftDownStep): the same references as
   * expandSiftDownStep. With both children on page C and the parent on page P, the step is
   * C's read, then P, C (and P, C again when written): queued as C's read and a "bounce" from
   * P, which flush() accounts in closed form when P is the page before C. Written out in full
   * because it runs inside the heap's loop, once per level.
   */
  siftDownStep(slot: number, child: number, first: number, second: number, swapped: boolean): void {
    const shift = this.pageShift;
    const childPage = child >>> shift;
    if (second < 0 || second >>> shift !== childPage || first >>> shift !== childPage) {
      // One child (a B-heap page's positions 0 and 1, or the tail), or children on two pages
      // (no layout here does that): the plain sequence.
      expandSiftDownStep(this, slot, child, first, second, swapped);
      return;
    }
    const parentPage = slot >>> shift;
    if (childPage >= this.pageCount) throw this.outside(childPage);
    let count = this.pendingCount;
    if (count > PENDING_SIZE - 2) {
      this.flush();
      count = 0;
    }
    const pending = this.pending;
    if (parentPage === childPage) {
      // One page: one reference, a write if the step swapped.
      if (childPage !== this.lastPending) {
        this.mergeAt = count;
        pending[count++] = (childPage << 2) | (swapped ? WRITE : READ);
        this.lastPending = childPage;
        this.pendingCount = count;
      } else if (swapped) {
        if (this.mergeAt >= 0) pending[this.mergeAt] |= WRITE;
        else {
          this.mergeAt = count;
          pending[count++] = (childPage << 2) | WRITE;
          this.pendingCount = count;
        }
      }
      return;
    }
    if (childPage !== this.lastPending) pending[count++] = childPage << 2;
    pending[count++] = (parentPage << 2) | (swapped ? BOUNCE_WRITE : BOUNCE_READ);
    this.pendingCount = count;
    // The bounce ends on the child's page: its reads are no-ops, but a write is not merged
    // into the bounce entry.
    this.lastPending = childPage;
    this.mergeAt = -1;
  }

  /** A reference to a page given directly (for traces that are not heap runs). */
  touchPage(page: number, write: boolean): void {
    if (write) {
      if (page === this.lastPending && this.mergeAt >= 0) this.pending[this.mergeAt] |= WRITE;
      else this.pushPage(page, WRITE);
    } else if (page !== this.lastPending) this.pushPage(page, READ);
  }

  /** Queues a plain reference to `page`. */
  private pushPage(page: number, kind: number): void {
    if (page < 0 || page >= this.pageCount) throw this.outside(page);
    if (this.pendingCount === PENDING_SIZE) this.flush();
    this.mergeAt = this.pendingCount;
    this.pending[this.pendingCount++] = (page << 2) | kind;
    this.lastPending = page;
  }

  private outside(page: number): RangeError {
    return new RangeError(`page ${page} is outside 0..${this.pageCount - 1}`);
  }

  /**
   * Accounts the queued entries in order. Kept apart from the heap's loop, and with the two
   * most recent pages in locals: top[0] and top[1] are written only when a deeper reference
   * needs the top array. Distance 1 is no reference at all but a write; distance 2 is a fault
   * for F = 1 only and a write-back for F = 1 if the page was dirty there (dirtyFrom <= 1), so
   * both are counts, added to the difference arrays at the end.
   */
  private flush(): void {
    const handOff = this.handOff;
    if (handOff !== null) handOff(this.pending, this.pendingCount);
    else this.consume(this.pending, this.pendingCount);
    this.pendingCount = 0;
    // The last entry is gone: a later write must not be merged into it.
    this.mergeAt = -1;
  }

  /**
   * Sends each full queue to `handOff` instead of accounting it here: the queue (this side)
   * and the accounting (another counter's consume(), on another thread) then run in parallel.
   * The entries are only valid during the call.
   */
  handOffBatches(handOff: (entries: Int32Array, count: number) => void): void {
    this.handOff = handOff;
  }

  /** Sends what is still queued to the hand-off; the end of a run whose batches went elsewhere. */
  flushHandOff(): void {
    if (this.handOff === null) throw new Error('flushHandOff() needs handOffBatches() first');
    this.flush();
  }

  /**
   * Accounts a batch of queued references (from this counter's queue or another's). One loop
   * with the state in locals: on the 1M-item binary heap, the version that called out for each
   * deeper reference (top-array scan, lower-stack exchange, difference arrays) took about 10%
   * longer to account the same batches.
   */
  consume(pending: Int32Array, count: number): void {
    const dirtyFrom = this.dirtyFrom;
    const top = this.top;
    const mask = this.topMask;
    const topSize = this.topSize;
    const stamps = this.stamp;
    const bits = this.bits;
    const wordCounts = this.wordCounts;
    const tree = this.tree;
    const treeStarts = this.treeStarts;
    // More than 16 groups (over 2,048 pages): the tree has levels above the groups.
    const tall = treeStarts.length > 1;
    const pageInDiff = this.pageInDiff;
    const writeBackDiff = this.writeBackDiff;
    let head = this.topHead;
    let nextStamp = this.nextStamp;
    let lowerCount = this.lowerCount;
    let first = this.mostRecent;
    let second = this.secondRecent;
    let distanceTwo = 0;
    let distanceTwoDirty = 0;
    let faults = 0; // references at distance 3 or more: a fault for F = 1, added in at the end
    for (let i = 0; i < count; i++) {
      const entry = pending[i];
      const page = entry >>> 2;
      if ((entry & BOUNCE) === 0) {
        if (page === first) {
          if ((entry & WRITE) !== 0) dirtyFrom[page] = 0;
          continue;
        }
        if (page === second) {
          second = first;
          first = page;
          const from = dirtyFrom[page];
          distanceTwo++;
          distanceTwoDirty += (from - 2) >>> 31;
          dirtyFrom[page] = (entry & WRITE) !== 0 ? 0 : from > 2 ? from : 2;
          continue;
        }
      } else if (page === second) {
        // A bounce: read P (`page`), read C (the most recent page), then, if written, write P
        // and write C. Each reference is at distance 2 and the stack ends as it started. The
        // first visit to each page may write it back for F = 1; the second cannot (it was just
        // reloaded clean, or written).
        const child = first;
        const parentFrom = dirtyFrom[page];
        const childFrom = dirtyFrom[child];
        distanceTwoDirty += ((parentFrom - 2) >>> 31) + ((childFrom - 2) >>> 31);
        if ((entry & WRITE) !== 0) {
          distanceTwo += 4;
          dirtyFrom[page] = 0;
          dirtyFrom[child] = 0;
        } else {
          distanceTwo += 2;
          dirtyFrom[page] = parentFrom > 2 ? parentFrom : 2;
          dirtyFrom[child] = childFrom > 2 ? childFrom : 2;
        }
        continue;
      }

      // A page deeper than the two most recent: a plain reference, or a bounce's read of P.
      // top[head] and the next place hold the two most recent pages (kept in locals until now).
      top[head] = first;
      top[(head + 1) & mask] = second;
      let distance: number; // 1-based depth before this reference; 0 for a first touch
      const code = stamps[page];
      if (code === IN_TOP) {
        // In the top array: scan for it, shifting the pages above it down one place. Depths 1
        // and 2 hold the two most recent pages, which it is not, so the scan starts at 3; it
        // looks at four places per round, since hits are spread over depths 3 to 16 (on the
        // 1M-item binary heap, accounting took 7% less time than one place per round from 2).
        let carried = second;
        top[(head + 1) & mask] = first;
        let depth = 2;
        for (;;) {
          const at = (head + depth) & mask;
          const here = top[at];
          top[at] = carried;
          if (here === page) break;
          const at1 = (at + 1) & mask;
          const here1 = top[at1];
          top[at1] = here;
          if (here1 === page) {
            depth += 1;
            break;
          }
          const at2 = (at + 2) & mask;
          const here2 = top[at2];
          top[at2] = here1;
          if (here2 === page) {
            depth += 2;
            break;
          }
          const at3 = (at + 3) & mask;
          const here3 = top[at3];
          top[at3] = here2;
          if (here3 === page) {
            depth += 3;
            break;
          }
          carried = here3;
          depth += 4;
        }
        top[head] = page;
        distance = depth + 1;
      } else if (this.topCount < topSize) {
        // The top array is not full yet, so nothing is below it: a first touch.
        head = (head - 1) & mask;
        top[head] = page;
        this.topCount++;
        stamps[page] = IN_TOP;
        distance = 0;
      } else {
        // It enters the front of the ring, which pushes the last top page (in the place in
        // front of the old head) into the lower stack. A page there leaves it first, so the
        // newcomer is not counted above it.
        head = (head - 1) & mask;
        const last = top[(head + topSize) & mask];
        top[head] = page;
        let rank = 0; // 1-based rank in the lower stack (1 = most recent); 0 if not there
        if (code > 0) {
          rank = tall
            ? countFromTall(bits, wordCounts, tree, treeStarts, code, nextStamp - 1, lowerCount)
            : countFrom(bits, wordCounts, tree, code, nextStamp - 1, lowerCount);
          const word = code >>> 5;
          bits[word] &= ~(1 << (code & 31));
          wordCounts[word]--;
          tree[word >>> 4]--;
          if (tall) adjustUpper(tree, treeStarts, word, -1);
          lowerCount--;
        }
        stamps[page] = IN_TOP;
        if (nextStamp >= this.stampLimit) {
          this.nextStamp = nextStamp;
          this.compact();
          nextStamp = this.nextStamp;
        }
        const stamp = nextStamp++;
        stamps[last] = stamp;
        const word = stamp >>> 5;
        bits[word] |= 1 << (stamp & 31);
        wordCounts[word]++;
        tree[word >>> 4]++;
        if (tall) adjustUpper(tree, treeStarts, word, 1);
        lowerCount++;
        distance = rank === 0 ? 0 : topSize + rank;
      }

      // The difference arrays. A bounce's first reference is a read.
      const write = (entry & (BOUNCE | WRITE)) === WRITE;
      const was = dirtyFrom[page];
      if (distance === 0) {
        this.zeroFills++;
        dirtyFrom[page] = write ? 0 : this.never;
      } else {
        // Faults for every F < distance; write-backs for F in [dirtyFrom, distance - 1].
        faults++;
        pageInDiff[distance] -= 1;
        const from = was > 1 ? was : 1;
        if (from < distance) {
          writeBackDiff[from] += 1;
          writeBackDiff[distance] -= 1;
        }
        dirtyFrom[page] = write ? 0 : was > distance ? was : distance;
      }
      if ((entry & BOUNCE) === 0) {
        second = first;
        first = page;
        continue;
      }
      // The rest of a bounce whose P was deeper: C is at distance 2, then P and C again (each
      // just referenced, so at distance 2 with dirtyFrom >= 2: no write-back).
      const child = first;
      const childFrom = dirtyFrom[child];
      distanceTwoDirty += (childFrom - 2) >>> 31;
      if ((entry & WRITE) !== 0) {
        distanceTwo += 3;
        dirtyFrom[page] = 0;
        dirtyFrom[child] = 0;
      } else {
        distanceTwo++;
        dirtyFrom[child] = childFrom > 2 ? childFrom : 2;
      }
      second = page;
      first = child;
    }
    top[head] = first;
    top[(head + 1) & mask] = second;
    this.topHead = head;
    this.nextStamp = nextStamp;
    this.lowerCount = lowerCount;
    this.mostRecent = first;
    this.secondRecent = second;
    pageInDiff[1] += faults;
    this.distanceTwo += distanceTwo;
    this.distanceTwoDirty += distanceTwoDirty;
  }

  /** The page sank to `depth` since its last reference: dirty evictions for F in [dirtyFrom, depth-1]. */
  private closeInterval(page: number, depth: number): void {
    const from = Math.max(this.dirtyFrom[page], 1);
    if (from < depth) {
      this.writeBackDiff[from] += 1;
      this.writeBackDiff[depth] -= 1;
    }
  }

  /**
   * Renumbers the live stamps 1..n, keeping their order, and rebuilds the counts. It visits the
   * set bits only, so it costs O(limit / 32 + pages).
   */
  private compact(): void {
    const bits = this.bits;
    const pageAtStamp = this.fillPageAtStamp();
    let next = 1;
    for (let word = 0; word < bits.length; word++) {
      let rest = bits[word];
      while (rest !== 0) {
        const lowest = rest & -rest;
        rest ^= lowest;
        const stamp = (word << 5) | (31 - Math.clz32(lowest));
        this.stamp[pageAtStamp[stamp]] = next;
        next++;
      }
    }
    bits.fill(0);
    this.wordCounts.fill(0);
    this.tree.fill(0);
    for (let stamp = 1; stamp < next; stamp++) {
      const word = stamp >>> 5;
      bits[word] |= 1 << (stamp & 31);
      this.wordCounts[word]++;
      this.tree[word >>> 4]++;
      adjustUpper(this.tree, this.treeStarts, word, 1);
    }
    this.nextStamp = next;
  }

  /**
   * The page of each live stamp, rebuilt from the pages' stamps when a compaction or finish()
   * needs it, so the accounting loop never touches it (stale places are never read: only live
   * stamps are looked up).
   */
  private fillPageAtStamp(): Int32Array {
    const pageAtStamp = this.pageAtStamp;
    const stamps = this.stamp;
    for (let page = 0; page < stamps.length; page++) {
      const stamp = stamps[page];
      if (stamp > 0) pageAtStamp[stamp] = page;
    }
    return pageAtStamp;
  }

  /** Closes the open intervals (pages still sinking at the end of the run) and returns the curves. */
  finish(): FrameCurves {
    if (this.finished) throw new Error('finish() may be called once');
    if (this.handOff !== null)
      throw new Error('this counter handed its batches off: finish the consumer');
    this.finished = true;
    this.flush();
    for (let i = 0; i < this.topCount; i++) {
      this.closeInterval(this.top[(this.topHead + i) & this.topMask], i + 1);
    }
    const pageAtStamp = this.fillPageAtStamp();
    let rank = 0;
    for (let stamp = this.stampLimit - 1; stamp >= 1; stamp--) {
      if (((this.bits[stamp >>> 5] >>> (stamp & 31)) & 1) === 0) continue;
      rank++;
      this.closeInterval(pageAtStamp[stamp], this.topSize + rank);
    }
    this.pageInDiff[1] += this.distanceTwo;
    this.pageInDiff[2] -= this.distanceTwo;
    this.writeBackDiff[1] += this.distanceTwoDirty;
    this.writeBackDiff[2] -= this.distanceTwoDirty;
    const pageIns = new Float64Array(this.pageCount);
    const writeBacks = new Float64Array(this.pageCount);
    let pageInRun = 0;
    let writeBackRun = 0;
    for (let frames = 1; frames <= this.pageCount; frames++) {
      pageInRun += this.pageInDiff[frames];
      writeBackRun += this.writeBackDiff[frames];
      pageIns[frames - 1] = pageInRun;
      writeBacks[frames - 1] = writeBackRun;
    }
    return { pages: this.pageCount, zeroFills: this.zeroFills, pageIns, writeBacks };
  }
}

/** Adds `delta` to the counts over `word` at the tree's levels above the groups. */
function adjustUpper(tree: Int32Array, starts: Int32Array, word: number, delta: number): void {
  let index = word >>> 4;
  for (let level = 1; level < starts.length; level++) {
    index >>>= 4;
    tree[starts[level] + index] += delta;
  }
}

/**
 * Live stamps >= `stamp` in its own group of 16 words: those in its 32-bit word at or above its
 * bit, then in the group's later words, counted from whichever end is nearer (the other side
 * follows from the group's count), so at most 8 word counts.
 */
function countInGroup(
  bits: Int32Array,
  wordCounts: Int32Array,
  groups: Int32Array,
  stamp: number,
): number {
  const word = stamp >>> 5;
  let count = popcount(bits[word] >>> (stamp & 31));
  const offset = word & 15;
  if (offset < 8) {
    let below = wordCounts[word];
    for (let w = word - offset; w < word; w++) below += wordCounts[w];
    count += groups[word >>> 4] - below;
  } else {
    const end = ((word >>> 4) + 1) << 4;
    for (let w = word + 1; w < end; w++) count += wordCounts[w];
  }
  return count;
}

/**
 * Live stamps >= `stamp` in the lower stack, with at most 16 groups (the tree's only level,
 * `groups`): those in its own group, then in the newer groups up to the one holding `newest`,
 * counted from whichever end is nearer (the other side follows from the stack's total, `live`).
 * So a rank is at most 8 word counts and 8 group counts.
 */
function countFrom(
  bits: Int32Array,
  wordCounts: Int32Array,
  groups: Int32Array,
  stamp: number,
  newest: number,
  live: number,
): number {
  let count = countInGroup(bits, wordCounts, groups, stamp);
  const group = stamp >>> 9;
  const lastGroup = newest >>> 9;
  if (group + group < lastGroup) {
    let below = groups[group];
    for (let g = 0; g < group; g++) below += groups[g];
    count += live - below;
  } else {
    for (let g = group + 1; g <= lastGroup; g++) count += groups[g];
  }
  return count;
}

/**
 * countFrom for a taller tree: after its own group, at each level the nodes after its own in
 * their block of 16, then at the top level those after its own up to the one holding `newest`,
 * each counted from the nearer end (the other side follows from the parent's count, or at the
 * top from `live`). At most 8 additions per level: O(log pages). A single flat level of groups
 * cost O(pages) per rank, which made sweeps of small pages slow (binary heap, 4M items of 4 per
 * page, 1M pages: 64 s).
 */
function countFromTall(
  bits: Int32Array,
  wordCounts: Int32Array,
  tree: Int32Array,
  starts: Int32Array,
  stamp: number,
  newest: number,
  live: number,
): number {
  let count = countInGroup(bits, wordCounts, tree, stamp);
  let index = stamp >>> 9;
  const top = starts.length - 1;
  for (let level = 0; level < top; level++) {
    const at = starts[level] + index;
    const first = at - (index & 15);
    if ((index & 15) < 8) {
      let below = tree[at];
      for (let j = first; j < at; j++) below += tree[j];
      count += tree[starts[level + 1] + (index >>> 4)] - below;
    } else {
      for (let j = at + 1; j < first + 16; j++) count += tree[j];
    }
    index >>>= 4;
  }
  const base = starts[top];
  const last = newest >>> (9 + 4 * top);
  if (index + index < last) {
    let below = tree[base + index];
    for (let j = base; j < base + index; j++) below += tree[j];
    count += live - below;
  } else {
    for (let j = base + index + 1; j <= base + last; j++) count += tree[j];
  }
  return count;
}

/** Set bits of a 32-bit word (the classic SWAR sum: pairs, nibbles, then bytes by a multiply). */
function popcount(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
