// The one textual form of a machine measurement: one row per layout and N with the measured ns
// per operation (median and spread of the repetitions) and, where the run was traced, the misses
// per operation at each level and the modelled time. The CLI prints it, the page exports it, and
// both say in words where a layout beats the binary heap and where the model leaves the
// measurement.

import {
  type ItemForm,
  MACHINE_LAYOUT_INFO,
  MACHINE_LAYOUTS,
  type MachineLayout,
  type MachineRun,
  type MachineWorkload,
} from '../measure/machineLayouts';
import type { MissCurve } from '../measure/missCurves';
import { median } from '../measure/timing';
import {
  type CpuCalibration,
  calibrate,
  type Hierarchy,
  LATENCY_NS,
  type Latencies,
  type LevelMisses,
  levelMisses,
  memoryNs,
  predictedNs,
} from './hierarchy';
import { formatNumber } from './report';

/** One (layout, N) timed: every repetition's ns per operation. */
export interface MachinePoint {
  run: MachineRun;
  operations: number;
  batchRuns: number;
  nsPerOp: number[];
}

/** One (layout, N) traced: what the hierarchy model needs. */
export interface MachinePrediction {
  run: MachineRun;
  operations: number;
  comparisons: number;
  references: number;
  lines: MissCurve;
  pages: MissCurve;
}

export interface MachineRow {
  layout: MachineLayout;
  form: ItemForm;
  workload: MachineWorkload;
  items: number;
  operations: number;
  reps: number;
  batchRuns: number;
  /** ns per operation: every repetition, their median, least and most. */
  nsPerOp: number[];
  medianNs: number;
  minNs: number;
  maxNs: number;
  /** The model, where the run was traced; null elsewhere. */
  model: {
    comparisonsPerOp: number;
    misses: LevelMisses;
    memoryNs: number;
    predictedNs: number;
    /** The N whose measurement set the CPU term. */
    calibratedAt: number;
  } | null;
}

const key = (run: MachineRun): string => `${run.layout}/${run.form}/${run.workload}/${run.items}`;
const series = (run: MachineRun): string => `${run.layout}/${run.form}/${run.workload}`;

/**
 * Joins the timed points with the traced ones under a hierarchy. The CPU term of each layout is
 * calibrated at its smallest N that was both timed and traced; rows come layout by layout (in
 * MACHINE_LAYOUTS order), ascending N.
 */
export function machineRows(
  points: readonly MachinePoint[],
  predictions: readonly MachinePrediction[],
  hierarchy: Hierarchy,
  latency: Latencies = LATENCY_NS,
): MachineRow[] {
  const traced = new Map(predictions.map((p) => [key(p.run), p]));
  const ordered = [...points].sort(
    (a, b) =>
      MACHINE_LAYOUTS.indexOf(a.run.layout) - MACHINE_LAYOUTS.indexOf(b.run.layout) ||
      a.run.items - b.run.items,
  );
  const calibrations = new Map<string, CpuCalibration>();
  const rows: MachineRow[] = [];
  for (const point of ordered) {
    const ns = point.nsPerOp;
    const measured = median(ns);
    const prediction = traced.get(key(point.run));
    let model: MachineRow['model'] = null;
    if (prediction !== undefined) {
      const ops = Math.max(1, prediction.operations);
      const misses = levelMisses(prediction.lines, prediction.pages, ops, hierarchy);
      const memory = memoryNs(misses, latency);
      const comparisonsPerOp = prediction.comparisons / ops;
      let cpu = calibrations.get(series(point.run));
      if (cpu === undefined) {
        cpu = calibrate(measured, comparisonsPerOp, memory, point.run.items);
        calibrations.set(series(point.run), cpu);
      }
      model = {
        comparisonsPerOp,
        misses,
        memoryNs: memory,
        predictedNs: predictedNs(cpu, comparisonsPerOp, misses, latency),
        calibratedAt: cpu.items,
      };
    }
    rows.push({
      layout: point.run.layout,
      form: point.run.form,
      workload: point.run.workload,
      items: point.run.items,
      operations: point.operations,
      reps: ns.length,
      batchRuns: point.batchRuns,
      nsPerOp: [...ns],
      medianNs: measured,
      minNs: Math.min(...ns),
      maxNs: Math.max(...ns),
      model,
    });
  }
  return rows;
}

