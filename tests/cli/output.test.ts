// The sweep's output written one layout at a time is byte for byte report.ts's single text.

import { describe, expect, it } from 'vitest';
import { sweepTextPieces } from '../../src/cli/output';
import { toCsvReport, toJsonReport } from '../../src/core/experiments/report';
import { sweepLayout } from '../../src/core/experiments/sweep';
import { structureSpec } from '../../src/core/structures/registry';

const workload = { kind: 'phk', items: 300, seed: 7, keyRange: 2 ** 31 } as const;
const results = (['binary', 'bheap', 'rb'] as const).map((kind) =>
  sweepLayout(structureSpec(kind, 16), workload),
);
const options = { ioMs: 10, cpuSeconds: () => 0.25 };

describe('sweepTextPieces', () => {
  it.each([1, 3])('JSON and CSV of %i layouts, piece by piece, equal the whole text', (count) => {
    const some = results.slice(0, count);
    const json = [...sweepTextPieces(some, 'json', options)];
    const csv = [...sweepTextPieces(some, 'csv', options)];
    expect(json.join('')).toBe(`${toJsonReport(some)}\n`);
    expect(csv.join('')).toBe(toCsvReport(some, options));
    // One piece per layout (JSON adds its opening and closing): no piece holds two layouts.
    expect(csv).toHaveLength(count);
    expect(json).toHaveLength(count + 2);
  });
});
