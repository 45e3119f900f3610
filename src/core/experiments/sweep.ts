// One run of a workload on one layout, measured for every frame count at once (stackDistances.ts) or
// for one frame count by direct simulation (lruPager.ts, or any policy's pager: makePager.ts). The
// CLI, the worker and the tests all call these, so a scenario gives the same numbers wherever it runs.

import { makePager } from '../memory/makePager';
import { NO_MEMORY } from '../memory/observer';
import type { Policy } from '../memory/pager';
import { ReferenceStringRecorder } from '../memory/referenceString';
import { AllFramesCounter, type FrameCurves } from '../memory/stackDistances';
import { type StructureKind, type StructureSpec, structurePages } from '../structures/registry';
import {
  type ProgressCallback,
  type RunStats,
  runWorkload,
  type Workload,
  workloadCapacity,
} from '../workloads/workloads';

/** What every run of one structure reports, whatever the frame counts it answers. */
export interface RunTotals<Kind extends StructureKind = StructureKind> {
  layout: Kind;
  /** Items of the workload (phk/expiry: N; script: the largest size reached). */
  items: number;
  itemsPerPage: number;
  /** Pages the run touched: frame counts run from 1 to this. */
  pages: number;
  operations: number;
  comparisons: number;
  swaps: number;
  /** Words read or written: the CPU side of the cost model for structures the article did not time. */
  accesses: number;
  /** Bytes per node (pointer structures; heaps ignore it). */
  nodeBytes: number;
  zeroFills: number;
}

/** A run answered for every frame count at once (stackDistances.ts). */
export interface SweepResult<Kind extends StructureKind = StructureKind> extends RunTotals<Kind> {
  /** Index f - 1: page-ins and write-backs with f resident pages. */
  pageIns: Float64Array;
  writeBacks: Float64Array;
}

export function workloadItems(workload: Workload): number {
  return workload.kind === 'script' ? workloadCapacity(workload) : workload.items;
}

/** Runs the workload once and returns page-ins and write-backs for every frame count. */
export function sweepLayout<Kind extends StructureKind = StructureKind>(
  structure: StructureSpec<Kind>,
  workload: Workload,
  onProgress: ProgressCallback | null = null,
): SweepResult<Kind> {
  const counter = sweepCounter(structure, workload);
  const stats = runWorkload(workload, structure, counter, null, onProgress);
  return sweepResultOf(structure, workload, stats, counter.finish());
}

/** The curve counter a sweep of this structure and workload needs (its whole address space). */
export function sweepCounter(
  structure: StructureSpec<StructureKind>,
  workload: Workload,
): AllFramesCounter {
  const addressPages = structurePages(structure, workloadCapacity(workload));
  return new AllFramesCounter(addressPages, structure.itemsPerPage);
}

/** A sweep's result from its run and its curves (however the curves were counted). */
export function sweepResultOf<Kind extends StructureKind = StructureKind>(
  structure: StructureSpec<Kind>,
  workload: Workload,
  stats: RunStats,
  curves: FrameCurves,
): SweepResult<Kind> {
  const { kind, itemsPerPage } = structure;
  // Expiry reserves room for growth it may not use: report only the pages actually touched.
  const pages = Math.max(1, curves.zeroFills);
  return {
    layout: kind,
    items: workloadItems(workload),
    itemsPerPage,
    pages,
    operations: stats.operations,
    comparisons: stats.comparisons,
    swaps: stats.swaps,
    accesses: stats.accesses,
    nodeBytes: structure.nodeBytes,
    zeroFills: curves.zeroFills,
    pageIns: curves.pageIns.slice(0, pages),
    writeBacks: curves.writeBacks.slice(0, pages),
  };
}

/** A run simulated directly with one frame count. */
export interface PointResult<Kind extends StructureKind = StructureKind> extends RunTotals<Kind> {
  /** The replacement policy of the direct simulation. */
  policy: Policy;
  frames: number;
  hits: number;
  pageIns: number;
  writeBacks: number;
}

/**
 * Direct simulation with a fixed number of frames under a policy (LRU by default: the one-pass
 * curves are checked against it). OPT needs the future, so it runs the workload twice: once to
 * record the reference string, once with the pager.
 */
export function runAtFrames<Kind extends StructureKind = StructureKind>(
  structure: StructureSpec<Kind>,
  workload: Workload,
  frames: number,
  onProgress: ProgressCallback | null = null,
  policy: Policy = 'lru',
): PointResult<Kind> {
  const { kind, itemsPerPage } = structure;
  const addressPages = structurePages(structure, workloadCapacity(workload));
  let future = null;
  if (policy === 'opt') {
    const recorder = new ReferenceStringRecorder(addressPages, itemsPerPage);
    runWorkload(workload, structure, recorder);
    future = recorder.finish();
  }
  const pager = makePager({ policy, frames, pageCount: addressPages, itemsPerPage, future });
  const stats = runWorkload(workload, structure, pager, null, onProgress);
  return {
    layout: kind,
    policy,
    items: workloadItems(workload),
    itemsPerPage,
    pages: pager.zeroFills,
    frames,
    operations: stats.operations,
    comparisons: stats.comparisons,
    swaps: stats.swaps,
    accesses: stats.accesses,
    nodeBytes: structure.nodeBytes,
    zeroFills: pager.zeroFills,
    hits: pager.hits,
    pageIns: pager.pageIns,
    writeBacks: pager.writeBacks,
  };
}

/** Wall-clock seconds of the workload with no instrumentation: the "measured" CPU time. */
export function timeBareWorkload(
  structure: StructureSpec<StructureKind>,
  workload: Workload,
  now: () => number,
): { seconds: number; operations: number } {
  const start = now();
  const stats = runWorkload(workload, structure, NO_MEMORY);
  return { seconds: (now() - start) / 1000, operations: stats.operations };
}
