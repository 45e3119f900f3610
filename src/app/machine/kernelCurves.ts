// The model's whole LRU curve for a kernel measurement, where the page ships it: the article's
// run (shipped.ts SHIPPED_CURVE_RUNS, the curves tab's data, loaded on demand). With it the kernel
// part also gives the model at the pages the array actually held; other runs get the model at
// the rooms measured only.

import type { OsKernelLayout, OsKernelReport } from '../../core/experiments/osKernelReport';
import type { LruCurves } from '../../core/experiments/osKernelSeries';
import { SHIPPED_CURVE_RUNS, unpackCurve } from '../../core/experiments/shipped';

/** The shipped runs this report's layouts were measured with (same workload, items, page, seed). */
export function shippedRunsFor(report: OsKernelReport): Map<OsKernelLayout, number> {
  const found = new Map<OsKernelLayout, number>();
  const r = report.run;
  SHIPPED_CURVE_RUNS.forEach((run, index) => {
    const w = run.workload;
    const same =
      w.kind === r.workload &&
      'items' in w &&
      w.items === r.items &&
      w.seed === r.seed &&
      run.structure.itemsPerPage === r.pageItems;
    const layout = run.structure.kind as OsKernelLayout;
    if (same && report.rows.some((row) => row.layout === layout)) found.set(layout, index);
  });
  return found;
}

/** Loads the shipped curves this report can use (none: resolves at once to {}). */
export async function loadLruCurves(report: OsKernelReport): Promise<LruCurves> {
  const runs = shippedRunsFor(report);
  if (runs.size === 0) return {};
  const { SHIPPED_CURVES } = await import('../../core/experiments/shippedCurves.generated');
  const curves: LruCurves = {};
  for (const [layout, index] of runs) curves[layout] = unpackCurve(SHIPPED_CURVES[index]).pageIns;
  return curves;
}
