// A heap side run without events (Side.advance's fast path) must leave its view exactly where
// the events leave it, and heapOpEvents must count the events an operation really emits.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink } from '../../../src/core/events';
import { NO_MEMORY } from '../../../src/core/memory/observer';
import { heapOpEvents } from '../../../src/core/replay/heapEvents';
import { recordOps } from '../../../src/core/replay/recordOps';
import { Side } from '../../../src/core/replay/side';
import type { ViewState } from '../../../src/core/replay/viewState';
import type { Heap } from '../../../src/core/structures/heap/heap';
import { makeQueue, structurePages, structureSpec } from '../../../src/core/structures/registry';
import type { Workload } from '../../../src/core/workloads/workloads';
import { workloadCapacity } from '../../../src/core/workloads/workloads';

const HEAP_KINDS = ['binary', 'bheap', 'bheap-strict', 'dary4', 'dary8'] as const;

/** A workload too large for the tree view (over 255 items), so the side takes the fast path. */
const workloads: fc.Arbitrary<Workload> = fc.oneof(
  fc.record({
    kind: fc.constant('phk' as const),
    items: fc.integer({ min: 256, max: 700 }),
    seed: fc.integer({ min: 1, max: 1000 }),
    keyRange: fc.constantFrom(50, 2 ** 31),
  }),
  fc.record({
    kind: fc.constant('expiry' as const),
    items: fc.integer({ min: 256, max: 400 }),
    seed: fc.integer({ min: 1, max: 1000 }),
    keyRange: fc.constant(2 ** 31),
  }),
  fc.record({
    kind: fc.constant('asterisk' as const),
    items: fc.integer({ min: 256, max: 500 }),
    seed: fc.integer({ min: 1, max: 1000 }),
    keyRange: fc.constant(2 ** 31),
  }),
);

function sideFor(
  kind: (typeof HEAP_KINDS)[number],
  perPage: number,
  workload: Workload,
  frames: number,
) {
  const spec = structureSpec(kind, kind === 'dary8' ? Math.max(8, perPage) : perPage);
  const { ops, items } = recordOps(workload);
  const capacity = workloadCapacity(workload);
  const pages = structurePages(spec, capacity);
  const make = () => new Side(spec, capacity, items, frames, pages, 'lru', ops);
  return { ops, make, pages };
}

function viewState(view: ViewState) {
  const states = new Uint8Array(view.pages);
  view.pageStates(states);
  return {
    counters: view.counters,
    lastSlot: view.lastSlot,
    itemCount: view.itemCount,
    lastTouchPage: view.lastTouchPage,
    previousTouchPage: view.previousTouchPage,
    currentOp: view.currentOp,
    lastEvent: view.lastEvent,
    lastReference: view.lastReference(),
    states: [...states],
    ranks: Array.from({ length: view.pages }, (_, page) => view.rankOf(page)),
  };
}

describe('a heap side without events', () => {
  it('leaves the view as the events do, after every stretch of operations', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HEAP_KINDS),
        fc.constantFrom(4, 8, 16),
        workloads,
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 8 }),
        (kind, perPage, workload, frames, stretches) => {
          const { ops, make } = sideFor(kind, perPage, workload, frames);
          const slow = make();
          const fast = make();
          expect(fast.runsFast).toBe(true);
          let k = 0;
          for (const stretch of stretches) {
            const to = Math.min(ops.length, k + stretch);
            for (let op = k; op < to; op++) slow.run(ops, op, slow.view);
            fast.advance(ops, k, to);
            k = to;
            expect(viewState(fast.view)).toEqual(viewState(slow.view));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('counts each operation’s events as the heap emits them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HEAP_KINDS),
        fc.constantFrom(4, 8, 16),
        workloads,
        (kind, perPage, workload) => {
          const { ops, make } = sideFor(kind, perPage, workload, 2);
          const side = make();
          // The same heap beside it, counting without events.
          const spec = structureSpec(kind, kind === 'dary8' ? Math.max(8, perPage) : perPage);
          const counting = makeQueue(spec, {
            capacity: workloadCapacity(workload),
            memory: NO_MEMORY,
            onHandle: (item, slot) => {
              handles[item] = slot;
            },
          }) as Heap;
          const handles: number[] = [];
          for (let k = 0; k < ops.length; k++) {
            const sink = new ArraySink();
            const kindCode = ops.kinds[k];
            const slot =
              kindCode === 2 ? handles[ops.handles[k]] : kindCode === 4 ? ops.handles[k] : -1;
            const shape =
              kindCode === 0
                ? 'insert'
                : kindCode === 1
                  ? counting.lastSlot === counting.layout.rootSlot
                    ? 'remove-tail'
                    : 'remove-inner'
                  : kindCode === 2 || kindCode === 4
                    ? slot === counting.lastSlot
                      ? 'remove-tail'
                      : 'remove-inner'
                    : 'reorder';
            const before = { ...countsOf(counting) };
            side.run(ops, k, sink);
            runOn(counting, ops, k, handles);
            expect(heapOpEvents(shape, before, countsOf(counting))).toBe(sink.events.length);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

function countsOf(heap: Heap) {
  return { accesses: heap.accesses, comparisons: heap.comparisons, swaps: heap.swaps };
}

function runOn(heap: Heap, ops: ReturnType<typeof recordOps>['ops'], k: number, handles: number[]) {
  const handle = ops.handles[k];
  switch (ops.kinds[k]) {
    case 0:
      heap.insert(handle, ops.keys[k]);
      break;
    case 1:
      heap.popMin();
      break;
    case 2:
      heap.delete(handles[handle]);
      break;
    case 3:
      heap.reorder(handles[handle], ops.keys[k]);
      break;
    case 4:
      heap.delete(handle);
      break;
    case 5:
      heap.reorder(handle, ops.keys[k]);
      break;
  }
}
