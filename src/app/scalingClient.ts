// Runs the scaling benchmark off the main thread: one worker, one request in flight. A new
// request or Cancel terminates the worker, so a point of an abandoned request is never delivered.

import type { ScalingPoint } from '../core/scaling';
import type { ScalingJob } from '../core/scalingSeries';
import type { ScalingReply, ScalingRequest } from '../worker/scalingProtocol';
import { recordDuration } from './timing';

export interface ScalingCallbacks {
  /** A point is ready: `done` of `total` runs made. */
  onPoint: (point: ScalingPoint, done: number, total: number) => void;
  onDone: (skipped: ScalingJob[], seconds: number) => void;
  onError: (message: string) => void;
}

export class ScalingClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private callbacks: ScalingCallbacks | null = null;

  get busy(): boolean {
    return this.worker !== null;
  }

  /** Starts a request, cancelling the running one. */
  compute(request: Omit<ScalingRequest, 'id'>, callbacks: ScalingCallbacks): void {
    this.cancel();
    const id = this.nextId++;
    const worker = new Worker(new URL('../worker/scalingWorker.ts', import.meta.url), {
      type: 'module',
    });
    this.worker = worker;
    this.callbacks = callbacks;
    const started = performance.now();
    worker.onmessage = (event: MessageEvent<ScalingReply>) => {
      const reply = event.data;
      // A terminated worker delivers nothing more, but a reply queued just before is dropped here.
      if (reply.id !== id || this.worker !== worker) return;
      const current = this.callbacks;
      if (reply.kind === 'progress') current?.onPoint(reply.point, reply.done, reply.total);
      else if (reply.kind === 'done') {
        this.stop();
        recordDuration('bheap:scaling', started);
        current?.onDone(reply.skipped, reply.seconds);
      } else {
        this.stop();
        current?.onError(reply.message);
      }
    };
    worker.onerror = (event) => {
      if (this.worker !== worker) return;
      const current = this.callbacks;
      this.stop();
      // An out-of-memory abort reaches here with no message of its own.
      current?.onError(event.message || 'the scaling worker stopped (out of memory?)');
    };
    worker.postMessage({ ...request, id } satisfies ScalingRequest);
  }

  cancel(): void {
    this.stop();
  }

  private stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.callbacks = null;
  }
}
