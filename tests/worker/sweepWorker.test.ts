// The sweep worker, loaded over a fake `self`: its reply is the core's sweep of the same
// request, its curves are transferred, and a failure is answered as an error for that request.

import { describe, expect, it } from 'vitest';
import { denseCurve, sweepPolicies } from '../../src/core/experiments/policySweep';
import { sweepLayout } from '../../src/core/experiments/sweep';
import { structureSpec } from '../../src/core/structures/registry';
import type { Workload } from '../../src/core/workloads/workloads';
import type { SweepReply, SweepRequest } from '../../src/worker/sweepProtocol';
import { loadWorker, transferred } from './fakeSelf';

const workload: Workload = { kind: 'phk', items: 2000, seed: 1, keyRange: 2 ** 31 };
const load = () =>
  loadWorker<SweepRequest, SweepReply>(() => import('../../src/worker/sweepWorker'));

describe('the sweep worker', () => {
  it('answers a request with the core’s sweep, its curves transferred', async () => {
    const worker = await load();
    const structure = structureSpec('bheap', 64);
    worker.send({ id: 7, structure, workload, measureCpu: false, policies: ['lru'] });
    const last = worker.posted.at(-1);
    if (last === undefined || last.reply.kind !== 'done') throw new Error('no curves');
    const reply = transferred(last);
    if (reply.kind !== 'done') throw new Error('no curves');
    const { pageIns, writeBacks, ...rest } = reply;
    expect(last.reply.pageIns.byteLength).toBe(0); // moved, not copied
    const core = sweepLayout(structure, workload);
    expect([...pageIns]).toEqual([...core.pageIns]);
    expect([...writeBacks]).toEqual([...core.writeBacks]);
    const { pageIns: _p, writeBacks: _w, ...coreRest } = core;
    expect(rest).toMatchObject({
      id: 7,
      kind: 'done',
      bareSeconds: null,
      curves: null,
      ...coreRest,
    });
    expect(rest.sweepSeconds).toBeGreaterThanOrEqual(0);
    // Progress, if any, came before and for this request.
    for (const { reply } of worker.posted.slice(0, -1))
      expect(reply).toMatchObject({ id: 7, kind: 'progress' });
  });

  it('sweeps other policies through the policy sweep, the first one shown', async () => {
    const worker = await load();
    const structure = structureSpec('binary', 64);
    const small: Workload = { ...workload, items: 500 };
    worker.send({ id: 2, structure, workload: small, measureCpu: true, policies: ['fifo', 'lru'] });
    const last = worker.posted.at(-1);
    if (last === undefined || last.reply.kind !== 'done') throw new Error('no curves');
    const reply = transferred(last);
    if (reply.kind !== 'done') throw new Error('no curves');
    const core = sweepPolicies(structure, small, ['fifo', 'lru']);
    expect(reply.curves?.map((curve) => curve.policy)).toEqual(['fifo', 'lru']);
    expect(reply.curves).toEqual(core.curves);
    const shown = denseCurve(core.curves[0], core.pages);
    expect([...reply.pageIns]).toEqual([...shown.pageIns]);
    expect(reply.bareSeconds).not.toBeNull();
  });

  it('answers a request it cannot run with an error naming it', async () => {
    const worker = await load();
    const script: Workload = { kind: 'script', ops: [{ op: 'delete', slot: 3 }] };
    worker.send({
      id: 5,
      structure: structureSpec('binary', 8),
      workload: script,
      measureCpu: false,
      policies: ['lru'],
    });
    expect(worker.posted).toHaveLength(1);
    expect(worker.posted[0].reply).toMatchObject({ id: 5, kind: 'error' });
    const { reply } = worker.posted[0];
    if (reply.kind === 'error') expect(reply.message.length).toBeGreaterThan(0);
  });
});
