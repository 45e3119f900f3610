// LRU memory at every frame count at once, one reference at a time: the state behind the page's
// memory slider. Each reference's stack distance says whether it hits or faults for every frame
// count, so moving the slider re-answers the counters and the page states without running the
// scenario again (docs/model.md).
//
// LRU is a stack algorithm (Mattson et al. 1970): with F frames the resident pages are the top F
// of one recency stack. A reference at distance d (1 = the most recently used page) hits for
// F >= d and faults for F < d; a first touch is a zero-fill for every F. So page-ins at F are the
// references deeper than F: a suffix sum of a histogram of distances.
//
// Write-backs (as in stackDistances.ts): between two references to page p it sinks from depth 1
// to depth d, and with F frames it is evicted when it passes F, for every F < d. It is dirty then
// iff it was written after its last load with F frames. dirtyFrom(p), the largest distance among
// p's references since its last write (0 right after the write, NEVER before any), says exactly
// that: the reload came after the write for F < dirtyFrom(p). So a closed interval adds one
// write-back to each F in [max(1, dirtyFrom), d - 1] (a range update on a difference array), and
// a page still sinking now has been written back for each F in [max(1, dirtyFrom), depth - 1].
//
// The counts at one chosen frame count (the slider's) are kept as a direct simulation would keep
// them, one reference at a time, and rebuilt from the histogram when the frame count changes.

import type { TouchOutcome } from '../events';
import { FIRST_TOUCH, type RecencySnapshot, RecencyStack } from './recencyStack';
import type { StackMemoryImage } from './stackImage';

/** dirtyFrom of a page not written since it was first touched. */
export const NEVER_WRITTEN = 0x7fffffff;
const NEVER = NEVER_WRITTEN;

/** What a pager reports, at one frame count. Transfers are page-ins plus write-backs. */
export interface MemoryCounts {
  hits: number;
  zeroFills: number;
  pageIns: number;
  writeBacks: number;
  evictions: number;
}

/** A page on the grid at a frame count: never touched, resident clean or dirty, or paged out. */
export type PageStateAt = 'untouched' | 'clean' | 'dirty' | 'out';

/** The latest reference, as a direct LRU simulation with F frames would have reported it. */
export interface ReferenceAt {
  page: number;
  write: boolean;
  /** Its stack distance before the reference; FIRST_TOUCH (0) for a first touch. */
  distance: number;
  outcome: TouchOutcome;
  /** The page evicted to make room (-1: none), and whether it was dirty. */
  evicted: number;
  writeBack: boolean;
}

export interface StackMemorySnapshot {
  recency: RecencySnapshot;
  dirtyFrom: Int32Array;
  histogram: Float64Array;
  closedWriteBacks: Float64Array;
  references: number;
  zeroFills: number;
  frames: number;
  counts: MemoryCounts;
  last: ReferenceAt | null;
  /** The page of the latest reference (-1: none), known even when `last` is not. */
  latestPage: number;
  previousPage: number;
}

const OUTCOMES: readonly TouchOutcome[] = ['hit', 'zero-fill', 'page-in'];

export class StackMemory {
  private readonly recency: RecencyStack;
  /** Per page: see the file's comment; NEVER before its first write. */
  private readonly dirtyFrom: Int32Array;
  /** histogram[d]: references at stack distance d (1..pages); first touches are not in it. */
  private readonly histogram: Float64Array;
  /** Difference array over F (index 1..pages): write-backs of intervals already closed. */
  private readonly closedWriteBacks: Float64Array;
  private references = 0;
  private zeroFills = 0;
  private framesNow: number;
  // The counts at the chosen frame count, as plain fields (the hot path adds to them).
  private hitsNow = 0;
  private zeroFillsNow = 0;
  private pageInsNow = 0;
  private writeBacksNow = 0;
  private evictionsNow = 0;
  // The latest reference at the chosen frame count, in fields: an object per reference would
  // be hundreds of millions of them on the article's run (lastReference() makes one on demand).
  private lastPage = -1;
  private lastWrite = false;
  private lastDistance = 0;
  /** OUTCOMES index. */
  private lastOutcome = 0;
  private lastEvicted = -1;
  private lastWriteBack = false;
  /** False after restoreImage(), until the next reference: the latest one is not described. */
  private lastKnown = true;
  /** The page referenced before the latest one (-1: none). */
  private previousPageNow = -1;

