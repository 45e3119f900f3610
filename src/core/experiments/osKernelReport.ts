// Kamp's experiment under the operating system's own pager (`npm run sim -- kernel`): what one
// measurement holds (the conditions, the run, one row per layout and room with the kernel's
// counters beside the model's LRU and CLOCK at the same frame count, the binary/B-heap ratios),
// and its three printed forms (text, CSV, JSON). The JSON is also the file the page loads, so it
// is checked here (parseOsKernelReport) like any other input. "OS kernel" here means Linux, as
// opposed to the project's WebAssembly kernels (src/core/*/kernel/); docs/kernel.md tells them apart.

import type { Parsed } from '../ranges';
import { STRUCTURES, type StructureKind, structurePages } from '../structures/registry';
import { workloadCapacity } from '../workloads/workloads';
import { formatNumber } from './report';

export const OS_KERNEL_SCHEMA = 'bheap-lab/os-kernel/1';

/** The heaps the native helper runs under the pager (the core's names). */
export type OsKernelLayout = 'binary' | 'bheap' | 'dary4' | 'dary8';
export const OS_KERNEL_LAYOUTS: readonly OsKernelLayout[] = ['binary', 'bheap', 'dary4', 'dary8'];
export type OsKernelWorkload = 'phk' | 'expiry';
export const OS_KERNEL_WORKLOADS: readonly OsKernelWorkload[] = ['phk', 'expiry'];
export type CgroupKindName = 'v1' | 'v2' | 'systemd';

/** How a run ended: counted, ended by the group's OOM killer, out of time, or failed otherwise. */
export type PagerOutcome = 'ok' | 'oom-killed' | 'timeout' | 'failed';

/** Where the measurement was made. */
export interface OsKernelConditions {
  /** ISO 8601, when the first run started. */
  date: string;
  /** uname -r, and /proc/version's whole line. */
  kernelRelease: string;
  kernelVersion: string;
  /** /proc/cpuinfo's model name at measurement time, and how many logical CPUs it lists. */
  cpu: string;
  cpus: number;
  /** v1: memory.limit_in_bytes as root; v2: memory.high/max as root; systemd: a --user scope. */
  cgroup: CgroupKindName;
  /** The page reclaim's lists: "two-list" (active/inactive) or "multi-gen" (MGLRU enabled). */
  lru: 'two-list' | 'multi-gen';
  /** The filesystem the array's file lived on, and its device. */
  filesystem: string;
  device: string;
  /** The system's page size: a page of the mapping. */
  pageBytes: number;
  /** The native helper's compiler (its --version's first line) and flags. */
  compiler: string;
  compilerFlags: string[];
}

/** What was run: the same for every row. */
export interface OsKernelRunSettings {
  workload: OsKernelWorkload;
  items: number;
  /** Slots per page: the model's items per page, and the mapping's (a slot is pageBytes / pageItems). */
  pageItems: number;
  slotBytes: number;
  seed: number;
  timeoutSeconds: number;
}

/** The model at one frame count, by direct simulation (sweep.ts runAtFrames). */
export interface ModelPoint {
  pageIns: number;
  writeBacks: number;
}

/** The kernel's side of a row that ran to the end. */
export interface OsKernelCounters {
  operations: number;
  /** getrusage: faults that waited for a page to be read in (or filled from a file's hole). */
  majorFaults: number;
  minorFaults: number;
  /** /proc/self/io read_bytes ÷ page size: pages read from the disk. */
  pagesRead: number;
  /** write_bytes ÷ page size: pages turned dirty (Linux counts a write when a page turns dirty). */
  pagesDirtied: number;
  /** Dirty pages left in memory at the end: counted as dirtied, never written during the run. */
  dirtyPagesAtEnd: number;
  /** pagesDirtied − dirtyPagesAtEnd: pages written to the disk during the run. */
  pagesWritten: number;
  userSeconds: number;
  systemSeconds: number;
  /** user + system. */
  cpuSeconds: number;
  wallSeconds: number;
  /** Array pages in the page cache (mincore), sampled about twice a second. */
  arrayPagesResident: { min: number; mean: number; max: number; samples: number };
  /**
   * What the group held besides the array, in bytes: before the array was touched, and the
   * median and most while it ran (the charge less the resident array pages, read together).
   */
  heldBesidesArrayBytes: { atStart: number; median: number; max: number };
  /** The group's limit while running (it follows what is held besides the array). */
  limitBytes: { min: number; max: number };
  /** Anonymous and kernel memory charged at the end (kernel: null where not reported). */
  anonBytesAtEnd: number;
  kernelBytesAtEnd: number | null;
  /** The most the group was charged, and how often it hit its limit (null: not reported). */
  peakChargedBytes: number | null;
  limitHits: number | null;
}

