// A large run's side worker. The page starts two per side: one records the side of the scenario
// once (replay/sideRecorder.ts) and hands its checkpoints over; the other serves the side's
// state before any operation the page asks for (replay/sideServer.ts). They are apart because
// the recording runs the heap over the stack kernel's queue: in the same worker, the heap's
// code would then see three kinds of memory observer, and its bare runs (most of a seek) would
// be markedly slower than in a worker of its own (docs/performance.md, "Why the code is so").

import { scenarioPlan, sideRecorder, sideServer } from '../core/replay/largeRun';
import { OpList } from '../core/replay/opList';
import { recordOps } from '../core/replay/recordOps';
import type { SideServer } from '../core/replay/sideServer';
import { scenarioWorkload } from '../core/scenario/scenario';
import {
  type HandOver,
  type OpArrays,
  opBuffers,
  type RecordingPart,
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
/** A recorder's recording, waiting for the page's 'send'. */
/** Sends the next part of a recorder's recording; true once all went (then 'recorded'). */
let pendingSend: (() => boolean) | null = null;

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
      case 'send':
        if (pendingSend === null) throw new Error('nothing recorded to send');
        if (pendingSend()) pendingSend = null;
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

/** Serves once the recording's checkpoints and operations arrive on the hand-over port. */
function serve(request: Extract<SideRequest, { kind: 'serve' }>): void {
  const { scenario, side, handOver } = request;
  handOver.onmessage = (event: MessageEvent<HandOver>) => {
    try {
      const { store, ops, items } = event.data;
      const list = OpList.fromArrays(ops.kinds, ops.handles, ops.keys, ops.namesItems);
      server = sideServer(scenario, side, list, items, store);
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
  // The operations go to the server (it writes none down itself: it would take a core from
  // the recording), and a copy of them to the page from the left side.
  const arrays: OpArrays = {
    kinds: ops.kinds,
    handles: ops.handles,
    keys: ops.keys,
    namesItems: ops.namesItems,
  };
  const copy: OpArrays | null = request.sendOps
    ? {
        kinds: ops.kinds.slice(),
        handles: ops.handles.slice(),
        keys: ops.keys.slice(),
        namesItems: ops.namesItems,
      }
    : null;
  const handOver: HandOver = { store, ops: arrays, items };
  request.handOver.postMessage(handOver, [...storeBuffers(store), ...opBuffers(arrays)]);
  request.handOver.close();
  const seconds = (performance.now() - started) / 1000;
  scope.postMessage({ kind: 'done', id: request.id, seconds, checkpointBytes });
  // Sent a part a request, the page asking for the next a frame later (sideProtocol.ts says why).
  const parts: RecordingPart[] = [
    { name: 'eventCounts', data: recorder.eventCounts },
    { name: 'race', data: recorder.race },
  ];
  if (copy !== null) {
    parts.push(
      { name: 'kinds', data: copy.kinds },
      { name: 'handles', data: copy.handles },
      { name: 'keys', data: copy.keys },
    );
  }
  pendingSend = () => {
    const part = parts.shift();
    if (part !== undefined) {
      const buffer = part.data.buffer;
      scope.postMessage(
        { kind: 'part', id: request.id, part },
        buffer instanceof ArrayBuffer ? [buffer] : [],
      );
      return false;
    }
    scope.postMessage({
      kind: 'recorded',
      id: request.id,
      items,
      namesItems: copy === null ? null : copy.namesItems,
      checkpointBytes,
      seconds,
    });
    return true;
  };
}
