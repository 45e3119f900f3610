// A Web Worker's own end of its protocol, typed: the requests it hears and the replies it may
// post. Every worker of the page goes through it, so the cast of `self` is written once.

import { errorText } from '../core/errorText';

interface WorkerScope<Request, Reply> {
  /** Hears each request; a throw is answered as an error reply by `errorReply`. */
  listen(
    handler: (request: Request) => void,
    errorReply: (request: Request, message: string) => Reply,
  ): void;
  post(reply: Reply, transfer?: Transferable[]): void;
}

interface DedicatedScope<Request, Reply> {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: Reply, transfer?: Transferable[]): void;
}

/** This worker's scope (`self` in a dedicated worker). */
export function workerScope<Request, Reply>(scope: unknown = self): WorkerScope<Request, Reply> {
  const dedicated = scope as DedicatedScope<Request, Reply>;
  const post = (reply: Reply, transfer: Transferable[] = []): void =>
    dedicated.postMessage(reply, transfer);
  return {
    post,
    listen(handler, errorReply) {
      dedicated.onmessage = (event) => {
        const request = event.data;
        try {
          handler(request);
        } catch (error) {
          post(errorReply(request, errorText(error)));
        }
      };
    },
  };
}
