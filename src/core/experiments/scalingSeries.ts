// What the scaling chart plots, from the core's scaling points: which (structure, N) runs to make
// and in what order, seconds per operation for a quantity (add, delete, both), and the CSV order
// and command line that make the page's export identical to `npm run sim -- scaling`.

import { ITEMS_RANGE, type Parsed } from '../ranges';
import { STRUCTURE_KINDS, type StructureKind } from '../structures/registry';
import { accessCpuSeconds, type CallOverhead } from './cost';
import { LIST_MAX_ITEMS, type ScalingPoint } from './scaling';
import { parseSizes } from './sizes';

export type ScalingQuantity = 'add' | 'delete' | 'total';
export type ScalingSource = 'model' | 'measured';
type OverheadChoice = 'review' | 'none';

export const SCALING_QUANTITIES: readonly ScalingQuantity[] = ['add', 'delete', 'total'];

/** How each quantity is named on the controls, the axis and the readout. */
export const QUANTITY_LABELS: Record<ScalingQuantity, string> = {
  add: 'add',
  delete: 'delete',
  total: 'add + delete',
};

/** The review's N (seed 002), and 1M for the structures that can go that far in a browser tab. */
export const DEFAULT_SCALING_SIZES: readonly number[] = [
  100, 500, 1000, 5000, 10_000, 100_000, 1_000_000,
];

/**
 * Every structure but the 8-ary heap, which draws almost on top of the 4-ary one, and the
 * strict B-heap, a variant for the article's page-count claim (the chart takes either when asked).
 */
const DEFAULT_SCALING_KINDS: readonly StructureKind[] = [
  'list',
  'binary',
  'bheap',
  'dary4',
  'treap',
  'llrb',
  'rb',
];

/**
 * The page's N limit: a 2M-node tree arena is ~100 MB and a few seconds per point; past that the
 * CLI (which allows 2^24) is the better place.
 */
export const SCALING_PAGE_MAX_ITEMS = 2_000_000;
/** More N values than this add nothing to a log-log line and only lengthen the wait. */
export const SCALING_MAX_SIZES = 12;

export interface ScalingJob {
  kind: StructureKind;
  items: number;
}

/**
 * The runs to make, smallest N first and every structure at that N before the next, so each line
 * gets its first points at once and the list's slow large-N run never holds the others back.
 * List runs past LIST_MAX_ITEMS are not made (its adds cost N^2/4 node visits); they are returned
 * as skipped so the page can say so.
 */
export function scalingPlan(
  kinds: readonly StructureKind[],
  sizes: readonly number[],
): { jobs: ScalingJob[]; skipped: ScalingJob[] } {
  const ordered = STRUCTURE_KINDS.filter((kind) => kinds.includes(kind));
  const ascending = [...new Set(sizes)].sort((a, b) => a - b);
  const jobs: ScalingJob[] = [];
  const skipped: ScalingJob[] = [];
  for (const items of ascending) {
    for (const kind of ordered) {
      if (kind === 'list' && items > LIST_MAX_ITEMS) skipped.push({ kind, items });
      else jobs.push({ kind, items });
    }
  }
  return { jobs, skipped };
}

/**
 * Parses a list of N such as "100, 1000, 10000": plain integers in range, separated by commas
 * or spaces; the list is written back sorted, each N once.
 */
export function parseScalingSizes(text: string): Parsed<number[]> {
  return parseSizes(text, {
    min: ITEMS_RANGE.min,
    max: SCALING_PAGE_MAX_ITEMS,
    most: SCALING_MAX_SIZES,
  });
}

/**
 * The point's model seconds recomputed for another per-call overhead, by the same formula as
 * scalingPoint, so switching the overhead needs no new run and the CSV stays the CLI's.
 */
export function withOverhead(point: ScalingPoint, overhead: CallOverhead): ScalingPoint {
  return {
    ...point,
    addSeconds: accessCpuSeconds(point.addAccesses) + point.items * overhead.addSeconds,
    deleteSeconds: accessCpuSeconds(point.deleteAccesses) + point.items * overhead.deleteSeconds,
  };
}

/**
 * Seconds per operation: one add, one delete, or one add plus one delete (the review's third
 * table, divided by N). Null when that source has no value.
 */
export function perOperationSeconds(
  point: ScalingPoint,
  quantity: ScalingQuantity,
  source: ScalingSource,
): number | null {
  const add = source === 'model' ? point.addSeconds : point.measuredAddSeconds;
  const remove = source === 'model' ? point.deleteSeconds : point.measuredDeleteSeconds;
  if (point.items <= 0) return null;
  if (quantity === 'add') return add === null ? null : add / point.items;
  if (quantity === 'delete') return remove === null ? null : remove / point.items;
  return add === null || remove === null ? null : (add + remove) / point.items;
}

export interface SeriesPoint {
  items: number;
  /** Seconds per operation, always > 0 (it is drawn on a log scale). */
  seconds: number;
}

