// The scaling chart in words: the readout for one N, and the chart's label.

import { formatItems, formatSeconds, QUANTITY_LABELS } from '../../core/experiments/scalingSeries';
import { formatCount } from '../../core/explain/numbers';
import { STRUCTURES, type StructureKind } from '../../core/structures/registry';
import { type ScalingChartData, valueAt } from './scalingData';

/** Before any data. */
export const NO_DATA_LABEL = 'cost per operation against N: no data';

/** "N = 1,000, time per add: Binary heap 1.2 µs (measured here 1.5 µs) · …". */
export function readoutText(data: ScalingChartData, n: number): string {
  const parts = data.model.map((s) => {
    const model = valueAt(s, n);
    const measuredSeries = data.showMeasured
      ? data.measured.find((m) => m.kind === s.kind)
      : undefined;
    const measured = measuredSeries === undefined ? null : valueAt(measuredSeries, n);
    const value = model === null ? 'not run' : formatSeconds(model);
    const extra = measured === null ? '' : ` (measured here ${formatSeconds(measured)})`;
    return `${STRUCTURES[s.kind].title} ${value}${extra}`;
  });
  return `N = ${formatCount(n)}, time per ${QUANTITY_LABELS[data.quantity]}: ${parts.join(' · ')}`;
}

/** The chart in one or two sentences: what it plots and how the ends compare. */
export function describe(data: ScalingChartData | null): string {
  if (data === null || data.model.length === 0) {
    return 'Cost per operation against N, log-log: no data yet.';
  }
  const what = QUANTITY_LABELS[data.quantity];
  let text =
    `${data.title}. ${data.caption}. Log-log chart of the time per ${what} against N for ` +
    `${data.model.length} structures (${data.model.map((s) => STRUCTURES[s.kind].title).join(', ')}).`;
  const largest = Math.max(...data.model.flatMap((s) => s.points.map((p) => p.items)));
  const at = data.model
    .map((s) => ({ kind: s.kind, value: valueAt(s, largest) }))
    .filter((e): e is { kind: StructureKind; value: number } => e.value !== null)
    .sort((a, b) => a.value - b.value);
  if (at.length >= 2) {
    const cheap = at[0];
    const dear = at[at.length - 1];
    text +=
      ` At N = ${formatItems(largest)} the model's costliest is ${STRUCTURES[dear.kind].title} ` +
      `(${formatSeconds(dear.value)}) and the cheapest ${STRUCTURES[cheap.kind].title} ` +
      `(${formatSeconds(cheap.value)}).`;
  }
  if (data.showMeasured && data.measured.length > 0) text += ' Dashed lines: measured here.';
  return `${text} Left and right arrows move the readout from one N to the next.`;
}
