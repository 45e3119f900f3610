// A `sim kernel` report as the page draws it (pure): per layout, the kernel's pages read at each
// room beside the model's LRU page-ins, at the room asked for and (where the model's whole curve
// is known) at the pages the array actually held; the binary/B-heap ranges in sentences; and the
// command that makes such a file. docs/kernel.md, "Measured here", is the same comparison.

import { formatCount } from '../grouped';
import {
  OS_KERNEL_LAYOUTS,
  type OsKernelLayout,
  type OsKernelRatio,
  type OsKernelReport,
} from './osKernelReport';

/** One room of one layout that ran to the end. */
export interface KernelPoint {
  /** The room the group left the array, in pages (the model's frames). */
  memoryPages: number;
  /** The kernel's pages read (/proc/self/io), and the run's wall time. */
  pagesRead: number;
  wallSeconds: number;
  /** The array's mean pages in memory while it ran (mincore). */
  heldPages: number;
  /** The model's LRU page-ins with memoryPages frames. */
  lruAtRoom: number;
  /** The model's LRU page-ins with heldPages frames (rounded); null without the model's curve. */
  lruAtHeld: number | null;
}

export interface KernelSeries {
  layout: OsKernelLayout;
  /** Ascending rooms; only rows that ran to the end (a row killed or out of time has no reads). */
  points: KernelPoint[];
}

/** The model's LRU page-ins for every frame count (index f - 1: f frames), per layout. */
export type LruCurves = Partial<Record<OsKernelLayout, Float64Array>>;

/** The model's LRU page-ins with `frames` frames (rounded, within the curve). */
export function lruAt(curve: Float64Array, frames: number): number {
  const f = Math.min(curve.length, Math.max(1, Math.round(frames)));
  return curve[f - 1];
}

/**
 * Whether `curve` is the model's LRU curve of this report's `layout`: it gives the report's own
 * model page-ins at every room of that layout (a curve of another run would not).
 */
export function curveFits(
  report: OsKernelReport,
  layout: OsKernelLayout,
  curve: Float64Array,
): boolean {
  const rows = report.rows.filter((row) => row.layout === layout);
  return (
    rows.length > 0 &&
    rows.every(
      (row) =>
        row.memoryPages >= 1 &&
        row.memoryPages <= curve.length &&
        curve[row.memoryPages - 1] === row.model.lru.pageIns,
    )
  );
}

/** One series per layout with a finished row, in OS_KERNEL_LAYOUTS order. */
export function kernelSeries(report: OsKernelReport, curves: LruCurves = {}): KernelSeries[] {
  const out: KernelSeries[] = [];
  for (const layout of OS_KERNEL_LAYOUTS) {
    const curve = curves[layout];
    const fits = curve !== undefined && curveFits(report, layout, curve);
    const points: KernelPoint[] = [];
    for (const row of report.rows) {
      if (row.layout !== layout || row.kernel === null) continue;
      const held = row.kernel.arrayPagesResident.mean;
      points.push({
        memoryPages: row.memoryPages,
        pagesRead: row.kernel.pagesRead,
        wallSeconds: row.kernel.wallSeconds,
        heldPages: held,
        lruAtRoom: row.model.lru.pageIns,
        lruAtHeld: fits && curve !== undefined ? lruAt(curve, held) : null,
      });
    }
    points.sort((a, b) => a.memoryPages - b.memoryPages);
    if (points.length > 0) out.push({ layout, points });
  }
  return out;
}

/** How far the kernel's reads are from the model's: +4.2% is 4.2% more. */
export function relative(kernel: number, model: number): number | null {
  return model === 0 ? null : kernel / model - 1;
}

/** "+4.2%", "−0.6%" (a real minus sign). */
export function signedPercent(value: number): string {
  const text = `${Math.abs(100 * value).toFixed(1)}%`;
  return value < 0 ? `−${text}` : `+${text}`;
}

/** The smallest and largest of some numbers, or null for none. */
function span(values: readonly number[]): [number, number] | null {
  return values.length === 0 ? null : [Math.min(...values), Math.max(...values)];
}

/** "2.2–4.1×", or "3.0×" when both ends print alike. */
export function timesRange(range: [number, number]): string {
  const [lo, hi] = range.map((value) => value.toFixed(1));
  return lo === hi ? `${lo}×` : `${lo}–${hi}×`;
}

/** The binary/B-heap ranges of pages read and wall time, over the rooms where both finished. */
export function ratioRanges(ratios: readonly OsKernelRatio[]): {
  pagesRead: [number, number] | null;
  wallTime: [number, number] | null;
} {
  return {
    pagesRead: span(ratios.map((r) => r.pagesRead).filter((r): r is number => r !== null)),
    wallTime: span(ratios.map((r) => r.wallTime)),
  };
}

/** The largest distance, either way, of the kernel's reads from the model's at the held pages. */
export function heldAgreement(series: KernelSeries): number | null {
  const distances = series.points
    .map((p) => (p.lruAtHeld === null ? null : relative(p.pagesRead, p.lruAtHeld)))
    .filter((d): d is number => d !== null)
    .map(Math.abs);
  return distances.length === 0 || distances.length < series.points.length
    ? null
    : Math.max(...distances);
}

