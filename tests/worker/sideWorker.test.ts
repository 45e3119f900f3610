// A large run's side workers, loaded over fake `self`s and joined by a real MessageChannel as the
// page joins them: the recorder hands on stretches that tile the run, the page's parts add up to
// the in-thread recording, and the server answers a state the recording had not reached yet
// once it has, with the state an in-thread server gives.

import { afterEach, describe, expect, it } from 'vitest';
import { scenarioPlan, sideRecorder, sideServer } from '../../src/core/replay/largeRun';
import { recordOps } from '../../src/core/replay/recordOps';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  scenarioWorkload,
} from '../../src/core/scenario/scenario';
import type { SideReply, SideRequest } from '../../src/worker/sideProtocol';
import { type FakeWorker, loadWorker } from './fakeSelf';

const load = () => loadWorker<SideRequest, SideReply>(() => import('../../src/worker/sideWorker'));

/** Waits until `ready` holds, letting the workers' messages through. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 2000 && !ready(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  if (!ready()) throw new Error(`never: ${what}`);
}

const kinds = (worker: FakeWorker<SideRequest, SideReply>) =>
  worker.posted.map((p) => p.reply.kind);

let channel: MessageChannel | null = null;
afterEach(() => {
  channel?.port1.close();
  channel?.port2.close();
  channel = null;
});

describe('the side workers', () => {
  it('record a side in stretches, and serve a state asked for before it was recorded', async () => {
    const scenario = { ...DEFAULT_SCENARIO, items: 2000, itemsPerPage: 8, frames: 3 } as Scenario;
    const recorder = await load();
    const server = await load();
    channel = new MessageChannel();
    server.send({ kind: 'serve', id: 2, scenario, side: 'right', handOver: channel.port2 });
    recorder.send({
      kind: 'record',
      id: 1,
      scenario,
      side: 'right',
      sendOps: true,
      handOver: channel.port1,
    });
    const { ops, items } = recordOps(scenarioWorkload(scenario));
    const last = ops.length - 1;
    // Asked at once: the recording has not got there yet.
    server.send({ kind: 'state', id: 3, op: last });
    expect(kinds(server)).toEqual([]);
    await until(() => kinds(recorder).includes('done'), 'the recording is done');
    await until(() => kinds(server).includes('state'), 'the state is served');

    const replies = recorder.posted.map((p) => p.reply);
    expect(replies[0]).toEqual({
      kind: 'started',
      id: 1,
      operations: ops.length,
      items,
      namesItems: false,
    });
    const parts = replies.filter((reply) => reply.kind === 'part');
    expect(parts.length).toBeGreaterThan(1);
    let from = 0;
    const counts: number[] = [];
    for (const reply of parts) {
      if (reply.kind !== 'part') continue;
      expect(reply.part.from).toBe(from);
      from = reply.part.to;
      counts.push(...reply.part.counts);
      expect(reply.part.ops?.kinds.length).toBe(reply.part.to - reply.part.from);
    }
    expect(from).toBe(ops.length);
    expect(replies.at(-1)).toMatchObject({ kind: 'done', id: 1 });

    // The same side recorded here.
    const plan = scenarioPlan(scenario);
    const here = sideRecorder(scenario, 'right', ops, items, plan);
    here.runFor(Number.POSITIVE_INFINITY, () => 0);
    expect(counts).toEqual([...here.eventCounts]);

    const served = server.posted.find((p) => p.reply.kind === 'state')?.reply;
    if (served?.kind !== 'state') throw new Error('no state');
    expect(served.op).toBe(last);
    const expected = sideServer(scenario, 'right', ops, items, here.store).stateAt(last);
    expect(served.state).toEqual(expected);
    expect(kinds(server)).not.toContain('error');
  });

  it('holds a recording between stretches until told to go on', async () => {
    const scenario = { ...DEFAULT_SCENARIO, items: 3000, itemsPerPage: 8 } as Scenario;
    const recorder = await load();
    channel = new MessageChannel();
    recorder.send({
      kind: 'record',
      id: 1,
      scenario,
      side: 'left',
      sendOps: false,
      handOver: channel.port1,
    });
    recorder.send({ kind: 'hold', id: 1, hold: true });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const held = recorder.posted.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(recorder.posted.length).toBe(held);
    expect(kinds(recorder)).not.toContain('done');
    recorder.send({ kind: 'hold', id: 1, hold: false });
    await until(() => kinds(recorder).includes('done'), 'the recording goes on to the end');
  });
});
