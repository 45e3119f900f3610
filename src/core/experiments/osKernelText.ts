// The three printed forms of a measurement under the OS kernel's pager (`npm run sim -- kernel`):
// the text a person reads (a table, the ratios, what the columns mean), CSV and JSON.

import { formatCount } from '../grouped';
import { layoutTitle, type OsKernelReport, type OsKernelWorkload } from './osKernelReport';
import { formatNumber } from './report';

// Not toLocaleString: its first call loads ICU's number data, 10-19 ms of a scene's first task.
const grouped = (value: number): string => formatCount(Math.round(value));
const seconds = (value: number): string => value.toFixed(value < 10 ? 2 : 1);
const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
const times = (value: number | null): string => (value === null ? '–' : `${value.toFixed(2)}×`);

const WORKLOAD_TITLES: Record<OsKernelWorkload, string> = {
  phk: "the article's workload (N inserts, N popMin + insert, N popMins)",
  expiry: 'the expiry workload',
};

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
