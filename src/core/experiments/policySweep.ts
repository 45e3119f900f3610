// A sweep under any page-replacement policy: which frame counts each policy covers, and its
// page-ins and write-backs at each. LRU comes from the one-pass LRU sweep (sweep.ts); OPT from
// its one-pass stack over a recorded trace (optStack.ts); FIFO and CLOCK, which are no stack
// algorithms, from one replay of the trace per frame count (policyReplay.ts). The CLI spreads
// these pieces over worker threads; sweepPolicies() runs them all in one thread, as a browser
// worker would. Nothing is interpolated: a policy's curve has exactly the frame counts it lists.

import { TeeObserver } from '../memory/observer';
import { optCurves, type TraceProgress } from '../memory/optStack';
import type { Policy } from '../memory/pager';
import { collapseAlternations, replayRing } from '../memory/policyReplay';
import {
  distinctPages,
  type ReferenceString,
  type ReferenceStringOptions,
  ReferenceStringRecorder,
} from '../memory/referenceString';
import { type StructureKind, type StructureSpec, structurePages } from '../structures/registry';
import {
  type ProgressCallback,
  type RunStats,
  runWorkload,
  type Workload,
  workloadCapacity,
} from '../workloads/workloads';
import { type SweepResult, sweepCounter, sweepResultOf, workloadItems } from './sweep';

/** The policies no stack algorithm covers: replayed once per frame count. */
export type ReplayPolicy = 'fifo' | 'clock';

export function isReplayPolicy(policy: Policy): policy is ReplayPolicy {
  return policy === 'fifo' || policy === 'clock';
}

/** Frame counts FIFO and CLOCK get when every one is too dear: spaced evenly on a log scale. */
export const REPLAY_FRAME_COUNTS = 64;

/**
 * Every frame count is replayed when pages x trace entries stays within this many entry
 * replays (seconds per policy in one thread; docs/performance.md has the rate); beyond it, the
 * log-spaced set. The article's binary heap would need 1,954 x 125M = 245G.
 */
export const FULL_REPLAY_ENTRIES = 2 ** 31;

/** One policy's results: the frame counts it covers (ascending) and its counts at each. */
export interface PolicyCurve {
  policy: Policy;
  frames: number[];
  pageIns: Float64Array;
  writeBacks: Float64Array;
}

/** What was run (as in SweepResult), and a curve per policy, in the order asked. */
export interface PolicySweepResult<Kind extends StructureKind = StructureKind>
  extends Omit<SweepResult<Kind>, 'pageIns' | 'writeBacks'> {
  curves: PolicyCurve[];
}

/**
 * `count` frame counts from 1 to `pages` spaced evenly on a log scale, rounded, each at least
 * one above the one before (so the low end is 1, 2, 3, ... until the log steps pass 1).
 */
export function logFrameCounts(pages: number, count: number = REPLAY_FRAME_COUNTS): number[] {
  if (pages <= count) return Array.from({ length: pages }, (_, index) => index + 1);
  const frames: number[] = [];
  for (let index = 0; index < count; index++) {
    const spaced = Math.round(pages ** (index / (count - 1)));
    // Room for the counts still to come below `pages`.
    const ceiling = pages - (count - 1 - index);
    frames.push(Math.min(ceiling, Math.max(spaced, index === 0 ? 1 : frames[index - 1] + 1)));
  }
  return frames;
}

/**
 * The frame counts FIFO and CLOCK are replayed at: all of 1..pages when affordable
 * (FULL_REPLAY_ENTRIES), else the log-spaced set and every frame count `requested` (those above
 * `pages` are left out: they equal `pages`).
 */
export function replayFrameCounts(
  pages: number,
  entries: number,
  requested: readonly number[] = [],
  limit: number = FULL_REPLAY_ENTRIES,
): number[] {
  if (pages * entries <= limit) {
    return Array.from({ length: pages }, (_, index) => index + 1);
  }
  const chosen = new Set(logFrameCounts(pages));
  for (const frames of requested) if (frames >= 1 && frames <= pages) chosen.add(frames);
  return [...chosen].sort((a, b) => a - b);
}

/** Runs the workload once and records its reference string (merged: referenceString.ts). */
export function recordTrace(
  structure: StructureSpec<StructureKind>,
  workload: Workload,
  options: ReferenceStringOptions & { onProgress?: ProgressCallback | null } = {},
): { trace: ReferenceString; stats: RunStats } {
  const recorder = traceRecorder(structure, workload, options);
  const stats = runWorkload(workload, structure, recorder, null, options.onProgress ?? null);
  return { trace: recorder.finish(), stats };
}

function traceRecorder(
  structure: StructureSpec<StructureKind>,
  workload: Workload,
  options: ReferenceStringOptions,
): ReferenceStringRecorder {
  const pages = structurePages(structure, workloadCapacity(workload));
  return new ReferenceStringRecorder(pages, structure.itemsPerPage, options);
}

/** OPT at every frame count 1..pages (the pages the trace touches), in one pass. */
export function optCurve(
  trace: ReferenceString,
  onProgress: TraceProgress | null = null,
): PolicyCurve {
  const curves = optCurves(trace, onProgress);
  const pages = Math.max(1, curves.zeroFills);
  return {
    policy: 'opt',
    frames: Array.from({ length: pages }, (_, index) => index + 1),
    pageIns: curves.pageIns.slice(0, pages),
    writeBacks: curves.writeBacks.slice(0, pages),
  };
}

