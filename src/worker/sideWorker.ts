// A large run's side worker. The page starts two per side: one records the side of the scenario
// (replay/sideRecorder.ts), a stretch at a time, and hands each stretch on as it is done; the
// other serves the side's state before any operation recorded so far (replay/sideServer.ts).
// They are apart because the recording runs the heap over the stack kernel's queue: in the same
// worker, the heap's code would then see three kinds of memory observer, and its bare runs (most
// of a seek) would be markedly slower than in a worker of its own (docs/performance.md, "Why the
// code is so").

import { errorText } from '../core/errorText';
import { scenarioPlan, sideRecorder, sideServer } from '../core/replay/largeRun';
import { type OpArrays, opSource } from '../core/replay/opSource';
import { PartCutter } from '../core/replay/recordedParts';
import type { SideState } from '../core/replay/side';
import type { SideServer } from '../core/replay/sideServer';
import { scenarioWorkload } from '../core/scenario/scenario';
import {
  buffersOf,
  checkpointBuffers,
  checkpointBytes,
  type HandOver,
  opBuffers,
  type RunShape,
  type SideReply,
  type SideRequest,
  stateBuffers,
} from './sideProtocol';
import { workerScope } from './workerScope';

const scope = workerScope<SideRequest, SideReply>();

/**
 * The first stretch is short, so the page can show the run's start at once; each next one twice
 * as long, up to PART_MS, so a far seek hears of its operation soon after it is recorded.
 */
const FIRST_PART_MS = 4;
const PART_MS = 100;

let server: SideServer | null = null;
/** A recorder held by the page (a state it waits for is being worked out), and how it goes on. */
let held = false;
let resume: (() => void) | null = null;
/** A state asked for before the recording reached it, answered once it has. */
let waiting: Extract<SideRequest, { kind: 'state' }> | null = null;

scope.listen(
  (request) => {
    switch (request.kind) {
      case 'record':
        record(request);
        break;
      case 'serve':
        serve(request);
        break;
      case 'state':
        waiting = request;
        answer();
        break;
      case 'hold':
        held = request.hold;
        if (!held) resume?.();
        break;
    }
  },
  (request, message) => ({ kind: 'error', id: request.id, message }),
);

function fail(id: number, error: unknown): void {
  scope.post({ kind: 'error', id, message: errorText(error) });
}

/** Answers the waiting state request, if the recording has reached its operation. */
function answer(): void {
  const request = waiting;
  if (request === null || server === null || request.op > server.recorded) return;
  waiting = null;
  const started = performance.now();
  let state: SideState;
  try {
    state = server.stateAt(request.op);
  } catch (error) {
    fail(request.id, error);
    return;
  }
  scope.post(
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

/** Serves what arrives on the hand-over port: the run's shape, then each stretch recorded. */
function serve(request: Extract<SideRequest, { kind: 'serve' }>): void {
  const { scenario, side, handOver } = request;
  handOver.onmessage = (event: MessageEvent<HandOver>) => {
    const message = event.data;
    try {
      if (message.kind === 'start') {
        const shape = { length: message.operations, namesItems: message.namesItems };
        const store = { plan: scenarioPlan(scenario), dense: [], sparse: [] };
        server = sideServer(scenario, side, shape, message.items, store);
        return;
      }
      if (server === null) throw new Error('a recorded part came before the run began');
      server.extend(message.part);
      answer();
    } catch (error) {
      // The page hears it as the recording's failure (id 0) and stops the run.
      fail(request.id, error);
    }
  };
}

function record(request: Extract<SideRequest, { kind: 'record' }>): void {
  const started = performance.now();
  const { scenario, side, handOver, id } = request;
  const source = opSource(scenarioWorkload(scenario));
  const recorder = sideRecorder(scenario, side, source, source.items, scenarioPlan(scenario));
  const shape: RunShape = {
    operations: source.length,
    items: source.items,
    namesItems: source.namesItems,
  };
  scope.post({ kind: 'started', id, ...shape });
  const start: HandOver = { kind: 'start', ...shape };
  handOver.postMessage(start);
  const cutter = new PartCutter(recorder, request.sendOps);
  let bytes = 0;
  let budget = FIRST_PART_MS;
  // A stretch a task: between two, the page's messages (hold) come in. The next is queued as a
  // message, not a timeout (nested timeouts wait 4 ms each).
  const next = new MessageChannel();
  const stretch = (): void => {
    if (held) {
      resume = () => {
        resume = null;
        stretch();
      };
      return;
    }
    const done = recorder.runFor(budget, () => performance.now());
    budget = Math.min(PART_MS, budget * 2);
    // To the serving worker, then to the page: the page's seeks then find it served.
    const { server: part, page } = cutter.next();
    bytes += checkpointBytes(part.dense, part.sparse);
    const toServer: HandOver = { kind: 'part', part };
    handOver.postMessage(toServer, [
      ...checkpointBuffers(part.dense, part.sparse),
      ...opBuffers(part.ops),
    ]);
    const arrays = [page.counts, page.race, ...(page.ops === null ? [] : opArrays(page.ops))];
    scope.post({ kind: 'part', id, part: page, done: recorder.progress }, buffersOf(arrays));
    if (!done) {
      next.port2.postMessage(null);
      return;
    }
    next.port1.close();
    handOver.close();
    const seconds = (performance.now() - started) / 1000;
    scope.post({ kind: 'done', id, seconds, checkpointBytes: bytes });
  };
  next.port1.onmessage = stretch;
  stretch();
}

function opArrays(ops: OpArrays): ArrayBufferView[] {
  return [ops.kinds, ops.handles, ops.keys];
}
