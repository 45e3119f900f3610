// The machine chart in words: the readout at one N, and the chart's label.

import { formatN } from '../../core/experiments/machineReport';
import { formatCount } from '../../core/explain/numbers';
import { MACHINE_LAYOUT_INFO } from '../../core/measure/machineLayouts';
import { type MachineChartData, pointAt } from './machineData';

export const NO_DATA_LABEL = 'time per operation against N, measured here: no data';

/** ns with three significant digits: "41.3 ns", "1.24 µs". */
export function formatNs(ns: number): string {
  if (ns >= 1000) return `${Number((ns / 1000).toPrecision(3))} µs`;
  return `${Number(ns.toPrecision(3))} ns`;
}

/** "N = 2^20 (1,048,576): Binary heap 136 ns (131–142; model 120 ns) · …". */
export function readoutText(data: MachineChartData, items: number): string {
  const parts: string[] = [];
  for (const series of data.series) {
    const point = pointAt(series, items);
    if (point === null) continue;
    const model =
      data.showModel && point.modelNs !== null ? `; model ${formatNs(point.modelNs)}` : '';
    parts.push(
      `${MACHINE_LAYOUT_INFO[series.layout].title} ${formatNs(point.medianNs)} (${formatNs(point.minNs)}–${formatNs(point.maxNs)}${model})`,
    );
  }
  return `N = ${formatN(items)} (${formatCount(items)}), time per operation: ${parts.join(' · ')}`;
}

/** The chart in a few sentences: what it plots and how the layouts compare at the largest N. */
export function describe(data: MachineChartData | null): string {
  if (data === null || data.series.length === 0) {
    return 'Time per operation against N, measured in this browser, log-log: no data yet.';
  }
  let text =
    `${data.title}. ${data.caption}. Log-log chart of the measured time per operation against N ` +
    `for ${data.series.length} layouts (${data.series.map((s) => MACHINE_LAYOUT_INFO[s.layout].title).join(', ')}).`;
  const largest = Math.max(...data.series.flatMap((s) => s.points.map((p) => p.items)));
  const at = data.series
    .map((s) => ({ layout: s.layout, point: pointAt(s, largest) }))
    .filter((e) => e.point !== null)
    .sort((a, b) => (a.point?.medianNs ?? 0) - (b.point?.medianNs ?? 0));
  if (at.length >= 2) {
    const fast = at[0];
    const slow = at[at.length - 1];
    text +=
      ` At N = ${formatN(largest)} the fastest is ${MACHINE_LAYOUT_INFO[fast.layout].title} ` +
      `(${formatNs(fast.point?.medianNs ?? 0)}) and the slowest ${MACHINE_LAYOUT_INFO[slow.layout].title} ` +
      `(${formatNs(slow.point?.medianNs ?? 0)}).`;
  }
  if (data.showModel) text += ' Dashed lines: the cache model.';
  return `${text} Left and right arrows move the readout from one N to the next.`;
}
