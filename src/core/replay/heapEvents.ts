// How many events a heap operation emits, from the heap's own counters: what lets a replay run
// an operation without its events (side.ts's fast path, sideRecorder.ts's first pass) and still
// know how many steps it lasts.
//
// From structures/heap/heap.ts: every operation emits op-begin and op-end; every slot reference
// is one touch (the pager's), every comparison a compare and every swap a swap; besides, an
// insert places its item, a removal (popMin, delete) emits remove and clear, and a place too when
// the tail's item moves into the hole (not when the victim is the tail itself), and a reorder
// emits rekey. tests/core/replay/heapEvents.test.ts checks this against real runs.

import type { Heap } from '../structures/heap/heap';
import type { OpList } from './opList';

/** The counters of a heap that the count reads, cumulative. */
interface HeapCounts {
  accesses: number;
  comparisons: number;
  swaps: number;
}

/** What an operation is, as far as its events beyond references, compares and swaps go. */
type HeapOpShape = 'insert' | 'reorder' | 'remove-tail' | 'remove-inner';

/** Events other than touches, compares and swaps, including op-begin and op-end. */
export function fixedEvents(shape: HeapOpShape): number {
  switch (shape) {
    case 'insert':
    case 'reorder':
      return 3;
    case 'remove-tail':
      return 4;
    case 'remove-inner':
      return 5;
  }
}

/** Events of one operation: the counters' growth across it plus its fixed events. */
export function heapOpEvents(shape: HeapOpShape, before: HeapCounts, after: HeapCounts): number {
  return (
    fixedEvents(shape) +
    (after.accesses - before.accesses) +
    (after.comparisons - before.comparisons) +
    (after.swaps - before.swaps)
  );
}

/** What operation k of `ops` will do to `heap` as it is now (handleOf: each item's slot). */
export function heapOpShape(heap: Heap, ops: OpList, k: number, handleOf: Int32Array): HeapOpShape {
  switch (ops.kinds[k]) {
    case 0:
      return 'insert';
    case 1:
      return heap.lastSlot === heap.layout.rootSlot ? 'remove-tail' : 'remove-inner';
    case 2:
      return handleOf[ops.handles[k]] === heap.lastSlot ? 'remove-tail' : 'remove-inner';
    case 4:
      return ops.handles[k] === heap.lastSlot ? 'remove-tail' : 'remove-inner';
    default:
      return 'reorder';
  }
}
