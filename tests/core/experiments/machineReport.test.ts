// The machine report: rows joined from timed and traced runs, the model calibrated where it is
// first traced, the CSV's shape, and the sentences on where a layout beats the binary heap and
// where the model leaves the measurement.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HIERARCHY } from '../../../src/core/experiments/hierarchy';
import {
  divergence,
  formatN,
  MACHINE_CSV_HEADER,
  type MachinePoint,
  type MachinePrediction,
  machineRows,
  toMachineCsv,
  versusBinary,
} from '../../../src/core/experiments/machineReport';
import type { MachineLayout, MachineRun } from '../../../src/core/measure/machineLayouts';
import { traceMisses } from '../../../src/core/measure/missCurves';

const run = (layout: MachineLayout, items: number): MachineRun => ({
  layout,
  form: 'key',
  workload: 'phk',
  items,
  seed: 1,
});

const point = (layout: MachineLayout, items: number, ns: number[]): MachinePoint => ({
  run: run(layout, items),
  operations: 4 * items,
  batchRuns: 1,
  nsPerOp: ns,
});

describe('the machine report', () => {
  it('calibrates each layout at its smallest traced N, where the model then equals the median', () => {
    const predictions: MachinePrediction[] = [1024, 4096].map((items) => ({
      run: run('binary', items),
      ...traceMisses(run('binary', items)),
    }));
    const rows = machineRows(
      [
        point('binary', 4096, [50, 60, 55]),
        point('binary', 1024, [40, 30, 35]),
        point('binary', 8192, [70, 80, 75]),
      ],
      predictions,
      DEFAULT_HIERARCHY,
    );
    expect(rows.map((r) => r.items)).toEqual([1024, 4096, 8192]);
    expect(rows[0].medianNs).toBe(35);
    expect(rows[0].minNs).toBe(30);
    expect(rows[0].maxNs).toBe(40);
    expect(rows[0].model?.calibratedAt).toBe(1024);
    expect(rows[0].model?.predictedNs).toBeCloseTo(35);
    expect(rows[1].model?.calibratedAt).toBe(1024);
    // More comparisons per operation at the larger N: the model grows with them.
    expect(rows[1].model?.predictedNs).toBeGreaterThan(35);
    expect(rows[2].model).toBeNull();
    // One traced N beside the calibration: the measured time over the modelled one there.
    const ratio = rows[1].medianNs / (rows[1].model?.predictedNs ?? 1);
    expect(divergence(rows)).toEqual([`Binary heap: ${ratio.toFixed(2)}× the model at N = 2^12.`]);
    const csv = toMachineCsv(rows).trimEnd().split('\n');
    expect(csv[0]).toBe(MACHINE_CSV_HEADER);
    expect(csv).toHaveLength(4);
    const columns = MACHINE_CSV_HEADER.split(',').length;
    for (const line of csv) expect(line.split(',')).toHaveLength(columns);
    expect(csv[3]).toMatch(/^binary,key,phk,8192,32768,3,75,70,80,13.3333,,,,,,,,$/);
  });

  it('says from which N a layout beats the binary heap, and where it does only now and then', () => {
    const rows = machineRows(
      [
        point('binary', 1024, [10]),
        point('binary', 4096, [20]),
        point('binary', 16384, [40]),
        point('bheap4k', 1024, [15]),
        point('bheap4k', 4096, [19]),
        point('bheap4k', 16384, [30]),
        point('dary4', 1024, [9]),
        point('dary4', 4096, [25]),
        point('dary4', 16384, [41]),
      ],
      [],
      DEFAULT_HIERARCHY,
    );
    const [bheap, dary4] = versusBinary(rows);
    expect(bheap.faster).toBe(4096);
    expect(bheap.sentence).toContain('B-heap, 4 KB pages: faster from N = 2^12 on');
    expect(dary4.faster).toBeNull();
    expect(dary4.sentence).toContain('only at N = 2^10');
    expect(divergence(rows)).toEqual([]);
  });

  it('never calls a layout faster or slower where the min–max ranges overlap', () => {
    const sizes = [1024, 4096, 16384, 65536];
    const reps = fc.array(fc.integer({ min: 10, max: 60 }), { minLength: 3, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(fc.tuple(reps, reps), { minLength: 4, maxLength: 4 }), (pairs) => {
        const rows = machineRows(
          pairs.flatMap(([binary, bheap], i) => [
            point('binary', sizes[i], binary),
            point('bheap4k', sizes[i], bheap),
          ]),
          [],
          DEFAULT_HIERARCHY,
        );
        const [versus] = versusBinary(rows);
        const binaryAt = new Map(
          rows.filter((r) => r.layout === 'binary').map((r) => [r.items, r]),
        );
        for (const row of rows.filter((r) => r.layout === 'bheap4k')) {
          const base = binaryAt.get(row.items);
          if (base === undefined) throw new Error('no binary row');
          const apart = row.maxNs < base.minNs || row.minNs > base.maxNs;
          const at = formatN(row.items);
          const stands = versus.ratios.find((r) => r.items === row.items)?.stands;
          if (!apart) {
            expect(stands).toBe('overlap');
            // Named in the sentence only as within the spread (or by "every N" when all overlap).
            expect(versus.sentence).not.toMatch(
              new RegExp(
                `(faster|slower)( only)? at N = [^;]*${at.replace('^', '\\^')}(,|;|\\s\\()`,
              ),
            );
          } else {
            expect(stands).toBe(row.maxNs < base.minNs ? 'faster' : 'slower');
          }
        }
        if (versus.sentence.includes('faster at every N'))
          for (const r of versus.ratios) expect(r.stands).toBe('faster');
        if (versus.sentence.includes('slower at every N'))
          for (const r of versus.ratios) expect(r.stands).toBe('slower');
        if (versus.faster !== null)
          for (const r of versus.ratios.filter((x) => x.items >= (versus.faster ?? 0)))
            expect(r.stands).toBe('faster');
      }),
      { numRuns: 300 },
    );
  });

  it('says where the ranges overlap instead of a verdict they contradict', () => {
    const rows = machineRows(
      [
        point('binary', 1024, [30, 40, 35]),
        point('binary', 4096, [50, 52, 51]),
        point('bheap4k', 1024, [33, 45, 36]),
        point('bheap4k', 4096, [60, 62, 61]),
        point('dary4', 1024, [29, 41, 34]),
        point('dary4', 4096, [49, 53, 50]),
      ],
      [],
      DEFAULT_HIERARCHY,
    );
    const [bheap, dary4] = versusBinary(rows);
    expect(bheap.sentence).toBe(
      'B-heap, 4 KB pages: slower at N = 2^12; within the spread at N = 2^10 (1.03× at 2^10 … 1.20× at 2^12).',
    );
    // Its median is below the binary heap's at both N, yet its ranges overlap: no verdict.
    expect(dary4.sentence).toBe(
      '4-ary heap: within the spread at every N measured: the min–max ranges overlap (0.97× at 2^10 … 0.98× at 2^12).',
    );
    expect(dary4.faster).toBeNull();
  });
});
