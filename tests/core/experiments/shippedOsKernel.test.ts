// The measurement shipped from this project's machine: a report as `sim kernel --format json`
// writes it, of the article's run at the docs' four rooms, and its model numbers are the core's.

import { describe, expect, it } from 'vitest';
import { shippedOsKernel } from '../../../src/core/experiments/shippedOsKernel';
import { runAtFrames } from '../../../src/core/experiments/sweep';
import { FULL_KEY_RANGE } from '../../../src/core/workloads/workloads';

describe('the shipped kernel measurement', () => {
  it('is a report of the article’s run, with the conditions it was measured in', () => {
    const report = shippedOsKernel();
    expect(report.run).toMatchObject({
      workload: 'phk',
      items: 1_000_000,
      pageItems: 512,
      seed: 1,
    });
    for (const field of ['date', 'kernelRelease', 'cpu', 'cgroup'] as const)
      expect(report.conditions[field]).not.toBe('');
    const rooms = [...new Set(report.rows.map((r) => r.memoryPages))];
    expect(rooms).toEqual([256, 512, 1024, 1500]);
    expect(report.rows.every((r) => r.arrayPages === 1954)).toBe(true);
    // At every room the B-heap read fewer pages and finished sooner.
    for (const ratio of report.ratios) {
      expect(ratio.pagesRead ?? 0).toBeGreaterThan(1);
      expect(ratio.wallTime).toBeGreaterThan(1);
    }
  });

  it('carries the core’s model beside the kernel (the B-heap at 1,500 frames, LRU)', () => {
    const row = shippedOsKernel().rows.find((r) => r.layout === 'bheap' && r.memoryPages === 1500);
    const direct = runAtFrames(
      { kind: 'bheap', itemsPerPage: 512, nodeBytes: 48 },
      { kind: 'phk', items: 1_000_000, seed: 1, keyRange: FULL_KEY_RANGE },
      1500,
    );
    expect(row?.model.lru).toEqual({ pageIns: direct.pageIns, writeBacks: direct.writeBacks });
  }, 120_000);
});
