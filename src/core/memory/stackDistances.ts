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
// more recent. Adding and removing touch one count per level; a rank is one masked sum of 16
// adjacent counts per level (SIMD in the kernel). Up to 2,048 pages the groups are the only
// level: with loops of at most 8 adds, that measured 15% faster on the 1M-item binary heap than
// a Fenwick tree's three walks.
//
// References are queued (merging a read and a write of the same page, which count as one
// write) and accounted in batches, apart from the heap's loop. A sift-down step whose parent
// and children are on two pages is queued whole: after the children's page is read, its
// references alternate between the two most recent pages, which is closed-form arithmetic.
// On the 1M-item binary heap this cut the full curve's CPU time by about a third
// (docs/performance.md has the numbers).
//
// This file is the queueing half, which runs inside the heap's loop. The accounting half (the
// stack, the difference arrays) is a WebAssembly kernel, kernel/assembly/stackKernel.ts, whose
// queue this class fills in place: WebAssembly with SIMD ranks accounts the 1M-item binary heap's
// 67M queued references in about half the time TypeScript took, with the same curves.

import { instantiateStackKernel, type StackKernel } from './kernel/stackKernel';
import { expandSiftDownStep, type MemoryObserver } from './observer';
import type { StackMemoryImage } from './stackImage';
import { NEVER_WRITTEN } from './stackMemory';

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
// Queue length: the kernel's (checked when a counter is made); a constant here, so the heap's
// loop compares with an immediate.
const PENDING_SIZE = 4096;
// Queue entry kinds (the low two bits), as the kernel reads them.
const READ = 0;
const WRITE = 1;
const BOUNCE = 2;
const BOUNCE_READ = BOUNCE;
const BOUNCE_WRITE = BOUNCE | WRITE;

