// Runs the scaling benchmark off the main thread: one worker, one request in flight. A new
// request or Cancel terminates the worker, so a point of an abandoned request is never delivered.

import type { ScalingPoint } from '../../core/experiments/scaling';
import type { ScalingJob } from '../../core/experiments/scalingSeries';
import type { ScalingReply, ScalingRequest } from '../../worker/scalingProtocol';
import { OneRequestWorker } from '../oneRequestWorker';
import { recordDuration } from '../timing';

export interface ScalingCallbacks {
  /** A point is ready: `done` of `total` runs made. */
  onPoint: (point: ScalingPoint, done: number, total: number) => void;
  onDone: (skipped: ScalingJob[], seconds: number) => void;
  onError: (message: string) => void;
}

export class ScalingClient {
  private readonly runner = new OneRequestWorker<ScalingRequest, ScalingReply>('scaling worker');

  get busy(): boolean {
    return this.runner.busy;
  }

  /** Starts a request, cancelling the running one. */
  compute(request: Omit<ScalingRequest, 'id'>, callbacks: ScalingCallbacks): void {
    const started = performance.now();
    this.runner.start(
      () =>
        new Worker(new URL('../../worker/scalingWorker.ts', import.meta.url), { type: 'module' }),
      request,
      {
        reply: (reply) => {
          if (reply.kind === 'progress') callbacks.onPoint(reply.point, reply.done, reply.total);
          else if (reply.kind === 'done') {
            this.runner.stop();
            recordDuration('bheap:scaling', started);
            callbacks.onDone(reply.skipped, reply.seconds);
          } else {
            this.runner.stop();
            callbacks.onError(reply.message);
          }
        },
        failure: callbacks.onError,
      },
    );
  }

  cancel(): void {
    this.runner.stop();
  }
}
