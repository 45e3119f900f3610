// One Web Worker per request, one request in flight: a new request or Cancel terminates the
// worker, so no reply of an abandoned request is ever delivered. The scaling and machine clients
// each say what their replies mean; this owns the worker's life.

export interface RequestHandlers<Reply> {
  /** Each reply of the current request (the worker may already be stopped by then). */
  reply: (reply: Reply) => void;
  /** The worker failed on its own (an out-of-memory abort comes with no message). */
  failure: (message: string) => void;
}

export class OneRequestWorker<Request extends { id: number }, Reply extends { id: number }> {
  private worker: Worker | null = null;
  private nextId = 1;

  /** `what` names the worker in a failure that brings no message of its own. */
  constructor(private readonly what: string) {}

  get busy(): boolean {
    return this.worker !== null;
  }

  /**
   * Starts `request` in the worker `create` makes (the call site keeps `new Worker(new URL(…))`,
   * which the bundler needs to see), cancelling the running request first.
   */
  start(
    create: () => Worker,
    request: Omit<Request, 'id'>,
    handlers: RequestHandlers<Reply>,
  ): void {
    this.stop();
    const id = this.nextId++;
    const worker = create();
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<Reply>) => {
      // A terminated worker delivers nothing more, but a reply queued just before is dropped here.
      if (event.data.id !== id || this.worker !== worker) return;
      handlers.reply(event.data);
    };
    worker.onerror = (event) => {
      if (this.worker !== worker) return;
      this.stop();
      handlers.failure(event.message || `the ${this.what} stopped (out of memory?)`);
    };
    worker.postMessage({ ...request, id });
  }

  /** Terminates the running request, if any: nothing of it is delivered afterwards. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
