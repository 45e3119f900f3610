// "On this machine": the settings of a measurement (layouts, N values, item form, workload,
// repetitions, the modelled hierarchy), their limits and defaults, and the command line that runs
// the same measurement. The link (scenario/), the tab, the worker and the CLI all read them here.

import {
  type ItemForm,
  kernelMemoryBytes,
  MACHINE_LAYOUTS,
  type MachineLayout,
  type MachineRun,
  type MachineWorkload,
  tracedRegionBytes,
} from '../measure/machineLayouts';
import { quote } from '../quote';
import type { Parsed } from '../ranges';
import { MIB } from './byteUnits';
import { DEFAULT_HIERARCHY, type Hierarchy, KIB } from './hierarchy';
import { parseSizes } from './sizes';

/** The smallest N measured: 2^10 (below it a run is mostly the loop around the heap). */
export const MACHINE_MIN_ITEMS = 2 ** 10;
/** The page's largest N: 2^24 (a key-form run of 128 MB, seconds per run). */
export const MACHINE_PAGE_MAX_ITEMS = 2 ** 24;
/** The CLI's: 2^26, where memory allows (machineMemoryProblem). */
export const MACHINE_CLI_MAX_ITEMS = 2 ** 26;
/** More N values than this add nothing to a log-log line. */
export const MACHINE_MAX_SIZES = 16;
/** Repetitions: several, never one (a median needs three). */
export const MACHINE_REPS_RANGE = { min: 3, max: 15 } as const;

/**
 * The WebAssembly memory one run may take: the page's worker 2 GiB (every run up to 2^24 fits),
 * the CLI's 4 GiB less a 64 KB page (wasm32 addresses no more).
 */
export const MACHINE_PAGE_MEMORY_BYTES = 2 * 1024 * MIB;
export const MACHINE_CLI_MEMORY_BYTES = 4 * 1024 * MIB - 65_536;

/**
 * The prediction traces a run (measure/missCurves.ts): a few seconds per layout when the traced heap
 * spans 12 MiB (2^20 items as keys, 2^18 as references), about half a minute at 64 MiB (2^22 as
 * keys). The page predicts up to the first, the CLI up to the second; larger N are measured only.
 */
export const PREDICT_PAGE_MAX_BYTES = 12 * MIB;
export const PREDICT_CLI_MAX_BYTES = 64 * MIB;

export interface MachineSettings {
  layouts: MachineLayout[];
  /** Ascending, distinct. */
  sizes: number[];
  form: ItemForm;
  workload: MachineWorkload;
  reps: number;
  /** Also trace the runs small enough (PREDICT_*_MAX_BYTES) and model their misses. */
  predict: boolean;
  hierarchy: Hierarchy;
  /**
   * Which part of the tab a link puts first: the timings in this browser, or the measurement
   * under the kernel's own pager (docs/kernel.md). The page's alone: no run depends on it.
   */
  part?: MachinePart;
}

export type MachinePart = 'timing' | 'kernel';
export const MACHINE_PARTS: readonly MachinePart[] = ['timing', 'kernel'];

/** 2^10, 2^12, …, 2^20: a minute or so for every layout in a tab. */
const DEFAULT_MACHINE_SIZES: readonly number[] = [
  2 ** 10,
  2 ** 12,
  2 ** 14,
  2 ** 16,
  2 ** 18,
  2 ** 20,
];

export const DEFAULT_MACHINE: Readonly<MachineSettings> = {
  layouts: [...MACHINE_LAYOUTS],
  sizes: [...DEFAULT_MACHINE_SIZES],
  form: 'key',
  workload: 'phk',
  reps: 5,
  predict: true,
  hierarchy: { ...DEFAULT_HIERARCHY },
};

/** The article's seed: random(3) after srandom(1). */
const MACHINE_SEED = 1;

/**
 * Parses N values such as "1024, 65536": plain integers from MACHINE_MIN_ITEMS to `max`,
 * separated by commas or spaces, at most MACHINE_MAX_SIZES of them; written back sorted, each once.
 */
export function parseMachineSizes(text: string, max: number): Parsed<number[]> {
  return parseSizes(text, { min: MACHINE_MIN_ITEMS, max, most: MACHINE_MAX_SIZES });
}

/** Parses a layout list such as "binary,bheap4k": known names, at least one; in MACHINE_LAYOUTS order. */
export function parseMachineLayouts(text: string): Parsed<MachineLayout[]> {
  const names = text.split(',').map((name) => name.trim());
  const unknown = names.find((name) => !(MACHINE_LAYOUTS as readonly string[]).includes(name));
  if (unknown !== undefined || names.length === 0) {
    return {
      ok: false,
      error: `must list layouts from ${MACHINE_LAYOUTS.join(', ')}, got ${quote(unknown ?? text, 24)}`,
    };
  }
  return { ok: true, value: MACHINE_LAYOUTS.filter((layout) => names.includes(layout)) };
}

