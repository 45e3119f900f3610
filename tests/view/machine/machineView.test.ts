// The machine chart's pure parts: N ticks as powers of two (thinned to fit), the ns domain,
// the series built from report rows, and the readout in words.

import { describe, expect, it } from 'vitest';
import type { MachineRow } from '../../../src/core/experiments/machineReport';
import { machineSeries, sizesWithData } from '../../../src/view/machine/machineData';
import { formatNs, readoutText } from '../../../src/view/machine/machineReadout';
import { machineScales, nTick, powerTicks } from '../../../src/view/machine/machineScales';

const row = (
  layout: MachineRow['layout'],
  items: number,
  ns: number[],
  model: number | null,
): MachineRow => ({
  layout,
  form: 'key',
  workload: 'phk',
  items,
  operations: 4 * items,
  reps: ns.length,
  batchRuns: 1,
  nsPerOp: ns,
  medianNs: [...ns].sort((a, b) => a - b)[ns.length >> 1],
  minNs: Math.min(...ns),
  maxNs: Math.max(...ns),
  model:
    model === null
      ? null
      : {
          comparisonsPerOp: 10,
          misses: { l1: 1, l2: 0, l3: 0, tlb: 0 },
          memoryNs: 2.5,
          predictedNs: model,
          calibratedAt: 1024,
        },
});

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

  it('builds one series per layout in the fixed order, ascending N, with the model where traced', () => {
    const rows = [
      row('dary4', 4096, [60, 70, 65], null),
      row('binary', 4096, [50, 55, 52], 51),
      row('binary', 1024, [30, 33, 31], 31),
    ];
    const series = machineSeries(rows);
    expect(series.map((s) => s.layout)).toEqual(['binary', 'dary4']);
    expect(series[0].points.map((p) => p.items)).toEqual([1024, 4096]);
    expect(series[1].points[0].modelNs).toBeNull();
    const data = { series, sizes: [1024, 4096], showModel: true, title: 't', caption: 'c' };
    expect(sizesWithData(data)).toEqual([1024, 4096]);
    expect(readoutText(data, 4096)).toBe(
      `N = 2^12 (4,096), time per operation: Binary heap ${formatNs(52)} (${formatNs(50)}–${formatNs(55)}; model ${formatNs(51)}) · 4-ary heap ${formatNs(65)} (${formatNs(60)}–${formatNs(70)})`,
    );
    expect(formatNs(1240)).toBe('1.24 µs');
  });
});
