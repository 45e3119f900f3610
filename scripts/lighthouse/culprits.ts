// Below the table, what the next engineer works from: the accessibility and best-practice audits
// that failed; for each page and preset with CLS > 0, the
// largest layout shifts Lighthouse's `layout-shifts` audit names (the element that moved most in
// each, and any root cause it found), and for each with TBT > 0, the longest main-thread tasks of
// its `long-tasks` audit. Both come from the median run (results.ts). Shifts are grouped by
// element, since one element often shifts several times (a readout rewritten each step).

import type { PresetResult } from './results';
import { PRESETS } from './results';
import type { LayoutShift, LongTask } from './summary';
import type { PageRow } from './table';
import { formatCls, formatMs } from './table';

/** How many shifts and tasks are listed per page and preset. */
export const CULPRITS_SHOWN = 5;

const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** A task's script as a path on the server (the port changes from run to run). */
export function scriptName(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.replace(/^\//, '');
    // A task attributed to the page itself (its inline script, its parsing).
    if (path === '' || path === 'index.html')
      return `the document${parsed.search ? ` ${parsed.search}` : ''}`;
    return path;
  } catch {
    return url;
  }
}

const taskText = (task: LongTask): string =>
  `${formatMs(task.durationMs)} at ${formatMs(task.startMs)} (${scriptName(task.url)})`;

function each(
  rows: readonly PageRow[],
  visit: (row: PageRow, preset: string, result: PresetResult) => string[],
): string[] {
  return rows.flatMap((row) =>
    PRESETS.flatMap((preset) => {
      const result = row[preset];
      return result === undefined ? [] : visit(row, preset, result);
    }),
  );
}

/** One element's shifts: their scores summed, their causes each once. */
export interface ShiftedElement {
  element: string;
  label: string;
  score: number;
  shifts: number;
  causes: string[];
}

/** The shifts grouped by the element that moved most in each, largest total first. */
export function shiftedElements(shifts: readonly LayoutShift[]): ShiftedElement[] {
  const byElement = new Map<string, ShiftedElement>();
  for (const shift of shifts) {
    const seen = byElement.get(shift.element);
    if (seen === undefined) {
      byElement.set(shift.element, { ...shift, shifts: 1, causes: [...new Set(shift.causes)] });
    } else {
      seen.score += shift.score;
      seen.shifts++;
      seen.causes = [...new Set([...seen.causes, ...shift.causes])];
    }
  }
  return [...byElement.values()].sort((a, b) => b.score - a.score);
}

export function formatLayoutShifts(rows: readonly PageRow[]): string[] {
  const lines = each(rows, (row, preset, result) => {
    if (result.cls === null || result.cls <= 0) return [];
    const elements = shiftedElements(result.layoutShifts).slice(0, CULPRITS_SHOWN);
    const heading = `- ${row.page.label}, ${preset}, CLS ${formatCls(result.cls)}:`;
    if (elements.length === 0) return [heading, '  - (Lighthouse named no shift)'];
    return [
      heading,
      ...elements.map((shifted) => {
        const label = shifted.label === '' ? '' : ` “${oneLine(shifted.label, 50)}”`;
        const count = shifted.shifts === 1 ? '' : ` (${shifted.shifts} shifts)`;
        const causes = shifted.causes.length === 0 ? '' : `; cause: ${shifted.causes.join('; ')}`;
        return `  - ${formatCls(shifted.score)} \`${shifted.element}\`${label}${count}${causes}`;
      }),
    ];
  });
  if (lines.length === 0) return ['Layout shifts: none (CLS 0 on every page audited).'];
  return [
    `Layout shifts (Lighthouse's \`layout-shifts\` audit, of each page with CLS > 0 the ${CULPRITS_SHOWN} elements that moved most, their shifts' scores summed, from the 15 largest shifts Lighthouse lists):`,
    ...lines,
  ];
}

export function formatLongTasks(rows: readonly PageRow[]): string[] {
  const lines = each(rows, (row, preset, result) => {
    if (result.tbtMs === null || result.tbtMs <= 0) return [];
    const tasks = result.longTasks.slice(0, CULPRITS_SHOWN);
    const list = tasks.length === 0 ? '(none listed)' : tasks.map(taskText).join(', ');
    return [`- ${row.page.label}, ${preset}, TBT ${formatMs(result.tbtMs)}: ${list}`];
  });
  if (lines.length === 0) return ['Long main-thread tasks: TBT 0 on every page audited.'];
  return [
    `Long main-thread tasks (Lighthouse's \`long-tasks\` audit, the ${CULPRITS_SHOWN} longest of each page with TBT > 0: duration, start from navigation, script; both as Lighthouse's simulation times them, at 4× CPU slowdown on mobile and 1× on desktop):`,
    ...lines,
  ];
}

export function formatFailedAudits(rows: readonly PageRow[]): string[] {
  const lines = each(rows, (row, preset, result) =>
    result.failedAudits.length === 0
      ? []
      : [
          `- ${row.page.label}, ${preset}: ${result.failedAudits
            .map((audit) => {
              const where = audit.elements.map((element) => `\`${element}\``).join(', ');
              return `${audit.category} \`${audit.id}\` (${audit.title})${where ? ` at ${where}` : ''}`;
            })
            .join('; ')}`,
        ],
  );
  if (lines.length === 0) return ['Failed audits: none in accessibility or best practices.'];
  return [
    'Failed audits (what keeps accessibility or best practices below 100, in any run):',
    ...lines,
  ];
}
