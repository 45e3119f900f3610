// A large run's side workers, seen from the page. Two record the sides, a stretch at a time, into
// a PartialRecording that the page's timeline reads as it grows; two more serve the sides' states
// for jumps beyond the page's own reach, from whatever has been recorded. One state request is in
// flight at a time; a newer one replaces the one waiting behind it, which resolves null, so a
// scrubber dragged across a million operations asks only for where it stops.

import { scenarioRaceOps } from '../../core/replay/largeRun';
import type { StateSource } from '../../core/replay/largeTimeline';
import { OpList } from '../../core/replay/opList';
import { PartialRecording } from '../../core/replay/partialRecording';
import { SIDES, type SideState } from '../../core/replay/side';
import { type Scenario, scenarioPages, sidePages } from '../../core/scenario/scenario';
import type { RunShape, SideReply, SideRequest } from '../../worker/sideProtocol';
import { recordDuration } from '../browser/timing';

/** What the recording took, for the performance report. */
interface RecordingReport {
  /** Wall-clock seconds from the request to both recorders' last part. */
  seconds: number;
  /** Each recorder's own time and the bytes of checkpoints it handed on. */
  sides: { seconds: number; checkpointBytes: number }[];
}

/** Who hears how the recording goes (the page's preparer; it may change hands). */
interface RecordingListener {
  /** More has come: `done` is the slower side's fraction of the run. */
  grew(recording: PartialRecording, done: number): void;
  /** Every operation is recorded on both sides. */
  recorded(report: RecordingReport): void;
  /** A worker failed; the run is stopped. */
  failed(error: Error): void;
}

interface Pending {
  op: number;
  resolve: (states: SideState[] | null) => void;
  reject: (error: Error) => void;
}

export class LargeWorkers implements StateSource {
  /** The recording as far as it has come (null until the recorders have begun). */
  recording: PartialRecording | null = null;
  private readonly started = performance.now();
  private recorders: Worker[] | null = null;
  private servers: Worker[] | null = null;
  /** The serving workers' ends of the hand-over channels, until they start. */
  private readonly serverPorts: MessagePort[] = [];
  private readonly done = SIDES.map(() => 0);
  private readonly report: RecordingReport = {
    seconds: 0,
    sides: SIDES.map(() => ({ seconds: 0, checkpointBytes: 0 })),
  };
  private finished = 0;
  /** Whether the recorders are held (a state the page waits for is being worked out). */
  private holding = false;
  private nextId = 1;
  private inFlight: (Pending & { id: number; states: (SideState | null)[] }) | null = null;
  private waiting: Pending | null = null;
  private disposed = false;

  /**
   * The workers for `scenario`'s sides, none started yet (record, serve): `listener` will hear
   * each stretch as it comes, added to the recording the page began (begin), else to one laid
   * out here.
   */
  constructor(
    readonly scenario: Scenario,
    private readonly listener: RecordingListener,
  ) {}

  /** The recording as the page began it (its first window), before the recorders start. */
  begin(recording: PartialRecording): void {
    if (this.recording !== null) throw new Error('the recording has begun already');
    this.recording = recording;
  }

  /** Starts the recorders (once). */
  record(): void {
    if (this.recorders !== null || this.disposed) return;
    const scenario = this.scenario;
    this.recorders = SIDES.map((side, index) => {
      const recorder = spawn(`recorder (${side})`);
      recorder.onmessage = (event: MessageEvent<SideReply>) => this.heard(index, event.data);
      recorder.onerror = (event) =>
        this.fail(event.message || 'a side worker stopped (out of memory?)');
      const channel = new MessageChannel();
      this.serverPorts.push(channel.port2);
      const record: SideRequest = {
        kind: 'record',
        id: 0,
        scenario,
        side,
        sendOps: index === 0,
        handOver: channel.port1,
      };
      recorder.postMessage(record, [channel.port1]);
      return recorder;
    });
  }

  /** Starts the serving workers (once): what the recorders handed on so far waits for them. */
  serve(): void {
    this.record();
    if (this.servers !== null || this.disposed) return;
    this.servers = SIDES.map((side, index) => {
      const server = spawn(`server (${side})`);
      server.onmessage = (event: MessageEvent<SideReply>) => this.reply(index, event.data);
      server.onerror = (event) =>
        this.fail(event.message || 'a side worker stopped (out of memory?)');
      const handOver = this.serverPorts[index];
      const serve: SideRequest = { kind: 'serve', id: 0, scenario: this.scenario, side, handOver };
      server.postMessage(serve, [handOver]);
      return server;
    });
  }

