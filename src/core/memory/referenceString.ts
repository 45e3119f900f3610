// A run's reference string (its page references in order, Belady 1966), stored compactly: what OPT
// needs (the future) and what FIFO and CLOCK replay once per frame count.
//
// Each entry is page << 1 | write. By default consecutive references to one page are merged
// into one entry, their writes OR-ed: the second of two references in a row is a hit under every
// policy here (the page was just used, so no pager has evicted it since), a read hit changes
// nothing, and a write hit only sets the dirty bit the merged entry sets. CLOCK's reference bit
// is already set by the first. So every count a pager reports except `hits` is the same on the
// merged trace (a test checks it). On the article's binary heap this halves the trace, from
// 255.7M references to 125.4M entries.
//
// Entries are 16 bits when page << 1 | 1 fits (up to 32,768 pages, the article's 1,954 too),
// else 32: 251 MB for that binary heap instead of 1 GB of 32-bit references. They are kept in
// chunks of a power of two entries, so no copy of the whole trace is ever made while it grows.

import { expandSiftDownStep, type MemoryObserver } from './observer';

export type ReferenceChunk = Uint16Array | Uint32Array;

/** Entries per chunk by default: 2 MiB of 16-bit entries. */
export const DEFAULT_CHUNK_ENTRIES = 1 << 20;
/** Pages whose entries fit 16 bits: page << 1 | 1 <= 65,535. */
const MAX_PAGES_16_BIT = 1 << 15;
/** Entry indexes are 32-bit integers (nextUse.ts): a reference string holds fewer than 2^31 entries. */
const MAX_REFERENCE_ENTRIES = 2 ** 31 - 1;
/** The first chunk starts this small and doubles, so a short trace takes little memory. */
const FIRST_CHUNK_ENTRIES = 1 << 12;

export interface ReferenceString {
  readonly pageCount: number;
  /** Entries (page << 1 | write) in all chunks. */
  readonly length: number;
  /** Whether consecutive references to one page were merged into one entry. */
  readonly merged: boolean;
  /** References recorded before merging: every read and write. */
  readonly references: number;
  /** Entries per chunk, a power of two; every chunk but the last is full. */
  readonly chunkEntries: number;
  readonly chunks: readonly ReferenceChunk[];
}

/** Bytes of one entry for `pageCount` pages. */
export function entryBytes(pageCount: number): 2 | 4 {
  return pageCount <= MAX_PAGES_16_BIT ? 2 : 4;
}

export interface ReferenceStringOptions {
  /** Merge consecutive references to one page (default true). */
  merge?: boolean;
  /** Entries per chunk, a power of two (default DEFAULT_CHUNK_ENTRIES). */
  chunkEntries?: number;
  /**
   * Where a chunk's memory comes from (default: an ArrayBuffer). The CLI passes shared memory,
   * so worker threads read one copy of the trace.
   */
  allocate?: (bytes: number) => ArrayBufferLike;
}

/** Records the references of a run into a ReferenceString. */
export class ReferenceStringRecorder implements MemoryObserver {
  private readonly chunks: ReferenceChunk[] = [];
  private current: ReferenceChunk;
  /** Next free index in `current`. */
  private at = 0;
  private count = 0;
  private references = 0;
  /** The page of the last entry, -1 before the first. */
  private lastPage = -1;
  private finished = false;
  private readonly merge: boolean;
  private readonly chunkEntries: number;
  private readonly allocate: (bytes: number) => ArrayBufferLike;
  private readonly pageShift: number;
  private readonly wide: boolean;

  constructor(
    readonly pageCount: number,
    itemsPerPage: number,
    options: ReferenceStringOptions = {},
  ) {
    if (!Number.isInteger(pageCount) || pageCount < 1 || pageCount > 2 ** 31) {
      throw new RangeError(`page count must be an integer from 1 to 2^31, got ${pageCount}`);
    }
    this.merge = options.merge ?? true;
    this.chunkEntries = options.chunkEntries ?? DEFAULT_CHUNK_ENTRIES;
    const entries = this.chunkEntries;
    if (!Number.isInteger(entries) || entries < 1 || (entries & (entries - 1)) !== 0) {
      throw new RangeError(`entries per chunk must be a power of two, got ${entries}`);
    }
    this.allocate = options.allocate ?? ((bytes) => new ArrayBuffer(bytes));
    this.pageShift = Math.log2(itemsPerPage);
    this.wide = entryBytes(pageCount) === 4;
    this.current = this.makeChunk(Math.min(FIRST_CHUNK_ENTRIES, entries));
  }

  read(slot: number): void {
    this.references++;
    const page = slot >>> this.pageShift;
    if (page !== this.lastPage || !this.merge) this.push(page << 1, page);
  }

  write(slot: number): void {
    this.references++;
    const page = slot >>> this.pageShift;
    if (page !== this.lastPage || !this.merge) this.push((page << 1) | 1, page);
    else this.current[this.at - 1] |= 1;
  }

