// One job of a measured series in a Web Worker, one request in flight: the scaling points, the
// machine's runs, one side of the fault-cost curves. A new request or Cancel terminates the
// worker, so no reply of an abandoned request is ever delivered. Every worker answers in steps
// (progress, a point) and ends with `done` or `error`; the panels say what their steps mean.

import { recordDuration } from '../browser/timing';

/** A worker's reply: its last is `done` or `error` (which carries a message). */
interface JobReply {
  id: number;
  kind: string;
  message?: string;
}

interface JobHandlers<Reply> {
  /** Each reply before the last. */
  step: (reply: Reply) => void;
  /** The `done` reply: the worker is stopped by then. */
  done: (reply: Reply) => void;
  /** An `error` reply, or the worker failing on its own. */
  error: (message: string) => void;
}

export class WorkerJob<Request extends { id: number }, Reply extends JobReply> {
  private worker: Worker | null = null;
  private nextId = 1;

  /**
   * `create` makes the worker (the call site keeps `new Worker(new URL(…))`, which the bundler
   * needs to see); `failure` is said when the worker dies with no message of its own (an
   * out-of-memory abort); a completed job is recorded under `mark` (timing.ts), if any.
   */
  constructor(
    private readonly create: () => Worker,
    private readonly failure: string,
    private readonly mark: string | null,
  ) {}

  get busy(): boolean {
    return this.worker !== null;
  }

  /** Starts `request`, cancelling the running one first. */
  start(request: Omit<Request, 'id'>, handlers: JobHandlers<Reply>): void {
    this.cancel();
    const id = this.nextId++;
    const started = performance.now();
    const worker = this.create();
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<Reply>) => {
      const reply = event.data;
      // A terminated worker delivers nothing more, but a reply queued just before is dropped here.
      if (reply.id !== id || this.worker !== worker) return;
      if (reply.kind !== 'done' && reply.kind !== 'error') {
        handlers.step(reply);
        return;
      }
      this.cancel();
      if (reply.kind === 'error') {
        handlers.error(reply.message ?? this.failure);
        return;
      }
      if (this.mark !== null) recordDuration(this.mark, started);
      handlers.done(reply);
    };
    worker.onerror = (event) => {
      if (this.worker !== worker) return;
      this.cancel();
      handlers.error(event.message || this.failure);
    };
    worker.postMessage({ ...request, id });
  }

  /** Terminates the running request, if any: nothing of it is delivered afterwards. */
  cancel(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
