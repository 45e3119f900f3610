// One run of a workload on one layout, measured for every frame count at once (curves.ts) or
// for one frame count by direct LRU simulation (pager.ts). The CLI, the worker and the tests
// all call these, so a scenario gives the same numbers wherever it runs.

import { AllFramesCounter, type FrameCurves } from './curves';
import { NO_MEMORY } from './memory';
import { LruPager } from './pager';
import { type StructureKind, type StructureSpec, structurePages } from './structures';
import {
  type ProgressCallback,
  type RunStats,
  runWorkload,
  type Workload,
  workloadCapacity,
} from './workloads';

export interface SweepResult {
  layout: StructureKind;
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
  zeroFill: number;
  /** Index f - 1: page-ins and write-backs with f resident pages. */
  pageIns: Float64Array;
  writebacks: Float64Array;
}

export function workloadItems(workload: Workload): number {
  return workload.kind === 'script' ? workloadCapacity(workload) : workload.items;
}

/** Runs the workload once and returns page-ins and write-backs for every frame count. */
export function sweepLayout(
  structure: StructureSpec,
  workload: Workload,
  onProgress: ProgressCallback | null = null,
): SweepResult {
  const counter = sweepCounter(structure, workload);
  const stats = runWorkload(workload, structure, counter, null, onProgress);
  return sweepResultOf(structure, workload, stats, counter.finish());
}

/** The curve counter a sweep of this structure and workload needs (its whole address space). */
export function sweepCounter(structure: StructureSpec, workload: Workload): AllFramesCounter {
  const addressPages = structurePages(structure, workloadCapacity(workload));
  return new AllFramesCounter(addressPages, structure.itemsPerPage);
}

/** A sweep's result from its run and its curves (however the curves were counted). */
export function sweepResultOf(
  structure: StructureSpec,
  workload: Workload,
  stats: RunStats,
  curves: FrameCurves,
): SweepResult {
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
    zeroFill: curves.zeroFills,
    pageIns: curves.pageIns.slice(0, pages),
    writebacks: curves.writeBacks.slice(0, pages),
  };
}

export interface PointResult {
  layout: StructureKind;
  items: number;
  itemsPerPage: number;
  pages: number;
  frames: number;
  operations: number;
  comparisons: number;
  swaps: number;
  accesses: number;
  nodeBytes: number;
  zeroFill: number;
  hits: number;
  pageIns: number;
  writebacks: number;
}

/** Direct LRU simulation with a fixed number of frames (the one-pass curves are checked against it). */
export function runAtFrames(
  structure: StructureSpec,
  workload: Workload,
  frames: number,
  onProgress: ProgressCallback | null = null,
): PointResult {
  const { kind, itemsPerPage } = structure;
  const addressPages = structurePages(structure, workloadCapacity(workload));
  const pager = new LruPager(frames, addressPages, itemsPerPage);
  const stats = runWorkload(workload, structure, pager, null, onProgress);
  return {
    layout: kind,
    items: workloadItems(workload),
    itemsPerPage,
    pages: pager.zeroFills,
    frames,
    operations: stats.operations,
    comparisons: stats.comparisons,
    swaps: stats.swaps,
    accesses: stats.accesses,
    nodeBytes: structure.nodeBytes,
    zeroFill: pager.zeroFills,
    hits: pager.hits,
    pageIns: pager.pageIns,
    writebacks: pager.writeBacks,
  };
}

/** Wall-clock seconds of the workload with no instrumentation: the "measured" CPU time. */
export function timeBareWorkload(
  structure: StructureSpec,
  workload: Workload,
  now: () => number,
): { seconds: number; operations: number } {
  const start = now();
  const stats = runWorkload(workload, structure, NO_MEMORY);
  return { seconds: (now() - start) / 1000, operations: stats.operations };
}
