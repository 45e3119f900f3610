import { describe, expect, it } from 'vitest';
import { workerScope } from '../../src/worker/workerScope';

interface Request {
  id: number;
  fail: boolean;
}
type Reply = { id: number; kind: 'done' } | { id: number; kind: 'error'; message: string };

/** A dedicated worker's `self` as the page sees it: one handler, and what was posted. */
function fakeSelf() {
  const posted: { reply: Reply; transfer: Transferable[] }[] = [];
  const self = {
    onmessage: null as ((event: MessageEvent<Request>) => void) | null,
    postMessage(reply: Reply, transfer: Transferable[]) {
      posted.push({ reply, transfer });
    },
  };
  const send = (request: Request) => self.onmessage?.({ data: request } as MessageEvent<Request>);
  return { self, posted, send };
}

describe('workerScope', () => {
  it('hands each request to the handler and posts its replies with their transfers', () => {
    const { self, posted, send } = fakeSelf();
    const scope = workerScope<Request, Reply>(self);
    const buffer = new ArrayBuffer(8);
    scope.listen(
      (request) => scope.post({ id: request.id, kind: 'done' }, [buffer]),
      (request, message) => ({ id: request.id, kind: 'error', message }),
    );
    send({ id: 7, fail: false });
    expect(posted).toEqual([{ reply: { id: 7, kind: 'done' }, transfer: [buffer] }]);
  });

  it('answers a request whose handler throws with the error reply, naming the request and the message', () => {
    const { self, posted, send } = fakeSelf();
    const scope = workerScope<Request, Reply>(self);
    scope.listen(
      (request) => {
        if (request.fail) throw new RangeError('out of memory for 2^20 items');
        scope.post({ id: request.id, kind: 'done' });
      },
      (request, message) => ({ id: request.id, kind: 'error', message }),
    );
    send({ id: 3, fail: true });
    send({ id: 4, fail: false });
    expect(posted.map((entry) => entry.reply)).toEqual([
      { id: 3, kind: 'error', message: 'out of memory for 2^20 items' },
      { id: 4, kind: 'done' },
    ]);
  });

  it('says a thrown value that is not an Error as text', () => {
    const { self, posted, send } = fakeSelf();
    const scope = workerScope<Request, Reply>(self);
    scope.listen(
      () => {
        throw 'a string';
      },
      (request, message) => ({ id: request.id, kind: 'error', message }),
    );
    send({ id: 1, fail: true });
    expect(posted[0].reply).toEqual({ id: 1, kind: 'error', message: 'a string' });
  });
});
