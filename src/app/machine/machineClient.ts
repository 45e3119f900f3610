// Runs the machine measurement off the main thread: one worker, one request in flight. A new
// request or Cancel terminates the worker, so a result of an abandoned request is never delivered.

import type { MachinePoint, MachinePrediction } from '../../core/experiments/machineReport';
import type { MeasureReply, MeasureRequest } from '../../worker/measureProtocol';
import { OneRequestWorker } from '../oneRequestWorker';
import { recordDuration } from '../timing';

export interface MeasureCallbacks {
  onProgress: (done: number, total: number, label: string) => void;
  onPoint: (point: MachinePoint) => void;
  onPrediction: (prediction: MachinePrediction) => void;
  onDone: (seconds: number) => void;
  onError: (message: string) => void;
}

export class MachineClient {
  private readonly runner = new OneRequestWorker<MeasureRequest, MeasureReply>('machine worker');

  get busy(): boolean {
    return this.runner.busy;
  }

  /** Starts a request, cancelling the running one. */
  measure(request: Omit<MeasureRequest, 'id'>, callbacks: MeasureCallbacks): void {
    const started = performance.now();
    this.runner.start(
      () =>
        new Worker(new URL('../../worker/measureWorker.ts', import.meta.url), { type: 'module' }),
      request,
      {
        reply: (reply) => {
          switch (reply.kind) {
            case 'progress':
              callbacks.onProgress(reply.done, reply.total, reply.label);
              break;
            case 'point':
              callbacks.onPoint({
                run: reply.run,
                operations: reply.operations,
                batchRuns: reply.batchRuns,
                nsPerOp: Array.from(reply.nsPerOp),
              });
              break;
            case 'prediction':
              callbacks.onPrediction({
                run: reply.run,
                operations: reply.operations,
                comparisons: reply.comparisons,
                references: reply.references,
                lines: reply.lines,
                pages: reply.pages,
              });
              break;
            case 'done':
              this.runner.stop();
              recordDuration('bheap:machine', started);
              callbacks.onDone(reply.seconds);
              break;
            default:
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