  constructor(
    readonly pageCount: number,
    frames: number,
  ) {
    if (!Number.isInteger(pageCount) || pageCount < 1) {
      throw new RangeError(`page count must be a positive integer, got ${pageCount}`);
    }
    this.recency = new RecencyStack(pageCount);
    this.dirtyFrom = new Int32Array(pageCount).fill(NEVER);
    this.histogram = new Float64Array(pageCount + 2);
    this.closedWriteBacks = new Float64Array(pageCount + 2);
    this.framesNow = checkFrames(frames);
  }

  /** The frame count the counts and the latest reference are reported for. */
  get frames(): number {
    return this.framesNow;
  }

  /** Pages touched at least once. */
  get touchedPages(): number {
    return this.recency.touchedPages;
  }

  /** The page referenced before the latest one (-1: none), for page-crossing callouts. */
  get previousPage(): number {
    return this.previousPageNow;
  }

  /** The page of the latest reference (-1: none). */
  get latestPage(): number {
    return this.lastPage;
  }

  /** Answers for `frames` from now on (the slider moved): O(pages log pages). */
  setFrames(frames: number): void {
    const next = checkFrames(frames);
    if (next === this.framesNow) return;
    this.framesNow = next;
    this.setCounts(this.countsAt(next));
    this.redescribeLast();
  }

  /** One reference to `page`; returns its stack distance (FIRST_TOUCH for a first touch). */
  reference(page: number, write: boolean): number {
    if (page === this.lastPage) {
      // The page just used again (most references): distance 1, a hit with any memory, and
      // the stack does not change. Only the dirty mark can.
      this.references++;
      this.histogram[1]++;
      this.hitsNow++;
      if (write) this.dirtyFrom[page] = 0;
      else if (this.dirtyFrom[page] === 0) this.dirtyFrom[page] = 1;
      this.previousPageNow = page;
      this.lastKnown = true;
      this.lastWrite = write;
      this.lastDistance = 1;
      this.lastOutcome = 0;
      this.lastEvicted = -1;
      this.lastWriteBack = false;
      return 1;
    }
    if (!(page >= 0 && page < this.pageCount)) {
      throw new RangeError(`page ${page} is outside 0..${this.pageCount - 1}`);
    }
    const f = this.framesNow;
    // Memory full at F before this reference: F pages were resident.
    const wasFull = this.recency.touchedPages >= f;
    const distance = this.recency.reference(page);
    this.references++;
    let outcome = 0;
    let evicted = -1;
    let writeBack = false;
    if (distance === FIRST_TOUCH) {
      this.zeroFills++;
      this.zeroFillsNow++;
      outcome = 1;
    } else {
      this.histogram[distance]++;
      if (distance > f) {
        this.pageInsNow++;
        outcome = 2;
      } else this.hitsNow++;
      // Close the interval since the previous reference (if the page was ever written).
      const from = this.dirtyFrom[page];
      if (from !== NEVER) {
        const low = from > 1 ? from : 1;
        if (low <= distance - 1) {
          this.closedWriteBacks[low]++;
          this.closedWriteBacks[distance]--;
        }
      }
    }
    if (outcome !== 0 && wasFull) {
      // The victim was at depth F before; everything above the referenced page moved down one.
      evicted = this.recency.pageAt(f + 1);
      writeBack = this.isDirtyAt(evicted, f);
      this.evictionsNow++;
      if (writeBack) this.writeBacksNow++;
    }
    if (write) this.dirtyFrom[page] = 0;
    else if (this.dirtyFrom[page] !== NEVER && distance > this.dirtyFrom[page])
      this.dirtyFrom[page] = distance;
    this.previousPageNow = this.lastPage;
    this.lastPage = page;
    this.lastKnown = true;
    this.lastWrite = write;
    this.lastDistance = distance;
    this.lastOutcome = outcome;
    this.lastEvicted = evicted;
    this.lastWriteBack = writeBack;
    return distance;
  }

  /** The counts at the chosen frame count, as a direct LRU simulation has them now. */
  counts(): MemoryCounts {
    return {
      hits: this.hitsNow,
      zeroFills: this.zeroFillsNow,
      pageIns: this.pageInsNow,
      writeBacks: this.writeBacksNow,
      evictions: this.evictionsNow,
    };
  }

