import { describe, expect, it } from 'vitest';
import {
  CSV_HEADER,
  formatNumber,
  toCsvReport,
  toJsonReport,
} from '../../../src/core/experiments/report';
import type { SweepResult } from '../../../src/core/experiments/sweep';

function result(
  layout: SweepResult['layout'],
  operations: number,
  pageIns: number[],
  writebacks: number[],
): SweepResult {
  return {
    layout,
    items: 20,
    itemsPerPage: 8,
    pages: pageIns.length,
    operations,
    comparisons: 55,
    swaps: 21,
    accesses: 173,
    nodeBytes: 48,
    zeroFills: pageIns.length,
    pageIns: Float64Array.from(pageIns),
    writeBacks: Float64Array.from(writebacks),
  };
}

const BINARY = result('binary', 8, [10, 3, 0], [6, 1, 0]);
const BHEAP = result('bheap', 3, [1, 0], [1, 0]);

describe('CSV report', () => {
  it('has exactly the documented header', () => {
    expect(CSV_HEADER).toBe('layout,frames,pageIns,writebacks,transfersPerOp,seconds');
    const csv = toCsvReport([BINARY], { ioMs: 1, cpuSeconds: () => 2 });
    expect(csv.split('\n')[0]).toBe('layout,frames,pageIns,writebacks,transfersPerOp,seconds');
  });

  it('has one row per layout and frame count, with hand-computed values', () => {
    const cpu = new Map<SweepResult, number>([
      [BINARY, 2],
      [BHEAP, 0.5],
    ]);
    const csv = toCsvReport([BINARY, BHEAP], { ioMs: 10, cpuSeconds: (r) => cpu.get(r)! });
    // binary, 8 operations, 2 s CPU, 10 ms per transfer:
    //   1 frame: 16 transfers, 2 per op, 2 + 0.16 s; 2 frames: 4, 0.5 per op, 2.04 s; 3: 0, 2 s.
    // bheap, 3 operations, 0.5 s CPU: 1 frame: 2 transfers, 0.666667 per op, 0.52 s; 2: 0.5 s.
    expect(csv).toBe(
      [
        'layout,frames,pageIns,writebacks,transfersPerOp,seconds',
        'binary,1,10,6,2,2.16',
        'binary,2,3,1,0.5,2.04',
        'binary,3,0,0,0,2',
        'bheap,1,1,1,0.666667,0.52',
        'bheap,2,0,0,0,0.5',
        '',
      ].join('\n'),
    );
  });

  it('formats numbers without float noise: integers as is, others to 6 significant digits', () => {
    expect(formatNumber(42)).toBe('42');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(2 / 3)).toBe('0.666667');
    expect(formatNumber(1234567.891)).toBe('1234570');
    expect(formatNumber(2.04)).toBe('2.04');
  });
});

describe('JSON report', () => {
  it('is {"results": [...]} with the fields and equal-length frames/pageIns/writebacks arrays', () => {
    const parsed = JSON.parse(toJsonReport([BINARY, BHEAP]));
    expect(Object.keys(parsed)).toEqual(['results']);
    expect(parsed.results).toHaveLength(2);
    expect(parsed.results[0]).toEqual({
      layout: 'binary',
      items: 20,
      itemsPerPage: 8,
      pages: 3,
      operations: 8,
      comparisons: 55,
      swaps: 21,
      accesses: 173,
      zeroFill: 3,
      frames: [1, 2, 3],
      pageIns: [10, 3, 0],
      writebacks: [6, 1, 0],
    });
    for (const entry of parsed.results) {
      expect(entry.frames).toHaveLength(entry.pages);
      expect(entry.pageIns).toHaveLength(entry.pages);
      expect(entry.writebacks).toHaveLength(entry.pages);
    }
    expect(parsed.results[1].layout).toBe('bheap');
    expect(parsed.results[1].frames).toEqual([1, 2]);
  });

  it('is a single line', () => {
    expect(toJsonReport([BINARY, BHEAP])).not.toContain('\n');
  });
});