/** The report in sentences: what the B-heap gains, and how close the kernel is to the model. */
export function kernelSentences(report: OsKernelReport, series: readonly KernelSeries[]): string[] {
  const sentences: string[] = [];
  const { pagesRead, wallTime } = ratioRanges(report.ratios);
  const rooms = report.ratios.length;
  if (pagesRead !== null && wallTime !== null) {
    const every = rooms === 1 ? 'At its one room' : `At each of its ${rooms} rooms`;
    sentences.push(
      pagesRead[0] > 1 && wallTime[0] > 1
        ? `${every} the B-heap read ${timesRange(pagesRead)} fewer pages than the binary heap and finished ${timesRange(wallTime)} sooner (binary heap ÷ B-heap).`
        : `${every} the binary heap read ${timesRange(pagesRead)} the B-heap’s pages and took ${timesRange(wallTime)} its wall time: the B-heap is not ahead everywhere.`,
    );
  }
  for (const s of series) {
    const title = s.layout === 'bheap' ? 'the B-heap' : `the ${titleOf(s.layout)}`;
    const atRoom = span(
      s.points
        .map((p) => relative(p.pagesRead, p.lruAtRoom))
        .filter((d): d is number => d !== null),
    );
    const held = heldAgreement(s);
    if (atRoom === null) continue;
    const roomText =
      atRoom[0] === atRoom[1]
        ? signedPercent(atRoom[0])
        : `${signedPercent(atRoom[0])} to ${signedPercent(atRoom[1])}`;
    sentences.push(
      `The kernel’s reads for ${title}: ${roomText} from the model’s LRU at the room asked for` +
        (held === null
          ? '.'
          : `, within ${(100 * held).toFixed(1)}% of it at the pages the array held (their mean).`),
    );
  }
  return sentences;
}

function titleOf(layout: OsKernelLayout): string {
  return { binary: 'binary heap', bheap: 'B-heap', dary4: '4-ary heap', dary8: '8-ary heap' }[
    layout
  ];
}

/** The command line that measures the same runs and prints such a file. */
export function kernelCommand(report: OsKernelReport): string {
  const layouts = [...new Set(report.rows.map((row) => row.layout))];
  const rooms = [...new Set(report.rows.map((row) => row.memoryPages))].sort((a, b) => a - b);
  const r = report.run;
  const parts = [
    'npm run sim -- kernel',
    `--layout ${layouts.join(',')}`,
    `--items ${r.items}`,
    `--page-items ${r.pageItems}`,
    `--memory-pages ${rooms.join(',')}`,
  ];
  if (r.workload !== 'phk') parts.push(`--workload ${r.workload}`);
  if (r.seed !== 1) parts.push(`--seed ${r.seed}`);
  parts.push(`--timeout ${r.timeoutSeconds}`, '--format json');
  return parts.join(' ');
}

/**
 * A count with thousands separators (as osKernelReport.ts prints them). Not toLocaleString: its
 * first call loads ICU's number data, 10-19 ms of a scene's first task.
 */
const formatRounded = (value: number): string => formatCount(Math.round(value));

const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);

/** "1.2–1.5 MiB", or one number when both ends print alike. */
function mibRange(values: readonly number[]): string {
  const lo = mib(Math.min(...values));
  const hi = mib(Math.max(...values));
  return lo === hi ? `${lo} MiB` : `${lo}–${hi} MiB`;
}

/**
 * The memory of the measurement in a sentence: the rooms and the array in pages and MiB, and
 * what the group held besides the array and its limit over the runs that finished.
 */
export function memoryText(report: OsKernelReport): string {
  const page = report.conditions.pageBytes;
  const rooms = [...new Set(report.rows.map((row) => row.memoryPages))].sort((a, b) => a - b);
  const arrays = [...new Set(report.rows.map((row) => row.arrayPages))].sort((a, b) => a - b);
  const roomList =
    rooms.length === 1
      ? formatRounded(rooms[0])
      : `${rooms.slice(0, -1).map(formatRounded).join(', ')} and ${formatRounded(rooms[rooms.length - 1])}`;
  let text =
    `Memory: rooms of ${roomList} pages of ${formatRounded(page)} bytes (${mibRange(rooms.map((r) => r * page))}) ` +
    `for an array of ${arrays.map(formatRounded).join(' or ')} pages (${mibRange(arrays.map((a) => a * page))})`;
  const kernels = report.rows.flatMap((row) => (row.kernel === null ? [] : [row.kernel]));
  if (kernels.length > 0) {
    text +=
      `; the group held ${mibRange(kernels.map((k) => k.heldBesidesArrayBytes.median))} besides the array (median of each run), ` +
      `under a limit of ${mibRange(kernels.flatMap((k) => [k.limitBytes.min, k.limitBytes.max]))}`;
  }
  return `${text}.`;
}

/** "1,000,000 items, 512 per page (the array 1,954 pages)": the run in a few words. */
export function runText(report: OsKernelReport): string {
  const pages = [...new Set(report.rows.map((row) => row.arrayPages))];
  const workload = report.run.workload === 'phk' ? 'the article’s workload' : 'the expiry workload';
  return `${workload}, ${formatRounded(report.run.items)} items, ${formatRounded(report.run.pageItems)} per page (the array ${pages.map(formatRounded).join(' or ')} pages)`;
}