  /** The latest reference at the chosen frame count (null before any). */
  lastReference(): ReferenceAt | null {
    if (this.lastPage < 0 || !this.lastKnown) return null;
    return {
      page: this.lastPage,
      write: this.lastWrite,
      distance: this.lastDistance,
      outcome: OUTCOMES[this.lastOutcome],
      evicted: this.lastEvicted,
      writeBack: this.lastWriteBack,
    };
  }

  /** The counts any frame count would show now: O(pages log pages). */
  countsAt(frames: number): MemoryCounts {
    const f = checkFrames(frames);
    let pageIns = 0;
    let distant = 0;
    for (let d = 1; d <= this.pageCount; d++) {
      distant += this.histogram[d];
      if (d > f) pageIns += this.histogram[d];
    }
    let writeBacks = 0;
    for (let g = 1; g <= Math.min(f, this.pageCount); g++) writeBacks += this.closedWriteBacks[g];
    // Pages still sinking: written back for F in [max(1, dirtyFrom), depth - 1].
    const live = this.recency.touchedPages;
    for (let depth = f + 1; depth <= live; depth++) {
      const page = this.recency.pageAt(depth);
      const from = this.dirtyFrom[page];
      if (from !== NEVER && Math.max(1, from) <= f) writeBacks++;
    }
    const faults = this.zeroFills + pageIns;
    return {
      hits: distant - pageIns,
      zeroFills: this.zeroFills,
      pageIns,
      writeBacks,
      evictions: faults - Math.min(f, live),
    };
  }

  /**
   * Page-ins plus write-backs for every frame count: out[f - 1] for f = 1..pages, in
   * O(pages log pages). The race of transfers reads this at sampled operations.
   */
  transfersCurve(out: Float64Array): void {
    transfersFrom(
      this.histogram,
      this.closedWriteBacks,
      this.dirtyFrom,
      this.recency.order(),
      this.pageCount,
      out,
    );
  }

  /** A page's state with the chosen frame count. */
  pageState(page: number): PageStateAt {
    const depth = this.recency.rank(page);
    if (depth === 0) return 'untouched';
    if (depth > this.framesNow) return 'out';
    return this.isDirtyAt(page, this.framesNow) ? 'dirty' : 'clean';
  }

  /**
   * Every page's state at once, as `codes` name them, into `out`: what pageState gives page by
   * page, in O(pages + frames log pages) rather than O(pages log pages), since only the `frames`
   * most recent pages can be resident (a large run's grid has up to 524,288 pages and few frames).
   */
  pageStates(out: Uint8Array, codes: Readonly<Record<PageStateAt, number>>): void {
    const recency = this.recency;
    for (let page = 0; page < this.pageCount; page++) {
      out[page] = recency.isTouched(page) ? codes.out : codes.untouched;
    }
    const resident = Math.min(this.framesNow, recency.touchedPages);
    for (let rank = 1; rank <= resident; rank++) {
      const page = recency.pageAt(rank);
      out[page] = this.isDirtyAt(page, this.framesNow) ? codes.dirty : codes.clean;
    }
  }

  /** 1 = the most recently used page; 0 if never used. The same for every frame count. */
  rank(page: number): number {
    return this.recency.rank(page);
  }

  /** The page at a rank (1 = most recent), or -1. */
  pageAtRank(rank: number): number {
    return this.recency.pageAt(rank);
  }

  snapshot(): StackMemorySnapshot {
    return {
      recency: this.recency.snapshot(),
      dirtyFrom: this.dirtyFrom.slice(),
      histogram: this.histogram.slice(),
      closedWriteBacks: this.closedWriteBacks.slice(),
      references: this.references,
      zeroFills: this.zeroFills,
      frames: this.framesNow,
      counts: this.counts(),
      last: this.lastReference(),
      latestPage: this.lastPage,
      previousPage: this.previousPageNow,
    };
  }

  /** The stack and the counts as arrays (see StackMemoryImage). */
  image(): StackMemoryImage {
    return {
      order: this.recency.order(),
      dirtyFrom: this.dirtyFrom.slice(),
      histogram: this.histogram.slice(),
      closedWriteBacks: this.closedWriteBacks.slice(),
      references: this.references,
      zeroFills: this.zeroFills,
    };
  }

  /**
   * Back to an image, answering for the frame count chosen now. The latest reference is the
   * top of the stack, but what it found is not known: lastReference() is null until the next.
   */
  restoreImage(image: StackMemoryImage): void {
    this.recency.restoreOrder(image.order);
    this.dirtyFrom.set(image.dirtyFrom);
    this.histogram.set(image.histogram);
    this.closedWriteBacks.set(image.closedWriteBacks);
    this.references = image.references;
    this.zeroFills = image.zeroFills;
    this.setCounts(this.countsAt(this.framesNow));
    this.lastPage = image.order.length > 0 ? image.order[0] : -1;
    this.lastKnown = false;
    this.previousPageNow = -1;
  }