/** How far a run that did not finish had come. */
export interface PartialRun {
  operations: number;
  expectedOperations: number;
  pagesRead: number;
  wallSeconds: number;
}

export interface OsKernelRow {
  layout: OsKernelLayout;
  /** The room the group leaves the array, in pages (the model's frames). */
  memoryPages: number;
  /** Pages the array spans. */
  arrayPages: number;
  outcome: PagerOutcome;
  /** Why it did not finish (null when it did). */
  message: string | null;
  kernel: OsKernelCounters | null;
  partial: PartialRun | null;
  model: { lru: ModelPoint; clock: ModelPoint };
  /** kernel.pagesRead ÷ model.lru.pageIns (null when not ok). */
  readOverLru: number | null;
}

/** Binary heap ÷ B-heap at one room, where both finished (null where the B-heap's is 0). */
export interface OsKernelRatio {
  memoryPages: number;
  pagesRead: number | null;
  wallTime: number;
  cpuTime: number;
  /** The model's LRU page-ins, binary ÷ B-heap. */
  modelLru: number | null;
}

export interface OsKernelReport {
  schema: typeof OS_KERNEL_SCHEMA;
  conditions: OsKernelConditions;
  run: OsKernelRunSettings;
  rows: OsKernelRow[];
  ratios: OsKernelRatio[];
}

/** Pages the array of a run spans (the model's address space: registry.ts structurePages). */
export function arrayPagesOf(
  layout: OsKernelLayout,
  workload: OsKernelWorkload,
  items: number,
  pageItems: number,
): number {
  const capacity = workloadCapacity({ kind: workload, items, seed: 1, keyRange: 2 ** 31 });
  return structurePages({ kind: layout, itemsPerPage: pageItems, nodeBytes: 8 }, capacity);
}

/** The row's kernel pages read over the model's LRU page-ins. */
export function readOverLru(kernel: OsKernelCounters | null, lru: ModelPoint): number | null {
  return kernel === null || lru.pageIns === 0 ? null : kernel.pagesRead / lru.pageIns;
}

/** Binary ÷ B-heap at each room where both ran to the end, in the rows' order of rooms. */
export function osKernelRatios(rows: readonly OsKernelRow[]): OsKernelRatio[] {
  const rooms = [...new Set(rows.map((row) => row.memoryPages))];
  const ratios: OsKernelRatio[] = [];
  for (const memoryPages of rooms) {
    const find = (layout: OsKernelLayout): OsKernelRow | undefined =>
      rows.find((row) => row.layout === layout && row.memoryPages === memoryPages);
    const binary = find('binary');
    const bheap = find('bheap');
    if (binary?.kernel == null || bheap?.kernel == null) continue;
    const b = binary.kernel;
    const h = bheap.kernel;
    ratios.push({
      memoryPages,
      pagesRead: h.pagesRead === 0 ? null : b.pagesRead / h.pagesRead,
      wallTime: b.wallSeconds / h.wallSeconds,
      cpuTime: b.cpuSeconds / h.cpuSeconds,
      modelLru:
        bheap.model.lru.pageIns === 0 ? null : binary.model.lru.pageIns / bheap.model.lru.pageIns,
    });
  }
  return ratios;
}

// ---- the printed forms -------------------------------------------------------------------------

const grouped = (value: number): string => Math.round(value).toLocaleString('en-US');
const seconds = (value: number): string => value.toFixed(value < 10 ? 2 : 1);
const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
const times = (value: number | null): string => (value === null ? '–' : `${value.toFixed(2)}×`);

const WORKLOAD_TITLES: Record<OsKernelWorkload, string> = {
  phk: "the article's workload (N inserts, N popMin + insert, N popMins)",
  expiry: 'the expiry workload',
};

export function layoutTitle(layout: OsKernelLayout): string {
  return STRUCTURES[layout as StructureKind].title;
}