/** One run of a setting. */
export function machineRun(
  settings: MachineSettings,
  layout: MachineLayout,
  items: number,
): MachineRun {
  return { layout, form: settings.form, workload: settings.workload, items, seed: MACHINE_SEED };
}

/** The runs to time, smallest N first and every layout at that N before the next. */
export function machinePlan(settings: MachineSettings): MachineRun[] {
  const runs: MachineRun[] = [];
  for (const items of settings.sizes) {
    for (const layout of settings.layouts) runs.push(machineRun(settings, layout, items));
  }
  return runs;
}

/** Whether a run is small enough to trace for the prediction within `maxBytes`. */
function predictable(run: MachineRun, maxBytes: number): boolean {
  return tracedRegionBytes(run) <= maxBytes;
}

/** The runs to trace for the prediction (the same order), when the settings ask for it. */
export function predictionPlan(settings: MachineSettings, maxBytes: number): MachineRun[] {
  return settings.predict ? machinePlan(settings).filter((run) => predictable(run, maxBytes)) : [];
}

/** The largest N the prediction covers with these settings (0 if none). */
export function largestPredicted(settings: MachineSettings, maxBytes: number): number {
  return Math.max(0, ...predictionPlan(settings, maxBytes).map((run) => run.items));
}

/** Why a run cannot have its memory within `budget`, naming the settings; null if it can. */
export function machineMemoryProblem(
  settings: MachineSettings,
  budget: number,
  names: { sizes: string; form: string; workload: string },
): string | null {
  for (const run of machinePlan(settings)) {
    const bytes = kernelMemoryBytes(run);
    if (bytes > budget) {
      return `${names.sizes} ${run.items} with ${names.form} ${run.form} and ${names.workload} ${run.workload} needs about ${Math.ceil(bytes / MIB)} MiB of WebAssembly memory; one run may have ${Math.floor(budget / MIB)} MiB (smaller N, or ${names.form} key, or ${names.workload} phk)`;
    }
  }
  return null;
}

/** Hierarchy sizes as the link and the CLI write them: KB per cache level, entries for the TLB. */
export function hierarchyText(hierarchy: Hierarchy): string {
  return `L1 ${hierarchy.l1Bytes / KIB} KB, L2 ${hierarchy.l2Bytes / KIB} KB, L3 ${hierarchy.l3Bytes / KIB} KB, TLB ${hierarchy.tlbEntries} entries of 4 KB`;
}

/**
 * The `npm run sim` line that runs the same measurement as the page (its times differ run to
 * run), predicting the runs the page predicts.
 */
export function machineCliCommand(settings: MachineSettings): string {
  const h = settings.hierarchy;
  return [
    'npm run sim -- measure',
    `--layout ${settings.layouts.join(',')}`,
    `--sizes ${settings.sizes.join(',')}`,
    `--form ${settings.form}`,
    `--workload ${settings.workload}`,
    `--reps ${settings.reps}`,
    `--predict ${settings.predict ? 'on' : 'off'}`,
    `--predict-mb ${PREDICT_PAGE_MAX_BYTES / MIB}`,
    `--l1-kb ${h.l1Bytes / KIB} --l2-kb ${h.l2Bytes / KIB} --l3-kb ${h.l3Bytes / KIB} --tlb ${h.tlbEntries}`,
    '--format csv',
  ].join(' ');
}

/**
 * A rough duration of a measurement, in seconds, to say before it starts: each run's operations
 * at a typical 40-100 ns (keys) or 60-200 ns (references) per operation rising with log N, every
 * repetition at least a batch's 25 ms, the untimed batches up to 2^20, a 50 ms warm-up per
 * layout; each traced run at about 35 (keys) or 85 (references) ns per line reference, 35 or 70
 * references per operation (measured on the project's 2-core machine; see docs/machine.md).
 */
export function estimateSeconds(settings: MachineSettings, predictBytes: number): number {
  const key = settings.form === 'key';
  let ms = 50 * settings.layouts.length;
  for (const run of machinePlan(settings)) {
    const ops = 4 * run.items;
    const rise = 1 + Math.max(0, Math.log2(run.items / MACHINE_MIN_ITEMS)) / 7;
    const runMs = (ops * (key ? 40 : 60) * rise) / 1e6;
    const batchMs = Math.max(runMs, 25);
    ms += settings.reps * batchMs + (run.items <= 2 ** 20 ? 2 * batchMs : 0);
  }
  for (const run of predictionPlan(settings, predictBytes)) {
    const ops = 4 * run.items;
    ms += (ops * (key ? 35 * 35 : 70 * 85)) / 1e6;
  }
  return ms / 1000;
}
