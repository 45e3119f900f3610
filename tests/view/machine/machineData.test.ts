// What the machine chart is given: one series per layout from the report's rows, the N where
// the crosshair may stop, and every value drawn (for the y domain).

import { describe, expect, it } from 'vitest';
import {
  drawnValues,
  type MachineChartData,
  machineSeries,
  pointAt,
  sizesWithData,
} from '../../../src/view/machine/machineData';
import { row } from './rows';

const chart = (series: MachineChartData['series'], showModel: boolean): MachineChartData => ({
  series,
  sizes: [1024, 4096, 16384],
  showModel,
  title: 't',
  caption: 'c',
});

describe('machineSeries', () => {
  it('builds one series per layout in the fixed order, ascending N, with the model where traced', () => {
    const rows = [
      row('dary4', 4096, [60, 70, 65], null),
      row('binary', 4096, [50, 55, 52], 51),
      row('binary', 1024, [30, 33, 31], 31),
    ];
    const series = machineSeries(rows);
    expect(series.map((s) => s.layout)).toEqual(['binary', 'dary4']);
    expect(series[0].points.map((p) => p.items)).toEqual([1024, 4096]);
    expect(series[0].points[1]).toEqual({
      items: 4096,
      medianNs: 52,
      minNs: 50,
      maxNs: 55,
      modelNs: 51,
    });
    expect(series[1].points[0].modelNs).toBeNull();
  });

  it('leaves out a row that measured nothing, and a layout left with no row', () => {
    const series = machineSeries([
      row('binary', 1024, [30], null),
      row('bheap4k', 1024, [0], null),
      row('dary8', 1024, [Number.POSITIVE_INFINITY], null),
    ]);
    expect(series.map((s) => s.layout)).toEqual(['binary']);
    expect(machineSeries([])).toEqual([]);
  });
});

describe('pointAt and sizesWithData', () => {
  it('find a series’ point at an N, and every N some series has, ascending', () => {
    const series = machineSeries([
      row('binary', 4096, [50], null),
      row('dary4', 16384, [70], null),
      row('binary', 1024, [30], null),
    ]);
    expect(pointAt(series[0], 1024)?.medianNs).toBe(30);
    expect(pointAt(series[0], 16384)).toBeNull();
    expect(sizesWithData(chart(series, false))).toEqual([1024, 4096, 16384]);
    expect(sizesWithData(null)).toEqual([]);
  });
});

describe('drawnValues', () => {
  it('holds every range end, and the model only where it is shown and positive', () => {
    const series = machineSeries([
      row('binary', 1024, [30, 33, 31], 20),
      row('dary4', 1024, [40, 44], 0),
    ]);
    expect(drawnValues(chart(series, false)).sort((a, b) => a - b)).toEqual([30, 33, 40, 44]);
    expect(drawnValues(chart(series, true)).sort((a, b) => a - b)).toEqual([20, 30, 33, 40, 44]);
  });
});
