// OPT's page-ins and write-backs for every frame count 1..pages in one pass over a stored trace.
//
// MIN is a stack algorithm too (Mattson, Gecsei, Slutz & Traiger 1970): its eviction order is a
// priority (the next use, dead pages last by least recent use; optPager.ts) that does not depend
// on the number of frames, so with F frames the resident pages are the top F of one stack. The
// stack is updated as Mattson et al. give it for any priority algorithm: the referenced page x,
// found at depth d, goes to the top; the page that was on top is carried down, and at each depth
// 2..d-1 the carried page and the one there swap if the one there has the lower priority (it is
// the page F = that depth - 1 frames would evict); the last carried page fills depth d. A page
// only ever moves down between two of its references, as under LRU. So, exactly as in
// stackDistances.ts, a reference at depth d faults for every F < d, and a page evicted while it
// sinks is written back for F in [dirtyFrom, d - 1]: the same two difference arrays.
//
// The update costs O(d). Faster ones exist (Sugumar & Abraham 1993 group the stack's entries;
// Bilardi, Ekanadham & Pattnaik 2017 reach O(log pages) a reference): on the article's binary
// heap the plain one averages 19 places a reference (docs/performance.md), and the loop keeps each
// page's key next to it in the stack so that a place costs one load and a compare.

import { NEVER, NextUseIndex } from './nextUse';
import type { ReferenceString } from './referenceString';
import type { FrameCurves } from './stackDistances';

/** Progress after each chunk of the trace: entries done, entries in all. */
export type TraceProgress = (done: number, total: number) => void;

/** Page-ins and write-backs under OPT for every frame count (index f - 1 for f frames). */
export function optCurves(
  trace: ReferenceString,
  onProgress: TraceProgress | null = null,
): FrameCurves {
  const pages = trace.pageCount;
  const total = trace.length;
  const nextUse = new NextUseIndex(trace);
  // The stack, top first: each depth's page and its priority (larger: evicted sooner).
  const stackPage = new Int32Array(pages);
  const stackKey = new Float64Array(pages);
  const depthOf = new Int32Array(pages).fill(-1); // 0-based place in the stack, -1: never used
  let size = 0;
  // dirtyFrom as in stackDistances.ts: with F frames a page is dirty now iff F >= dirtyFrom.
  const never = pages + 1;
  const dirtyFrom = new Int32Array(pages).fill(never);
  // Difference arrays over F = 1..pages (index F).
  const pageInDiff = new Float64Array(pages + 2);
  const writeBackDiff = new Float64Array(pages + 2);
  let deeperThanOne = 0;
  const chunkNext = new Int32Array(Math.min(trace.chunkEntries, Math.max(1, total)));
  const deadKeyBase = 2 * total;

  for (let c = 0; c < trace.chunks.length; c++) {
    const chunk = trace.chunks[c];
    const start = c * trace.chunkEntries;
    nextUse.fill(c, chunkNext);
    for (let i = 0; i < chunk.length; i++) {
      const entry = chunk[i];
      const page = entry >>> 1;
      const next = chunkNext[i];
      const key = next === NEVER ? deadKeyBase - (start + i) : next;
      const place = depthOf[page];
      if (place === 0) {
        stackKey[0] = key;
      } else if (size === 0) {
        stackPage[0] = page;
        stackKey[0] = key;
        depthOf[page] = 0;
        size = 1;
      } else {
        // Carry the top page down to the referenced page's place (or a new bottom place).
        const end = place < 0 ? size : place;
        let carried = stackPage[0];
        let carriedKey = stackKey[0];
        for (let at = 1; at < end; at++) {
          const atKey = stackKey[at];
          if (atKey > carriedKey) {
            const atPage = stackPage[at];
            stackPage[at] = carried;
            stackKey[at] = carriedKey;
            depthOf[carried] = at;
            carried = atPage;
            carriedKey = atKey;
          }
        }
        stackPage[end] = carried;
        stackKey[end] = carriedKey;
        depthOf[carried] = end;
        stackPage[0] = page;
        stackKey[0] = key;
        depthOf[page] = 0;
        if (place < 0) size++;
      }
      // Accounting: depth d = place + 1 (0 for a first touch, a zero-fill for every F).
      const depth = place + 1;
      if (depth >= 2) {
        deeperThanOne++;
        pageInDiff[depth] -= 1;
        const from = Math.max(dirtyFrom[page], 1);
        if (from < depth) {
          writeBackDiff[from] += 1;
          writeBackDiff[depth] -= 1;
        }
      }
      if ((entry & 1) === 1) dirtyFrom[page] = 0;
      else if (depth > dirtyFrom[page] && dirtyFrom[page] !== never) dirtyFrom[page] = depth;
    }
    if (onProgress !== null) onProgress(start + chunk.length, total);
  }
  // Pages still sinking at the end: evicted for every F below their final depth, not flushed.
  for (let at = 0; at < size; at++) {
    const page = stackPage[at];
    const from = Math.max(dirtyFrom[page], 1);
    if (from < at + 1) {
      writeBackDiff[from] += 1;
      writeBackDiff[at + 1] -= 1;
    }
  }
  pageInDiff[1] += deeperThanOne;
  const pageIns = new Float64Array(pages);
  const writeBacks = new Float64Array(pages);
  let pageInSum = 0;
  let writeBackSum = 0;
  for (let frames = 1; frames <= pages; frames++) {
    pageInSum += pageInDiff[frames];
    writeBackSum += writeBackDiff[frames];
    pageIns[frames - 1] = pageInSum;
    writeBacks[frames - 1] = writeBackSum;
  }
  return { pages, zeroFills: size, pageIns, writeBacks };
}
