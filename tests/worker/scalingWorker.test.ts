// The scaling worker, loaded over a fake `self`: one point per job as soon as it exists, each the
// core's scaling point under the overhead asked for, then the list sizes it never runs.

import { describe, expect, it } from 'vitest';
import { NO_CALL_OVERHEAD, REVIEW_CALL_OVERHEAD } from '../../src/core/experiments/cost';
import { scalingPoint } from '../../src/core/experiments/scaling';
import { scalingPlan } from '../../src/core/experiments/scalingSeries';
import { structureSpec } from '../../src/core/structures/registry';
import type { ScalingReply, ScalingRequest } from '../../src/worker/scalingProtocol';
import { loadWorker } from './fakeSelf';

const load = () =>
  loadWorker<ScalingRequest, ScalingReply>(() => import('../../src/worker/scalingWorker'));

const command = {
  kinds: ['list', 'binary', 'treap'] as const,
  sizes: [100, 500, 200_000],
  itemsPerPage: 512,
  nodeBytes: 48,
  seed: 1,
  keyRange: 2 ** 31,
  measure: false,
};

describe('the scaling worker', () => {
  it('posts the core’s point for each job, in order, then the sizes skipped', async () => {
    for (const overhead of ['review', 'none'] as const) {
      const worker = await load();
      const { jobs, skipped } = scalingPlan([...command.kinds], command.sizes);
      // The page sends only what it does not ship: here the small jobs.
      const asked = jobs.filter((job) => job.items <= 500);
      worker.send({ ...command, kinds: [...command.kinds], overhead, id: 4, jobs: asked });
      const replies = worker.posted.map((entry) => entry.reply);
      expect(replies).toHaveLength(asked.length + 1);
      asked.forEach((job, index) => {
        const expected = scalingPoint(structureSpec(job.kind, 512, 48), job.items, {
          seed: 1,
          keyRange: 2 ** 31,
          now: null,
          overhead: overhead === 'review' ? REVIEW_CALL_OVERHEAD : NO_CALL_OVERHEAD,
        });
        expect(replies[index]).toEqual({
          id: 4,
          kind: 'progress',
          done: index + 1,
          total: asked.length,
          point: expected,
        });
      });
      const done = replies.at(-1);
      expect(done).toMatchObject({ id: 4, kind: 'done', skipped });
      expect(skipped.map((job) => [job.kind, job.items])).toEqual([['list', 200_000]]);
    }
  });

  it('times the runs when asked to measure', async () => {
    const worker = await load();
    worker.send({
      ...command,
      kinds: ['binary'],
      sizes: [100],
      overhead: 'none',
      measure: true,
      id: 1,
      jobs: [{ kind: 'binary', items: 100 }],
    });
    const first = worker.posted[0].reply;
    if (first.kind !== 'progress') throw new Error('no point');
    expect(first.point.measuredAddSeconds).toBeGreaterThan(0);
    expect(first.point.measuredDeleteSeconds).toBeGreaterThan(0);
  });

  it('answers a job it cannot run with an error for that request', async () => {
    const worker = await load();
    worker.send({
      ...command,
      kinds: ['list'],
      overhead: 'none',
      id: 9,
      jobs: [{ kind: 'list', items: 10_000_000 }],
    });
    expect(worker.posted.map((entry) => entry.reply.kind)).toEqual(['error']);
    expect(worker.posted[0].reply.id).toBe(9);
  });
});
