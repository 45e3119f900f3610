// The priority-queue interface every structure offers (the two heaps of the article, the d-ary
// heaps, and the pointer structures of the other seeds), so workloads, sweeps and views drive
// any of them the same way: insert, popMin, delete(handle), reorder(handle), as a timer wheel needs.

import type { EventSink } from '../events';
import type { MemoryObserver } from '../memory/observer';

/**
 * A handle names where an item is: a heap's slot (it changes as items move, and the structure
 * reports every change) or a pointer structure's node (fixed from insert to removal).
 * 0 is never a handle: slot 0 is unused and node 0 is the header.
 */
export const NO_HANDLE = 0;

/** Told whenever an item gets a new handle, and with NO_HANDLE when it leaves. */
export type HandleCallback = (item: number, handle: number) => void;

export interface QueueOptions {
  /** Most items held at once. */
  capacity: number;
  /** Receives every word the structure reads or writes (a heap slot is one word). */
  memory: MemoryObserver;
  sink?: EventSink | null;
  /** Send the sink only op-begin and op-end. */
  sinkOpsOnly?: boolean;
  onHandle?: HandleCallback | null;
  /** Words (8-byte slots) per page: heaps need it for their layout, arenas ignore it. */
  itemsPerPage: number;
  /** Bytes per node of a pointer structure (a multiple of 8); heaps ignore it. */
  nodeBytes?: number;
  /** Seeds the treap's priority generator (kept apart from the workload's key draws). */
  prioritySeed?: number;
}

export interface PriorityQueue {
  readonly size: number;
  /** Operations run so far. */
  readonly operations: number;
  /** Key comparisons (and a treap's priority comparisons). */
  readonly comparisons: number;
  /** Heap swaps, or tree rotations; a list never moves a node. */
  readonly swaps: number;
  /** Words read or written so far (every report to the MemoryObserver): the cost model's CPU side. */
  readonly accesses: number;
  /** Adds an item; returns its handle once the operation is over. */
  insert(item: number, key: number): number;
  /** Removes the item with the smallest key and returns it. */
  popMin(): number;
  /** Smallest key, without touching memory (workloads peek to see what is due). */
  peekKey(): number;
  /** Removes the item at `handle` and returns it. */
  delete(handle: number): number;
  /** Gives the item at `handle` a new key; returns its handle afterwards. */
  reorder(handle: number, key: number): number;
  /** Captures the whole state; calling the result puts the queue back as it was. */
  checkpoint(): () => void;
}
