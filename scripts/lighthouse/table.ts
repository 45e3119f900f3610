// The benchmark's table, in Markdown so it can be pasted into docs/performance.md as printed:
// a row a page, the mobile preset's numbers, then the desktop's, each cell that misses its
// budget (budgets.ts) marked ✗.

import { BUDGETS, type Column, missesBudget } from './budgets';
import type { LighthousePage } from './pages';
import type { PresetResult } from './results';

export interface PageRow {
  page: LighthousePage;
  /** Absent when that preset was not run (`--preset`). */
  mobile?: PresetResult;
  desktop?: PresetResult;
}

export const MISS_MARK = '✗';

interface ColumnSpec {
  column: Column;
  heading: string;
  value: (row: PageRow) => number | null;
  format: (value: number) => string;
  /** The presets the column reads; a cell none of them ran shows "–". */
  presets: readonly ('mobile' | 'desktop')[];
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const formatScore = (score: number): string => grouped.format(Math.round(score));
export const formatMs = (ms: number): string => `${grouped.format(Math.round(ms))} ms`;
export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
export function formatCls(cls: number): string {
  if (cls === 0) return '0';
  return cls < 0.0005 ? '< 0.001' : cls.toFixed(3);
}

/** The lower of the presets' values (a score must reach its budget on both). */
function worst(row: PageRow, pick: (result: PresetResult) => number | null): number | null {
  const values = [row.mobile, row.desktop]
    .map((result) => (result === undefined ? null : pick(result)))
    .filter((value): value is number => value !== null);
  return values.length === 0 ? null : Math.min(...values);
}

const COLUMNS: readonly ColumnSpec[] = [
  {
    column: 'mobilePerf',
    heading: 'mobile perf',
    value: (row) => row.mobile?.performance ?? null,
    format: formatScore,
    presets: ['mobile'],
  },
  {
    column: 'tbt',
    heading: 'TBT',
    value: (row) => row.mobile?.tbtMs ?? null,
    format: formatMs,
    presets: ['mobile'],
  },
  {
    column: 'lcp',
    heading: 'LCP',
    value: (row) => row.mobile?.lcpMs ?? null,
    format: formatSeconds,
    presets: ['mobile'],
  },
  {
    column: 'cls',
    heading: 'CLS',
    value: (row) => row.mobile?.cls ?? null,
    format: formatCls,
    presets: ['mobile'],
  },
  {
    column: 'accessibility',
    heading: 'accessibility',
    value: (row) => worst(row, (result) => result.accessibility),
    format: formatScore,
    presets: ['mobile', 'desktop'],
  },
  {
    column: 'bestPractices',
    heading: 'best practices',
    value: (row) => worst(row, (result) => result.bestPractices),
    format: formatScore,
    presets: ['mobile', 'desktop'],
  },
  {
    column: 'desktopPerf',
    heading: 'desktop perf',
    value: (row) => row.desktop?.performance ?? null,
    format: formatScore,
    presets: ['desktop'],
  },
  {
    column: 'desktopCls',
    heading: 'desktop CLS',
    value: (row) => row.desktop?.cls ?? null,
    format: formatCls,
    presets: ['desktop'],
  },
  {
    column: 'desktopTbt',
    heading: 'desktop TBT',
    value: (row) => row.desktop?.tbtMs ?? null,
    format: formatMs,
    presets: ['desktop'],
  },
];

function cell(spec: ColumnSpec, row: PageRow): string {
  const ran = spec.presets.some((preset) => row[preset] !== undefined);
  if (!ran) return '–';
  const value = spec.value(row);
  if (value === null) return 'error';
  const text = spec.format(value);
  return missesBudget(spec.column, value) ? `${text} ${MISS_MARK}` : text;
}

/** How many cells of the rows miss their budget. */
export function countMisses(rows: readonly PageRow[]): number {
  let misses = 0;
  for (const row of rows) {
    for (const spec of COLUMNS) {
      const ran = spec.presets.some((preset) => row[preset] !== undefined);
      if (ran && missesBudget(spec.column, spec.value(row))) misses++;
    }
  }
  return misses;
}

/** The table's lines: heading, separator, a row a page, padded so it also reads as plain text. */
export function formatTable(rows: readonly PageRow[]): string[] {
  const header = ['page', ...COLUMNS.map((spec) => spec.heading)];
  const body = rows.map((row) => [row.page.label, ...COLUMNS.map((spec) => cell(spec, row))]);
  const widths = header.map((heading, index) =>
    Math.max(heading.length, ...body.map((cells) => cells[index].length)),
  );
  // Numbers are right-aligned, the page names left.
  const line = (cells: readonly string[]) =>
    `| ${cells.map((text, index) => (index === 0 ? text.padEnd(widths[0]) : text.padStart(widths[index]))).join(' | ')} |`;
  const separator = `|${widths.map((width, index) => (index === 0 ? `${'-'.repeat(width + 1)}-` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(header), separator, ...body.map(line)];
}

function budgetText(spec: ColumnSpec): string | null {
  const budget = BUDGETS[spec.column];
  if (budget === undefined) return null;
  const limit = spec.format(budget.limit);
  if (budget.kind === 'min')
    return budget.limit === 100 ? `${spec.heading} 100` : `${spec.heading} ≥ ${limit}`;
  return `${spec.heading} ≤ ${spec.column.endsWith('Cls') || spec.column === 'cls' ? budget.limit : limit}`;
}

/** What the marks and the columns mean, below the table. */
export function tableLegend(): string[] {
  const budgets = COLUMNS.map(budgetText).filter((text): text is string => text !== null);
  return [
    `${MISS_MARK}: misses its budget (${budgets.join(', ')}).`,
    'TBT, LCP and CLS are the mobile preset’s; accessibility and best practices the lower of the two presets; “–”: preset not run.',
  ];
}