/** The lines above every form's table: what was run, where, when. */
export function conditionsText(report: OsKernelReport): string[] {
  const c = report.conditions;
  const r = report.run;
  const spans = [
    ...new Set(report.rows.map((row) => `${layoutTitle(row.layout)} ${grouped(row.arrayPages)}`)),
  ];
  return [
    `Under the kernel's pager: ${WORKLOAD_TITLES[r.workload]}, ${grouped(r.items)} items, ${r.pageItems} slots of ${r.slotBytes} bytes per ${grouped(c.pageBytes)}-byte page, seed ${r.seed}; the array spans ${spans.join(', ')} pages.`,
    `Linux ${c.kernelRelease} (${c.lru} LRU), ${c.cpu} (${c.cpus} CPUs), cgroup ${c.cgroup}, the file on ${c.filesystem} (${c.device}), ${c.date}; helper built by ${c.compiler} ${c.compilerFlags.join(' ')}.`,
  ];
}

function pad(text: string, width: number, right = true): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** The table a person reads, then the ratios and what the columns mean. */
export function osKernelText(report: OsKernelReport): string {
  const lines = [...conditionsText(report), ''];
  const header = [
    pad('layout', 12, false),
    pad('room', 7),
    pad('outcome', 10),
    pad('major flt', 11),
    pad('read', 11),
    pad('written', 11),
    pad('CPU s', 7),
    pad('wall s', 7),
    pad('resident', 9),
    pad('besides', 8),
    pad('LRU read', 11),
    pad('LRU wr.', 11),
    pad('CLOCK read', 11),
    pad('CLOCK wr.', 11),
    pad('read/LRU', 9),
  ];
  lines.push(header.join(' '));
  for (const row of report.rows) {
    const k = row.kernel;
    const cells = [
      pad(layoutTitle(row.layout), 12, false),
      pad(grouped(row.memoryPages), 7),
      pad(row.outcome, 10),
      pad(k === null ? '' : grouped(k.majorFaults), 11),
      pad(k === null ? '' : grouped(k.pagesRead), 11),
      pad(k === null ? '' : grouped(k.pagesWritten), 11),
      pad(k === null ? '' : seconds(k.cpuSeconds), 7),
      pad(k === null ? '' : seconds(k.wallSeconds), 7),
      pad(k === null ? '' : grouped(k.arrayPagesResident.mean), 9),
      pad(k === null ? '' : mib(k.heldBesidesArrayBytes.median), 8),
      pad(grouped(row.model.lru.pageIns), 11),
      pad(grouped(row.model.lru.writeBacks), 11),
      pad(grouped(row.model.clock.pageIns), 11),
      pad(grouped(row.model.clock.writeBacks), 11),
      pad(row.readOverLru === null ? '' : `${(100 * row.readOverLru).toFixed(1)}%`, 9),
    ];
    lines.push(cells.join(' ').trimEnd());
    if (row.message !== null) lines.push(`  ${row.message}`);
  }
  if (report.ratios.length > 0) {
    lines.push('', 'Binary heap ÷ B-heap:');
    for (const ratio of report.ratios) {
      lines.push(
        `  ${grouped(ratio.memoryPages)} pages of room: ${times(ratio.pagesRead)} the pages read, ${times(ratio.wallTime)} the wall time, ${times(ratio.cpuTime)} the CPU time (the model's LRU: ${times(ratio.modelLru)} the page-ins).`,
      );
    }
  }
  lines.push(
    '',
    'room: pages the group leaves the array (the model’s frames); read: /proc/self/io read_bytes in pages;',
    'written: pages turned dirty (write_bytes) less those still dirty at the end; resident: the array’s',
    'mean pages in memory (mincore); besides: MiB the group held besides the array (median); LRU, CLOCK:',
    'the model’s page-ins and write-backs at as many frames; read/LRU: the kernel’s reads over the model’s.',
  );
  return `${lines.join('\n')}\n`;
}

export const OS_KERNEL_CSV_HEADER = [
  'layout',
  'memoryPages',
  'arrayPages',
  'outcome',
  'majorFaults',
  'minorFaults',
  'pagesRead',
  'pagesWritten',
  'pagesDirtied',
  'dirtyPagesAtEnd',
  'userSeconds',
  'systemSeconds',
  'cpuSeconds',
  'wallSeconds',
  'residentMin',
  'residentMean',
  'residentMax',
  'besidesAtStartBytes',
  'besidesMedianBytes',
  'besidesMaxBytes',
  'limitMinBytes',
  'limitMaxBytes',
  'lruPageIns',
  'lruWriteBacks',
  'clockPageIns',
  'clockWriteBacks',
  'readOverLru',
  'workload',
  'items',
  'pageItems',
  'seed',
  'kernelRelease',
  'cgroup',
].join(',');

