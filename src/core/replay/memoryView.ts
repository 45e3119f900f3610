// The memory one side shows, built from its page references alone: page states, the LRU order,
// the counts, the latest pages referenced, and under FIFO, CLOCK or OPT a mirror of that pager.
// ViewState (viewState.ts) owns one beside the structure's mirror.
//
// The memory is shown at a frame count the page may change at any step (the memory slider):
// under LRU every reference's page and write feed a StackMemory, which answers every frame count
// from the same pass, so nothing is run again when the frame count changes.

import type { SimEvent } from '../events';
import type { Policy } from '../memory/pager';
import { FIRST_TOUCH } from '../memory/recencyStack';
import { entryAt, type ReferenceString } from '../memory/referenceString';
import type { RingSnapshot } from '../memory/ringPagers';
import type { StackMemoryImage } from '../memory/stackImage';
import {
  type MemoryCounts,
  type PageStateAt,
  type ReferenceAt,
  StackMemory,
  type StackMemorySnapshot,
} from '../memory/stackMemory';

/** Page states on the grid. */
export const PAGE_UNTOUCHED = 0;
export const PAGE_CLEAN = 1;
export const PAGE_DIRTY = 2;
export const PAGE_OUT = 3;

const STATE_CODES: Record<PageStateAt, number> = {
  untouched: PAGE_UNTOUCHED,
  clean: PAGE_CLEAN,
  dirty: PAGE_DIRTY,
  out: PAGE_OUT,
};

type TouchEvent = Extract<SimEvent, { kind: 'touch' }>;

/** What a side under FIFO, CLOCK or OPT shows of its pager, mirrored from its events. */
export interface PolicyState {
  policy: Exclude<Policy, 'lru'>;
  /** Per page: PAGE_UNTOUCHED … PAGE_OUT, as the pager left it. */
  pageState: Uint8Array;
  /** Per frame: its page (-1 free); per page: its frame (-1 none). */
  pageInFrame: Int32Array;
  frameOf: Int32Array;
  /** FIFO: resident pages in load order, the next victim first. */
  loadOrder: number[];
  /** CLOCK: each frame's reference bit, and the hand's frame. */
  referenced: Uint8Array;
  hand: number;
  /** References so far (OPT counts ahead in its future from here). */
  references: number;
  /** The counts the events reported. */
  hits: number;
  zeroFills: number;
  pageIns: number;
  writeBacks: number;
  evictions: number;
}

function emptyPolicyState(
  policy: Exclude<Policy, 'lru'>,
  pages: number,
  frames: number,
): PolicyState {
  const ring = Math.max(1, Math.min(frames, pages));
  return {
    policy,
    pageState: new Uint8Array(pages),
    pageInFrame: new Int32Array(ring).fill(-1),
    frameOf: new Int32Array(pages).fill(-1),
    loadOrder: [],
    referenced: new Uint8Array(ring),
    hand: 0,
    references: 0,
    hits: 0,
    zeroFills: 0,
    pageIns: 0,
    writeBacks: 0,
    evictions: 0,
  };
}

function copyPolicyState(state: PolicyState): PolicyState {
  return {
    ...state,
    pageState: state.pageState.slice(),
    pageInFrame: state.pageInFrame.slice(),
    frameOf: state.frameOf.slice(),
    loadOrder: [...state.loadOrder],
    referenced: state.referenced.slice(),
  };
}

/**
 * A FIFO or CLOCK side's mirrored pager, built from the pager's own state (a large run's
 * checkpoint): what its touch events would have made of it (applyDirect). The load order is the
 * resident pages by when they were loaded; the view follows the hand under CLOCK only (FIFO's
 * victims are the load order's head); hits are the references that neither zero-filled nor
 * paged in. `references`: every reference so far.
 */
export function policyStateOfRing(
  policy: 'fifo' | 'clock',
  ring: RingSnapshot,
  references: number,
): PolicyState {
  const pages = ring.frameOf.length;
  const pageState = new Uint8Array(pages);
  for (let page = 0; page < pages; page++) {
    if (ring.touched[page] === 0) continue;
    pageState[page] =
      ring.frameOf[page] < 0 ? PAGE_OUT : ring.dirty[page] === 1 ? PAGE_DIRTY : PAGE_CLEAN;
  }
  const loadOrder: number[] = [];
  for (const page of ring.pageInFrame) if (page >= 0) loadOrder.push(page);
  loadOrder.sort((a, b) => ring.loadedAt[ring.frameOf[a]] - ring.loadedAt[ring.frameOf[b]]);
  return {
    policy,
    pageState,
    pageInFrame: ring.pageInFrame.slice(),
    frameOf: ring.frameOf.slice(),
    loadOrder,
    referenced: ring.referenced.slice(),
    hand: policy === 'clock' ? ring.hand : 0,
    references,
    hits: references - ring.zeroFills - ring.pageIns,
    zeroFills: ring.zeroFills,
    pageIns: ring.pageIns,
    writeBacks: ring.writeBacks,
    evictions: ring.evictions,
  };
}

