// Direct simulation of Belady's MIN (OPT, 1966): on a fault with every frame taken, evict the
// resident page whose next reference is farthest in the future. It needs the run's future, so it
// is given the whole reference string first (referenceString.ts) and checks each reference against it.
//
// Pages never referenced again go first; among them, the one used least recently. That tie-break
// matters for write-backs only (which dead page leaves), and it is the one optStack.ts's one-pass
// curves use, so both agree on every count. As a priority, a live page's key is the index of
// its next use (below the trace's length T) and a dead page's is 2T - (its last use): larger
// means evicted sooner, and keys are distinct because each entry names one page.
//
// The resident pages sit in a binary max-heap by key (Williams 1964, with each frame's place
// in it kept), so a reference costs O(log frames).

import type { EventSink, TouchOutcome } from '../events';
import { NEVER, NextUseIndex } from './nextUse';
import type { OptResident, Pager, PolicyView } from './pager';
import { entryAt, type ReferenceString } from './referenceString';

const NONE = -1;

/** A copy of the OPT pager's state, to rewind a replay. */
interface OptSnapshot {
  hits: number;
  zeroFills: number;
  pageIns: number;
  writeBacks: number;
  evictions: number;
  frameOf: Int32Array;
  pageInFrame: Int32Array;
  keyOfFrame: Float64Array;
  heap: Int32Array;
  placeOf: Int32Array;
  dirty: Uint8Array;
  touched: Uint8Array;
  used: number;
  cursor: number;
  lastPage: number;
}

export class OptPager implements Pager<OptSnapshot> {
  readonly policy = 'opt' as const;
  hits = 0;
  zeroFills = 0;
  pageIns = 0;
  writeBacks = 0;
  evictions = 0;
  private readonly frameOf: Int32Array;
  private readonly pageInFrame: Int32Array;
  /** Each frame's page's priority: the larger, the sooner it is evicted. */
  private readonly keyOfFrame: Float64Array;
  /** The max-heap of used frames by key (heap[0] is the next victim), and each frame's place. */
  private readonly heap: Int32Array;
  private readonly placeOf: Int32Array;
  private readonly dirty: Uint8Array;
  private readonly touched: Uint8Array;
  private used = 0;
  /** The index of the current reference's entry in the trace, -1 before the first. */
  private cursor = -1;
  private lastPage = NONE;
  private readonly ringFrames: number;
  private readonly pageShift: number;
  private readonly nextUse: NextUseIndex;
  /** The next uses of one chunk's entries, filled on demand. */
  private readonly chunkNext: Int32Array;
  private filledChunk = -1;

  /** The page the latest reference evicted (NONE: none), and whether it was dirty. */
  private lastEvicted = NONE;
  private lastWriteBack = false;

  constructor(
    readonly frames: number,
    readonly pageCount: number,
    itemsPerPage: number,
    readonly future: ReferenceString,
    private readonly sink: EventSink | null = null,
  ) {
    if (!Number.isInteger(frames) || frames < 1) {
      throw new RangeError(`frames must be a positive integer, got ${frames}`);
    }
    if (future.pageCount > pageCount) {
      throw new RangeError(
        `the future names ${future.pageCount} pages, more than the pager's ${pageCount}`,
      );
    }
    this.pageShift = Math.log2(itemsPerPage);
    this.ringFrames = Math.min(frames, pageCount);
    this.frameOf = new Int32Array(pageCount).fill(NONE);
    this.pageInFrame = new Int32Array(this.ringFrames).fill(NONE);
    this.keyOfFrame = new Float64Array(this.ringFrames);
    this.heap = new Int32Array(this.ringFrames);
    this.placeOf = new Int32Array(this.ringFrames).fill(NONE);
    this.dirty = new Uint8Array(pageCount);
    this.touched = new Uint8Array(pageCount);
    this.nextUse = new NextUseIndex(future);
    this.chunkNext = new Int32Array(Math.min(future.chunkEntries, Math.max(1, future.length)));
  }

  read(slot: number): void {
    this.reference(slot, false);
  }

  write(slot: number): void {
    this.reference(slot, true);
  }

  isResident(page: number): boolean {
    return this.frameOf[page] !== NONE;
  }

  isDirty(page: number): boolean {
    return this.dirty[page] === 1;
  }

  /** The index in the future of the current reference's entry (-1 before the first). */
  get position(): number {
    return this.cursor;
  }

  policyView(): PolicyView {
    const length = this.future.length;
    const residents: OptResident[] = [];
    for (let place = 0; place < this.used; place++) {
      const frame = this.heap[place];
      const key = this.keyOfFrame[frame];
      residents.push({
        page: this.pageInFrame[frame],
        frame,
        nextUseIn: key < length ? key - this.cursor : null,
      });
    }
    // Larger key first: the victim leads; dead pages by least recent use, live by farthest use.
    residents.sort(
      (a, b) => this.keyOfFrame[b.frame] - this.keyOfFrame[a.frame] || a.frame - b.frame,
    );
    return { policy: 'opt', residents };
  }

  snapshot(): OptSnapshot {
    return {
      hits: this.hits,
      zeroFills: this.zeroFills,
      pageIns: this.pageIns,
      writeBacks: this.writeBacks,
      evictions: this.evictions,
      frameOf: this.frameOf.slice(),
      pageInFrame: this.pageInFrame.slice(),
      keyOfFrame: this.keyOfFrame.slice(),
      heap: this.heap.slice(),
      placeOf: this.placeOf.slice(),
      dirty: this.dirty.slice(),
      touched: this.touched.slice(),
      used: this.used,
      cursor: this.cursor,
      lastPage: this.lastPage,
    };
  }

