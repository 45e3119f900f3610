// The printed table: formats, the ✗ on each cell that misses its budget, and what a cell shows
// for a preset not run or a run that failed.

import { describe, expect, it } from 'vitest';
import { LIGHTHOUSE_PAGES } from '../../../scripts/lighthouse/pages';
import { combineRuns } from '../../../scripts/lighthouse/results';
import { failedRun } from '../../../scripts/lighthouse/summary';
import {
  countMisses,
  formatCls,
  formatMs,
  formatTable,
  type PageRow,
  tableLegend,
} from '../../../scripts/lighthouse/table';
import { result } from './runs';

const [first, tour1] = LIGHTHOUSE_PAGES;

/** The cells of the table's row for a page (after the heading and the separator). */
function cells(rows: PageRow[], index = 0): string[] {
  const line = formatTable(rows)[2 + index];
  return line
    .split('|')
    .slice(1, -1)
    .map((text) => text.trim());
}

describe('the Lighthouse table', () => {
  it('has the issue’s columns in order', () => {
    const header = formatTable([])[0]
      .split('|')
      .slice(1, -1)
      .map((text) => text.trim());
    expect(header).toEqual([
      'page',
      'mobile perf',
      'TBT',
      'LCP',
      'CLS',
      'accessibility',
      'best practices',
      'desktop perf',
      'desktop CLS',
      'desktop TBT',
    ]);
  });

  it('prints a page meeting every budget without a mark', () => {
    const row: PageRow = {
      page: first,
      mobile: result({ performance: 95, tbtMs: 150, lcpMs: 2_460, cls: 0.02 }),
      desktop: result({ performance: 98, tbtMs: 12.4, cls: 0 }),
    };
    expect(cells([row])).toEqual([
      'first visit (tour scene 1)',
      '95',
      '150 ms',
      '2.5 s',
      '0.020',
      '100',
      '100',
      '98',
      '0',
      '12 ms',
    ]);
    expect(countMisses([row])).toBe(0);
  });

  it('marks each cell that misses its budget, and only those', () => {
    const row: PageRow = {
      page: first,
      mobile: result({
        performance: 83,
        tbtMs: 1_506,
        lcpMs: 9_000,
        cls: 0.732,
        accessibility: 99,
      }),
      desktop: result({ performance: 77, tbtMs: 5_798, cls: 0.139, bestPractices: 96 }),
    };
    expect(cells([row]).slice(1)).toEqual([
      '83 ✗',
      '1,506 ms ✗',
      '9.0 s',
      '0.732 ✗',
      '99 ✗',
      '96 ✗',
      '77 ✗',
      '0.139 ✗',
      '5,798 ms',
    ]);
    expect(countMisses([row])).toBe(7);
  });

  it('shows accessibility and best practices as the lower of the two presets', () => {
    const row: PageRow = {
      page: first,
      mobile: result({ accessibility: 100, bestPractices: 92 }),
      desktop: result({ accessibility: 93, bestPractices: 100 }),
    };
    expect(cells([row]).slice(5, 7)).toEqual(['93 ✗', '92 ✗']);
  });

  it('shows “–” for a preset not run, and misses nothing there', () => {
    const row: PageRow = { page: tour1, desktop: result({ performance: 99 }) };
    expect(cells([row]).slice(1, 5)).toEqual(['–', '–', '–', '–']);
    expect(cells([row]).slice(5, 8)).toEqual(['100', '100', '99']);
    expect(countMisses([row])).toBe(0);
  });

  it('shows “error” where every run of a preset failed', () => {
    const row: PageRow = { page: tour1, mobile: combineRuns([failedRun('NO_FCP')]) };
    expect(cells([row]).slice(1, 4)).toEqual(['error', 'error', 'error']);
  });

  it('pads every line to the same width, so it reads as plain text too', () => {
    const rows: PageRow[] = [
      { page: first, mobile: result({ tbtMs: 12_345 }) },
      { page: tour1, mobile: result() },
    ];
    const widths = new Set(formatTable(rows).map((line) => line.length));
    expect(widths.size).toBe(1);
    expect(cells(rows, 1)[0]).toBe('tour scene 1');
  });

  it('is followed by a legend naming every budget', () => {
    const legend = tableLegend().join('\n');
    for (const budget of [
      'mobile perf ≥ 95',
      'TBT ≤ 150 ms',
      'CLS ≤ 0.02',
      'accessibility 100',
      'best practices 100',
      'desktop perf ≥ 98',
      'desktop CLS ≤ 0.02',
    ]) {
      expect(legend).toContain(budget);
    }
  });
});

describe('the table’s numbers', () => {
  it('have thousands separators and no fractions of a millisecond', () => {
    expect(formatMs(1_614.86)).toBe('1,615 ms');
  });

  it('give CLS to three decimals, a tiny one as “< 0.001”, none as 0', () => {
    expect(formatCls(0.7321)).toBe('0.732');
    expect(formatCls(0.0002)).toBe('< 0.001');
    expect(formatCls(0)).toBe('0');
  });
});
