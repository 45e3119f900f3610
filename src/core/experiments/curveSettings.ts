// What the fault-cost curves are computed for, and the presets that redraw the article's
// Figures 1-4 (all: 1M items, 512 per page, seed 1, the article's CPU calibration).

import type { Policy } from '../memory/pager';
import {
  DEFAULT_NODE_BYTES,
  STRUCTURES,
  type StructureKind,
  type StructureSpec,
  structurePages,
} from '../structures/registry';
import { type WorkloadKind, workloadCapacity } from '../workloads/workloads';

export type CurveMode = 'time' | 'transfers';
/**
 * The x axis: resident pages (the captions' and the readout's language, the default), or the
 * article's VM pressure, the address space not resident, in pages or in KB (its figures' axis).
 */
export type PressureUnit = 'resident' | 'pages' | 'kb';
/** In the order the form offers them (the link's cunit takes the same words). */
export const PRESSURE_UNITS: readonly PressureUnit[] = ['resident', 'pages', 'kb'];
export type CpuSource = 'article' | 'measure';
export type PresetId = 'fig1' | 'fig2' | 'fig3' | 'fig4';
export const PRESET_IDS: readonly PresetId[] = ['fig1', 'fig2', 'fig3', 'fig4'];

export interface CurveSettings {
  /** The two structures compared; the ratio is left / right. */
  left: StructureKind;
  right: StructureKind;
  /** Bytes per node of the pointer structures. */
  nodeBytes: number;
  items: number;
  itemsPerPage: number;
  ioMs: number;
  seed: number;
  workload: Exclude<WorkloadKind, 'script' | 'asterisk'>;
  keys: number;
  cpu: CpuSource;
  mode: CurveMode;
  /** The x axis (PressureUnit). */
  unit: PressureUnit;
  /** The preset these settings came from, or 'custom' once a parameter was changed. */
  preset: PresetId | 'custom';
  /** Visible frame counts; null = the whole range 1..pages. */
  from: number | null;
  to: number | null;
  /** Where the readout stands (a frame count), or null for the start of the visible range. */
  readout: number | null;
  /** The page replacement the curves are for (the article's: LRU). */
  policy: Policy;
  /** Also draw Belady's OPT, the floor no pager goes below, dashed. */
  floor: boolean;
}

/**
 * The policies a sweep for these settings computes: the chosen one, then OPT for the floor. The
 * order is the CLI's `--policy` order, so the exports match `sweep --policy` line for line.
 */
export function curvesPolicies(settings: Pick<CurveSettings, 'policy' | 'floor'>): Policy[] {
  return settings.floor && settings.policy !== 'opt' ? [settings.policy, 'opt'] : [settings.policy];
}

/** Most items the page's worker sweeps (the CLI takes the same limit). */
export const CURVES_MAX_ITEMS = 2 ** 24;

interface Preset {
  title: string;
  ioMs: number;
  /** The visible frame counts for a run spanning `pages` pages. */
  range: (pages: number) => [number, number];
}

/**
 * Figure 2 zooms in on "only 8 to 10 pages of the 1954 pages allocated are in primary memory";
 * Figures 3 and 4 on the other end, where "four missing pages (= 0.2%)" is the crossover: their
 * x axis runs to -64 KB, i.e. 16 pages of 4 KB. The titles are the tour's scene titles.
 */
export const PRESETS: Record<PresetId, Preset> = {
  fig1: { title: 'Figure 1: the whole range', ioMs: 1, range: (pages) => [1, pages] },
  fig2: { title: 'Figure 2: heavy pressure', ioMs: 1, range: (pages) => [1, Math.min(pages, 64)] },
  fig3: {
    title: 'Figure 3: light pressure',
    ioMs: 1,
    range: (pages) => [Math.max(1, pages - 16), pages],
  },
  fig4: {
    title: 'Figure 4: a mechanical disk',
    ioMs: 10,
    range: (pages) => [Math.max(1, pages - 16), pages],
  },
};

export function presetSettings(id: PresetId): CurveSettings {
  return {
    left: 'binary',
    right: 'bheap',
    nodeBytes: DEFAULT_NODE_BYTES,
    items: 1_000_000,
    itemsPerPage: 512,
    ioMs: PRESETS[id].ioMs,
    seed: 1,
    workload: 'phk',
    keys: 2 ** 31,
    cpu: 'article',
    mode: 'time',
    unit: 'resident',
    preset: id,
    from: null,
    to: null,
    readout: null,
    policy: 'lru',
    floor: false,
  };
}

export const DEFAULT_CURVES: Readonly<CurveSettings> = presetSettings('fig1');

/** The visible range for a run of `pages` pages: explicit, or the preset's, or everything. */
export function visibleRange(settings: CurveSettings, pages: number): [number, number] {
  const fallback: [number, number] =
    settings.preset === 'custom' ? [1, pages] : PRESETS[settings.preset].range(pages);
  const from = Math.max(1, Math.min(pages, settings.from ?? fallback[0]));
  const to = Math.max(from, Math.min(pages, settings.to ?? fallback[1]));
  return [from, to];
}

/** What identifies a sweep's result: settings that change page-ins and write-backs (or CPU). */
export function sweepKey(settings: CurveSettings): string {
  return [
    settings.left,
    settings.right,
    settings.nodeBytes,
    settings.workload,
    settings.items,
    settings.itemsPerPage,
    settings.seed,
    settings.keys,
    settings.cpu,
    curvesPolicies(settings).join(','),
  ].join('|');
}

/** "1M items · 512 per page · 1 ms · seed 1 · article CPU" */
export function describeSettings(settings: CurveSettings): string {
  const items =
    settings.items >= 1e6 && settings.items % 1e6 === 0
      ? `${settings.items / 1e6}M`
      : settings.items >= 1e3 && settings.items % 1e3 === 0
        ? `${settings.items / 1e3}k`
        : String(settings.items);
  return [
    `${STRUCTURES[settings.left].title} vs ${STRUCTURES[settings.right].title}`,
    `${items} items`,
    `${settings.itemsPerPage} per page`,
    `${settings.ioMs} ms I/O`,
    `${settings.workload}, seed ${settings.seed}`,
    settings.cpu === 'article' ? 'article CPU calibration' : 'CPU measured here',
  ].join(' · ');
}

/** One side of the curves, with the settings' memory geometry. */
export function curvesSpec(settings: CurveSettings, side: 'left' | 'right'): StructureSpec {
  return {
    kind: settings[side],
    itemsPerPage: settings.itemsPerPage,
    nodeBytes: settings.nodeBytes,
  };
}

/**
 * Frame counts the chart spans: the larger side's pages (the smaller side, once all its pages
 * are resident, faults no more, so its curve continues flat).
 */
export function curvesPages(settings: CurveSettings): number {
  const capacity = workloadCapacity({
    kind: settings.workload,
    items: settings.items,
    seed: settings.seed,
    keyRange: settings.keys,
  });
  return Math.max(
    structurePages(curvesSpec(settings, 'left'), capacity),
    structurePages(curvesSpec(settings, 'right'), capacity),
  );
}
