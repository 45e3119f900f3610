// The message protocol between the page and a large run's side workers (worker/sideWorker.ts):
// one worker per side records the run, a stretch at a time, and hands each stretch on as it is
// done, to the page (its steps and race) and to a second worker that serves the side's state
// before any operation recorded so far. The page keeps one state request in flight
// (app/largeRun/largeWorkers.ts); typed arrays are transferred.

import type { RingSnapshot } from '../core/memory/ringPagers';
import type { OpArrays } from '../core/replay/opSource';
import type { PagePart, RecordedPart } from '../core/replay/recordedParts';
import type { SideName, SideState } from '../core/replay/side';
import type { DenseCheckpoint, PackedHeap } from '../core/replay/sideRecorder';
import type { Scenario } from '../core/scenario/scenario';

export type SideRequest =
  /**
   * Record `side` of the scenario; `sendOps`: send the page the operations too. Each stretch's
   * operations and checkpoints go straight to the serving worker through `handOver` (as
   * HandOver messages), never through the page, whose main thread would spend a long task
   * reading thousands of arrays out of messages.
   */
  | {
      kind: 'record';
      id: number;
      scenario: Scenario;
      side: SideName;
      sendOps: boolean;
      handOver: MessagePort;
    }
  /** A serving worker: serve `side` from what arrives on `handOver`. */
  | { kind: 'serve'; id: number; scenario: Scenario; side: SideName; handOver: MessagePort }
  /**
   * The side's state before operation `op`; one the recording has not reached yet is answered
   * once it has.
   */
  | { kind: 'state'; id: number; op: number }
  /**
   * To a recorder: stop after the stretch under way (`hold`), or go on. The page holds the
   * recorders while the servers work out a state it waits for: on two cores they would
   * otherwise take half of each.
   */
  | { kind: 'hold'; id: number; hold: boolean };

/** What is known of the operations before any is recorded. */
export interface RunShape {
  operations: number;
  items: number;
  /** Whether any operation names an item (OpList.namesItems). */
  namesItems: boolean;
}

/** From a recorder to its serving worker: the run's shape, then each stretch recorded. */
export type HandOver = ({ kind: 'start' } & RunShape) | { kind: 'part'; part: RecordedPart };

export type SideReply =
  /** The recording has begun: the run's shape (the page lays its arrays out). */
  | ({ kind: 'started'; id: number } & RunShape)
  /**
   * A stretch recorded, small and often: a large message makes the page's garbage collector
   * finish a major collection in the task that takes it in. `done` is the fraction of the run
   * recorded with it.
   */
  | { kind: 'part'; id: number; part: PagePart; done: number }
  /** Every operation recorded: what it took, in the worker, and the checkpoints it handed on. */
  | { kind: 'done'; id: number; seconds: number; checkpointBytes: number }
  | { kind: 'state'; id: number; op: number; state: SideState; seconds: number }
  | { kind: 'error'; id: number; message: string };

/** Every buffer a state holds, to transfer rather than copy (each is the state's own). */
export function stateBuffers(state: SideState): ArrayBuffer[] {
  const memory = state.view.memory;
  const arrays: ArrayBufferView[] = [
    state.heap.keys,
    state.heap.items,
    memory.recency.front,
    memory.recency.stampOf,
    memory.dirtyFrom,
    memory.histogram,
    memory.closedWriteBacks,
  ];
  if (state.handleOf !== null) arrays.push(state.handleOf);
  // Under FIFO, CLOCK or OPT the view mirrors its pager, and a FIFO or CLOCK side keeps the ring.
  const policy = state.view.policy;
  if (policy !== null)
    arrays.push(policy.pageState, policy.pageInFrame, policy.frameOf, policy.referenced);
  if (state.ring !== null) arrays.push(...ringArrays(state.ring));
  return buffersOf(arrays);
}

/** The arrays of a FIFO or CLOCK pager's state. */
function ringArrays(ring: RingSnapshot): ArrayBufferView[] {
  return [ring.frameOf, ring.pageInFrame, ring.referenced, ring.dirty, ring.touched, ring.loadedAt];
}

/** Every buffer of some checkpoints (a recording hands them to its serving worker). */
export function checkpointBuffers(dense: DenseCheckpoint[], sparse: PackedHeap[]): ArrayBuffer[] {
  const arrays: ArrayBufferView[] = [];
  for (const checkpoint of dense) {
    const image = checkpoint.image;
    arrays.push(image.order, image.dirtyFrom, image.histogram, image.closedWriteBacks);
    if (checkpoint.ring !== null) arrays.push(...ringArrays(checkpoint.ring));
  }
  for (const copy of sparse) arrays.push(copy.keys, copy.items);
  return buffersOf(arrays);
}

/** Bytes some checkpoints take (the performance report). */
export function checkpointBytes(dense: DenseCheckpoint[], sparse: PackedHeap[]): number {
  let bytes = 0;
  for (const buffer of checkpointBuffers(dense, sparse)) bytes += buffer.byteLength;
  return bytes;
}

/** The buffers of a stretch of operations, to transfer. */
export function opBuffers(ops: OpArrays): ArrayBuffer[] {
  return buffersOf([ops.kinds, ops.handles, ops.keys]);
}

/** The distinct ArrayBuffers under some arrays: copies of their own, never over a kernel's memory. */
export function buffersOf(arrays: ArrayBufferView[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const array of arrays) {
    if (array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  }
  return [...buffers];
}
