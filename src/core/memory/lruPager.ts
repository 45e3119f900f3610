// Direct simulation of an LRU virtual memory with a fixed number of frames and dirty tracking,
// as the article's footnote describes ("dirty tracking and perfect LRU page replacement").
// It reports each reference (with the eviction it caused) so the page grid can animate it; stackDistances.ts computes all frame counts at once.

import type { EventSink, TouchOutcome } from '../events';
import type { Pager, PagerCounts, PolicyView } from './pager';

export type { PagerCounts } from './pager';

const NONE = -1;

/** A copy of the pager's state, to rewind a replay (see replay/timeline.ts). */
interface PagerSnapshot {
  counts: PagerCounts;
  newer: Int32Array;
  older: Int32Array;
  frameOf: Int32Array;
  dirty: Uint8Array;
  touched: Uint8Array;
  freeFrames: number[];
  head: number;
  tailPage: number;
  resident: number;
}

export class LruPager implements Pager<PagerSnapshot> {
  readonly policy = 'lru' as const;
  hits = 0;
  zeroFills = 0;
  pageIns = 0;
  writeBacks = 0;
  evictions = 0;
  // A doubly linked recency list over pages: head is the most recently used resident page.
  private readonly newer: Int32Array;
  private readonly older: Int32Array;
  private readonly frameOf: Int32Array; // NONE when not resident
  private readonly dirty: Uint8Array;
  private readonly touched: Uint8Array;
  private readonly freeFrames: number[] = [];
  private head = NONE;
  private tailPage = NONE;
  private resident = 0;
  private readonly pageShift: number;

  constructor(
    readonly frames: number,
    readonly pageCount: number,
    itemsPerPage: number,
    private readonly sink: EventSink | null = null,
  ) {
    if (!Number.isInteger(frames) || frames < 1) {
      throw new RangeError(`frames must be a positive integer, got ${frames}`);
    }
    this.pageShift = Math.log2(itemsPerPage);
    this.newer = new Int32Array(pageCount).fill(NONE);
    this.older = new Int32Array(pageCount).fill(NONE);
    this.frameOf = new Int32Array(pageCount).fill(NONE);
    this.dirty = new Uint8Array(pageCount);
    this.touched = new Uint8Array(pageCount);
    // Hand out low frame numbers first so a small run fills frames 0, 1, 2, ... in order.
    for (let frame = Math.min(frames, pageCount) - 1; frame >= 0; frame--) {
      this.freeFrames.push(frame);
    }
  }

  read(slot: number): void {
    this.reference(slot, false);
  }

  write(slot: number): void {
    this.reference(slot, true);
  }

  snapshot(): PagerSnapshot {
    return {
      counts: {
        hits: this.hits,
        zeroFills: this.zeroFills,
        pageIns: this.pageIns,
        writeBacks: this.writeBacks,
        evictions: this.evictions,
      },
      newer: this.newer.slice(),
      older: this.older.slice(),
      frameOf: this.frameOf.slice(),
      dirty: this.dirty.slice(),
      touched: this.touched.slice(),
      freeFrames: this.freeFrames.slice(),
      head: this.head,
      tailPage: this.tailPage,
      resident: this.resident,
    };
  }

  restore(snapshot: PagerSnapshot): void {
    ({
      hits: this.hits,
      zeroFills: this.zeroFills,
      pageIns: this.pageIns,
      writeBacks: this.writeBacks,
      evictions: this.evictions,
    } = snapshot.counts);
    this.newer.set(snapshot.newer);
    this.older.set(snapshot.older);
    this.frameOf.set(snapshot.frameOf);
    this.dirty.set(snapshot.dirty);
    this.touched.set(snapshot.touched);
    this.freeFrames.length = 0;
    this.freeFrames.push(...snapshot.freeFrames);
    this.head = snapshot.head;
    this.tailPage = snapshot.tailPage;
    this.resident = snapshot.resident;
  }

  isResident(page: number): boolean {
    return this.frameOf[page] !== NONE;
  }

  /** The frame holding `page`, or -1 when it is not resident. */
  frameOfPage(page: number): number {
    return this.frameOf[page];
  }

  isDirty(page: number): boolean {
    return this.dirty[page] === 1;
  }

  /** Resident pages from most to least recently used. */
  recency(): number[] {
    const order: number[] = [];
    for (let page = this.head; page !== NONE; page = this.older[page]) order.push(page);
    return order;
  }

  policyView(): PolicyView {
    return { policy: 'lru', recency: this.recency() };
  }

  private reference(slot: number, write: boolean): void {
    const page = slot >>> this.pageShift;
    if (page >= this.pageCount) {
      throw new RangeError(`slot ${slot} is on page ${page}, beyond the ${this.pageCount} pages`);
    }
    let outcome: TouchOutcome;
    let evicted = NONE;
    let writeBack = false;
    if (this.frameOf[page] !== NONE) {
      this.hits++;
      outcome = 'hit';
      this.unlink(page);
    } else {
      if (this.resident >= this.frames) {
        evicted = this.tailPage;
        writeBack = this.evictLeastRecent();
      }
      this.frameOf[page] = this.freeFrames.pop()!;
      this.resident++;
      if (this.touched[page] === 0) {
        this.touched[page] = 1;
        this.zeroFills++;
        outcome = 'zero-fill';
      } else {
        this.pageIns++;
        outcome = 'page-in';
      }
    }
    this.pushFront(page);
    if (write) this.dirty[page] = 1;
    if (this.sink !== null) {
      this.sink.emit({
        kind: 'touch',
        slot,
        page,
        frame: this.frameOf[page],
        write,
        outcome,
        evicted,
        writeBack,
      });
    }
  }

  /** Evicts the least recently used page; true when it was dirty (a write-back). */
  private evictLeastRecent(): boolean {
    const victim = this.tailPage;
    const frame = this.frameOf[victim];
    const writeBack = this.dirty[victim] === 1;
    this.unlink(victim);
    this.frameOf[victim] = NONE;
    this.dirty[victim] = 0;
    this.resident--;
    this.evictions++;
    if (writeBack) this.writeBacks++;
    this.freeFrames.push(frame);
    return writeBack;
  }

  private unlink(page: number): void {
    const newer = this.newer[page];
    const older = this.older[page];
    if (newer !== NONE) this.older[newer] = older;
    else this.head = older;
    if (older !== NONE) this.newer[older] = newer;
    else this.tailPage = newer;
    this.newer[page] = NONE;
    this.older[page] = NONE;
  }

  private pushFront(page: number): void {
    this.older[page] = this.head;
    this.newer[page] = NONE;
    if (this.head !== NONE) this.newer[this.head] = page;
    else this.tailPage = page;
    this.head = page;
  }
}