/** A reference as FIFO, CLOCK or OPT reported it: states, counts and the mirrored ring. */
function applyDirect(state: PolicyState, event: TouchEvent): void {
  const { page, frame } = event;
  state.references++;
  if (event.outcome === 'hit') state.hits++;
  else if (event.outcome === 'zero-fill') state.zeroFills++;
  else state.pageIns++;
  const frames = state.pageInFrame.length;
  if (event.evicted >= 0) {
    const victim = event.evicted;
    state.evictions++;
    if (event.writeBack) state.writeBacks++;
    state.pageState[victim] = PAGE_OUT;
    state.frameOf[victim] = -1;
    const at = state.loadOrder.indexOf(victim);
    if (at >= 0) state.loadOrder.splice(at, 1);
    if (state.policy === 'clock') {
      // The hand cleared every set bit from where it stood to the victim's frame (all of them
      // when it came back round to a frame whose bit it had set), then moves one past the
      // frame it loaded.
      if (frame === state.hand && state.referenced[frame] === 1) state.referenced.fill(0);
      else for (let f = state.hand; f !== frame; f = (f + 1) % frames) state.referenced[f] = 0;
      state.hand = (frame + 1) % frames;
    }
  }
  if (event.outcome !== 'hit') {
    state.loadOrder.push(page);
    if (frame >= 0 && frame < frames) state.pageInFrame[frame] = page;
    state.frameOf[page] = frame;
  }
  if (frame >= 0 && frame < frames) state.referenced[frame] = 1;
  const wasDirty = state.pageState[page] === PAGE_DIRTY && event.outcome === 'hit';
  state.pageState[page] = event.write || wasDirty ? PAGE_DIRTY : PAGE_CLEAN;
}

/** A reference's stack distance as the page says it: FIRST_TOUCH is "new". */
export function isFirstTouch(distance: number): boolean {
  return distance === FIRST_TOUCH;
}

/** What a snapshot of a view keeps of its memory. */
export interface MemoryViewSnapshot {
  memory: StackMemorySnapshot;
  policy: PolicyState | null;
  lastTouchPage: number;
  previousTouchPage: number;
}

/** One side's memory as the page shows it, from its references alone. */
export class MemoryView {
  /** The recency stack and the counts at every frame count (see the file's comment). */
  private readonly stack: StackMemory;
  /**
   * Under FIFO, CLOCK or OPT the pager's own reports (mirrored here) make the page states and
   * the counts; the recency stack still names each reference's LRU distance. Null under LRU.
   */
  private direct: PolicyState | null;
  /** The page of the latest reference, and of the one before it (-1: none yet). */
  lastTouchPage = -1;
  previousTouchPage = -1;

  constructor(
    pages: number,
    frames: number,
    readonly policy: Policy,
    /** OPT's future (the run's references, recorded beforehand): the next use of each page. */
    private readonly future: ReferenceString | null,
  ) {
    this.stack = new StackMemory(pages, frames);
    this.direct = policy === 'lru' ? null : emptyPolicyState(policy, pages, frames);
  }

  /** A touch event: the stack, and under FIFO, CLOCK or OPT what their pager reported. */
  touch(event: TouchEvent): void {
    this.stack.reference(event.page, event.write);
    if (this.direct !== null) applyDirect(this.direct, event);
    this.previousTouchPage = this.lastTouchPage;
    this.lastTouchPage = event.page;
  }

  /** A page reference without its event (side.ts's fast path). LRU only. */
  referencePage(page: number, write: boolean): void {
    this.stack.reference(page, write);
    this.previousTouchPage = this.lastTouchPage;
    this.lastTouchPage = page;
  }

  /** The counts shown: the mirrored pager's, or under LRU the stack's at the frame count shown. */
  counts(): MemoryCounts {
    return this.direct ?? this.stack.counts();
  }

  /** The stack's counts at the frame count shown, whatever the policy. */
  lruCounts(): MemoryCounts {
    return this.stack.counts();
  }

  /**
   * An event as this view shows it: under LRU a page reference says what the frame count shown
   * did with it (the recording pager may have run with another) and names no frame; under the
   * other policies, what their pager did. Only for the latest reference applied.
   */
  seen(event: SimEvent): SimEvent {
    if (event.kind !== 'touch' || this.direct !== null) return event;
    const seen = this.stack.lastReference();
    if (seen === null) return event;
    return {
      ...event,
      frame: -1,
      outcome: seen.outcome,
      evicted: seen.evicted,
      writeBack: seen.writeBack,
    };
  }