export class AllFramesCounter implements MemoryObserver {
  private readonly kernel: StackKernel;
  private readonly pageShift: number;
  private finished = false;
  // References queued for flush(): (page << 2) | kind, in the kernel's memory. lastPending is
  // the page the queue ends on (reads of it are no-ops); mergeAt is the last entry's index if it
  // is a plain reference (to lastPending), into which a write can be merged, else -1.
  private readonly pending: Int32Array;
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
    const kernel = instantiateStackKernel();
    if (kernel.queueLength() !== PENDING_SIZE) {
      throw new Error(
        `the stack kernel queues ${kernel.queueLength()} entries, not ${PENDING_SIZE}`,
      );
    }
    // At least 2: the distance-2 fast path keeps the two most recent pages in top[0] and top[1].
    // The kernel's memory grows only here, so the queue's view of it stays valid.
    const queue = kernel.init(pageCount, Math.max(2, topSize));
    this.pending = new Int32Array(kernel.memory.buffer, queue, PENDING_SIZE);
    this.kernel = kernel;
  }

  /** The page of the latest reference (-1 before any): a checkpoint's last page. */
  get latestPage(): number {
    return this.lastPending;
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

  /** Sends the queue to the hand-off, or to the kernel to account. */
  private flush(): void {
    const handOff = this.handOff;
    if (handOff !== null) handOff(this.pending, this.pendingCount);
    else this.kernel.consume(this.pendingCount);
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
   * Accounts a batch of queued references from another counter's queue (handOffBatches), after
   * whatever this one still has queued. Each entry's page is checked: the kernel trusts its
   * queue, and a page outside the address space would corrupt its arrays, not throw.
   */
  consume(entries: Int32Array, count: number): void {
    if (this.pendingCount > 0) this.flush();
    for (let start = 0; start < count; start += PENDING_SIZE) {
      const chunk = entries.subarray(start, Math.min(count, start + PENDING_SIZE));
      for (let i = 0; i < chunk.length; i++) {
        const page = chunk[i] >>> 2;
        if (page >= this.pageCount) throw this.outside(page);
      }
      this.pending.set(chunk);
      this.kernel.consume(chunk.length);
    }
  }

  /**
   * The stack and its counts now, as StackMemory keeps them (a checkpoint of the page's replay of
   * a long run), after accounting what is queued. `references` is every read and write so far
   * (the structure counts them): the queue drops reads of the page just used, so the kernel
   * cannot, and they are the references at distance 1.
   *
   * The kernel keeps distances 3 and up as -1 each at their index of the page-in difference
   * array (and their number at index 1), distance 2 as one count, and the write-backs of closed
   * intervals as a difference array with distance 2's apart: the histogram and the closed
   * write-backs follow. Its "never written" mark is pages + 1, StackMemory's NEVER_WRITTEN.
   */
  image(references: number): StackMemoryImage {
    if (this.finished) throw new Error('image() must come before finish()');
    if (this.handOff !== null) throw new Error('this counter handed its batches off');
    if (this.pendingCount > 0) this.flush();
    return kernelImage(this.kernel, this.pageCount, references);
  }

  /** Closes the open intervals (pages still sinking at the end of the run) and returns the curves. */
  finish(): FrameCurves {
    if (this.finished) throw new Error('finish() may be called once');
    if (this.handOff !== null)
      throw new Error('this counter handed its batches off: finish the consumer');
    this.finished = true;
    this.flush();
    const kernel = this.kernel;
    kernel.finish();
    const buffer = kernel.memory.buffer;
    const pages = this.pageCount;
    return {
      pages,
      zeroFills: kernel.zeroFills(),
      pageIns: new Float64Array(buffer, kernel.pageInCurve(), pages).slice(),
      writeBacks: new Float64Array(buffer, kernel.writeBackCurve(), pages).slice(),
    };
  }
}

/** The checkpoint functions a kernel with the stack compiled in exports (this one, the replay one). */
export type StackCheckpoints = Pick<
  StackKernel,
  | 'memory'
  | 'exportOrder'
  | 'orderAt'
  | 'dirtyFromAt'
  | 'neverWritten'
  | 'pageInDifferences'
  | 'writeBackDifferences'
  | 'distanceTwoCount'
  | 'distanceTwoWriteBacks'
  | 'zeroFills'
>;

/**
 * A kernel's stack as a StackMemory image, its queue accounted (AllFramesCounter.image says how
 * the arrays translate). `references`: every read and write so far.
 */
export function kernelImage(
  kernel: StackCheckpoints,
  pages: number,
  references: number,
): StackMemoryImage {
  const touched = kernel.exportOrder();
  const buffer = kernel.memory.buffer;
  const order = new Int32Array(buffer, kernel.orderAt(), touched).slice();
  const dirtyFrom = new Int32Array(buffer, kernel.dirtyFromAt(), pages).slice();
  const never = kernel.neverWritten();
  for (let page = 0; page < pages; page++) {
    if (dirtyFrom[page] === never) dirtyFrom[page] = NEVER_WRITTEN;
  }
  const pageInDiff = new Float64Array(buffer, kernel.pageInDifferences(), pages + 2);
  const histogram = new Float64Array(pages + 2);
  const twos = kernel.distanceTwoCount();
  const zeroFills = kernel.zeroFills();
  let deeper = 0;
  for (let d = 3; d <= pages; d++) {
    histogram[d] = -pageInDiff[d];
    deeper += histogram[d];
  }
  if (pages >= 2) histogram[2] = twos;
  histogram[1] = references - zeroFills - twos - deeper;
  const closedWriteBacks = new Float64Array(
    buffer,
    kernel.writeBackDifferences(),
    pages + 2,
  ).slice();
  const twosDirty = kernel.distanceTwoWriteBacks();
  closedWriteBacks[1] += twosDirty;
  closedWriteBacks[2] -= twosDirty;
  return { order, dirtyFrom, histogram, closedWriteBacks, references, zeroFills };
}
