// The replay kernel (assembly/replayKernel.ts): a large run's heap side in WebAssembly, with the
// stack kernel compiled in. Its bytes come from a generated module (`npm run kernel`), loaded
// synchronously as the other kernels are; each instance has its own memory.

import { kernelLoader } from '../../memory/kernel/loadKernel';
import { STACK_CHECKPOINT_FUNCTIONS, type StackCheckpoints } from '../../memory/kernel/stackKernel';
import { REPLAY_KERNEL_WASM } from './replayKernel.generated';

/**
 * The kernel's exports, the stack kernel's checkpoints among them. Pointers are byte offsets
 * into `memory`.
 */
export interface ReplayKernel extends StackCheckpoints {
  readonly memory: WebAssembly.Memory;
  /** Lays the run out (see the source); 0, or -1 if the memory cannot grow that far. */
  init(
    layout: number,
    itemsPerPage: number,
    capacity: number,
    slots: number,
    pages: number,
    topSize: number,
    operations: number,
    items: number,
    tracksItems: number,
  ): number;
  operationKinds(): number;
  operationHandles(): number;
  operationKeys(): number;
  eventCounts(): number;
  heapKeys(): number;
  heapItems(): number;
  itemSlots(): number;
  heapTail(): number;
  heapCount(): number;
  heapOperations(): number;
  heapComparisons(): number;
  heapSwaps(): number;
  heapOpAccesses(): number;
  heapAccesses(): number;
  latestPage(): number;
  recordedEvents(): number;
  setHeap(
    tail: number,
    count: number,
    operations: number,
    comparisons: number,
    swaps: number,
    opAccesses: number,
  ): void;
  record(from: number, to: number): void;
  hookQueue(on: number): void;
  queueAt(): number;
  runBare(from: number, to: number): void;
  flush(): void;
}

const FUNCTIONS = [
  'init',
  'operationKinds',
  'operationHandles',
  'operationKeys',
  'eventCounts',
  'heapKeys',
  'heapItems',
  'itemSlots',
  'heapTail',
  'heapCount',
  'heapOperations',
  'heapComparisons',
  'heapSwaps',
  'heapOpAccesses',
  'heapAccesses',
  'latestPage',
  'recordedEvents',
  'setHeap',
  'record',
  'hookQueue',
  'queueAt',
  'runBare',
  'flush',
  ...STACK_CHECKPOINT_FUNCTIONS,
] as const;

const load = kernelLoader<ReplayKernel>(REPLAY_KERNEL_WASM, 'replay kernel', FUNCTIONS);

/** Receives a batch of queued entries (hookQueue(1)): `count` of them at queueAt(). */
export type QueueHook = (count: number) => void;

/** A fresh kernel instance, with its own memory; `hook` hears each batch once hooked. */
export function instantiateReplayKernel(hook: QueueHook | null = null): ReplayKernel {
  const queued = (count: number): void => {
    hook?.(count);
  };
  return load({ replayKernel: { queued } });
}