  /** The mirrored pager of FIFO, CLOCK or OPT (null under LRU). */
  get policyState(): Readonly<PolicyState> | null {
    return this.direct;
  }

  /**
   * OPT: references from now until each resident page's next use (null: never again), read
   * from the future; scans at most `limit` references ahead.
   */
  nextUses(limit = 200_000): Map<number, number | null> {
    const uses = new Map<number, number | null>();
    const direct = this.direct;
    const future = this.future;
    if (direct === null || future === null) return uses;
    const waiting = new Set<number>();
    for (const page of direct.pageInFrame) if (page >= 0) waiting.add(page);
    const end = Math.min(future.length, direct.references + limit);
    for (let at = direct.references; at < end && waiting.size > 0; at++) {
      const page = entryAt(future, at) >>> 1;
      if (!waiting.has(page)) continue;
      uses.set(page, at - direct.references + 1);
      waiting.delete(page);
    }
    for (const page of waiting) uses.set(page, null);
    return uses;
  }

  /**
   * What the page grid writes in each resident page under FIFO (its place in the load order,
   * 1 = the next out), CLOCK (● reference bit set, ○ clear; ▸ the page under the hand) and OPT
   * (references until its next use, ∞ for never); null under LRU (the grid writes ranks).
   */
  policyLabels(): Map<number, string> | null {
    const direct = this.direct;
    if (direct === null) return null;
    const labels = new Map<number, string>();
    switch (direct.policy) {
      case 'fifo':
        direct.loadOrder.forEach((page, index) => {
          labels.set(page, String(index + 1));
        });
        break;
      case 'clock':
        direct.pageInFrame.forEach((page, frame) => {
          if (page < 0) return;
          const bit = direct.referenced[frame] === 1 ? '●' : '○';
          labels.set(page, frame === direct.hand ? `▸${bit}` : bit);
        });
        break;
      case 'opt':
        for (const [page, use] of this.nextUses())
          labels.set(page, use === null ? '∞' : String(use));
        break;
    }
    return labels;
  }

  /** The frame count the memory is shown with. */
  get frames(): number {
    return this.stack.frames;
  }

  /** Shows the memory with `frames` resident pages from now on: O(pages log pages). */
  setFrames(frames: number): void {
    this.stack.setFrames(frames);
  }

  /** Each page's grid state (PAGE_UNTOUCHED … PAGE_OUT) at the frame count shown, into `out`. */
  pageStates(out: Uint8Array): void {
    this.stack.pageStates(out, STATE_CODES);
  }

  /** One page's grid state at the frame count shown. */
  pageStateOf(page: number): PageStateAt {
    return this.stack.pageState(page);
  }

  /** Resident pages from most to least recently used (rank 1 = the last to be evicted). */
  lruOrder(): number[] {
    const resident: number[] = [];
    const count = Math.min(this.stack.frames, this.stack.touchedPages);
    for (let rank = 1; rank <= count; rank++) resident.push(this.stack.pageAtRank(rank));
    return resident;
  }

  /** A page's place in the recency stack (1 = most recent, 0 = never used), for every frame count. */
  rankOf(page: number): number {
    return this.stack.rank(page);
  }

  /** The latest page reference as the frame count shown sees it, or null before any. */
  lastReference(): ReferenceAt | null {
    return this.stack.lastReference();
  }

  /** Page-ins plus write-backs for every frame count, out[f - 1] (the race at any slider value). */
  transfersCurve(out: Float64Array): void {
    this.stack.transfersCurve(out);
  }

  snapshot(): MemoryViewSnapshot {
    return {
      memory: this.stack.snapshot(),
      policy: this.direct === null ? null : copyPolicyState(this.direct),
      lastTouchPage: this.lastTouchPage,
      previousTouchPage: this.previousTouchPage,
    };
  }

  /** Back to a long run's checkpoint: its stack image, the page last referenced, the pager. */
  restoreImage(image: StackMemoryImage, lastTouchPage: number, policy: PolicyState | null): void {
    if ((this.direct === null) !== (policy === null)) {
      throw new Error(
        `a ${this.policy} view restores ${policy === null ? 'no' : 'a'} policy state`,
      );
    }
    this.stack.restoreImage(image);
    if (policy !== null) this.direct = copyPolicyState(policy);
    this.lastTouchPage = lastTouchPage;
    this.previousTouchPage = -1;
  }

  restore(snapshot: MemoryViewSnapshot): void {
    this.stack.restore(snapshot.memory);
    if (snapshot.policy !== null) this.direct = copyPolicyState(snapshot.policy);
    this.lastTouchPage = snapshot.lastTouchPage;
    this.previousTouchPage = snapshot.previousTouchPage;
  }
}
