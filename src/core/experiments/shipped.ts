// What the page ships computed in advance, so the tour's charts show their point at once: the
// article's LRU sweep (Figures 1-4 and the claim draw from it) and the timer-queue scene's
// scaling points. Both are deterministic, so `npm run data` (scripts/data.ts) computes them from
// this core at build time into *.generated.ts modules, and the tests recompute and compare them.
// This module is the light half the page reads: which runs are shipped, and how the numbers are
// packed; shippedCurves.ts and shippedScaling.ts compute them.

import type { Policy } from '../memory/pager';
import type { StructureKind, StructureSpec } from '../structures/registry';
import type { Workload } from '../workloads/workloads';
import { type CurveSettings, curvesSpec, presetSettings } from './curveSettings';
import type { ScalingPoint } from './scaling';
import {
  DEFAULT_SCALING_SIZES,
  type ScalingCommand,
  type ScalingJob,
  withOverhead,
} from './scalingSeries';
import type { RunTotals, SweepResult } from './sweep';

/** The article's run (1M items, 512 per page, seed 1, random(3) keys): every figure's sweep. */
const ARTICLE: CurveSettings = presetSettings('fig1');

/** One structure's sweep, as the curves' worker is asked for it. */
export interface CurveRun {
  structure: StructureSpec;
  workload: Workload;
  policies: readonly Policy[];
}

/** The sweeps shipped: the article's run on the binary heap and on the B-heap, LRU alone. */
export const SHIPPED_CURVE_RUNS: readonly CurveRun[] = (['left', 'right'] as const).map((side) => ({
  structure: curvesSpec(ARTICLE, side),
  workload: {
    kind: ARTICLE.workload,
    items: ARTICLE.items,
    seed: ARTICLE.seed,
    keyRange: ARTICLE.keys,
  },
  policies: ['lru'],
}));

/** A shipped sweep: its totals, and its curves packed by packCounts. */
export interface ShippedCurve extends RunTotals {
  pageIns: string;
  writeBacks: string;
}

function runKey(run: CurveRun): string {
  return JSON.stringify([run.structure, run.workload, run.policies]);
}

const SHIPPED_CURVE_KEYS = SHIPPED_CURVE_RUNS.map(runKey);

/** Where `run` is among the shipped sweeps, or -1 if it must be computed. */
export function shippedCurveIndex(run: CurveRun): number {
  return SHIPPED_CURVE_KEYS.indexOf(runKey(run));
}

/** A shipped sweep as the worker would have returned it. */
export function unpackCurve(shipped: ShippedCurve): SweepResult {
  return {
    ...shipped,
    pageIns: unpackCounts(shipped.pageIns, shipped.pages),
    writeBacks: unpackCounts(shipped.writeBacks, shipped.pages),
  };
}

/** A sweep's totals and curves packed for a generated module. */
export function packCurve(result: SweepResult): ShippedCurve {
  return {
    ...result,
    pageIns: packCounts(result.pageIns),
    writeBacks: packCounts(result.writeBacks),
  };
}

/**
 * Whole counts per frame count, as the differences between neighbours in base 36 joined by
 * commas: page-ins and write-backs fall as frames are added, so the differences are short.
 */
export function packCounts(counts: Float64Array): string {
  let previous = 0;
  const parts: string[] = [];
  for (const count of counts) {
    if (!Number.isSafeInteger(count)) throw new RangeError(`not a whole count: ${count}`);
    parts.push((count - previous).toString(36));
    previous = count;
  }
  return parts.join(',');
}

export function unpackCounts(text: string, length: number): Float64Array {
  const counts = new Float64Array(length);
  let value = 0;
  let at = 0;
  for (const part of text === '' ? [] : text.split(',')) {
    value += Number.parseInt(part, 36);
    counts[at++] = value;
  }
  if (at !== length) throw new RangeError(`packed counts hold ${at} values, expected ${length}`);
  return counts;
}

/**
 * The scaling points shipped: the timer-queue scene's structures at the tab's default N, as the
 * page runs them (512 words per page, 48-byte nodes, seed 1, keys from the full range).
 */
export const SHIPPED_SCALING: Readonly<
  Pick<ScalingCommand, 'itemsPerPage' | 'nodeBytes' | 'seed' | 'keyRange'> & {
    kinds: readonly StructureKind[];
    sizes: readonly number[];
  }
> = {
  kinds: ['list', 'binary', 'bheap', 'treap', 'rb'],
  sizes: DEFAULT_SCALING_SIZES,
  itemsPerPage: 512,
  nodeBytes: 48,
  seed: 1,
  keyRange: 2 ** 31,
};

/** A shipped scaling point: structure, N, and the accesses of the N adds and the N deletes. */
export type ShippedScalingPoint = readonly [StructureKind, number, number, number];

/**
 * The shipped point for one run of `command`, with its model seconds for the command's
 * overhead; null when it must be computed (another seed or key range, other N, or a timed run).
 */
export function shippedScalingPoint(
  shipped: readonly ShippedScalingPoint[],
  command: ScalingCommand,
  job: ScalingJob,
  overhead: Parameters<typeof withOverhead>[1],
): ScalingPoint | null {
  const same =
    !command.measure &&
    command.itemsPerPage === SHIPPED_SCALING.itemsPerPage &&
    command.nodeBytes === SHIPPED_SCALING.nodeBytes &&
    command.seed === SHIPPED_SCALING.seed &&
    command.keyRange === SHIPPED_SCALING.keyRange;
  if (!same) return null;
  const found = shipped.find(([kind, items]) => kind === job.kind && items === job.items);
  if (found === undefined) return null;
  const [layout, items, addAccesses, deleteAccesses] = found;
  const point: ScalingPoint = {
    layout,
    items,
    addAccesses,
    deleteAccesses,
    addSeconds: 0,
    deleteSeconds: 0,
    measuredAddSeconds: null,
    measuredDeleteSeconds: null,
  };
  return withOverhead(point, overhead);
}
