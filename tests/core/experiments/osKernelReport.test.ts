// The report of a measurement under the OS kernel's pager: the array's pages (the article's 1,954)
// and the binary/B-heap ratios.

import { describe, expect, it } from 'vitest';
import { arrayPagesOf } from '../../../src/core/experiments/osKernelReport';
import { report } from './osKernelFixture';

describe('the report of a run under the pager', () => {
  it('spans the article’s 1,954 pages for a million items at 512 a page, twice that for expiry', () => {
    expect(arrayPagesOf('binary', 'phk', 1_000_000, 512)).toBe(1954);
    expect(arrayPagesOf('bheap', 'phk', 1_000_000, 512)).toBe(1954);
    expect(arrayPagesOf('bheap', 'expiry', 1_000_000, 512)).toBe(3907);
    // The aligned 4-ary heap pads its root to slot 3.
    expect(arrayPagesOf('dary4', 'phk', 1022, 512)).toBe(3);
  });
  it('gives the binary/B-heap ratios only where both finished', () => {
    const ratios = report().ratios;
    expect(ratios).toHaveLength(1);
    expect(ratios[0].memoryPages).toBe(1000);
    expect(ratios[0].pagesRead).toBeCloseTo(1_143_983 / 486_928);
    expect(ratios[0].wallTime).toBeCloseTo(124 / 57);
    expect(ratios[0].modelLru).toBeCloseTo(1_128_996 / 484_856);
    expect(report().rows[2].readOverLru).toBeCloseTo(1_143_983 / 1_128_996);
    expect(report().rows[0].readOverLru).toBeNull();
  });
});
