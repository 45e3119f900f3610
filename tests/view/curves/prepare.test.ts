// Tests reducing the curves to values, range, floor and ratio.

import { describe, expect, it } from 'vitest';
import { clampInt, prepare, pressureOf, ratioOf, valueAt } from '../../../src/view/curves/prepare';
import { curves } from './fixtures';

describe('prepare', () => {
  it('turns transfers into run time: CPU seconds plus one I/O time per transfer', () => {
    const p = prepare(curves([40, 20, 10, 0], [8, 4, 2, 0]))!;
    // ioMs 1000: a transfer costs a second; CPU 2 s.
    expect([1, 2, 3, 4].map((f) => valueAt(p, 0, f))).toEqual([42, 22, 12, 2]);
    expect(valueAt(p, 1, 1)).toBe(10);
    expect(p.ratioMax).toBeCloseTo(4.2);
    expect(p.hasZero).toBe(false);
  });

  it('counts transfers per operation in transfers mode, with zeros on a floor a decade down', () => {
    const p = prepare(curves([40, 20, 10, 0], [8, 4, 2, 0], { mode: 'transfers' }))!;
    expect(valueAt(p, 0, 1)).toBeCloseTo(0.4);
    expect(p.hasZero).toBe(true);
    // The least non-zero value is 0.02, in the 0.01 decade: the floor is 0.001.
    expect(p.floor).toBeCloseTo(0.001);
    expect(p.lo).toBeLessThan(p.floor);
    expect(p.hi).toBeGreaterThan(0.4);
  });

  it('keeps the visible range inside the data, in order', () => {
    const p = prepare(curves([4, 3, 2, 1], [4, 3, 2, 1], { fromFrames: 9, toFrames: 0 }))!;
    expect([p.from, p.to]).toEqual([1, 4]);
    expect(prepare(curves([], []))).toBeNull();
  });

  it('measures pressure as the address space not resident, in pages or KB', () => {
    const pages = prepare(curves([4, 3, 2, 1], [4, 3, 2, 1]))!;
    expect([1, 3].map((f) => pressureOf(pages, f))).toEqual([-3, -1]);
    const kb = prepare(curves([4, 3, 2, 1], [4, 3, 2, 1], { unit: 'kb' }))!;
    // 512 items of 8 bytes: 4 KB a page.
    expect(pressureOf(kb, 1)).toBe(-12);
  });
});

describe('ratioOf and clampInt', () => {
  it('has no ratio where the right-hand value is zero', () => {
    expect(ratioOf(3, 0)).toBeNaN();
    expect(ratioOf(3, 2)).toBe(1.5);
  });

  it('rounds into range, and takes the low end for a non-number', () => {
    expect(clampInt(2.6, 1, 5)).toBe(3);
    expect(clampInt(9, 1, 5)).toBe(5);
    expect(clampInt(Number.NaN, 1, 5)).toBe(1);
  });
});
