// Direct FIFO and CLOCK pagers: frames form a ring with a hand, which FIFO advances one frame per
// eviction and CLOCK (second chance) advances past every page whose reference bit is set.
//
// FIFO is CLOCK without reference bits: frames fill 0, 1, 2, ... in load order and each victim's
// frame takes the newest page, so the ring read from the hand is the load order, and the page
// under the hand is always the one loaded earliest. Neither is a stack algorithm (FIFO shows
// Belady's anomaly, Belady, Nelson & Shedler 1969), so each frame count is simulated on its own:
// here one reference at a time with events, in policyReplay.ts over a stored trace.

import type { EventSink, TouchOutcome } from '../events';
import type { Pager, PolicyView } from './pager';

const NONE = -1;

/** A copy of a ring pager's state, to rewind a replay. */
export interface RingSnapshot {
  hits: number;
  zeroFills: number;
  pageIns: number;
  writeBacks: number;
  evictions: number;
  frameOf: Int32Array;
  pageInFrame: Int32Array;
  referenced: Uint8Array;
  dirty: Uint8Array;
  touched: Uint8Array;
  /** Per frame: when its page was loaded (the loads counted so far then); -1 while free. */
  loadedAt: Float64Array;
  hand: number;
  used: number;
  loads: number;
}

abstract class RingPager implements Pager<RingSnapshot> {
  abstract readonly policy: 'fifo' | 'clock';
  hits = 0;
  zeroFills = 0;
  pageIns = 0;
  writeBacks = 0;
  evictions = 0;
  /** The frame of each page, NONE when not resident. */
  protected readonly frameOf: Int32Array;
  /** The page in each frame of the ring, NONE while free. */
  protected readonly pageInFrame: Int32Array;
  /** CLOCK's reference bit per frame (FIFO never sets one). */
  protected readonly referenced: Uint8Array;
  private readonly dirty: Uint8Array;
  private readonly touched: Uint8Array;
  /** When each frame's page was loaded (a count of loads): a view's load order under CLOCK. */
  private readonly loadedAt: Float64Array;
  private loads = 0;
  /** The frame the hand points at: the next one examined for eviction. */
  protected hand = 0;
  /** Frames handed out so far; free frames go in order 0, 1, 2, ... */
  private used = 0;
  /** Frames in the ring: more frames than pages are never all used. */
  private readonly ringFrames: number;
  private readonly pageShift: number;

  /** The page the latest reference evicted (NONE: none), and whether it was dirty. */
  private lastEvicted = NONE;
  private lastWriteBack = false;

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
    this.ringFrames = Math.min(frames, pageCount);
    this.frameOf = new Int32Array(pageCount).fill(NONE);
    this.pageInFrame = new Int32Array(this.ringFrames).fill(NONE);
    this.referenced = new Uint8Array(this.ringFrames);
    this.dirty = new Uint8Array(pageCount);
    this.touched = new Uint8Array(pageCount);
    this.loadedAt = new Float64Array(this.ringFrames).fill(NONE);
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

  abstract policyView(): PolicyView;

  snapshot(): RingSnapshot {
    return {
      hits: this.hits,
      zeroFills: this.zeroFills,
      pageIns: this.pageIns,
      writeBacks: this.writeBacks,
      evictions: this.evictions,
      frameOf: this.frameOf.slice(),
      pageInFrame: this.pageInFrame.slice(),
      referenced: this.referenced.slice(),
      dirty: this.dirty.slice(),
      touched: this.touched.slice(),
      loadedAt: this.loadedAt.slice(),
      hand: this.hand,
      used: this.used,
      loads: this.loads,
    };
  }

  restore(snapshot: RingSnapshot): void {
    ({
      hits: this.hits,
      zeroFills: this.zeroFills,
      pageIns: this.pageIns,
      writeBacks: this.writeBacks,
      evictions: this.evictions,
      hand: this.hand,
      used: this.used,
      loads: this.loads,
    } = snapshot);
    this.loadedAt.set(snapshot.loadedAt);
    this.frameOf.set(snapshot.frameOf);
    this.pageInFrame.set(snapshot.pageInFrame);
    this.referenced.set(snapshot.referenced);
    this.dirty.set(snapshot.dirty);
    this.touched.set(snapshot.touched);
  }

  /** Resident pages in ring order from the hand: for FIFO, the load order. */
  protected fromHand(): number[] {
    const order: number[] = [];
    for (let k = 0; k < this.ringFrames; k++) {
      const page = this.pageInFrame[(this.hand + k) % this.ringFrames];
      if (page !== NONE) order.push(page);
    }
    return order;
  }

  /** The frame whose page is evicted next; advances the hand past it. */
  protected abstract chooseVictim(): number;

  /** The frame after `frame` on the ring. */
  protected next(frame: number): number {
    return frame + 1 === this.ringFrames ? 0 : frame + 1;
  }

  private reference(slot: number, write: boolean): void {
    const page = slot >>> this.pageShift;
    this.lastEvicted = NONE;
    this.lastWriteBack = false;
    if (page >= this.pageCount) {
      throw new RangeError(`slot ${slot} is on page ${page}, beyond the ${this.pageCount} pages`);
    }
    let frame = this.frameOf[page];
    let outcome: TouchOutcome;
    if (frame !== NONE) {
      this.hits++;
      outcome = 'hit';
    } else {
      frame = this.used < this.ringFrames ? this.used++ : this.evict(this.chooseVictim());
      this.frameOf[page] = frame;
      this.pageInFrame[frame] = page;
      this.loadedAt[frame] = this.loads++;
      if (this.touched[page] === 0) {
        this.touched[page] = 1;
        this.zeroFills++;
        outcome = 'zero-fill';
      } else {
        this.pageIns++;
        outcome = 'page-in';
      }
    }
    // Set when loaded and on every access (FIFO's bits are never read).
    this.referenced[frame] = 1;
    if (write) this.dirty[page] = 1;
    if (this.sink !== null) {
      const { lastEvicted: evicted, lastWriteBack: writeBack } = this;
      this.sink.emit({ kind: 'touch', slot, page, frame, write, outcome, evicted, writeBack });
    }
  }

  /** Evicts the page in `frame`, writing it back if dirty; returns the frame, now free. */
  private evict(frame: number): number {
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
    return frame;
  }
}

/** First in, first out: the victim is the page loaded earliest, whatever its use since. */
export class FifoPager extends RingPager {
  readonly policy = 'fifo' as const;

  protected chooseVictim(): number {
    const frame = this.hand;
    this.hand = this.next(frame);
    return frame;
  }

  policyView(): PolicyView {
    return { policy: 'fifo', loadOrder: this.fromHand() };
  }
}

/**
 * CLOCK (second chance): the hand clears set reference bits and advances until it finds a clear
 * one, evicts that page, and moves one frame past it (the new page's bit is set on loading).
 */
export class ClockPager extends RingPager {
  readonly policy = 'clock' as const;

  protected chooseVictim(): number {
    let frame = this.hand;
    while (this.referenced[frame] === 1) {
      this.referenced[frame] = 0;
      frame = this.next(frame);
    }
    this.hand = this.next(frame);
    return frame;
  }

  policyView(): PolicyView {
    const frames = Array.from(this.pageInFrame, (page, frame) => ({
      page,
      referenced: this.referenced[frame] === 1,
    }));
    return { policy: 'clock', hand: this.hand, frames };
  }
}
