// Tests the estimate of a sweep's output text against the real CSV and JSON: an upper bound,
// within 3x, of its characters and its rows.

import { describe, expect, it } from 'vitest';
import {
  digitsUpTo,
  estimateSweepOutput,
  outputPages,
} from '../../../src/core/experiments/outputEstimate';
import { toCsvReport, toJsonReport } from '../../../src/core/experiments/report';
import { sweepLayout } from '../../../src/core/experiments/sweep';
import { structurePages, structureSpec } from '../../../src/core/structures/registry';
import { expectBound, phk } from './estimateTesting';

describe('the output estimate against the text the CLI prints', () => {
  it('the output text: longer than the real CSV and JSON, by less than 3 times', () => {
    const workload = phk(20_000);
    const specs = (['binary', 'rb'] as const).map((kind) => structureSpec(kind, 4));
    const results = specs.map((spec) => sweepLayout(spec, workload));
    const options = { ioMs: 1000, cpuSeconds: () => 123.456789 };
    const csv = toCsvReport(results, options).length;
    const json = `${toJsonReport(results)}\n`.length;
    const csvEstimate = estimateSweepOutput(specs, workload, 'csv');
    const jsonEstimate = estimateSweepOutput(specs, workload, 'json');
    expectBound(csvEstimate.chars, csv, 'csv');
    expectBound(jsonEstimate.chars, json, 'json');
    expect(csvEstimate.rows).toBe(
      specs.reduce((sum, spec) => sum + structurePages(spec, 20_000), 0),
    );
    expect(csvEstimate.longest).toBeLessThan(csvEstimate.chars);
  });

  it('the rows: a sweep prints the pages it touched, a few of each large node', () => {
    const workload = phk(2000);
    for (const [kind, nodeBytes, itemsPerPage] of [
      ['treap', 256, 4],
      ['rb', 48, 4],
      ['llrb', 4096, 8],
      ['list', 72, 16],
      ['bheap', 48, 4],
    ] as const) {
      const spec = structureSpec(kind, itemsPerPage, nodeBytes);
      const result = sweepLayout(spec, workload);
      expectBound(outputPages(spec, 2000), result.pages, `${kind} ${nodeBytes} B`);
    }
  });

  it('digitsUpTo counts the digits of 1..n', () => {
    for (const n of [0, 1, 9, 10, 11, 99, 100, 12_345]) {
      let total = 0;
      for (let f = 1; f <= n; f++) total += String(f).length;
      expect(digitsUpTo(n), `n = ${n}`).toBe(total);
    }
  });
});