  /** Back to a snapshot, answering for the frame count chosen now (not the snapshot's). */
  restore(snapshot: StackMemorySnapshot): void {
    this.recency.restore(snapshot.recency);
    this.dirtyFrom.set(snapshot.dirtyFrom);
    this.histogram.set(snapshot.histogram);
    this.closedWriteBacks.set(snapshot.closedWriteBacks);
    this.references = snapshot.references;
    this.zeroFills = snapshot.zeroFills;
    const frames = this.framesNow;
    this.framesNow = snapshot.frames;
    this.setCounts(snapshot.counts);
    this.previousPageNow = snapshot.previousPage;
    const last = snapshot.last;
    this.lastPage = snapshot.latestPage;
    this.lastKnown = last !== null || snapshot.latestPage < 0;
    if (last !== null) {
      this.lastWrite = last.write;
      this.lastDistance = last.distance;
      this.lastOutcome = OUTCOMES.indexOf(last.outcome);
      this.lastEvicted = last.evicted;
      this.lastWriteBack = last.writeBack;
    }
    if (frames !== snapshot.frames) {
      this.framesNow = frames;
      this.setCounts(this.countsAt(frames));
      this.redescribeLast();
    }
  }

  private setCounts(counts: MemoryCounts): void {
    this.hitsNow = counts.hits;
    this.zeroFillsNow = counts.zeroFills;
    this.pageInsNow = counts.pageIns;
    this.writeBacksNow = counts.writeBacks;
    this.evictionsNow = counts.evictions;
  }

  /** Resident and dirty with F frames: written since its last load into F frames. */
  private isDirtyAt(page: number, f: number): boolean {
    const from = this.dirtyFrom[page];
    return from !== NEVER && from <= f;
  }

  /**
   * The latest reference as the chosen frame count F would have seen it, from the state right
   * after it: a victim then sat at depth F and is now one deeper.
   */
  private redescribeLast(): void {
    if (this.lastPage < 0 || !this.lastKnown) return;
    const f = this.framesNow;
    const distance = this.lastDistance;
    const fault = distance === FIRST_TOUCH || distance > f;
    this.lastOutcome = distance === FIRST_TOUCH ? 1 : fault ? 2 : 0;
    // Touched pages before the reference: one fewer after a first touch.
    const before = this.recency.touchedPages - (distance === FIRST_TOUCH ? 1 : 0);
    this.lastEvicted = -1;
    this.lastWriteBack = false;
    if (fault && before >= f) {
      this.lastEvicted = this.recency.pageAt(f + 1);
      this.lastWriteBack = this.isDirtyAt(this.lastEvicted, f);
    }
  }
}

function checkFrames(frames: number): number {
  if (!Number.isInteger(frames) || frames < 1) {
    throw new RangeError(`frames must be a positive integer, got ${frames}`);
  }
  return frames;
}

/**
 * Page-ins plus write-backs for every frame count, out[f - 1] for f = 1..pages, in O(pages):
 * page-ins are suffix sums of the distance histogram; write-backs are the closed intervals'
 * plus those of the pages still sinking, each written back for F in [max(1, dirtyFrom), its
 * depth - 1] (a difference array over F). `order` is the stack, most recent first.
 */
export function transfersFrom(
  histogram: ArrayLike<number>,
  closedWriteBacks: ArrayLike<number>,
  dirtyFrom: ArrayLike<number>,
  order: ArrayLike<number>,
  pages: number,
  out: Float64Array | Uint32Array,
): void {
  let deeper = 0;
  for (let f = pages; f >= 1; f--) {
    out[f - 1] = deeper;
    deeper += histogram[f];
  }
  const open = new Float64Array(pages + 2);
  for (let depth = 2; depth <= order.length; depth++) {
    const from = dirtyFrom[order[depth - 1]];
    if (from === NEVER) continue;
    const low = Math.max(1, from);
    if (low <= depth - 1) {
      open[low]++;
      open[depth]--;
    }
  }
  let running = 0;
  for (let f = 1; f <= pages; f++) {
    running += closedWriteBacks[f] + open[f];
    out[f - 1] += running;
  }
}