export interface ScalingSeries {
  kind: StructureKind;
  source: ScalingSource;
  /** Ascending N. */
  points: SeriesPoint[];
}

/**
 * One series per structure with a value, in STRUCTURE_KINDS order. A measured zero (a phase
 * shorter than the browser's clock resolution) is left out: a log scale has no place for it.
 */
export function scalingSeries(
  points: readonly ScalingPoint[],
  quantity: ScalingQuantity,
  source: ScalingSource,
): ScalingSeries[] {
  const out: ScalingSeries[] = [];
  for (const kind of STRUCTURE_KINDS) {
    const values: SeriesPoint[] = [];
    for (const point of points) {
      if (point.layout !== kind) continue;
      const seconds = perOperationSeconds(point, quantity, source);
      if (seconds !== null && seconds > 0 && Number.isFinite(seconds))
        values.push({ items: point.items, seconds });
    }
    if (values.length === 0) continue;
    values.sort((a, b) => a.items - b.items);
    out.push({ kind, source, points: values });
  }
  return out;
}

/** The CLI's row order: structure by structure (in --layout order), ascending N within each. */
export function csvOrder(points: readonly ScalingPoint[]): ScalingPoint[] {
  const rank = (kind: StructureKind): number => STRUCTURE_KINDS.indexOf(kind);
  return [...points].sort((a, b) => rank(a.layout) - rank(b.layout) || a.items - b.items);
}

export interface ScalingCommand {
  kinds: readonly StructureKind[];
  sizes: readonly number[];
  itemsPerPage: number;
  nodeBytes: number;
  seed: number;
  keyRange: number;
  overhead: OverheadChoice;
  /** Also time the bare adds and deletes (in the page: the worker's performance.now()). */
  measure: boolean;
}

/**
 * The `npm run sim` line printing the same CSV (the model columns; measured times differ run to
 * run). List sizes past its limit are left out, as the page skips them and the CLI refuses them.
 */
export function scalingCliCommand(command: ScalingCommand): string {
  const { jobs } = scalingPlan(command.kinds, command.sizes);
  const kinds = STRUCTURE_KINDS.filter((kind) => jobs.some((job) => job.kind === kind));
  const sizes = [...new Set(jobs.map((job) => job.items))].sort((a, b) => a - b);
  const parts = [
    'npm run sim -- scaling',
    `--layout ${kinds.join(',')}`,
    `--sizes ${sizes.join(',')}`,
    `--page-items ${command.itemsPerPage}`,
    `--node-bytes ${command.nodeBytes}`,
    `--seed ${command.seed}`,
    `--keys ${command.keyRange}`,
    `--overhead ${command.overhead}`,
  ];
  if (command.measure) parts.push('--cpu measure');
  parts.push('--format csv');
  return parts.join(' ');
}

const SECOND_UNITS: readonly [number, string][] = [
  [1, 's'],
  [1e-3, 'ms'],
  [1e-6, 'µs'],
  [1e-9, 'ns'],
];

function unitOf(seconds: number): [number, string] {
  const magnitude = Math.abs(seconds);
  for (const unit of SECOND_UNITS) {
    // A hair below the unit so 0.999999 µs (float noise of 1e-6) still reads "1 µs".
    if (magnitude >= unit[0] * (1 - 1e-9)) return unit;
  }
  return SECOND_UNITS[SECOND_UNITS.length - 1];
}

/** Three significant digits in the largest unit that keeps the number at least 1: "3.14 µs". */
export function formatSeconds(seconds: number): string {
  if (seconds === 0) return '0 s';
  if (!Number.isFinite(seconds)) return String(seconds);
  const [scale, name] = unitOf(seconds);
  const value = seconds / scale;
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${name}`;
}

/** An axis tick: as few digits as the value needs, "100 ns", "2 µs", "1 ms". */
export function formatSecondsTick(seconds: number): string {
  if (seconds === 0) return '0';
  const [scale, name] = unitOf(seconds);
  return `${Number((seconds / scale).toPrecision(3))} ${name}`;
}

/** N as the review writes it: 500, 5k, 100k, 1M. */
export function formatItems(items: number): string {
  if (items >= 1e6 && items % 1e5 === 0) return `${items / 1e6}M`;
  if (items >= 1e3 && items % 100 === 0) return `${items / 1e3}k`;
  return String(items);
}

/** What the scaling tab shows: the part of a link that reproduces its chart. */
export interface ScalingSettings {
  kinds: StructureKind[];
  sizes: number[];
  quantity: ScalingQuantity;
  overhead: OverheadChoice;
  /** Also time the runs in this browser (dashed lines). */
  measure: boolean;
}

export const DEFAULT_SCALING: Readonly<ScalingSettings> = {
  kinds: [...DEFAULT_SCALING_KINDS],
  sizes: [...DEFAULT_SCALING_SIZES],
  quantity: 'total',
  overhead: 'review',
  measure: false,
};
