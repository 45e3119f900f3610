// The page grid's cells grouped by fill style (a counting sort): each style is set once a draw.

import { PAGE_CLEAN, PAGE_DIRTY, PAGE_OUT } from '../../core/replay/viewState';
import { lruSpan, SHADES, shadeOf } from './colours';
import type { GridSnapshot } from './snapshot';

export const BUCKET_UNTOUCHED = 0;
export const BUCKET_OUT = 1;
/** Resident pages: BUCKET_RESIDENT + their LRU shade. */
export const BUCKET_RESIDENT = 2;
export const BUCKET_COUNT = BUCKET_RESIDENT + SHADES;

/** The fill bucket of a page in this state with this LRU rank. */
export function bucketOf(state: number, rank: number, span: number): number {
  if (state === PAGE_OUT) return BUCKET_OUT;
  if (state === PAGE_CLEAN || state === PAGE_DIRTY) return BUCKET_RESIDENT + shadeOf(rank, span);
  return BUCKET_UNTOUCHED;
}

/**
 * Pages ordered by bucket, reusing its arrays between draws: bucket b's pages are
 * order[starts[b]] .. order[starts[b + 1] - 1], in page order.
 */
export class FillOrder {
  /** Pages, grouped by bucket. */
  order = new Int32Array(0);
  /** BUCKET_COUNT + 1 offsets into order. */
  starts = new Int32Array(BUCKET_COUNT + 1);
  dirty = 0;
  out = 0;
  /** Each page's bucket, indexed by page. */
  buckets = new Uint8Array(0);

  /**
   * Each page's bucket and the dirty and paged-out counts: all the pixel painter needs
   * (pixelCells.ts), in one pass.
   */
  classify(snapshot: GridSnapshot, count: number): void {
    if (this.buckets.length !== count) {
      this.buckets = new Uint8Array(count);
      this.order = new Int32Array(count);
    }
    const { states, ranks } = snapshot;
    const buckets = this.buckets;
    const starts = new Int32Array(BUCKET_COUNT + 1);
    const span = lruSpan(snapshot.residentCount);
    let dirty = 0;
    let out = 0;
    for (let page = 0; page < count; page++) {
      const state = states[page];
      const bucket = bucketOf(state, ranks[page], span);
      if (state === PAGE_OUT) out++;
      else if (state === PAGE_DIRTY) dirty++;
      buckets[page] = bucket;
      starts[bucket + 1]++;
    }
    for (let b = 0; b < BUCKET_COUNT; b++) starts[b + 1] += starts[b];
    this.starts = starts;
    this.dirty = dirty;
    this.out = out;
  }

  /** classify(), then the pages grouped by bucket in `order`: what the canvas painter needs. */
  sort(snapshot: GridSnapshot, count: number): void {
    this.classify(snapshot, count);
    const fill = this.starts.slice(0, BUCKET_COUNT);
    const order = this.order;
    const buckets = this.buckets;
    for (let page = 0; page < count; page++) order[fill[buckets[page]]++] = page;
  }
}
