// A large run's side workers, seen from the page: they record the run (with progress), then
// serve the sides' states for jumps beyond the page's own reach. One state request is in
// flight at a time; a newer one replaces the one waiting behind it, which resolves null, so a
// scrubber dragged across a million operations asks only for where it stops.

import { scenarioRaceOps } from '../core/replay/largeRun';
import type { LargeRecording, StateSource } from '../core/replay/largeTimeline';
import { OpList } from '../core/replay/opList';
import { SIDES, type SideState } from '../core/replay/side';
import type { Scenario } from '../core/scenario/scenario';
import type { RecordingPart, SideReply, SideRequest } from '../worker/sideProtocol';
import { afterNextFrame } from './frames';
import { recordDuration } from './timing';

/** What the recording took, for the performance report. */
export interface RecordingReport {
  /** Wall-clock seconds from the request to both workers' replies. */
  seconds: number;
  /** Each worker's own recording time and checkpoint bytes. */
  sides: { seconds: number; checkpointBytes: number }[];
}

interface Pending {
  op: number;
  resolve: (states: SideState[] | null) => void;
  reject: (error: Error) => void;
}

export class LargeWorkers implements StateSource {
  private readonly workers: Worker[];
  private nextId = 1;
  private inFlight: (Pending & { id: number; states: (SideState | null)[] }) | null = null;
  private waiting: Pending | null = null;
  private disposed = false;
  /** Seconds each served state took in its worker, latest last (the performance report). */
  readonly served: number[] = [];

  private constructor(workers: Worker[]) {
    this.workers = workers;
    workers.forEach((worker, index) => {
      worker.onmessage = (event: MessageEvent<SideReply>) => this.reply(index, event.data);
      worker.onerror = (event) =>
        this.fail(event.message || 'a side worker stopped (out of memory?)');
    });
  }

