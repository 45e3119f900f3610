// Rows of a machine report as the chart's tests need them: a layout at one N, its repetitions'
// ns per operation, and the model's prediction or none.

import type { MachineRow } from '../../../src/core/experiments/machineReport';

export const row = (
  layout: MachineRow['layout'],
  items: number,
  ns: number[],
  model: number | null,
): MachineRow => ({
  layout,
  form: 'key',
  workload: 'phk',
  items,
  operations: 4 * items,
  reps: ns.length,
  batchRuns: 1,
  nsPerOp: ns,
  medianNs: [...ns].sort((a, b) => a - b)[ns.length >> 1],
  minNs: Math.min(...ns),
  maxNs: Math.max(...ns),
  model:
    model === null
      ? null
      : {
          comparisonsPerOp: 10,
          misses: { l1: 1, l2: 0, l3: 0, tlb: 0 },
          memoryNs: 2.5,
          predictedNs: model,
          calibratedAt: 1024,
        },
});
