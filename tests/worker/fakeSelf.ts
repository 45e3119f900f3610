// A dedicated worker's `self` for the workers' tests: the worker module is imported with it in
// place (vitest runs in Node, where there is no `self`), a request is sent as the page sends one,
// and every reply is kept with what it transfers.

import { vi } from 'vitest';

export interface Posted<Reply> {
  reply: Reply;
  transfer: Transferable[];
}

export interface FakeWorker<Request, Reply> {
  posted: Posted<Reply>[];
  /** Delivers a request as the page's postMessage would. */
  send(request: Request): void;
}

/**
 * Imports a worker module afresh over a fake `self` and returns its end of the channel. The
 * module registers its handler when imported, so each call loads it again.
 */
export async function loadWorker<Request, Reply>(
  load: () => Promise<unknown>,
): Promise<FakeWorker<Request, Reply>> {
  const posted: Posted<Reply>[] = [];
  const self = {
    onmessage: null as ((event: MessageEvent<Request>) => void) | null,
    postMessage(reply: Reply, transfer: Transferable[] = []) {
      posted.push({ reply, transfer });
    },
  };
  vi.resetModules();
  vi.stubGlobal('self', self);
  try {
    await load();
  } finally {
    vi.unstubAllGlobals();
  }
  return {
    posted,
    send(request) {
      if (self.onmessage === null) throw new Error('the worker listens for nothing');
      self.onmessage({ data: request } as MessageEvent<Request>);
    },
  };
}

/**
 * Sends the reply through structured cloning with its transfer list, as postMessage does: a
 * buffer listed twice or one that cannot move throws, and every array whose buffer moved is
 * left detached in the original.
 */
export function transferred<Reply>({ reply, transfer }: Posted<Reply>): Reply {
  return structuredClone(reply, { transfer: transfer as Transferable[] }) as Reply;
}
