// A full-curve sweep on two threads: this one runs the workload and queues its page references;
// a counter worker accounts them (LRU stack distances) at the same time. Same curves as
// sweepLayout, which the tests check; the CLI uses it because a machine has cores to spare.

import { Worker } from 'node:worker_threads';
import { type SweepResult, sweepCounter, sweepResultOf } from '../core/experiments/sweep';
import type { StructureKind, StructureSpec } from '../core/structures/registry';
import { type ProgressCallback, runWorkload, type Workload } from '../core/workloads/workloads';
import { BatchRing } from './ring';
import type { CounterReply, CounterStart } from './threadProtocol';

/** `counterScript`: the counter worker's script (workerScript('counter'), made by the main thread). */
export async function sweepPipelined<Kind extends StructureKind>(
  structure: StructureSpec<Kind>,
  workload: Workload,
  counterScript: URL,
  onProgress: ProgressCallback | null = null,
): Promise<SweepResult<Kind>> {
  const counter = sweepCounter(structure, workload);
  const ring = BatchRing.create();
  const job: CounterStart = {
    buffer: ring.buffer,
    pageCount: counter.pageCount,
    itemsPerPage: structure.itemsPerPage,
  };
  const worker = new Worker(counterScript, { workerData: job, execArgv: [] });
  const reply = new Promise<CounterReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the counter worker stopped with code ${code}`)),
    );
  });
  counter.handOffBatches((entries, count) => ring.push(entries, count));
  try {
    const stats = runWorkload(workload, structure, counter, null, onProgress);
    counter.flushHandOff();
    ring.close();
    const answer = await reply;
    if (answer.kind === 'error') throw new Error(answer.message);
    return sweepResultOf(structure, workload, stats, answer.curves);
  } finally {
    ring.close();
    void worker.terminate();
  }
}
