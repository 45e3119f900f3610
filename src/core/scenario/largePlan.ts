// How a large heap run is cut up for the page's replay (replay/largeTimeline.ts), so nothing
// grows with its events: the page's limits (pageLimits.ts) size a large run from it.
//
// The article's run (1M items, 4M operations) makes 256M slot references and ~500M steps; the
// page keeps none of them. Each side's worker runs the whole scenario once (sideRecorder.ts)
// and keeps two kinds of checkpoints:
// - dense ones, every `denseEvery` operations: the LRU stack and its distance counts (an image,
//   ~16 bytes a page), which answer every frame count;
// - sparse ones, every `sparseEvery` operations: a copy of the heap (8 bytes a slot).
// The state at operation k is then: the sparse copy before it, the heap run bare (no memory, no
// events) to the dense checkpoint before k, its image, and at most denseEvery operations run
// into the view (sideServer.ts). The page holds that state as an anchor and runs on from it by
// itself for up to `window` operations (largeTimeline.ts), so playing and stepping need no
// worker; only a jump further away asks for a new anchor.

import type { Policy } from '../memory/pager';
import { packedImageBytes } from '../memory/stackImage';

export interface LargePlan {
  /** Operations between the stack images a worker keeps. */
  denseEvery: number;
  /** Operations between the heap copies a worker keeps: a multiple of denseEvery. */
  sparseEvery: number;
  /** Operations the page runs on from an anchor by itself. */
  window: number;
}

/** A side's stack images may take this much (a worker holds them). */
const DENSE_BUDGET_BYTES = 64 * 2 ** 20;
/** A side's heap copies may take this much (a worker holds them). */
const SPARSE_BUDGET_BYTES = 160 * 2 ** 20;
/**
 * At least this many operations between images: more images than that would cost more memory
 * than the replay they save (an operation of the article's binary heap replays in microseconds).
 */
const MIN_DENSE_EVERY = 1024;
/** The page's own reach from an anchor: well within one frame of the article's binary heap. */
const WINDOW = 4096;
/**
 * Under FIFO or CLOCK the page replays with events (its view follows the pager's), several times
 * slower an operation than without, so a shorter reach.
 */
const EVENT_WINDOW = 512;
/** Bytes of one sparse heap copy per slot: the key in 32 bits where it fits, the item. */
const SPARSE_SLOT_BYTES = 8;

/** The plan for a side of `pages` pages and `capacity` slots over `operations` operations. */
export function largePlan(
  operations: number,
  pages: number,
  capacity: number,
  policy: Policy = 'lru',
): LargePlan {
  const images = Math.max(1, Math.floor(DENSE_BUDGET_BYTES / packedImageBytes(pages)));
  const denseEvery = Math.max(MIN_DENSE_EVERY, Math.ceil(operations / images));
  const copies = Math.max(1, Math.floor(SPARSE_BUDGET_BYTES / (SPARSE_SLOT_BYTES * capacity + 64)));
  const sparseEvery = denseEvery * Math.max(1, Math.ceil(operations / copies / denseEvery));
  return { denseEvery, sparseEvery, window: policy === 'lru' ? WINDOW : EVENT_WINDOW };
}

/** Bytes a worker keeps for one side under `plan` (an upper bound: every copy at capacity). */
export function workerBytes(
  plan: LargePlan,
  operations: number,
  pages: number,
  capacity: number,
): number {
  const images = Math.floor(operations / plan.denseEvery);
  const copies = Math.floor(operations / plan.sparseEvery);
  return images * packedImageBytes(pages) + copies * (SPARSE_SLOT_BYTES * capacity + 64);
}
