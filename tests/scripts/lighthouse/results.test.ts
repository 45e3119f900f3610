// Several runs of a page with a preset, combined: medians, and the median run's culprits.

import { describe, expect, it } from 'vitest';
import { combineRuns } from '../../../scripts/lighthouse/results';
import { failedRun } from '../../../scripts/lighthouse/summary';
import { run } from './runs';

const task = (durationMs: number) => ({ url: 'a.js', startMs: 0, durationMs });

describe('combined runs', () => {
  it('give each number as the median of its runs', () => {
    const combined = combineRuns([
      run({ performance: 70, tbtMs: 900, cls: 0.3 }),
      run({ performance: 90, tbtMs: 100, cls: 0.1 }),
      run({ performance: 80, tbtMs: 500, cls: 0.2 }),
    ]);
    expect(combined.performance).toBe(80);
    expect(combined.tbtMs).toBe(500);
    expect(combined.cls).toBe(0.2);
  });

  it('take the culprit lists from the run whose performance is the median', () => {
    const combined = combineRuns([
      run({ performance: 70, longTasks: [task(700)] }),
      run({ performance: 80, longTasks: [task(800)] }),
      run({ performance: 90, longTasks: [task(900)] }),
    ]);
    expect(combined.longTasks).toEqual([task(800)]);
  });

  it('list the audits any run failed, each once', () => {
    const contrast = {
      category: 'accessibility' as const,
      id: 'color-contrast',
      title: 'Contrast',
      elements: ['p.caption'],
    };
    const errors = {
      category: 'best-practices' as const,
      id: 'errors-in-console',
      title: 'Errors',
      elements: [],
    };
    const combined = combineRuns([
      run({ failedAudits: [contrast] }),
      run(),
      run({ failedAudits: [errors, contrast] }),
    ]);
    expect(combined.failedAudits).toEqual([contrast, errors]);
  });

  it('leave failed runs out of the medians and list why they failed', () => {
    const combined = combineRuns([run({ performance: 60 }), failedRun('NO_FCP: No paint')]);
    expect(combined.performance).toBe(60);
    expect(combined.errors).toEqual(['NO_FCP: No paint']);
    expect(combined.runs).toHaveLength(2);
  });

  it('have no numbers when every run failed', () => {
    const combined = combineRuns([failedRun('timeout')]);
    expect(combined.performance).toBeNull();
    expect(combined.layoutShifts).toEqual([]);
  });
});
