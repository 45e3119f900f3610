// The prediction: misses per operation at each level of a memory hierarchy and the time they
// cost, from the one-pass stack distances of a traced run (measure/missCurves.ts).
//
// Each cache level is a fully associative LRU cache of 64-byte lines, and the TLB one of 4 KB
// pages: the curves' sweep at 8 slots per page and at 512 (the article's page). Real caches are
// set-associative with other replacement policies, prefetch, and overlap misses with work; the
// model does none of that, which is what comparing it with the measurement shows.
//
// Time per operation = CPU + misses × latency: a reference that misses L1 and hits L2 costs the
// L2 latency, one that misses L2 and hits L3 the L3 latency, one that misses L3 the memory
// latency, and a TLB miss a page walk on top. The CPU term is this machine's: the time measured
// at the smallest N per comparison, less the model's own memory time there (calibrate()).

import type { MissCurve } from '../measure/missCurves';
import { LINE_BYTES, missesAt } from '../measure/missCurves';

export const KIB = 1024;

/** Sizes of the modelled levels. */
export interface Hierarchy {
  l1Bytes: number;
  l2Bytes: number;
  l3Bytes: number;
  /** Entries of the (last-level) TLB, each mapping a 4 KB page. */
  tlbEntries: number;
}

/**
 * The issue's defaults: a current server core (AMD Zen 4/5 has a 48 KB L1 data cache; 2 MB of L2
 * is Intel's since Raptor Cove, AMD's is 1 MB; 32 MB of L3 per core complex), and a TLB of 1,536
 * entries (Intel Skylake's second-level TLB; Zen 4's holds 3,072).
 */
export const DEFAULT_HIERARCHY: Readonly<Hierarchy> = {
  l1Bytes: 48 * KIB,
  l2Bytes: 2048 * KIB,
  l3Bytes: 32768 * KIB,
  tlbEntries: 1536,
};

/**
 * Nanoseconds a reference costs beyond an L1 hit, per level it ends at, and per TLB miss. AMD's
 * optimisation guide for Zen 4 gives 14 cycles to L2 and about 50 to L3, about 3.5 and 12.5 ns
 * at 4 GHz less an L1 hit's 4 cycles; memory at 90 ns and a page walk at 8 ns (its page-table
 * entries mostly in cache) are round figures of published latency measurements of such cores.
 * Round numbers on purpose: the model says how the misses grow, not this machine's latencies.
 */
export const LATENCY_NS = { l2: 2.5, l3: 11, memory: 90, pageWalk: 8 } as const;

export type Latencies = { l2: number; l3: number; memory: number; pageWalk: number };

/** Misses per operation at each level (a reference missing L1 counts in l1, and so on down). */
export interface LevelMisses {
  l1: number;
  l2: number;
  l3: number;
  tlb: number;
}

/** Lines a level of `bytes` holds (at least one). */
function linesOf(bytes: number): number {
  return Math.max(1, Math.floor(bytes / LINE_BYTES));
}

/** Misses per operation of a traced run at each level of the hierarchy. */
export function levelMisses(
  lines: MissCurve,
  pages: MissCurve,
  operations: number,
  hierarchy: Hierarchy,
): LevelMisses {
  const per = (misses: number): number => misses / Math.max(1, operations);
  return {
    l1: per(missesAt(lines, linesOf(hierarchy.l1Bytes))),
    l2: per(missesAt(lines, linesOf(hierarchy.l2Bytes))),
    l3: per(missesAt(lines, linesOf(hierarchy.l3Bytes))),
    tlb: per(missesAt(pages, Math.max(1, hierarchy.tlbEntries))),
  };
}

/**
 * The memory part of the time per operation, in ns. Levels are inclusive, so a miss at a larger
 * level is also one at every smaller one; a size smaller than the level above it (a bad
 * configuration) is read as that size.
 */
export function memoryNs(misses: LevelMisses, latency: Latencies = LATENCY_NS): number {
  const l2 = Math.min(misses.l2, misses.l1);
  const l3 = Math.min(misses.l3, l2);
  return (
    (misses.l1 - l2) * latency.l2 +
    (l2 - l3) * latency.l3 +
    l3 * latency.memory +
    misses.tlb * latency.pageWalk
  );
}

/** The CPU term: ns per comparison (with the loop, the moves and random(3) around it). */
export interface CpuCalibration {
  nsPerComparison: number;
  /** The N it was taken at. */
  items: number;
}

/**
 * Calibrates the CPU term at one point: the measured ns per operation, less the model's memory
 * time there, per comparison. Never negative: a model that explains more than the measurement
 * leaves no CPU time.
 */
export function calibrate(
  measuredNs: number,
  comparisonsPerOp: number,
  memory: number,
  items: number,
): CpuCalibration {
  return {
    nsPerComparison: Math.max(0, measuredNs - memory) / Math.max(comparisonsPerOp, 1e-9),
    items,
  };
}

/** The modelled time per operation: CPU (calibrated) plus memory. */
export function predictedNs(
  cpu: CpuCalibration,
  comparisonsPerOp: number,
  misses: LevelMisses,
  latency: Latencies = LATENCY_NS,
): number {
  return cpu.nsPerComparison * comparisonsPerOp + memoryNs(misses, latency);
}

/** The hierarchy's settings, in the link, the tab and the command line: KB per level, TLB entries. */
export const HIERARCHY_KB_RANGE = { min: 1, max: 1_048_576 } as const;
export const TLB_ENTRIES_RANGE = { min: 1, max: 1_048_576 } as const;
