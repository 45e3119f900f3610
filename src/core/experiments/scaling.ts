// Cost per operation against N for any structure, on the Asterisk review's benchmark (seed 002:
// "sched test <N>", N adds with random due times, then the N deletes). The add and delete phases
// are costed apart, as the review's tables are, by the access model (cost.ts) and, when a clock is
// given, by timing the bare structure on this machine.

import { NO_MEMORY } from '../memory/observer';
import type { PriorityQueue } from '../structures/queue';
import { makeQueue, type StructureKind, type StructureSpec } from '../structures/registry';
import { GlibcRandom } from '../workloads/random';
import { drawKey } from '../workloads/workloads';
import { accessCpuSeconds, type CallOverhead, NO_CALL_OVERHEAD } from './cost';
import { listPhaseAccesses } from './listCount';

/**
 * The sorted list's add walks the list: N adds cost N^2/4 node visits, so N stays modest where
 * the list is walked (timed runs, the curves' sweeps). Its counts need no walk (listCount.ts).
 */
export const LIST_MAX_ITEMS = 100_000;

export interface ScalingPoint<Kind extends StructureKind = StructureKind> {
  layout: Kind;
  items: number;
  /** Words read or written by the N adds, and by the N deletes. */
  addAccesses: number;
  deleteAccesses: number;
  /** Model seconds for all N adds, and for all N deletes: accesses plus the per-call overhead. */
  addSeconds: number;
  deleteSeconds: number;
  /** Seconds measured here for N adds and N deletes (best of several runs); null if not timed. */
  measuredAddSeconds: number | null;
  measuredDeleteSeconds: number | null;
}

interface ScalingOptions {
  seed: number;
  keyRange: number;
  /** A clock in milliseconds, to time the bare runs; null skips timing. */
  now: (() => number) | null;
  /** Repeat timed runs until this many milliseconds have passed (at least one run). */
  minTimedMs?: number;
  /** Fixed cost per add and per delete (malloc/free, lock/unlock); none if not given. */
  overhead?: CallOverhead;
}

function checkSize(kind: StructureKind, items: number): void {
  if (kind === 'list' && items > LIST_MAX_ITEMS) {
    throw new RangeError(
      `the sorted list is limited to N <= ${LIST_MAX_ITEMS} (its adds cost N^2/4 node visits), got ${items}`,
    );
  }
}

/** One run of the benchmark; returns the accesses (or times) of its two phases. */
function runPhases(
  spec: StructureSpec<StructureKind>,
  items: number,
  options: ScalingOptions,
  now: () => number,
): { add: number; remove: number; addMs: number; removeMs: number } {
  const handles = new Int32Array(items);
  const queue: PriorityQueue = makeQueue(spec, {
    capacity: items,
    memory: NO_MEMORY,
    onHandle: (item, handle) => {
      handles[item] = handle;
    },
  });
  const random = new GlibcRandom(options.seed);
  const keys = new Float64Array(items);
  for (let item = 0; item < items; item++) keys[item] = drawKey(random, options.keyRange);
  const start = now();
  for (let item = 0; item < items; item++) queue.insert(item, keys[item]);
  const afterAdds = now();
  const add = queue.accesses;
  for (let item = 0; item < items; item++) queue.delete(handles[item]);
  const end = now();
  return { add, remove: queue.accesses - add, addMs: afterAdds - start, removeMs: end - afterAdds };
}

const NO_CLOCK = (): number => 0;

export function scalingPoint<Kind extends StructureKind = StructureKind>(
  spec: StructureSpec<Kind>,
  items: number,
  options: ScalingOptions,
): ScalingPoint<Kind> {
  checkSize(spec.kind, items);
  const overhead = options.overhead ?? NO_CALL_OVERHEAD;
  // The list's accesses follow from its keys' ranks: counted without walking it (the same
  // numbers, in milliseconds instead of minutes at N = 100,000).
  const counted =
    spec.kind === 'list'
      ? listPhaseAccesses(items, options.seed, options.keyRange)
      : runPhases(spec, items, options, NO_CLOCK);
  let measuredAddSeconds: number | null = null;
  let measuredDeleteSeconds: number | null = null;
  const now = options.now;
  if (now !== null) {
    // Best of repeated runs: small N finish in microseconds, where one run is all noise.
    const budget = options.minTimedMs ?? 50;
    const began = now();
    let bestAdd = Number.POSITIVE_INFINITY;
    let bestDelete = Number.POSITIVE_INFINITY;
    do {
      const timed = runPhases(spec, items, options, now);
      bestAdd = Math.min(bestAdd, timed.addMs);
      bestDelete = Math.min(bestDelete, timed.removeMs);
    } while (now() - began < budget);
    measuredAddSeconds = bestAdd / 1000;
    measuredDeleteSeconds = bestDelete / 1000;
  }
  return {
    layout: spec.kind,
    items,
    addAccesses: counted.add,
    deleteAccesses: counted.remove,
    addSeconds: accessCpuSeconds(counted.add) + items * overhead.addSeconds,
    deleteSeconds: accessCpuSeconds(counted.remove) + items * overhead.deleteSeconds,
    measuredAddSeconds,
    measuredDeleteSeconds,
  };
}

export const SCALING_CSV_HEADER =
  'layout,items,addAccesses,deleteAccesses,addSeconds,deleteSeconds,measuredAddSeconds,measuredDeleteSeconds';

function cell(value: number | null): string {
  return value === null ? '' : String(Number(value.toPrecision(6)));
}

export function toScalingCsv(points: readonly ScalingPoint<StructureKind>[]): string {
  const lines = [SCALING_CSV_HEADER];
  for (const point of points) {
    lines.push(
      [
        point.layout,
        point.items,
        point.addAccesses,
        point.deleteAccesses,
        cell(point.addSeconds),
        cell(point.deleteSeconds),
        cell(point.measuredAddSeconds),
        cell(point.measuredDeleteSeconds),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

export function toScalingJson(points: readonly ScalingPoint<StructureKind>[]): string {
  return JSON.stringify({ results: points });
}

/** Total modelled cost of one point: N adds plus N deletes. */
export function totalModelSeconds(point: ScalingPoint<StructureKind>): number {
  return point.addSeconds + point.deleteSeconds;
}
