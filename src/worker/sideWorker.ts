// A large run's side worker. The page starts two per side: one records the side of the scenario
// once (replay/sideRecorder.ts) and hands its checkpoints over; the other serves the side's
// state before any operation the page asks for (replay/sideServer.ts). They are apart because
// the recording runs the heap over the stack kernel's queue: in the same worker, the heap's
// code would then see three kinds of memory observer, and its bare runs (most of a seek) took
// 1.6 times as long as in a worker of its own.

import { scenarioPlan, sideRecorder, sideServer } from '../core/replay/largeRun';
import { recordOps } from '../core/replay/recordOps';
import type { SideStore } from '../core/replay/sideRecorder';
import type { SideServer } from '../core/replay/sideServer';
import { scenarioWorkload } from '../core/scenario/scenario';
import {
  type SideReply,
  type SideRequest,
  stateBuffers,
  storeBuffers,
  storeBytes,
} from './sideProtocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SideRequest>) => void) | null;
  postMessage(message: SideReply, transfer?: Transferable[]): void;
};

let server: SideServer | null = null;

scope.onmessage = (event) => {
  const request = event.data;
  try {
    switch (request.kind) {
      case 'record':
        record(request);
        break;
      case 'serve':
        serve(request);
        break;
      case 'state': {
        if (server === null) throw new Error('a state was asked for before the run was served');
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
        break;
      }
    }
  } catch (error) {
    fail(request.id, error);
  }
};

function fail(id: number, error: unknown): void {
  scope.postMessage({
    kind: 'error',
    id,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** Writes the operations down now, then serves once the checkpoints arrive. */
function serve(request: Extract<SideRequest, { kind: 'serve' }>): void {
  const { scenario, side, handOver } = request;
  const { ops, items } = recordOps(scenarioWorkload(scenario));
  handOver.onmessage = (event: MessageEvent<SideStore>) => {
    try {
      server = sideServer(scenario, side, ops, items, event.data);
      handOver.close();
      scope.postMessage({ kind: 'serving', id: request.id });
    } catch (error) {
      fail(request.id, error);
    }
  };
}

function record(request: Extract<SideRequest, { kind: 'record' }>): void {
  const started = performance.now();
  const { scenario, side } = request;
  const { ops, items } = recordOps(scenarioWorkload(scenario));
  const plan = scenarioPlan(scenario);
  const recorder = sideRecorder(scenario, side, ops, items, plan);
  while (!recorder.runFor(100, () => performance.now())) {
    scope.postMessage({ kind: 'progress', id: request.id, done: recorder.progress });
  }
  const store = recorder.store;
  const checkpointBytes = storeBytes(store);
  request.handOver.postMessage(store, storeBuffers(store));
  request.handOver.close();
  const copy = request.sendOps
    ? { kinds: ops.kinds, handles: ops.handles, keys: ops.keys, namesItems: ops.namesItems }
    : null;
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
      checkpointBytes,
      seconds: (performance.now() - started) / 1000,
    },
    transfer,
  );
}