  states(op: number): Promise<SideState[] | null> {
    if (this.disposed) return Promise.resolve(null);
    this.serve();
    return new Promise((resolve, reject) => {
      // The one waiting is superseded; the one in flight finishes (a worker cannot be
      // interrupted) but its answer still becomes the page's anchor if nothing newer came.
      this.waiting?.resolve(null);
      this.waiting = { op, resolve, reject };
      if (this.inFlight === null) this.sendWaiting();
    });
  }

  /** Stops every worker; pending requests resolve null, waiting seeks hear it is over. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const worker of [...(this.recorders ?? []), ...(this.servers ?? [])]) worker.terminate();
    for (const port of this.serverPorts) port.close();
    this.recording?.dispose();
    this.inFlight?.resolve(null);
    this.waiting?.resolve(null);
    this.inFlight = null;
    this.waiting = null;
  }

  /** A recorder's message: the run's shape, a stretch, its end, or its failure. */
  private heard(index: number, reply: SideReply): void {
    if (this.disposed) return;
    switch (reply.kind) {
      case 'started':
        this.recording ??= this.lay(reply);
        break;
      case 'part': {
        const recording = this.recording;
        if (recording === null) throw new Error('a recorded part came before the run began');
        recording.addPart(index, reply.part);
        // A state asked for ahead of the recording is being worked out now: the recorders wait.
        if (this.inFlight !== null && recording.counted >= this.inFlight.op) this.hold(true);
        this.done[index] = reply.done;
        this.listener.grew(recording, Math.min(...this.done));
        break;
      }
      case 'done':
        this.report.sides[index] = {
          seconds: reply.seconds,
          checkpointBytes: reply.checkpointBytes,
        };
        if (++this.finished === SIDES.length) {
          this.report.seconds = (performance.now() - this.started) / 1000;
          this.listener.recorded(this.report);
        }
        break;
      case 'error':
        this.fail(reply.message);
        break;
      case 'state':
        break;
    }
  }

  /** The page's arrays for a run of this shape (filled as the stretches come). */
  private lay(shape: RunShape): PartialRecording {
    const n = shape.operations;
    const ops = OpList.fromArrays(
      new Uint8Array(n),
      new Int32Array(n),
      new Float64Array(n),
      shape.namesItems,
    );
    const scenario = this.scenario;
    return new PartialRecording(
      ops,
      shape.items,
      scenarioRaceOps(scenario, n),
      SIDES.map((side) => sidePages(scenario, side)),
      scenarioPages(scenario),
    );
  }

  /** Holds the recorders while the servers work out a state (sideProtocol.ts's 'hold' says why). */
  private hold(hold: boolean): void {
    if (this.recorders === null || this.finished === SIDES.length || this.holding === hold) return;
    this.holding = hold;
    const request: SideRequest = { kind: 'hold', id: 0, hold };
    for (const recorder of this.recorders) recorder.postMessage(request);
  }

  private sendWaiting(): void {
    const next = this.waiting;
    if (next === null || this.disposed || this.servers === null) {
      if (this.inFlight === null) this.hold(false);
      return;
    }
    this.waiting = null;
    // Only once the recording has reached the state: before, the recorders must go on.
    const recorded = (this.recording?.counted ?? 0) >= next.op;
    this.hold(recorded);
    const id = this.nextId++;
    this.inFlight = { ...next, id, states: SIDES.map(() => null) };
    for (const worker of this.servers) {
      const request: SideRequest = { kind: 'state', id, op: next.op };
      worker.postMessage(request);
    }
  }

  private reply(index: number, reply: SideReply): void {
    if (reply.kind === 'error' && reply.id === 0) {
      // What the recorder handed on could not be taken: the run cannot be served.
      this.fail(reply.message);
      return;
    }
    const current = this.inFlight;
    if (current === null || reply.id !== current.id) return;
    if (reply.kind === 'error') {
      this.inFlight = null;
      current.reject(new Error(reply.message));
      this.sendWaiting();
      return;
    }
    if (reply.kind !== 'state') return;
    current.states[index] = reply.state;
    // The worker's own time for the state (the e2e performance report reads it).
    recordDuration(`bheap:worker-state-${SIDES[index]}`, performance.now() - reply.seconds * 1000);
    if (current.states.some((state) => state === null)) return;
    this.inFlight = null;
    // A newer request waiting means this answer is stale: it is dropped, the newer one sent.
    if (this.waiting !== null) current.resolve(null);
    else current.resolve(current.states as SideState[]);
    this.sendWaiting();
  }

  private fail(message: string): void {
    if (this.disposed) return;
    const error = new Error(message);
    this.inFlight?.reject(error);
    this.waiting?.reject(error);
    this.inFlight = null;
    this.waiting = null;
    this.listener.failed(error);
    this.dispose();
  }
}

function spawn(role: string): Worker {
  return new Worker(new URL('../../worker/sideWorker.ts', import.meta.url), {
    type: 'module',
    name: `B-Heap Lab ${role}`,
  });
}