  restore(snapshot: OptSnapshot): void {
    ({
      hits: this.hits,
      zeroFills: this.zeroFills,
      pageIns: this.pageIns,
      writeBacks: this.writeBacks,
      evictions: this.evictions,
      used: this.used,
      cursor: this.cursor,
      lastPage: this.lastPage,
    } = snapshot);
    this.frameOf.set(snapshot.frameOf);
    this.pageInFrame.set(snapshot.pageInFrame);
    this.keyOfFrame.set(snapshot.keyOfFrame);
    this.heap.set(snapshot.heap);
    this.placeOf.set(snapshot.placeOf);
    this.dirty.set(snapshot.dirty);
    this.touched.set(snapshot.touched);
  }

  private reference(slot: number, write: boolean): void {
    const page = slot >>> this.pageShift;
    this.lastEvicted = NONE;
    this.lastWriteBack = false;
    if (page >= this.pageCount) {
      throw new RangeError(`slot ${slot} is on page ${page}, beyond the ${this.pageCount} pages`);
    }
    // A merged future holds one entry for a run of references to one page.
    if (!(this.future.merged && page === this.lastPage)) this.advance(page);
    const key = this.keyAt(this.cursor);
    let frame = this.frameOf[page];
    let outcome: TouchOutcome;
    if (frame !== NONE) {
      this.hits++;
      outcome = 'hit';
      this.setKey(frame, key);
    } else {
      if (this.used < this.ringFrames) {
        frame = this.used++;
        this.keyOfFrame[frame] = key;
        this.placeOf[frame] = this.used - 1;
        this.heap[this.used - 1] = frame;
        this.siftUp(this.used - 1);
      } else {
        frame = this.heap[0];
        this.evict(frame);
        this.setKey(frame, key);
      }
      this.frameOf[page] = frame;
      this.pageInFrame[frame] = page;
      if (this.touched[page] === 0) {
        this.touched[page] = 1;
        this.zeroFills++;
        outcome = 'zero-fill';
      } else {
        this.pageIns++;
        outcome = 'page-in';
      }
    }
    if (write) this.dirty[page] = 1;
    if (this.sink !== null) {
      const { lastEvicted: evicted, lastWriteBack: writeBack } = this;
      this.sink.emit({ kind: 'touch', slot, page, frame, write, outcome, evicted, writeBack });
    }
  }

  /** Moves to the next entry of the future, which must name `page`. */
  private advance(page: number): void {
    const next = this.cursor + 1;
    if (next >= this.future.length) {
      throw new RangeError(
        `the run makes more references than the ${this.future.length} entries of the future the OPT pager was given`,
      );
    }
    const expected = entryAt(this.future, next) >>> 1;
    if (expected !== page) {
      throw new RangeError(
        `reference ${next} is to page ${page}, but the future the OPT pager was given says page ${expected}`,
      );
    }
    this.cursor = next;
    this.lastPage = page;
  }

  /** The priority of the page referenced at entry `at`: its next use, or 2T - at if none. */
  private keyAt(at: number): number {
    const chunkEntries = this.future.chunkEntries;
    const chunk = Math.floor(at / chunkEntries);
    if (chunk !== this.filledChunk) {
      this.nextUse.fill(chunk, this.chunkNext);
      this.filledChunk = chunk;
    }
    const next = this.chunkNext[at - chunk * chunkEntries];
    return next === NEVER ? 2 * this.future.length - at : next;
  }

  private evict(frame: number): void {
    const victim = this.pageInFrame[frame];
    const writeBack = this.dirty[victim] === 1;
    this.frameOf[victim] = NONE;
    this.pageInFrame[frame] = NONE;
    this.dirty[victim] = 0;
    this.evictions++;
    if (writeBack) this.writeBacks++;
    // Reported with the reference that caused it: one step (events.ts).
    this.lastEvicted = victim;
    this.lastWriteBack = writeBack;
  }

  private setKey(frame: number, key: number): void {
    const old = this.keyOfFrame[frame];
    this.keyOfFrame[frame] = key;
    if (key > old) this.siftUp(this.placeOf[frame]);
    else if (key < old) this.siftDown(this.placeOf[frame]);
  }

  private siftUp(place: number): void {
    const { heap, placeOf, keyOfFrame } = this;
    const frame = heap[place];
    const key = keyOfFrame[frame];
    while (place > 0) {
      const parent = (place - 1) >> 1;
      const above = heap[parent];
      if (keyOfFrame[above] >= key) break;
      heap[place] = above;
      placeOf[above] = place;
      place = parent;
    }
    heap[place] = frame;
    placeOf[frame] = place;
  }

  private siftDown(place: number): void {
    const { heap, placeOf, keyOfFrame } = this;
    const size = this.used;
    const frame = heap[place];
    const key = keyOfFrame[frame];
    for (;;) {
      let child = 2 * place + 1;
      if (child >= size) break;
      if (child + 1 < size && keyOfFrame[heap[child + 1]] > keyOfFrame[heap[child]]) child++;
      if (keyOfFrame[heap[child]] <= key) break;
      heap[place] = heap[child];
      placeOf[heap[place]] = place;
      place = child;
    }
    heap[place] = frame;
    placeOf[frame] = place;
  }
}
