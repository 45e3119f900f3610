// What every direct pager shares (LRU, FIFO, CLOCK, OPT): the replacement policies by name, the
// interface a run, the page's animation and the tests drive, and what each policy lets a view show.

import type { MemoryObserver } from './observer';

/**
 * The page-replacement policies. `lru` is the article's "perfect LRU"; `fifo` evicts the page
 * loaded earliest; `clock` is the second-chance ring (Corbató 1968); `opt` is Belady's MIN
 * (1966): evict the resident page whose next reference is farthest away. docs/model.md states
 * each rule.
 */
export type Policy = 'lru' | 'fifo' | 'clock' | 'opt';

export const POLICIES: readonly Policy[] = ['lru', 'fifo', 'clock', 'opt'];

/** Each policy's name as the page and the command line write it. */
export const POLICY_TITLES: Readonly<Record<Policy, string>> = {
  lru: 'LRU',
  fifo: 'FIFO',
  clock: 'CLOCK',
  opt: 'OPT',
};

/** A menu's choices, in POLICIES' order: the article's policy and Belady's optimum named. */
export const POLICY_CHOICES: readonly (readonly [Policy, string])[] = POLICIES.map((policy) => [
  policy,
  policy === 'lru' ? 'LRU (article)' : policy === 'opt' ? 'OPT (Belady)' : POLICY_TITLES[policy],
]);

export function isPolicy(name: string): name is Policy {
  return (POLICIES as readonly string[]).includes(name);
}

/** Totals of one direct simulation. Transfers = pageIns + writeBacks; zero-fills are free. */
export interface PagerCounts {
  hits: number;
  zeroFills: number;
  pageIns: number;
  writeBacks: number;
  evictions: number;
}

/** One frame of the CLOCK ring, for a view. */
interface ClockFrame {
  /** The page in the frame, or -1 while the frame is still free. */
  page: number;
  /** Its reference bit: set when the page is loaded and on every access, cleared by the hand. */
  referenced: boolean;
}

/** One resident page under OPT, for a view. */
export interface OptResident {
  page: number;
  frame: number;
  /**
   * References from now until the page's next one (1 = the very next reference), counted in the
   * future the pager was given (referenceString.ts: every reference, or runs of one page merged);
   * null if it is never referenced again.
   */
  nextUseIn: number | null;
}

/** What a view can show about the policy's state, beyond which pages are resident and dirty. */
export type PolicyView =
  /** Resident pages, most recently used first (the last one is the next victim). */
  | { policy: 'lru'; recency: number[] }
  /** Resident pages in load order, earliest first (the first one is the next victim). */
  | { policy: 'fifo'; loadOrder: number[] }
  /** The ring: the hand's frame and every frame's page and reference bit. */
  | { policy: 'clock'; hand: number; frames: ClockFrame[] }
  /** Resident pages, the next victim first (farthest next use; never-again pages lead). */
  | { policy: 'opt'; residents: OptResident[] };

/**
 * A direct simulation of one frame count under one policy. Every pager emits the same events
 * into its optional EventSink, in the same order as LruPager: a fault that needs a frame first
 * emits `evict` (the victim, its frame, whether it was written back), then every reference emits
 * `touch` (its slot, page, frame and outcome). Free frames are handed out lowest first, and a
 * page loaded after an eviction takes the victim's frame.
 *
 * `snapshot()` copies the whole state (counts included) for a replay's checkpoints; `restore()`
 * takes back only what the same pager's snapshot() returned.
 */
export interface Pager<Snapshot = unknown> extends MemoryObserver, PagerCounts {
  readonly policy: Policy;
  readonly frames: number;
  readonly pageCount: number;
  isResident(page: number): boolean;
  isDirty(page: number): boolean;
  policyView(): PolicyView;
  snapshot(): Snapshot;
  restore(snapshot: Snapshot): void;
}

/** The counts of a pager, as a plain object (for results and tests). */
export function pagerCounts(pager: PagerCounts): PagerCounts {
  const { hits, zeroFills, pageIns, writeBacks, evictions } = pager;
  return { hits, zeroFills, pageIns, writeBacks, evictions };
}
