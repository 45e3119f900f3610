// The prediction's input: one traced run of the measured code, its lines and 4 KB pages fed to
// the one-pass stack-distance counter the curves use (memory/stackDistances.ts), which then says
// how many references miss a fully associative LRU cache of any number of lines, and a TLB of
// any number of 4 KB entries.
//
// The trace is what the kernel's traced variant touches (the heap's slots, the objects, the
// handle table), in the order it touches them: the same source as the measured variant, with the
// references reported (heapKernel.ts). A run at cache-line granularity is the sweep at 8 slots
// per page; at 4 KB it is the sweep at 512.

import { AllFramesCounter, type FrameCurves } from '../memory/stackDistances';
import { instantiateHeapKernel } from './kernel/heapKernel';
import { type MachineRun, tracedRegionBytes } from './machineLayouts';
import { kernelCodes } from './timing';

export const LINE_BYTES = 64;
export const PAGE_BYTES = 4096;
const LINES_PER_PAGE = PAGE_BYTES / LINE_BYTES;

/**
 * Misses against capacity, kept only where it changes by more than MISS_CURVE_TOLERANCE of its
 * value: monotone, so the value at any capacity is the one at the largest kept capacity at or
 * below it, within that tolerance. A 2^20-item run's 655,360 lines become a few thousand points,
 * small enough to hand to the page, which can then answer any hierarchy without a new run.
 */
export interface MissCurve {
  /** Ascending capacities (lines or TLB entries), the first 1. */
  capacities: Float64Array;
  /** Misses with that many entries; first touches count as misses. */
  misses: Float64Array;
  /** Entries the run touched: from there on only first touches miss. */
  footprint: number;
}

export const MISS_CURVE_TOLERANCE = 1e-3;

/** Keeps the knots of a curve (index c - 1: misses with c entries), as MissCurve says. */
export function compressCurve(curves: FrameCurves): MissCurve {
  const count = Math.max(1, curves.zeroFills);
  const capacities: number[] = [];
  const misses: number[] = [];
  let kept = Number.NaN;
  for (let c = 1; c <= count; c++) {
    const value = curves.zeroFills + (c <= curves.pageIns.length ? curves.pageIns[c - 1] : 0);
    // Keep a knot where the value moved by more than the tolerance (or half a miss).
    if (!(Math.abs(value - kept) <= Math.max(MISS_CURVE_TOLERANCE * value, 0.5))) {
      capacities.push(c);
      misses.push(value);
      kept = value;
    }
  }
  return {
    capacities: Float64Array.from(capacities),
    misses: Float64Array.from(misses),
    footprint: count,
  };
}

/**
 * Misses with `capacity` entries (a positive integer), read off the kept knots, for a run that
 * repeats (as every timed batch does): a first touch misses only when the run's lines do not all
 * fit, since otherwise the previous run left them resident. Where they do not fit, LRU has
 * evicted them since their last use (a cyclic sweep larger than an LRU cache misses every time).
 */
export function missesAt(curve: MissCurve, capacity: number): number {
  const { capacities, misses } = curve;
  if (capacity >= curve.footprint) return 0;
  let lo = 0;
  let hi = capacities.length - 1;
  if (capacity < capacities[0]) return misses[0];
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (capacities[mid] <= capacity) lo = mid;
    else hi = mid - 1;
  }
  return misses[lo];
}

/** What a traced run gives the prediction. */
interface TracedRun {
  operations: number;
  comparisons: number;
  /** Same as the measured run's (the traced variant pops the same items). */
  removedHash: number;
  /** Line references reported (every slot, object and handle read or write). */
  references: number;
  lines: MissCurve;
  pages: MissCurve;
}

/** A reference of a traced run: its 64-byte line (from the heap's first slot) and whether it writes. */
type LineReference = (line: number, write: boolean) => void;

/**
 * Runs the traced variant once, giving each line reference to `visit` (tests feed a direct
 * simulation this way); returns the operations, comparisons and hash.
 */
export function traceRun(
  run: MachineRun,
  visit: LineReference,
): { operations: number; comparisons: number; removedHash: number; tracedBytes: number } {
  const kernel = instantiateHeapKernel((entries) => {
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      visit(entry >>> 1, (entry & 1) === 1);
    }
  });
  const codes = kernelCodes(run);
  if (kernel.init(codes.layout, codes.pageLog2, codes.form, codes.workload, run.items) < 0)
    throw new RangeError(`the traced run of ${run.items} items needs more memory than it can have`);
  const operations = kernel.run(1, run.seed);
  return {
    operations,
    comparisons: kernel.comparisons(),
    removedHash: kernel.removedHash() >>> 0,
    tracedBytes: kernel.tracedBytes(),
  };
}

/**
 * The misses of one traced run at both granularities, from one pass each of the stack-distance
 * counter: lines (a cache of any size) and 4 KB pages (a TLB of any number of entries).
 */
export function traceMisses(run: MachineRun): TracedRun {
  const lineCount = Math.max(1, Math.ceil(tracedRegionBytes(run) / LINE_BYTES));
  const pageCount = Math.ceil(lineCount / LINES_PER_PAGE);
  // touchPage takes pages directly: the items-per-page argument plays no part.
  const lines = new AllFramesCounter(lineCount, 1);
  const pages = new AllFramesCounter(pageCount, 1);
  let references = 0;
  const traced = traceRun(run, (line, write) => {
    references++;
    lines.touchPage(line, write);
    pages.touchPage(Math.floor(line / LINES_PER_PAGE), write);
  });
  return {
    operations: traced.operations,
    comparisons: traced.comparisons,
    removedHash: traced.removedHash,
    references,
    lines: compressCurve(lines.finish()),
    pages: compressCurve(pages.finish()),
  };
}
