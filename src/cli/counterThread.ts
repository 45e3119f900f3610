// The accounting half of a pipelined sweep: drains the ring of page-reference batches into an
// AllFramesCounter and posts the curves back (the heap runs in the thread that started it).

import { parentPort, workerData } from 'node:worker_threads';
import { AllFramesCounter } from '../core/memory/stackDistances';
import { BatchRing } from './ring';

export interface CounterJob {
  buffer: SharedArrayBuffer;
  pageCount: number;
  itemsPerPage: number;
}

const port = parentPort;
if (port === null) throw new Error('counterThread.ts must run in a worker thread');
const job = workerData as CounterJob;
const ring = new BatchRing(job.buffer);
try {
  const counter = new AllFramesCounter(job.pageCount, job.itemsPerPage);
  ring.drain((entries, count) => counter.consume(entries, count));
  const curves = counter.finish();
  port.postMessage({ ok: true, curves }, [
    curves.pageIns.buffer as ArrayBuffer,
    curves.writeBacks.buffer as ArrayBuffer,
  ]);
} catch (error) {
  // The producer may be blocked on a full ring: tell it, so it stops instead of waiting forever.
  ring.fail();
  port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
