// Shared by the policy tests: page traces with locality, and reference models of FIFO, CLOCK and
// OPT written as plainly as possible (arrays and scans), to check the real pagers against.

import fc from 'fast-check';
import { makePager } from '../../../src/core/memory/makePager';
import type { Pager, Policy } from '../../../src/core/memory/pager';
import { referenceStringOf } from '../../../src/core/memory/referenceString';

/** A page reference: the page and whether it writes. */
export type Reference = [page: number, write: boolean];

/**
 * A page count and a trace over it, with locality: each step names a page or repeats the page of
 * 1 to 3 steps back, so short distances (a heap's sift) and runs of one page both occur.
 */
export function pageTrace(
  maxPages: number,
  maxLength: number,
): fc.Arbitrary<[number, Reference[]]> {
  return fc
    .tuple(
      fc.integer({ min: 1, max: maxPages }),
      fc.array(fc.tuple(fc.nat(maxPages - 1), fc.integer({ min: 0, max: 3 }), fc.boolean()), {
        maxLength,
        size: 'max',
      }),
    )
    .map(([pages, steps]) => {
      const trace: Reference[] = [];
      steps.forEach(([page, back, write], index) => {
        const repeated = back > 0 && index >= back ? trace[index - back][0] : page % pages;
        trace.push([repeated, write]);
      });
      return [pages, trace];
    });
}

/** Entries page << 1 | write, as referenceStringOf takes them. */
export function entriesOf(trace: readonly Reference[]): number[] {
  return trace.map(([page, write]) => (page << 1) | (write ? 1 : 0));
}

/** Feeds the trace to a pager made with one item per page (slot = page). */
export function feed(pager: Pager, trace: readonly Reference[]): void {
  for (const [page, write] of trace) {
    if (write) pager.write(page);
    else pager.read(page);
  }
}

export interface ModelCounts {
  zeroFills: number;
  pageIns: number;
  writeBacks: number;
  evictions: number;
  hits: number;
}

/**
 * A reference model of one policy with `frames` frames: `victim` picks the index (in the
 * resident list) of the page to evict, given the resident pages and the reference's index.
 * Residents are kept in load order; `onHit` may update per-page state.
 */
function model(
  frames: number,
  trace: readonly Reference[],
  victim: (residents: number[], now: number) => number,
  onAccess: (page: number, now: number) => void = () => {},
): ModelCounts {
  const residents: number[] = [];
  const dirty = new Set<number>();
  const touched = new Set<number>();
  const counts: ModelCounts = { zeroFills: 0, pageIns: 0, writeBacks: 0, evictions: 0, hits: 0 };
  trace.forEach(([page, write], now) => {
    if (residents.includes(page)) counts.hits++;
    else {
      if (residents.length === frames) {
        const [evicted] = residents.splice(victim(residents, now), 1);
        counts.evictions++;
        if (dirty.delete(evicted)) counts.writeBacks++;
      }
      residents.push(page);
      if (touched.has(page)) counts.pageIns++;
      else {
        touched.add(page);
        counts.zeroFills++;
      }
    }
    onAccess(page, now);
    if (write) dirty.add(page);
  });
  return counts;
}

/** FIFO: the resident loaded earliest (the list is in load order). */
export function fifoModel(frames: number, trace: readonly Reference[]): ModelCounts {
  return model(frames, trace, () => 0);
}

/**
 * CLOCK, written as a ring of frames with the hand: clear set bits while advancing, take the
 * first clear one, put the new page there with its bit set and step past it.
 */
export function clockModel(frames: number, trace: readonly Reference[]): ModelCounts {
  const ring: { page: number; bit: boolean }[] = [];
  let hand = 0;
  const dirty = new Set<number>();
  const touched = new Set<number>();
  const counts: ModelCounts = { zeroFills: 0, pageIns: 0, writeBacks: 0, evictions: 0, hits: 0 };
  for (const [page, write] of trace) {
    const slot = ring.find((frame) => frame.page === page);
    if (slot !== undefined) {
      counts.hits++;
      slot.bit = true;
    } else {
      if (ring.length < frames) ring.push({ page, bit: true });
      else {
        while (ring[hand].bit) {
          ring[hand].bit = false;
          hand = (hand + 1) % frames;
        }
        counts.evictions++;
        if (dirty.delete(ring[hand].page)) counts.writeBacks++;
        ring[hand] = { page, bit: true };
        hand = (hand + 1) % frames;
      }
      if (touched.has(page)) counts.pageIns++;
      else {
        touched.add(page);
        counts.zeroFills++;
      }
    }
    if (write) dirty.add(page);
  }
  return counts;
}

/**
 * Belady's MIN by brute force: scan the future for each resident's next use; evict the farthest,
 * a page never used again before any other, and among those the least recently used.
 */
export function optModel(frames: number, trace: readonly Reference[]): ModelCounts {
  const lastUse = new Map<number, number>();
  return model(
    frames,
    trace,
    (residents, now) => {
      let best = 0;
      let bestScore = Number.NEGATIVE_INFINITY;
      residents.forEach((page, index) => {
        const ahead = trace.findIndex(([later], at) => at > now && later === page);
        // Never again: beyond any next use, older last use first.
        const score = ahead < 0 ? trace.length * 2 - (lastUse.get(page) ?? 0) : ahead;
        if (score > bestScore) {
          bestScore = score;
          best = index;
        }
      });
      return best;
    },
    (page, now) => lastUse.set(page, now),
  );
}

/** The direct pager of a policy (OPT given the trace's future) after the whole trace. */
export function direct(policy: Policy, frames: number, pages: number, trace: readonly Reference[]) {
  const future = referenceStringOf(entriesOf(trace), pages);
  const pager = makePager({ policy, frames, pageCount: pages, itemsPerPage: 1, future });
  feed(pager, trace);
  return pager;
}

/** Page-ins and write-backs of the direct pager at every frame count 1..pages. */
export function directCurves(policy: Policy, pages: number, trace: readonly Reference[]) {
  const pageIns: number[] = [];
  const writeBacks: number[] = [];
  for (let frames = 1; frames <= pages; frames++) {
    const pager = direct(policy, frames, pages, trace);
    pageIns.push(pager.pageIns);
    writeBacks.push(pager.writeBacks);
  }
  return { pageIns, writeBacks };
}
