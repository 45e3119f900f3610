// The machine chart's scales: N ticks as powers of two (thinned to fit), the ns domain padded
// around what is drawn.

import { describe, expect, it } from 'vitest';
import { machineScales, nsTick, nTick, powerTicks } from '../../../src/view/machine/machineScales';

describe('the machine chart', () => {
  it('labels N as powers of two, every one when there is room and every 2nd or 4th when not', () => {
    expect(nTick(2 ** 20)).toBe('2²⁰');
    expect(nTick(3000)).toBe('3k');
    const wide = powerTicks(2 ** 10, 2 ** 24, 1000);
    expect(wide).toHaveLength(15);
    const narrow = powerTicks(2 ** 10, 2 ** 24, 300);
    expect(narrow.length).toBeLessThan(wide.length);
    expect(narrow.every((t) => Number.isInteger(Math.log2(t)))).toBe(true);
    expect(300 / narrow.length).toBeGreaterThanOrEqual(40);
  });

  it('pads the ns axis around every value drawn', () => {
    const domain = (values: number[]) =>
      machineScales(values, [2 ** 10, 2 ** 20], 560, 340).geometry.y.domain();
    const [lo, hi] = domain([40, 400]);
    expect(lo).toBeLessThan(40);
    expect(hi).toBeGreaterThan(400);
    const [flatLo, flatHi] = domain([100, 100]);
    expect(Math.log10(flatHi / flatLo)).toBeGreaterThanOrEqual(0.5);
  });
});

describe('nTick', () => {
  it('writes every exponent digit as a superscript, and small N as they are', () => {
    expect(nTick(1024)).toBe('2¹⁰');
    expect(nTick(2 ** 24)).toBe('2²⁴');
    expect(nTick(1)).toBe('2⁰');
    expect(nTick(600)).toBe('600');
    expect(nTick(1_500_000)).toBe('1500k');
  });
});

describe('nsTick', () => {
  it('writes ns per operation in the unit that reads best', () => {
    expect(nsTick(50)).toBe('50 ns');
    expect(nsTick(1200)).toBe('1.2 µs');
  });
});

describe('powerTicks', () => {
  it('keeps only powers of two inside the range, and thins by the same step throughout', () => {
    expect(powerTicks(1000, 5000, 1000)).toEqual([1024, 2048, 4096]);
    const ticks = powerTicks(2 ** 10, 2 ** 24, 200).map(Math.log2);
    const steps = new Set(ticks.slice(1).map((e, i) => e - ticks[i]));
    expect(steps.size).toBe(1);
    // Never thinner than every 8th, however narrow.
    expect([...steps][0]).toBeLessThanOrEqual(8);
    expect(powerTicks(2 ** 10, 2 ** 24, 1).length).toBeGreaterThan(1);
  });
});

describe('machineScales', () => {
  it('spans 2^10 to 2^20 and 10 ns to 1 µs before any point is asked for or measured', () => {
    const { geometry, xTicks } = machineScales([], [], 560, 340);
    const [nLo, nHi] = geometry.x.domain();
    expect(nLo).toBeLessThan(2 ** 10);
    expect(nHi).toBeGreaterThan(2 ** 20);
    expect(xTicks[0]).toBe(2 ** 10);
    expect(xTicks.at(-1)).toBe(2 ** 20);
    const [lo, hi] = geometry.y.domain();
    expect(lo).toBeLessThan(10);
    expect(hi).toBeGreaterThan(1000);
  });

  it('widens the left margin for a wider tick character', () => {
    const narrow = machineScales([40, 400], [2 ** 10, 2 ** 20], 560, 340, 7.4);
    const wide = machineScales([40, 400], [2 ** 10, 2 ** 20], 560, 340, 11);
    expect(wide.geometry.left).toBeGreaterThan(narrow.geometry.left);
    expect(wide.geometry.left + wide.geometry.plotW).toBe(
      narrow.geometry.left + narrow.geometry.plotW,
    );
  });
});
