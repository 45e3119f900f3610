// The curves chart in words: the readout line for one frame count, and the chart's labels.

import { format } from 'd3-format';
import { clockDuration, countOf, formatCount } from '../../core/explain/numbers';
import type { CurveMode, CurvesData } from './curvesData';
import { floorAt, type Prepared, ratioOf, valueAt } from './prepare';

const fmt3 = format('.3r');
const fmt4 = format('.4~r');
const fmtSmall = format('.2e');

/** Three significant digits, without exponents for the magnitudes a readout sees. */
export function sig3(v: number): string {
  if (v === 0) return '0';
  if (Math.abs(v) < 1e-3) return fmtSmall(v);
  return fmt3(v);
}

/** Three significant digits, a thousand and more grouped: "47,300", "4.04". */
function grouped3(v: number): string {
  return Math.abs(v) >= 1000 ? formatCount(Number(fmt3(v))) : sig3(v);
}

export function formatValue(mode: CurveMode, v: number): string {
  if (mode === 'transfers') return `${grouped3(v)} transfers/op`;
  if (v > 0 && v < 1) return `${sig3(v * 1000)} ms`;
  const clock = clockDuration(v);
  return clock === null ? `${grouped3(v)} s` : `${grouped3(v)} s (${clock})`;
}

export function formatKb(kb: number): string {
  if (Number.isInteger(kb)) return String(kb);
  return kb >= 1000 ? String(Math.round(kb)) : fmt4(kb);
}

/** "f resident pages (m missing = k KB)": where the readout stands, in words and numbers. */
export function whereText(p: Prepared, f: number): string {
  const missing = p.pages - f;
  const kb = missing * p.kbPerPage;
  const kbText = Number.isInteger(kb) ? formatCount(kb) : formatKb(kb);
  return `${countOf(f, 'resident page')} (${formatCount(missing)} missing = ${kbText} KB)`;
}

/** "f resident pages (m missing = k KB): left v, right v, ratio r". */
export function readoutText(p: Prepared, f: number): string {
  const va = valueAt(p, 0, f);
  const vb = valueAt(p, 1, f);
  const r = ratioOf(va, vb);
  const [a, b] = p.data.series;
  const where = whereText(p, f);
  const policy = p.data.policy === 'LRU' ? '' : `, ${p.data.policy}`;
  if (!Number.isFinite(va) || !Number.isFinite(vb)) {
    return `${where}${policy}: ${p.data.policy} was not simulated with this many resident pages (a large run gets 64 frame counts, spaced on a log scale; the line joins them)`;
  }
  const ratio = Number.isFinite(r)
    ? sig3(r)
    : p.data.mode === 'transfers'
      ? `n/a (no ${b.title} transfers)`
      : 'n/a';
  const floor =
    p.data.floor === null
      ? ''
      : `; OPT floor: ${a.title} ${formatValue(p.data.mode, floorAt(p, 0, f))}, ${b.title} ${formatValue(p.data.mode, floorAt(p, 1, f))}`;
  return (
    `${where}${policy}: ` +
    `${a.title} ${formatValue(p.data.mode, va)}, ${b.title} ${formatValue(p.data.mode, vb)}, ` +
    `ratio ${ratio}${floor}`
  );
}

/** Before any data. */
export const NO_DATA_LABEL = 'run time against VM pressure: no data';

/** The <svg>'s label on the page: what it plots, and the keys that work on it. */
export function chartLabel(data: CurvesData): string {
  return (
    `${data.title}. ${data.caption}. ${
      data.mode === 'time' ? 'Run time' : 'Page transfers per operation'
    } of the ${data.series[0].title} and the ${data.series[1].title} against VM pressure, and their ratio (left / right). ` +
    'Left and right arrows move the readout, Enter picks that number of resident pages.'
  );
}

/** The label of an exported file: it only needs to say what it shows. */
export function fileLabel(p: Prepared | null, message: string | null): string {
  return p === null ? (message ?? 'VM pressure chart') : `${p.data.title}. ${p.data.caption}`;
}
