// What the benchmark reads from a Lighthouse result, on a result shaped like Lighthouse 12's.

import { describe, expect, it } from 'vitest';
import { type LighthouseResultLike, summarize } from '../../../scripts/lighthouse/summary';

function result(overrides: Partial<LighthouseResultLike> = {}): LighthouseResultLike {
  return {
    lighthouseVersion: '12.8.2',
    categories: {
      performance: { score: 0.654 },
      accessibility: {
        score: 0.96,
        auditRefs: [
          { id: 'color-contrast', weight: 7 },
          { id: 'label', weight: 7 },
          { id: 'label-content-name-mismatch', weight: 0 },
          { id: 'video-caption', weight: 10 },
        ],
      },
      'best-practices': { score: 0.96, auditRefs: [{ id: 'errors-in-console', weight: 1 }] },
    },
    audits: {
      'color-contrast': {
        score: 0,
        title: 'Contrast is too low',
        details: {
          type: 'table',
          items: [
            { node: { type: 'node', selector: 'p.caption' } },
            { node: { type: 'node', selector: 'p.caption' } },
            { node: { type: 'node', selector: 'span.a' } },
            { node: { type: 'node', selector: 'span.b' } },
            { node: { type: 'node', selector: 'span.c' } },
          ],
        },
      },
      label: { score: 1, title: 'Form elements have labels' },
      'label-content-name-mismatch': { score: 0, title: 'Name mismatch' },
      'video-caption': { score: null, title: 'Videos have captions' },
      'errors-in-console': { score: 0 },
      'total-blocking-time': { numericValue: 1614.86 },
      'largest-contentful-paint': { numericValue: 2959.8 },
      'cumulative-layout-shift': { numericValue: 0.0138 },
      'layout-shifts': {
        details: {
          type: 'table',
          items: [
            {
              node: {
                type: 'node',
                selector: 'aside.sidebar > div.chart-box',
                nodeLabel: 'Figure 2: heavy pressure\nBinary heap',
              },
              score: 0.0138,
              subItems: {
                type: 'subitems',
                items: [
                  {
                    cause: 'Web font loaded',
                    extra: { type: 'url', value: 'http://x/font.woff2' },
                  },
                  { cause: 'Media element lacking an explicit size' },
                ],
              },
            },
            { score: 0.001 },
          ],
        },
      },
      'long-tasks': {
        details: {
          type: 'table',
          items: [
            { url: 'Unattributable', startTime: 635.3, duration: 101 },
            { url: 'http://127.0.0.1:4000/assets/index.js', startTime: 1971.6, duration: 803 },
            { url: 'http://127.0.0.1:4000/assets/index.js', startTime: 'late', duration: 55 },
            { url: 'broken' },
          ],
        },
      },
    },
    runWarnings: ['The page loaded too slowly'],
    environment: { benchmarkIndex: 1126.5 },
    ...overrides,
  };
}

describe('a Lighthouse result, summarized', () => {
  it('gives the category scores as the report shows them, 0 to 100', () => {
    const run = summarize(result());
    expect([run.performance, run.accessibility, run.bestPractices]).toEqual([65, 96, 96]);
  });

  it('gives TBT, LCP and CLS as Lighthouse measured them', () => {
    const run = summarize(result());
    expect(run.tbtMs).toBe(1614.86);
    expect(run.lcpMs).toBe(2959.8);
    expect(run.cls).toBe(0.0138);
  });

  it('names each layout shift’s element, label and root causes', () => {
    const [shift, bare] = summarize(result()).layoutShifts;
    expect(shift).toEqual({
      element: 'aside.sidebar > div.chart-box',
      label: 'Figure 2: heavy pressure\nBinary heap',
      score: 0.0138,
      causes: ['Web font loaded (http://x/font.woff2)', 'Media element lacking an explicit size'],
    });
    expect(bare).toEqual({ element: '(no element)', label: '', score: 0.001, causes: [] });
  });

  it('lists the long tasks longest first, skipping one without a duration', () => {
    const tasks = summarize(result()).longTasks;
    expect(tasks.map((task) => task.durationMs)).toEqual([803, 101, 55]);
    expect(tasks[0]).toEqual({
      url: 'http://127.0.0.1:4000/assets/index.js',
      startMs: 1971.6,
      durationMs: 803,
    });
    expect(tasks[2].startMs).toBe(0);
  });

  it('lists the weighted accessibility and best-practice audits that failed, with their first elements', () => {
    expect(summarize(result()).failedAudits).toEqual([
      {
        category: 'accessibility',
        id: 'color-contrast',
        title: 'Contrast is too low',
        elements: ['p.caption', 'span.a', 'span.b'],
      },
      {
        category: 'best-practices',
        id: 'errors-in-console',
        title: 'errors-in-console',
        elements: [],
      },
    ]);
  });

  it('keeps Lighthouse’s warnings and its machine benchmark', () => {
    const run = summarize(result());
    expect(run.warnings).toEqual(['The page loaded too slowly']);
    expect(run.benchmarkIndex).toBe(1126.5);
    expect(run.error).toBeNull();
  });

  it('reads a missing score, metric or audit as null or none', () => {
    const run = summarize(
      result({
        categories: { performance: { score: null } },
        audits: { 'total-blocking-time': { numericValue: Number.NaN } },
        runWarnings: undefined,
        environment: undefined,
      }),
    );
    expect([run.performance, run.accessibility, run.tbtMs, run.cls]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(run.layoutShifts).toEqual([]);
    expect(run.longTasks).toEqual([]);
    expect(run.warnings).toEqual([]);
    expect(run.benchmarkIndex).toBeNull();
  });

  it('reports Lighthouse’s runtime error as the run’s error', () => {
    const run = summarize(result({ runtimeError: { code: 'NO_FCP', message: 'No paint' } }));
    expect(run.error).toBe('NO_FCP: No paint');
  });
});
