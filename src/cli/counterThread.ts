// The accounting half of a pipelined sweep: drains the ring of page-reference batches into an
// AllFramesCounter and posts the curves back (the heap runs in the thread that started it).

import { parentPort, workerData } from 'node:worker_threads';
import { errorText } from '../core/errorText';
import { AllFramesCounter } from '../core/memory/stackDistances';
import { BatchRing } from './ring';
import type { CounterReply, CounterStart } from './threadProtocol';

const port = parentPort;
if (port === null) throw new Error('counterThread.ts must run in a worker thread');
const job = workerData as CounterStart;
const post = (reply: CounterReply, transfer: ArrayBuffer[] = []): void =>
  port.postMessage(reply, transfer);
const ring = new BatchRing(job.buffer);
try {
  const counter = new AllFramesCounter(job.pageCount, job.itemsPerPage);
  ring.drain((entries, count) => counter.consume(entries, count));
  const curves = counter.finish();
  post({ kind: 'curves', curves }, [
    curves.pageIns.buffer as ArrayBuffer,
    curves.writeBacks.buffer as ArrayBuffer,
  ]);
} catch (error) {
  // The producer may be blocked on a full ring: tell it, so it stops instead of waiting forever.
  ring.fail();
  post({ kind: 'error', message: errorText(error) });
}
