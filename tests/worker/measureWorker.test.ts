// The machine worker, loaded over a fake `self`: a point for every (layout, N) timed, in the
// plan's order with one time per repetition, then the traced runs the core traces, every array
// transferred, and done.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MACHINE,
  type MachineSettings,
  machinePlan,
} from '../../src/core/experiments/machine';
import { traceMisses } from '../../src/core/measure/missCurves';
import type { MeasureReply, MeasureRequest } from '../../src/worker/measureProtocol';
import { loadWorker, transferred } from './fakeSelf';

const settings: MachineSettings = {
  ...DEFAULT_MACHINE,
  layouts: ['binary', 'bheap64'],
  sizes: [2 ** 10],
  reps: 2,
  predict: true,
};

describe('the machine worker', () => {
  it('times every run of the plan, traces the small ones, and transfers the arrays', async () => {
    const worker = await loadWorker<MeasureRequest, MeasureReply>(
      () => import('../../src/worker/measureWorker'),
    );
    worker.send({ id: 3, settings, predictBytes: 2 ** 20 });
    const replies = worker.posted.filter((entry) => entry.reply.kind !== 'progress');
    const kinds = replies.map((entry) => entry.reply.kind);
    expect(kinds).toEqual(['point', 'point', 'prediction', 'prediction', 'done']);
    const runs = machinePlan(settings);
    replies.slice(0, 2).forEach((entry, index) => {
      const reply = transferred(entry);
      if (reply.kind !== 'point') throw new Error('a point');
      expect(reply.run).toEqual(runs[index]);
      expect(reply.nsPerOp).toHaveLength(2);
      for (const ns of reply.nsPerOp) expect(ns).toBeGreaterThan(0);
    });
    replies.slice(2, 4).forEach((entry, index) => {
      const reply = transferred(entry);
      if (reply.kind !== 'prediction') throw new Error('a prediction');
      const core = traceMisses(runs[index]);
      expect(reply.run).toEqual(runs[index]);
      expect([...reply.lines.misses]).toEqual([...core.lines.misses]);
      expect([...reply.pages.capacities]).toEqual([...core.pages.capacities]);
    });
    for (const entry of worker.posted) expect(entry.reply.id).toBe(3);
  });

  it('traces nothing when prediction is off or no run is small enough', async () => {
    for (const [predict, predictBytes] of [
      [false, 2 ** 20],
      [true, 1],
    ] as const) {
      const worker = await loadWorker<MeasureRequest, MeasureReply>(
        () => import('../../src/worker/measureWorker'),
      );
      worker.send({
        id: 1,
        settings: { ...settings, layouts: ['binary'], reps: 1, predict },
        predictBytes,
      });
      const kinds = worker.posted
        .map((entry) => entry.reply.kind)
        .filter((kind) => kind !== 'progress');
      expect(kinds).toEqual(['point', 'done']);
    }
  });
});
