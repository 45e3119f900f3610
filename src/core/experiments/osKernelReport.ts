// Kamp's experiment under the operating system's own pager (`npm run sim -- kernel`): what one
// measurement holds (the conditions, the run, one row per layout and room with the kernel's
// counters beside the model's LRU and CLOCK at the same frame count, the binary/B-heap ratios).
// Its printed forms are osKernelText.ts's; reading one back (the file the page loads) is
// osKernelParse.ts's. "OS kernel" here means Linux, as
// opposed to the project's WebAssembly kernels (src/core/*/kernel/); docs/kernel.md tells them apart.

import { STRUCTURES, type StructureKind, structurePages } from '../structures/registry';
import { workloadCapacity } from '../workloads/workloads';

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

/** A layout's title, as the page and every printed form name it. */
export function layoutTitle(layout: OsKernelLayout): string {
  return STRUCTURES[layout as StructureKind].title;
}