export const MACHINE_CSV_HEADER =
  'layout,form,workload,items,operations,reps,medianNs,minNs,maxNs,spreadPct,' +
  'comparisonsPerOp,l1MissesPerOp,l2MissesPerOp,l3MissesPerOp,tlbMissesPerOp,memoryNs,predictedNs,measuredOverPredicted';

/** Spread of the repetitions: (most − least) / median, in percent. */
export function spreadPercent(row: MachineRow): number {
  return (100 * (row.maxNs - row.minNs)) / row.medianNs;
}

/** CSV: the header, then one row per layout and N; the model's columns empty where not traced. */
export function toMachineCsv(rows: readonly MachineRow[]): string {
  const lines = [MACHINE_CSV_HEADER];
  for (const row of rows) {
    const m = row.model;
    const model =
      m === null
        ? ['', '', '', '', '', '', '', '']
        : [
            m.comparisonsPerOp,
            m.misses.l1,
            m.misses.l2,
            m.misses.l3,
            m.misses.tlb,
            m.memoryNs,
            m.predictedNs,
            row.medianNs / m.predictedNs,
          ].map(formatNumber);
    lines.push(
      [
        row.layout,
        row.form,
        row.workload,
        String(row.items),
        String(row.operations),
        String(row.reps),
        formatNumber(row.medianNs),
        formatNumber(row.minNs),
        formatNumber(row.maxNs),
        formatNumber(spreadPercent(row)),
        ...model,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** JSON: the hierarchy and latencies the model used, and every row with its repetitions. */
export function toMachineJson(
  rows: readonly MachineRow[],
  hierarchy: Hierarchy,
  latency: Latencies = LATENCY_NS,
  /** More top-level fields (the CLI's CPU, clock and native timings). */
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({ hierarchy, latencyNs: latency, results: rows, ...extra });
}

/**
 * One layout at one N timed by two engines in the same rounds: the other's time over the base's,
 * the median of the rounds' ratios (repetition k of each ran in round k) and their least and most.
 */
export interface EngineRatio {
  layout: MachineLayout;
  items: number;
  median: number;
  min: number;
  max: number;
}

export function engineRatios(
  base: readonly MachineRow[],
  other: readonly MachineRow[],
): EngineRatio[] {
  const out: EngineRatio[] = [];
  for (const row of other) {
    const match = base.find((b) => b.layout === row.layout && b.items === row.items);
    if (match === undefined) continue;
    const rounds = Math.min(row.nsPerOp.length, match.nsPerOp.length);
    const ratios = Array.from({ length: rounds }, (_, k) => row.nsPerOp[k] / match.nsPerOp[k]);
    if (ratios.length === 0) continue;
    out.push({
      layout: row.layout,
      items: row.items,
      median: median(ratios),
      min: Math.min(...ratios),
      max: Math.max(...ratios),
    });
  }
  return out;
}

/** N as a power of two when it is one ("2^20"), else with thousands separators. */
export function formatN(items: number): string {
  const log = Math.log2(items);
  return Number.isInteger(log) ? `2^${log}` : items.toLocaleString('en-US');
}

function ratioText(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}

/**
 * Where `layout` stands against the binary heap, per N and in one sentence ("…: faster from
 * N = 2^20 on (1.31× at 2^10 … 0.82× at 2^24)": its median over the binary heap's). A layout is
 * called faster at an N only where its slowest repetition beat the binary heap's fastest, and
 * slower only where its fastest lost to the binary heap's slowest: where the min–max ranges
 * overlap the sentence says so, so the verdict never contradicts the ranges printed beside it.
 */
interface Versus {
  layout: MachineLayout;
  /** Each N both were measured at: median(layout) / median(binary), and where it stands. */
  ratios: { items: number; ratio: number; stands: Standing }[];
  /** The N from which it is faster (ranges apart) at every larger N measured, or null. */
  faster: number | null;
  sentence: string;
}

/** Faster or slower with the ranges apart, or within the spread (the ranges overlap). */
export type Standing = 'faster' | 'slower' | 'overlap';

/** Where a row stands against the binary heap's at the same N, by their min–max ranges. */
export function standing(
  row: Pick<MachineRow, 'minNs' | 'maxNs'>,
  binary: Pick<MachineRow, 'minNs' | 'maxNs'>,
): Standing {
  if (row.maxNs < binary.minNs) return 'faster';
  if (row.minNs > binary.maxNs) return 'slower';
  return 'overlap';
}

const atN = (items: readonly { items: number }[]): string =>
  items.map((r) => formatN(r.items)).join(', ');

export function versusBinary(rows: readonly MachineRow[]): Versus[] {
  const binary = new Map(rows.filter((r) => r.layout === 'binary').map((r) => [r.items, r]));
  const out: Versus[] = [];
  for (const layout of MACHINE_LAYOUTS) {
    if (layout === 'binary') continue;
    const ratios = rows.flatMap((r) => {
      const base = binary.get(r.items);
      if (r.layout !== layout || base === undefined) return [];
      return [{ items: r.items, ratio: r.medianNs / base.medianNs, stands: standing(r, base) }];
    });
    if (ratios.length === 0) continue;
    let faster: number | null = null;
    for (let i = ratios.length - 1; i >= 0 && ratios[i].stands === 'faster'; i--)
      faster = ratios[i].items;
    const title = MACHINE_LAYOUT_INFO[layout].title;
    const first = ratios[0];
    const last = ratios[ratios.length - 1];
    const ends =
      ratios.length === 1
        ? `${ratioText(first.ratio)} at ${formatN(first.items)}`
        : `${ratioText(first.ratio)} at ${formatN(first.items)} … ${ratioText(last.ratio)} at ${formatN(last.items)}`;
    const wins = ratios.filter((r) => r.stands === 'faster');
    const losses = ratios.filter((r) => r.stands === 'slower');
    const ties = ratios.filter((r) => r.stands === 'overlap');
    const parts: string[] = [];
    if (wins.length === ratios.length) parts.push('faster at every N measured');
    else if (losses.length === ratios.length) parts.push('slower at every N measured');
    else if (ties.length === ratios.length)
      parts.push('within the spread at every N measured: the min–max ranges overlap');
    else {
      if (faster !== null && wins.length === ratios.filter((r) => r.items >= (faster ?? 0)).length)
        parts.push(`faster from N = ${formatN(faster)} on`);
      else if (wins.length > 0) parts.push(`faster only at N = ${atN(wins)}`);
      if (losses.length > 0) parts.push(`slower at N = ${atN(losses)}`);
      if (ties.length > 0) parts.push(`within the spread at N = ${atN(ties)}`);
    }
    out.push({ layout, ratios, faster, sentence: `${title}: ${parts.join('; ')} (${ends}).` });
  }
  return out;
}

/**
 * How far the model is from the measurement, per layout, in one sentence each: the measured time
 * over the modelled one at every traced N but the one its CPU term was calibrated at.
 */
export function divergence(rows: readonly MachineRow[]): string[] {
  const out: string[] = [];
  for (const layout of MACHINE_LAYOUTS) {
    const modelled = rows.filter((r) => r.layout === layout && r.model !== null);
    if (modelled.length === 0) continue;
    const calibratedAt = modelled[0].model?.calibratedAt ?? modelled[0].items;
    const others = modelled
      .filter((r) => r.items !== calibratedAt)
      .map((r) => ({ items: r.items, ratio: r.medianNs / (r.model?.predictedNs ?? r.medianNs) }));
    const title = MACHINE_LAYOUT_INFO[layout].title;
    if (others.length === 0) {
      out.push(`${title}: modelled only at N = ${formatN(calibratedAt)}, where it is calibrated.`);
      continue;
    }
    if (others.length === 1) {
      out.push(
        `${title}: ${ratioText(others[0].ratio)} the model at N = ${formatN(others[0].items)}.`,
      );
      continue;
    }
    const worst = others.reduce((a, b) =>
      Math.abs(Math.log(b.ratio)) > Math.abs(Math.log(a.ratio)) ? b : a,
    );
    const within = others.filter((r) => Math.abs(r.ratio - 1) <= 0.25).length;
    const lo = Math.min(...others.map((r) => r.ratio));
    const hi = Math.max(...others.map((r) => r.ratio));
    const range = lo === hi ? ratioText(lo) : `${lo.toFixed(2)}–${ratioText(hi)}`;
    out.push(
      `${title}: ${range} the model over N = ${formatN(others[0].items)}–${formatN(others[others.length - 1].items)} ` +
        `(${within} of ${others.length} within 25%), furthest at ${formatN(worst.items)}.`,
    );
  }
  return out;
}

/** What the divergence sentences measure, said once above them. */
export const DIVERGENCE_HEADING =
  'Measured time ÷ modelled time (the model’s CPU term is calibrated at each layout’s smallest N traced):';

/** What the sentences against the binary heap measure, said once above them. */
export const VERSUS_HEADING =
  'Against the binary heap (median ÷ median; faster or slower only where the min–max ranges do not overlap):';
