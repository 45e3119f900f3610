// The message protocol between the page and a large run's side workers (worker/sideWorker.ts):
// one worker per side records the run once, then serves the side's state before any operation.
// The page keeps one state request in flight (app/largeWorkers.ts); typed arrays are transferred.

import type { SideName, SideState } from '../core/replay/side';
import type { Scenario } from '../core/scenario/scenario';

export type SideRequest =
  /** Record `side` of the scenario; `sendOps`: also send a copy of the operations. */
  | { kind: 'record'; id: number; scenario: Scenario; side: SideName; sendOps: boolean }
  /** The side's state before operation `op`. */
  | { kind: 'state'; id: number; op: number };

/** The operations as the page's OpList holds them (opList.ts). */
export interface OpArrays {
  kinds: Uint8Array;
  handles: Int32Array;
  keys: Float64Array;
}

export type SideReply =
  /** Recording progress, 0..1, at most every 100 ms. */
  | { kind: 'progress'; id: number; done: number }
  | {
      kind: 'recorded';
      id: number;
      items: number;
      eventCounts: Uint32Array;
      race: Uint32Array;
      ops: OpArrays | null;
      /** Wall-clock seconds the recording took in the worker. */
      seconds: number;
      /** Bytes the worker keeps for its checkpoints. */
      checkpointBytes: number;
    }
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