/** CSV: the header, then one row per layout and room; the kernel's cells empty unless ok. */
export function toOsKernelCsv(report: OsKernelReport): string {
  const lines = [OS_KERNEL_CSV_HEADER];
  for (const row of report.rows) {
    const k = row.kernel;
    const kernelCells =
      k === null
        ? Array.from({ length: 18 }, () => '')
        : [
            k.majorFaults,
            k.minorFaults,
            k.pagesRead,
            k.pagesWritten,
            k.pagesDirtied,
            k.dirtyPagesAtEnd,
            k.userSeconds,
            k.systemSeconds,
            k.cpuSeconds,
            k.wallSeconds,
            k.arrayPagesResident.min,
            k.arrayPagesResident.mean,
            k.arrayPagesResident.max,
            k.heldBesidesArrayBytes.atStart,
            k.heldBesidesArrayBytes.median,
            k.heldBesidesArrayBytes.max,
            k.limitBytes.min,
            k.limitBytes.max,
          ].map(formatNumber);
    lines.push(
      [
        row.layout,
        String(row.memoryPages),
        String(row.arrayPages),
        row.outcome,
        ...kernelCells,
        String(row.model.lru.pageIns),
        String(row.model.lru.writeBacks),
        String(row.model.clock.pageIns),
        String(row.model.clock.writeBacks),
        row.readOverLru === null ? '' : formatNumber(row.readOverLru),
        report.run.workload,
        String(report.run.items),
        String(report.run.pageItems),
        String(report.run.seed),
        report.conditions.kernelRelease,
        report.conditions.cgroup,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** JSON: the report as it is (docs/cli.md describes every field and its unit). */
export function toOsKernelJson(report: OsKernelReport): string {
  return JSON.stringify(report);
}

// ---- reading a report back (the shipped file, or one a user loads) ------------------------------

class ReportError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function need(condition: boolean, what: string): void {
  if (!condition) throw new ReportError(what);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isText = (value: unknown, most = 400): value is string =>
  typeof value === 'string' && value.length <= most;

function checkCounts(
  record: Record<string, unknown>,
  names: readonly string[],
  where: string,
): void {
  for (const name of names)
    need(isCount(record[name]), `${where}.${name} must be a whole number ≥ 0`);
}

function checkAmounts(
  record: Record<string, unknown>,
  names: readonly string[],
  where: string,
): void {
  for (const name of names) need(isAmount(record[name]), `${where}.${name} must be a number ≥ 0`);
}

function checkModel(value: unknown, where: string): void {
  need(isRecord(value), `${where} must be an object`);
  const model = value as Record<string, unknown>;
  for (const policy of ['lru', 'clock']) {
    need(isRecord(model[policy]), `${where}.${policy} must be an object`);
    checkCounts(
      model[policy] as Record<string, unknown>,
      ['pageIns', 'writeBacks'],
      `${where}.${policy}`,
    );
  }
}

function checkKernel(value: unknown, where: string): void {
  need(isRecord(value), `${where} must be an object or null`);
  const k = value as Record<string, unknown>;
  checkCounts(
    k,
    [
      'operations',
      'majorFaults',
      'minorFaults',
      'pagesRead',
      'pagesDirtied',
      'dirtyPagesAtEnd',
      'pagesWritten',
      'anonBytesAtEnd',
    ],
    where,
  );
  checkAmounts(k, ['userSeconds', 'systemSeconds', 'cpuSeconds', 'wallSeconds'], where);
  for (const [name, fields] of [
    ['arrayPagesResident', ['min', 'mean', 'max', 'samples']],
    ['heldBesidesArrayBytes', ['atStart', 'median', 'max']],
    ['limitBytes', ['min', 'max']],
  ] as const) {
    need(isRecord(k[name]), `${where}.${name} must be an object`);
    checkAmounts(k[name] as Record<string, unknown>, fields, `${where}.${name}`);
  }
  for (const name of ['kernelBytesAtEnd', 'peakChargedBytes', 'limitHits']) {
    need(
      k[name] === null || isCount(k[name]),
      `${where}.${name} must be a whole number ≥ 0 or null`,
    );
  }
}

function checkRow(value: unknown, index: number): OsKernelRow {
  const where = `rows[${index}]`;
  need(isRecord(value), `${where} must be an object`);
  const row = value as Record<string, unknown>;
  need(
    OS_KERNEL_LAYOUTS.includes(row.layout as OsKernelLayout),
    `${where}.layout must be one of ${OS_KERNEL_LAYOUTS.join(', ')}`,
  );
  checkCounts(row, ['memoryPages', 'arrayPages'], where);
  need(
    ['ok', 'oom-killed', 'timeout', 'failed'].includes(row.outcome as string),
    `${where}.outcome must be ok, oom-killed, timeout or failed`,
  );
  need(row.message === null || isText(row.message), `${where}.message must be text or null`);
  checkModel(row.model, `${where}.model`);
  if (row.outcome === 'ok') checkKernel(row.kernel, `${where}.kernel`);
  else need(row.kernel === null, `${where}.kernel must be null unless the outcome is ok`);
  if (row.partial !== null) {
    need(isRecord(row.partial), `${where}.partial must be an object or null`);
    checkAmounts(
      row.partial as Record<string, unknown>,
      ['operations', 'expectedOperations', 'pagesRead', 'wallSeconds'],
      `${where}.partial`,
    );
  }
  need(
    row.readOverLru === null || isAmount(row.readOverLru),
    `${where}.readOverLru must be a number or null`,
  );
  return row as unknown as OsKernelRow;
}

/** The most rows a report may have: 4 layouts × 16 rooms. */
export const OS_KERNEL_MAX_ROWS = 64;

/**
 * Checks a parsed JSON value as a `sim kernel --format json` report: every field of the schema
 * there with its type and sign; the first problem is named. The ratios are recomputed from the
 * rows, never trusted.
 */
export function parseOsKernelReport(value: unknown): Parsed<OsKernelReport> {
  try {
    need(isRecord(value), 'the report must be a JSON object');
    const report = value as Record<string, unknown>;
    need(report.schema === OS_KERNEL_SCHEMA, `schema must be "${OS_KERNEL_SCHEMA}"`);
    need(isRecord(report.conditions), 'conditions must be an object');
    const c = report.conditions as Record<string, unknown>;
    for (const name of [
      'date',
      'kernelRelease',
      'kernelVersion',
      'cpu',
      'filesystem',
      'device',
      'compiler',
    ])
      need(isText(c[name]), `conditions.${name} must be text`);
    need(
      ['v1', 'v2', 'systemd'].includes(c.cgroup as string),
      'conditions.cgroup must be v1, v2 or systemd',
    );
    need(
      ['two-list', 'multi-gen'].includes(c.lru as string),
      'conditions.lru must be two-list or multi-gen',
    );
    checkCounts(c, ['cpus', 'pageBytes'], 'conditions');
    need(
      Array.isArray(c.compilerFlags) && c.compilerFlags.every((flag) => isText(flag, 40)),
      'conditions.compilerFlags must be a list of text',
    );
    need(isRecord(report.run), 'run must be an object');
    const r = report.run as Record<string, unknown>;
    need(
      OS_KERNEL_WORKLOADS.includes(r.workload as OsKernelWorkload),
      'run.workload must be phk or expiry',
    );
    checkCounts(r, ['items', 'pageItems', 'slotBytes', 'seed', 'timeoutSeconds'], 'run');
    need(Array.isArray(report.rows), 'rows must be a list');
    const list = report.rows as unknown[];
    need(
      list.length >= 1 && list.length <= OS_KERNEL_MAX_ROWS,
      `rows must hold 1 to ${OS_KERNEL_MAX_ROWS} rows`,
    );
    const rows = list.map(checkRow);
    return {
      ok: true,
      value: {
        schema: OS_KERNEL_SCHEMA,
        conditions: c as unknown as OsKernelConditions,
        run: r as unknown as OsKernelRunSettings,
        rows,
        ratios: osKernelRatios(rows),
      },
    };
  } catch (error) {
    if (error instanceof ReportError) return { ok: false, error: error.message };
    throw error;
  }
}
