// A worker thread that runs one job for the CLI and posts the result back, with progress.

import { parentPort, workerData } from 'node:worker_threads';
import { errorText } from '../core/errorText';
import { optCurve, recordTrace, replayCurve } from '../core/experiments/policySweep';
import { runAtFrames, sweepLayout, timeBareWorkload } from '../core/experiments/sweep';
import { collapseAlternations } from '../core/memory/policyReplay';
import { distinctPages } from '../core/memory/referenceString';
import { sweepPipelined } from './pipelined';
import type { ThreadReply, ThreadStart } from './threadProtocol';

const port = parentPort;
if (port === null) throw new Error('sweepThread.ts must run in a worker thread');
const { request: job, counterScript } = workerData as ThreadStart;
const post = (reply: ThreadReply, transfer: ArrayBuffer[] = []): void =>
  port.postMessage(reply, transfer);
const onProgress = (done: number, total: number): void => post({ kind: 'progress', done, total });
const now = (): number => performance.now();

/** Memory every worker thread can read: the trace is recorded once and replayed by several. */
const shared = (bytes: number): ArrayBufferLike => new SharedArrayBuffer(bytes);

async function run(): Promise<void> {
  if (job.kind === 'trace') {
    const start = now();
    const { trace, stats } = recordTrace(job.structure, job.workload, {
      allocate: shared,
      onProgress,
    });
    const collapsed = job.collapse ? collapseAlternations(trace, { allocate: shared }) : null;
    const seconds = (now() - start) / 1000;
    const bare = job.timeBare ? timeBareWorkload(job.structure, job.workload, now).seconds : null;
    // Shared memory goes by reference: no copy of the trace.
    post({
      kind: 'trace',
      trace,
      collapsed,
      stats,
      pages: distinctPages(trace),
      seconds,
      bareSeconds: bare,
    });
  } else if (job.kind === 'opt') {
    const start = now();
    const curve = optCurve(job.trace, onProgress);
    post({ kind: 'curve', curve, seconds: (now() - start) / 1000 });
  } else if (job.kind === 'replay') {
    const start = now();
    const curve = replayCurve(job.trace, job.policy, job.frames, job.collapsed, onProgress);
    post({ kind: 'curve', curve, seconds: (now() - start) / 1000 });
  } else if (job.kind === 'bare') {
    const { seconds, operations } = timeBareWorkload(job.structure, job.workload, now);
    post({ kind: 'bare', seconds, operations });
  } else {
    // Timing the bare run first would make the heap's call sites see two memory observers;
    // when asked, it runs after the measured one, so it cannot slow it down.
    const start = now();
    if (job.kind === 'sweep') {
      // Two threads per sweep when asked (the heap here, the stack distances in a counter
      // worker); the same curves either way.
      const result =
        job.pipelined && counterScript !== null
          ? await sweepPipelined(job.structure, job.workload, new URL(counterScript), onProgress)
          : sweepLayout(job.structure, job.workload, onProgress);
      const seconds = (now() - start) / 1000;
      const bare = job.timeBare ? timeBareWorkload(job.structure, job.workload, now).seconds : null;
      post({ kind: 'sweep', result, seconds, bareSeconds: bare }, [
        result.pageIns.buffer as ArrayBuffer,
        result.writeBacks.buffer as ArrayBuffer,
      ]);
    } else {
      const result = runAtFrames(
        job.structure,
        job.workload,
        job.frames,
        onProgress,
        job.policy ?? 'lru',
      );
      const seconds = (now() - start) / 1000;
      const bare = job.timeBare ? timeBareWorkload(job.structure, job.workload, now).seconds : null;
      post({ kind: 'point', result, seconds, bareSeconds: bare });
    }
  }
}

run().catch((error: unknown) => {
  post({ kind: 'error', message: errorText(error) });
});
