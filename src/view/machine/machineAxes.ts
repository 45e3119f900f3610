// The machine chart's words on its log-log axes: N in powers of two, ns per operation.

import type { LogLogWords } from '../charts/logLogAxes';
import { nsTick } from './machineScales';

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** N as the axis writes it: 2¹⁶ for a power of two, else in thousands ("3k"). */
export function nTick(items: number): string {
  const e = Math.log2(items);
  if (Number.isInteger(e)) {
    return `2${[...String(e)].map((d) => SUPERSCRIPTS[Number(d)]).join('')}`;
  }
  return items >= 1000 ? `${Math.round(items / 1000)}k` : String(items);
}

export const MACHINE_AXIS_WORDS: LogLogWords = {
  xTick: nTick,
  yTick: nsTick,
  xLabel: 'N, items in the heap (log scale)',
  yLabel: 'time per operation (log scale)',
};
