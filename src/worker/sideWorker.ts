// A large run's side worker: records one side of the scenario once (replay/sideRecorder.ts),
// then serves its state before any operation the page asks for (replay/sideServer.ts).

import { scenarioPlan, sideRecorder, sideServer } from '../core/replay/largeRun';
import { recordOps } from '../core/replay/recordOps';
import type { SideServer } from '../core/replay/sideServer';
import { scenarioWorkload } from '../core/scenario/scenario';
import { type SideReply, type SideRequest, stateBuffers } from './sideProtocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SideRequest>) => void) | null;
  postMessage(message: SideReply, transfer?: Transferable[]): void;
};

let server: SideServer | null = null;

scope.onmessage = (event) => {
  const request = event.data;
  try {
    if (request.kind === 'record') record(request);
    else {
      if (server === null) throw new Error('a state was asked for before the run was recorded');
      const started = performance.now();
      const state = server.stateAt(request.op);
      scope.postMessage(
        {
          kind: 'state',
          id: request.id,
          op: request.op,
          state,
          seconds: (performance.now() - started) / 1000,
        },
        stateBuffers(state),
      );
    }
  } catch (error) {
    scope.postMessage({
      kind: 'error',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};

function record(request: Extract<SideRequest, { kind: 'record' }>): void {
  const started = performance.now();
  const { scenario, side } = request;
  const { ops, items } = recordOps(scenarioWorkload(scenario));
  const plan = scenarioPlan(scenario);
  const recorder = sideRecorder(scenario, side, ops, items, plan);
  while (!recorder.runFor(100, () => performance.now())) {
    scope.postMessage({ kind: 'progress', id: request.id, done: recorder.progress });
  }
  server = sideServer(scenario, side, ops, items, recorder.store);
  const copy = request.sendOps
    ? { kinds: ops.kinds.slice(), handles: ops.handles.slice(), keys: ops.keys.slice() }
    : null;
  let checkpointBytes = 0;
  for (const dense of recorder.store.dense) {
    const image = dense.image;
    checkpointBytes +=
      image.order.byteLength +
      image.dirtyFrom.byteLength +
      image.histogram.byteLength +
      image.closedWriteBacks.byteLength;
  }
  for (const sparse of recorder.store.sparse) {
    checkpointBytes += sparse.keys.byteLength + sparse.items.byteLength;
  }
  const transfer: Transferable[] = [recorder.eventCounts.buffer, recorder.race.buffer].filter(
    (buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer,
  );
  if (copy !== null) transfer.push(copy.kinds.buffer, copy.handles.buffer, copy.keys.buffer);
  scope.postMessage(
    {
      kind: 'recorded',
      id: request.id,
      items,
      eventCounts: recorder.eventCounts,
      race: recorder.race,
      ops: copy,
      seconds: (performance.now() - started) / 1000,
      checkpointBytes,
    },
    transfer,
  );
}
