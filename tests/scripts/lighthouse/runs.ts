// Builders of runs and results for the Lighthouse benchmark's tests.

import { combineRuns, type PresetResult } from '../../../scripts/lighthouse/results';
import { failedRun, type RunSummary } from '../../../scripts/lighthouse/summary';

export function run(numbers: Partial<RunSummary> = {}): RunSummary {
  return {
    ...failedRun(''),
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    tbtMs: 0,
    lcpMs: 1_000,
    cls: 0,
    benchmarkIndex: 1_000,
    error: null,
    ...numbers,
  };
}

export const result = (numbers: Partial<RunSummary> = {}): PresetResult =>
  combineRuns([run(numbers)]);
