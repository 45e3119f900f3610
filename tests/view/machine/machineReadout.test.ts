// The machine chart in words: ns with three digits, the readout at one N, and the chart
// described for a screen reader.

import { describe, expect, it } from 'vitest';
import { type MachineChartData, machineSeries } from '../../../src/view/machine/machineData';
import {
  describe as describeChart,
  formatNs,
  readoutText,
} from '../../../src/view/machine/machineReadout';
import { row } from './rows';

const rows = [
  row('dary4', 4096, [60, 70, 65], null),
  row('binary', 4096, [50, 55, 52], 51),
  row('binary', 1024, [30, 33, 31], 31),
];

const data = (showModel: boolean): MachineChartData => ({
  series: machineSeries(rows),
  sizes: [1024, 4096],
  showModel,
  title: 'Time per operation',
  caption: 'keys in the array',
});

describe('formatNs', () => {
  it('writes three significant digits, in µs from 1,000 ns', () => {
    expect(formatNs(1240)).toBe('1.24 µs');
    expect(formatNs(41.27)).toBe('41.3 ns');
    expect(formatNs(999)).toBe('999 ns');
    expect(formatNs(1000)).toBe('1 µs');
  });
});

describe('readoutText', () => {
  it('says each layout’s median, range and model at an N, and skips a layout not measured there', () => {
    expect(readoutText(data(true), 4096)).toBe(
      `N = 2^12 (4,096), time per operation: Binary heap ${formatNs(52)} (${formatNs(50)}–${formatNs(55)}; model ${formatNs(51)}) · 4-ary heap ${formatNs(65)} (${formatNs(60)}–${formatNs(70)})`,
    );
    expect(readoutText(data(true), 1024)).not.toContain('4-ary');
  });

  it('leaves the model out when it is not shown', () => {
    expect(readoutText(data(false), 4096)).not.toContain('model');
  });
});

describe('describe', () => {
  it('says there is no data before any series', () => {
    expect(describeChart(null)).toMatch(/no data yet/);
    expect(describeChart({ ...data(false), series: [] })).toMatch(/no data yet/);
  });

  it('names the layouts, the fastest and slowest at the largest N, and the model’s lines', () => {
    const text = describeChart(data(true));
    expect(text).toContain('for 2 layouts (Binary heap, 4-ary heap)');
    expect(text).toContain(
      `At N = 2^12 the fastest is Binary heap (${formatNs(52)}) and the slowest 4-ary heap (${formatNs(65)}).`,
    );
    expect(text).toContain('Dashed lines: the cache model.');
    expect(describeChart(data(false))).not.toContain('Dashed');
  });
});
