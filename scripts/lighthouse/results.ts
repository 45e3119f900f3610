// What the table shows for a page with one preset: the median of its runs (median.ts), with the
// culprit lists of its median run, the failed audits of any run, and every run kept for `--json`.

import { medianOf, medianRunIndex } from './median';
import type { FailedAudit, LayoutShift, LongTask, RunSummary } from './summary';

export type Preset = 'mobile' | 'desktop';
export const PRESETS: readonly Preset[] = ['mobile', 'desktop'];

export interface PresetResult {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  tbtMs: number | null;
  lcpMs: number | null;
  cls: number | null;
  /** The median run's (the run whose performance score is nearest the median). */
  layoutShifts: LayoutShift[];
  longTasks: LongTask[];
  /** Every run's, each audit once: a flaky failure is still worth a look. */
  failedAudits: FailedAudit[];
  /** Runs that gave no numbers, with why. */
  errors: string[];
  runs: RunSummary[];
}

export function combineRuns(runs: readonly RunSummary[]): PresetResult {
  const good = runs.filter((run) => run.error === null);
  const of = (pick: (run: RunSummary) => number | null) => medianOf(good.map(pick));
  const middle = good[medianRunIndex(good.map((run) => run.performance))];
  return {
    performance: of((run) => run.performance),
    accessibility: of((run) => run.accessibility),
    bestPractices: of((run) => run.bestPractices),
    tbtMs: of((run) => run.tbtMs),
    lcpMs: of((run) => run.lcpMs),
    cls: of((run) => run.cls),
    layoutShifts: middle?.layoutShifts ?? [],
    longTasks: middle?.longTasks ?? [],
    failedAudits: distinctAudits(good.flatMap((run) => run.failedAudits)),
    errors: runs.flatMap((run) => (run.error === null ? [] : [run.error])),
    runs: [...runs],
  };
}

function distinctAudits(audits: readonly FailedAudit[]): FailedAudit[] {
  const byId = new Map<string, FailedAudit>();
  for (const audit of audits) if (!byId.has(audit.id)) byId.set(audit.id, audit);
  return [...byId.values()];
}
