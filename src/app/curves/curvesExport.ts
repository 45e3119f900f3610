// The curves tab's data exports: the CLI's report for the runs shown, line for line (`sweep` for
// LRU alone, `sweep --policy …` for another policy or the floor), and the files' common name.

import type { CurveSettings } from '../../core/experiments/curveSettings';
import type { PolicySweepResult } from '../../core/experiments/policySweep';
import {
  toCsvReport,
  toJsonReport,
  toPolicyCsvReport,
  toPolicyJsonReport,
} from '../../core/experiments/report';
import type { CurvePair, CurveResult } from './curvesClient';

/** Every export's name but its extension. */
export function curvesFileName(settings: CurveSettings): string {
  const { left, right, preset, items, itemsPerPage } = settings;
  return `bheap-${left}-${right}-${preset}-${items}x${itemsPerPage}`;
}

/** The runs as policy sweep results (for the exports), or null for LRU alone. */
function policyResultsOf(runs: readonly CurveResult[]): PolicySweepResult[] | null {
  if (runs.some((run) => run.curves === null)) return null;
  return runs.map((run) => {
    const { pageIns: _pageIns, writeBacks: _writebacks, curves, floor: _floor, ...rest } = run;
    return { ...rest, curves: curves ?? [] };
  });
}

/** The CLI's CSV or JSON report of the results, with its media type. */
export function curvesReport(
  format: 'csv' | 'json',
  results: CurvePair,
  ioMs: number,
): { body: string; type: string } {
  const type = format === 'csv' ? 'text/csv' : 'application/json';
  // As the CLI's `--layout treap,treap`, the same structure on both sides is one run.
  const runs: CurveResult[] = results[0] === results[1] ? [results[0]] : results;
  const policyRuns = policyResultsOf(runs);
  if (policyRuns !== null) {
    const cpuOf = new Map(policyRuns.map((run, i) => [run, runs[i].cpuSeconds]));
    const body =
      format === 'csv'
        ? toPolicyCsvReport(policyRuns, {
            ioMs,
            cpuSeconds: (result) => cpuOf.get(result as PolicySweepResult) ?? 0,
          })
        : toPolicyJsonReport(policyRuns);
    return { body, type };
  }
  const body =
    format === 'csv'
      ? toCsvReport(runs, { ioMs, cpuSeconds: (result) => (result as CurveResult).cpuSeconds })
      : toJsonReport(runs);
  return { body, type };
}
