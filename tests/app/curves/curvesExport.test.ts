// The curves tab's exports: the CLI's sweep report for the runs shown, one run for the same
// structure on both sides, the policy report when the runs carry policy curves, and the name.

import { describe, expect, it } from 'vitest';
import type { CurvePair, CurveResult } from '../../../src/app/curves/curvesClient';
import { curvesFileName, curvesReport } from '../../../src/app/curves/curvesExport';
import { presetSettings } from '../../../src/core/experiments/curveSettings';
import { sweepPolicies } from '../../../src/core/experiments/policySweep';
import {
  toCsvReport,
  toJsonReport,
  toPolicyCsvReport,
  toPolicyJsonReport,
} from '../../../src/core/experiments/report';
import { sweepLayout } from '../../../src/core/experiments/sweep';
import { structureSpec } from '../../../src/core/structures/registry';
import type { Workload } from '../../../src/core/workloads/workloads';

const workload: Workload = { kind: 'phk', items: 400, seed: 1, keyRange: 2 ** 31 };

/** A result as the client keeps it, from the core's sweep. */
function lruResult(kind: 'binary' | 'bheap', cpuSeconds: number): CurveResult {
  return {
    ...sweepLayout(structureSpec(kind, 16), workload),
    cpuSeconds,
    sweepSeconds: 0,
    curves: null,
    floor: null,
  };
}

describe('curvesReport', () => {
  it('is the CLI’s sweep report of both runs, and of one when both sides run one structure', () => {
    const left = lruResult('binary', 2);
    const right = lruResult('bheap', 3);
    const cpuSeconds = (result: unknown) => (result as CurveResult).cpuSeconds;
    expect(curvesReport('csv', [left, right], 8)).toEqual({
      body: toCsvReport([left, right], { ioMs: 8, cpuSeconds }),
      type: 'text/csv',
    });
    expect(curvesReport('json', [left, right], 8)).toEqual({
      body: toJsonReport([left, right]),
      type: 'application/json',
    });
    const same: CurvePair = [left, left];
    expect(curvesReport('csv', same, 8).body).toBe(toCsvReport([left], { ioMs: 8, cpuSeconds }));
    expect(curvesReport('csv', [left, right], 8).body).not.toBe(
      curvesReport('csv', [left, right], 1).body,
    );
  });

  it('is the CLI’s policy report when the runs carry each policy’s curve', () => {
    const swept = (['binary', 'bheap'] as const).map((kind) => {
      const result = sweepPolicies(structureSpec(kind, 16), workload, ['fifo', 'lru']);
      return {
        result,
        client: {
          ...result,
          layout: kind,
          pageIns: new Float64Array(0),
          writeBacks: new Float64Array(0),
          cpuSeconds: 1,
          sweepSeconds: 0,
          floor: null,
        } as CurveResult,
      };
    });
    const pair: CurvePair = [swept[0].client, swept[1].client];
    const results = swept.map((s) => s.result);
    const json = curvesReport('json', pair, 1);
    expect(json.body).toBe(toPolicyJsonReport(results));
    const csv = curvesReport('csv', pair, 1);
    expect(csv.body).toBe(toPolicyCsvReport(results, { ioMs: 1, cpuSeconds: () => 1 }));
    expect(csv.body).toMatch(/fifo/);
  });
});

describe('curvesFileName', () => {
  it('names the pair, the preset and the run', () => {
    const settings = presetSettings('fig1');
    expect(curvesFileName(settings)).toBe('bheap-binary-bheap-fig1-1000000x512');
    expect(curvesFileName({ ...settings, left: 'treap', items: 5000 })).toBe(
      'bheap-treap-bheap-fig1-5000x512',
    );
  });
});