  /**
   * Starts both workers recording `scenario`; resolves with what the page's timeline needs.
   * `progress` gets 0..1 (the slower side's); `cancelled` says when a newer request has taken
   * over, and the workers are then stopped.
   */
  static record(
    scenario: Scenario,
    progress: (done: number) => void,
    cancelled: () => boolean,
  ): Promise<{ workers: LargeWorkers; recording: LargeRecording; report: RecordingReport }> {
    const started = performance.now();
    const spawn = (role: string): Worker =>
      new Worker(new URL('../worker/sideWorker.ts', import.meta.url), {
        type: 'module',
        name: `B-Heap Lab ${role}`,
      });
    // Per side, one worker records and hands its checkpoints to another that serves them
    // (sideWorker.ts says why two); the serving ones write the operations down meanwhile.
    const recorders = SIDES.map((side) => spawn(`recorder (${side})`));
    const servers = SIDES.map((side) => spawn(`server (${side})`));
    return new Promise((resolve, reject) => {
      const done = SIDES.map(() => 0);
      const replies: (Extract<SideReply, { kind: 'recorded' }> | null)[] = SIDES.map(() => null);
      const parts: Partial<Record<RecordingPart['name'], RecordingPart['data']>>[] = SIDES.map(
        () => ({}),
      );
      const serving = SIDES.map(() => false);
      const sides: { seconds: number; checkpointBytes: number }[] = SIDES.map(() => ({
        seconds: 0,
        checkpointBytes: 0,
      }));
      let stopped = false;
      const stop = (error: Error): void => {
        if (stopped) return;
        stopped = true;
        for (const worker of [...recorders, ...servers]) worker.terminate();
        reject(error);
      };
      const finished = (): void => {
        if (stopped || !serving.every(Boolean) || !replies.every((reply) => reply !== null)) return;
        const [left, right] = parts;
        const namesItems = replies[0]?.namesItems ?? null;
        if (
          namesItems === null ||
          !(left.kinds instanceof Uint8Array) ||
          !(left.handles instanceof Int32Array) ||
          !(left.keys instanceof Float64Array)
        ) {
          stop(new Error('the left recorder sent no operations'));
          return;
        }
        const counts = [left.eventCounts, right.eventCounts];
        const races = [left.race, right.race];
        if (!counts.every(isUint32) || !races.every(isUint32)) {
          stop(new Error('a recorder sent no event counts or race'));
          return;
        }
        const ops = OpList.fromArrays(left.kinds, left.handles, left.keys, namesItems);
        const recorded = replies as Extract<SideReply, { kind: 'recorded' }>[];
        resolve({
          workers: new LargeWorkers(servers),
          recording: {
            ops,
            items: recorded[0].items,
            eventCounts: counts,
            raceOps: scenarioRaceOps(scenario, ops.length),
            race: races,
          },
          report: { seconds: (performance.now() - started) / 1000, sides },
        });
      };
      // The recordings come to the page once every worker is idle: both recorders done, both
      // servers built. Taking 100 MB in earlier set the page's collector working while the
      // servers took both cores, and its tasks stretched past 50 ms. Then an array at a time,
      // a frame apart, left side first (sideProtocol.ts's RecordingPart says why).
      const recorded = SIDES.map(() => false);
      let asked = false;
      const askForPart = (index: number): void => {
        if (stopped) return;
        const send: SideRequest = { kind: 'send', id: 0 };
        recorders[index].postMessage(send);
      };
      const askForRecordings = (): void => {
        if (asked || stopped || !recorded.every(Boolean) || !serving.every(Boolean)) return;
        asked = true;
        askForPart(0);
      };
      const failed = (event: ErrorEvent): void =>
        stop(new Error(event.message || 'a side worker stopped (out of memory?)'));
      SIDES.forEach((side, index) => {
        const recorder = recorders[index];
        const server = servers[index];
        recorder.onerror = failed;
        server.onerror = failed;
        server.onmessage = (event: MessageEvent<SideReply>) => {
          if (cancelled()) stop(new Error('superseded'));
          else if (event.data.kind === 'error') stop(new Error(event.data.message));
          else if (event.data.kind === 'serving') {
            serving[index] = true;
            askForRecordings();
          }
        };
        recorder.onmessage = (event: MessageEvent<SideReply>) => {
          const reply = event.data;
          if (cancelled()) {
            stop(new Error('superseded'));
            return;
          }
          if (reply.kind === 'progress') {
            done[index] = reply.done;
            progress(Math.min(...done));
          } else if (reply.kind === 'error') stop(new Error(reply.message));
          else if (reply.kind === 'done') {
            done[index] = 1;
            recorded[index] = true;
            sides[index] = { seconds: reply.seconds, checkpointBytes: reply.checkpointBytes };
            askForRecordings();
          } else if (reply.kind === 'part') {
            parts[index][reply.part.name] = reply.part.data;
            afterNextFrame(() => askForPart(index));
          } else if (reply.kind === 'recorded') {
            replies[index] = reply;
            // Its checkpoints went to the server, the rest has come: the recorder is done.
            recorder.terminate();
            if (index + 1 < SIDES.length) afterNextFrame(() => askForPart(index + 1));
            else afterNextFrame(finished);
          }
        };
        const channel = new MessageChannel();
        const serve: SideRequest = {
          kind: 'serve',
          id: 0,
          scenario,
          side,
          handOver: channel.port2,
        };
        server.postMessage(serve, [channel.port2]);
        const record: SideRequest = {
          kind: 'record',
          id: 0,
          scenario,
          side,
          sendOps: index === 0,
          handOver: channel.port1,
        };
        recorder.postMessage(record, [channel.port1]);
      });
    });
  }

  states(op: number): Promise<SideState[] | null> {
    if (this.disposed) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      // The one waiting is superseded; the one in flight finishes (a worker cannot be
      // interrupted) but its answer still becomes the page's anchor if nothing newer came.
      this.waiting?.resolve(null);
      this.waiting = { op, resolve, reject };
      if (this.inFlight === null) this.sendWaiting();
    });
  }

  /** Stops both workers; pending requests resolve null. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const worker of this.workers) worker.terminate();
    this.inFlight?.resolve(null);
    this.waiting?.resolve(null);
    this.inFlight = null;
    this.waiting = null;
  }

  private sendWaiting(): void {
    const next = this.waiting;
    if (next === null || this.disposed) return;
    this.waiting = null;
    const id = this.nextId++;
    this.inFlight = { ...next, id, states: SIDES.map(() => null) };
    for (const worker of this.workers) {
      const request: SideRequest = { kind: 'state', id, op: next.op };
      worker.postMessage(request);
    }
  }

  private reply(index: number, reply: SideReply): void {
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
    this.served.push(reply.seconds);
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
    const error = new Error(message);
    this.inFlight?.reject(error);
    this.waiting?.reject(error);
    this.inFlight = null;
    this.waiting = null;
  }
}

function isUint32(array: RecordingPart['data'] | undefined): array is Uint32Array {
  return array instanceof Uint32Array;
}