  /**
   * A whole sift-down step (MemoryObserver.siftDownStep), merged as read() and write() would:
   * the heap then makes one call per level instead of four to six.
   */
  siftDownStep(slot: number, child: number, first: number, second: number, swapped: boolean): void {
    if (!this.merge) {
      expandSiftDownStep(this, slot, child, first, second, swapped);
      return;
    }
    const shift = this.pageShift;
    const slotPage = slot >>> shift;
    const childPage = child >>> shift;
    if (second >= 0) {
      this.references += 2;
      const firstPage = first >>> shift;
      if (firstPage !== this.lastPage) this.push(firstPage << 1, firstPage);
      const secondPage = second >>> shift;
      if (secondPage !== this.lastPage) this.push(secondPage << 1, secondPage);
    }
    this.references += swapped ? 4 : 2;
    if (slotPage !== this.lastPage) this.push(slotPage << 1, slotPage);
    if (childPage !== this.lastPage) this.push(childPage << 1, childPage);
    if (!swapped) return;
    if (slotPage !== this.lastPage) this.push((slotPage << 1) | 1, slotPage);
    else this.current[this.at - 1] |= 1;
    if (childPage !== this.lastPage) this.push((childPage << 1) | 1, childPage);
    else this.current[this.at - 1] |= 1;
  }

  /** A reference to a page given directly (traces that are not runs of a structure). */
  touchPage(page: number, write: boolean): void {
    if (!(page >= 0 && page < this.pageCount)) {
      throw new RangeError(`page ${page} is outside 0..${this.pageCount - 1}`);
    }
    this.references++;
    if (page !== this.lastPage || !this.merge) this.push(write ? (page << 1) | 1 : page << 1, page);
    else if (write) this.current[this.at - 1] |= 1;
  }

  /**
   * Sets the write bit of the latest entry of `page`, which must be one of the last two entries
   * (policyReplay.ts collapseAlternations folds a dropped write there).
   */
  markLastWrite(page: number): void {
    const at = this.at;
    const chunks = this.chunks;
    const last = this.current;
    if (at >= 1 && last[at - 1] >>> 1 === page) last[at - 1] |= 1;
    else if (at >= 2 && last[at - 2] >>> 1 === page) last[at - 2] |= 1;
    else if (at === 1 && chunks.length > 0) {
      const previous = chunks[chunks.length - 1];
      if (previous[previous.length - 1] >>> 1 !== page) throw this.notRecent(page);
      previous[previous.length - 1] |= 1;
    } else throw this.notRecent(page);
  }

  private notRecent(page: number): Error {
    return new Error(`page ${page} is not in the last two entries`);
  }

  /** The trace so far; the recorder takes no more references after it. */
  finish(): ReferenceString {
    if (this.finished) throw new Error('finish() may be called once');
    this.finished = true;
    // No page is -2: every later reference reaches push(), which refuses it.
    this.lastPage = -2;
    const chunks = this.chunks.slice();
    if (this.at > 0) chunks.push(this.current.subarray(0, this.at));
    return {
      pageCount: this.pageCount,
      length: this.count,
      merged: this.merge,
      references: this.references,
      chunkEntries: this.chunkEntries,
      chunks,
    };
  }

  private push(entry: number, page: number): void {
    if (page >= this.pageCount) {
      throw new RangeError(`page ${page} is outside 0..${this.pageCount - 1}`);
    }
    if (this.finished) throw new Error('the trace is finished');
    if (this.at === this.current.length) this.grow();
    this.current[this.at++] = entry;
    this.count++;
    this.lastPage = page;
  }

  /** Makes room for one more entry: doubles the first chunk up to full size, or starts a new one. */
  private grow(): void {
    const full = this.chunkEntries;
    if (this.chunks.length === 0 && this.current.length < full) {
      const larger = this.makeChunk(Math.min(full, 2 * this.current.length));
      larger.set(this.current);
      this.current = larger;
      return;
    }
    if (this.count >= MAX_REFERENCE_ENTRIES) {
      throw new RangeError(`a reference string holds at most ${MAX_REFERENCE_ENTRIES} entries`);
    }
    this.chunks.push(this.current);
    this.current = this.makeChunk(full);
    this.at = 0;
  }

  private makeChunk(entries: number): ReferenceChunk {
    const bytes = entries * (this.wide ? 4 : 2);
    const buffer = this.allocate(bytes);
    return this.wide ? new Uint32Array(buffer, 0, entries) : new Uint16Array(buffer, 0, entries);
  }
}

/**
 * A reference string from a list of references (page << 1 | write), as the page's recording pass or a test
 * has them. With `merge`, consecutive references to one page become one entry.
 */
export function referenceStringOf(
  references: ArrayLike<number>,
  pageCount: number,
  options: ReferenceStringOptions = {},
): ReferenceString {
  const recorder = new ReferenceStringRecorder(pageCount, 1, { merge: false, ...options });
  for (let index = 0; index < references.length; index++) {
    const entry = references[index];
    recorder.touchPage(entry >>> 1, (entry & 1) === 1);
  }
  return recorder.finish();
}

/** The entry at `index` (page << 1 | write). */
export function entryAt(trace: ReferenceString, index: number): number {
  return trace.chunks[Math.floor(index / trace.chunkEntries)][index % trace.chunkEntries];
}

/** Distinct pages the trace references: the zero-fills of any policy, and its largest useful frame count. */
export function distinctPages(trace: ReferenceString): number {
  const seen = new Uint8Array(trace.pageCount);
  let count = 0;
  for (const chunk of trace.chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const page = chunk[i] >>> 1;
      if (seen[page] === 0) {
        seen[page] = 1;
        count++;
      }
    }
  }
  return count;
}