/**
 * FIFO or CLOCK at each of `frames`, one replay of the trace each: of `collapsed`
 * (collapseAlternations of the trace, a third shorter for a binary heap) from 2 frames on, if
 * given.
 */
export function replayCurve(
  trace: ReferenceString,
  policy: ReplayPolicy,
  frames: readonly number[],
  collapsed: ReferenceString | null = null,
  onProgress: ((done: number, total: number) => void) | null = null,
): PolicyCurve {
  const pageIns = new Float64Array(frames.length);
  const writeBacks = new Float64Array(frames.length);
  frames.forEach((count, index) => {
    const counts = replayRing(count >= 2 && collapsed !== null ? collapsed : trace, policy, count);
    pageIns[index] = counts.pageIns;
    writeBacks[index] = counts.writeBacks;
    if (onProgress !== null) onProgress(index + 1, frames.length);
  });
  return { policy, frames: [...frames], pageIns, writeBacks };
}

/** One curve from several parts of the same policy (frame counts replayed apart), in order. */
export function joinCurves(parts: readonly PolicyCurve[]): PolicyCurve {
  if (parts.length === 0) throw new Error('no curve to join');
  const points = parts.flatMap((part) =>
    part.frames.map((frames, index) => ({
      frames,
      pageIns: part.pageIns[index],
      writeBacks: part.writeBacks[index],
    })),
  );
  points.sort((a, b) => a.frames - b.frames);
  return {
    policy: parts[0].policy,
    frames: points.map((point) => point.frames),
    pageIns: Float64Array.from(points, (point) => point.pageIns),
    writeBacks: Float64Array.from(points, (point) => point.writeBacks),
  };
}

/** The LRU sweep's curve, as a policy curve (every frame count 1..pages). */
export function lruCurve(result: SweepResult<StructureKind>): PolicyCurve {
  return {
    policy: 'lru',
    frames: Array.from({ length: result.pageIns.length }, (_, index) => index + 1),
    pageIns: result.pageIns,
    writeBacks: result.writeBacks,
  };
}

/**
 * A policy's curve over every frame count 1..pages, as the chart reads curves: NaN where the
 * policy has no value (FIFO and CLOCK beyond their frame counts). Nothing is interpolated.
 */
export function denseCurve(
  curve: PolicyCurve,
  pages: number,
): { pageIns: Float64Array; writeBacks: Float64Array } {
  const pageIns = new Float64Array(pages).fill(Number.NaN);
  const writeBacks = new Float64Array(pages).fill(Number.NaN);
  curve.frames.forEach((frames, index) => {
    if (frames < 1 || frames > pages) return;
    pageIns[frames - 1] = curve.pageIns[index];
    writeBacks[frames - 1] = curve.writeBacks[index];
  });
  return { pageIns, writeBacks };
}

/** A policy sweep's result from its run's stats, the pages it touched and its curves. */
export function policySweepResultOf<Kind extends StructureKind>(
  structure: StructureSpec<Kind>,
  workload: Workload,
  stats: RunStats,
  pages: number,
  curves: PolicyCurve[],
): PolicySweepResult<Kind> {
  return {
    layout: structure.kind,
    items: workloadItems(workload),
    itemsPerPage: structure.itemsPerPage,
    pages: Math.max(1, pages),
    operations: stats.operations,
    comparisons: stats.comparisons,
    swaps: stats.swaps,
    accesses: stats.accesses,
    nodeBytes: structure.nodeBytes,
    zeroFills: pages,
    curves,
  };
}

interface PolicySweepOptions {
  /** Frame counts FIFO and CLOCK must include when they cannot have every one (CLI: --frames). */
  frames?: readonly number[];
  /** Entry replays affordable for every frame count (default FULL_REPLAY_ENTRIES). */
  fullReplayEntries?: number;
  onProgress?: ProgressCallback | null;
}

/**
 * Sweeps one structure and workload under each policy, in this thread: one run of the workload
 * (LRU's counter and the trace recorder side by side), then OPT's pass and the replays.
 */
export function sweepPolicies<Kind extends StructureKind>(
  structure: StructureSpec<Kind>,
  workload: Workload,
  policies: readonly Policy[],
  options: PolicySweepOptions = {},
): PolicySweepResult<Kind> {
  const wantsLru = policies.includes('lru');
  const wantsTrace = policies.some((policy) => policy !== 'lru');
  const counter = wantsLru ? sweepCounter(structure, workload) : null;
  const recorder = wantsTrace ? traceRecorder(structure, workload, {}) : null;
  const memory =
    counter !== null && recorder !== null
      ? new TeeObserver(counter, recorder)
      : (counter ?? recorder);
  if (memory === null) throw new Error('no policy to sweep');
  const stats = runWorkload(workload, structure, memory, null, options.onProgress ?? null);
  const lru = counter === null ? null : sweepResultOf(structure, workload, stats, counter.finish());
  const trace = recorder === null ? null : recorder.finish();
  const pages = lru !== null ? lru.pages : distinctPages(trace as ReferenceString);
  const collapsed =
    trace !== null && policies.some(isReplayPolicy) ? collapseAlternations(trace) : null;
  const curves = policies.map((policy): PolicyCurve => {
    if (policy === 'lru') return lruCurve(lru as SweepResult<Kind>);
    const stored = trace as ReferenceString;
    if (policy === 'opt') return optCurve(stored);
    const frames = replayFrameCounts(
      pages,
      stored.length,
      options.frames,
      options.fullReplayEntries,
    );
    return replayCurve(stored, policy, frames, collapsed);
  });
  return policySweepResultOf(structure, workload, stats, pages, curves);
}
