// The message protocol between the page and a large run's side workers (worker/sideWorker.ts):
// one worker per side records the run once, then serves the side's state before any operation.
// The page keeps one state request in flight (app/largeWorkers.ts); typed arrays are transferred.

import type { SideName, SideState } from '../core/replay/side';
import type { SideStore } from '../core/replay/sideRecorder';
import type { Scenario } from '../core/scenario/scenario';

export type SideRequest =
  /**
   * Record `side` of the scenario; `sendOps`: also send the operations (the worker is done).
   * The checkpoints go straight to the serving worker through `handOver`, never through the
   * page (reading thousands of arrays out of a message there took over 100 ms).
   */
  | {
      kind: 'record';
      id: number;
      scenario: Scenario;
      side: SideName;
      sendOps: boolean;
      handOver: MessagePort;
    }
  /**
   * A serving worker: serve `side` from the checkpoints and operations that arrive on
   * `handOver` (a HandOver); say 'serving' once it can.
   */
  | { kind: 'serve'; id: number; scenario: Scenario; side: SideName; handOver: MessagePort }
  /**
   * A recorder that said 'done': send the next part of the recording (the servers are ready,
   * the page idle), or, once all are sent, 'recorded'.
   */
  | { kind: 'send'; id: number }
  /** The side's state before operation `op`. */
  | { kind: 'state'; id: number; op: number };

/** The operations as the page's OpList holds them (opList.ts). */
export interface OpArrays {
  kinds: Uint8Array;
  handles: Int32Array;
  keys: Float64Array;
  /** Whether any operation names an item (OpList.namesItems), looked up by the worker. */
  namesItems: boolean;
}

/**
 * A recording reaches the page an array at a time, a frame apart: ~100 MB in one message made
 * the page's collector finish a major collection in that task (20 ms, and 10-16 ms more of
 * sweeping), which with the message's own work passed 50 ms.
 */
export type RecordingPart =
  | { name: 'eventCounts'; data: Uint32Array }
  | { name: 'race'; data: Uint32Array }
  | { name: 'kinds'; data: Uint8Array }
  | { name: 'handles'; data: Int32Array }
  | { name: 'keys'; data: Float64Array };

export type SideReply =
  /** Recording progress, 0..1, at most every 100 ms. */
  | { kind: 'progress'; id: number; done: number }
  /**
   * The recording is done and its checkpoints handed over; the recorder keeps the rest until
   * asked to 'send' it (taking 100 MB in while the servers build would stretch the page's tasks).
   */
  | { kind: 'done'; id: number; seconds: number; checkpointBytes: number }
  /** One array of the recording, a 'send' each (see RecordingPart). */
  | { kind: 'part'; id: number; part: RecordingPart }
  /** Every part sent: what is left to say. */
  | {
      kind: 'recorded';
      id: number;
      items: number;
      /** Whether any operation names an item, when the operations were sent (else null). */
      namesItems: boolean | null;
      /** Bytes of the checkpoints handed over. */
      checkpointBytes: number;
      /** Wall-clock seconds the recording took in the worker. */
      seconds: number;
    }
  | { kind: 'serving'; id: number }
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
  const buffers = new Set<ArrayBuffer>();
  for (const array of arrays) {
    if (array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  }
  return [...buffers];
}

/** Every buffer of a side's checkpoints (a recording hands them to its serving worker). */
export function storeBuffers(store: SideStore): ArrayBuffer[] {
  const arrays: ArrayBufferView[] = [];
  for (const dense of store.dense) {
    const image = dense.image;
    arrays.push(image.order, image.dirtyFrom, image.histogram, image.closedWriteBacks);
  }
  for (const sparse of store.sparse) arrays.push(sparse.keys, sparse.items);
  const buffers = new Set<ArrayBuffer>();
  for (const array of arrays) {
    if (array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  }
  return [...buffers];
}

/** Bytes a side's checkpoints take (the performance report). */
export function storeBytes(store: SideStore): number {
  let bytes = 0;
  for (const buffer of storeBuffers(store)) bytes += buffer.byteLength;
  return bytes;
}

/** What a recording hands its serving worker: its checkpoints and its operations. */
export interface HandOver {
  store: SideStore;
  ops: OpArrays;
  items: number;
}

/** The buffers of a list of operations, to transfer. */
export function opBuffers(ops: OpArrays): ArrayBuffer[] {
  return [ops.kinds.buffer, ops.handles.buffer, ops.keys.buffer].filter(
    (buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer,
  );
}
