// A checkpoint of the stack read out of the WebAssembly kernel (AllFramesCounter.image) must be
// the state StackMemory reaches on the same references: the same ranks, the same counts and
// page states at every frame count, and the same answers for every reference after it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MemoryObserver, TeeObserver } from '../../../src/core/memory/observer';
import { AllFramesCounter } from '../../../src/core/memory/stackDistances';
import { StackMemory } from '../../../src/core/memory/stackMemory';
import { Heap } from '../../../src/core/structures/heap/heap';
import { heapLayout, structureSpec } from '../../../src/core/structures/registry';
import { PICK_OP, type PickOp } from '../structures/queueTesting';

/** Feeds StackMemory a heap's references, counting them. */
class Feeder implements MemoryObserver {
  references = 0;
  constructor(
    readonly memory: StackMemory,
    private readonly shift: number,
  ) {}
  read(slot: number): void {
    this.references++;
    this.memory.reference(slot >>> this.shift, false);
  }
  write(slot: number): void {
    this.references++;
    this.memory.reference(slot >>> this.shift, true);
  }
}

/** Everything a memory answers, at every frame count. */
function answers(memory: StackMemory, pages: number) {
  const curve = new Float64Array(pages);
  memory.transfersCurve(curve);
  const frames = memory.frames;
  const perFrames = [];
  for (let f = 1; f <= pages; f++) {
    memory.setFrames(f);
    perFrames.push({
      counts: memory.countsAt(f),
      states: Array.from({ length: pages }, (_, page) => memory.pageState(page)),
    });
  }
  memory.setFrames(frames);
  return {
    ranks: Array.from({ length: pages }, (_, page) => memory.rank(page)),
    touched: memory.touchedPages,
    curve: [...curve],
    perFrames,
  };
}

function expectSameMemory(restored: StackMemory, direct: StackMemory, pages: number): void {
  expect(answers(restored, pages)).toEqual(answers(direct, pages));
}

describe('the kernel’s checkpoint of the stack', () => {
  it('equals StackMemory after any page trace, and goes on as it does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 400 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (pages, before, after, framesSeed) => {
          const frames = 1 + (framesSeed % pages);
          const counter = new AllFramesCounter(pages, 1);
          const direct = new StackMemory(pages, frames);
          for (const [page, write] of before) {
            counter.touchPage(page % pages, write);
            direct.reference(page % pages, write);
          }
          const restored = new StackMemory(pages, frames);
          restored.restoreImage(counter.image(before.length));
          expectSameMemory(restored, direct, pages);
          // The image says nothing of the latest reference; the next one is described again.
          expect(restored.lastReference()).toBeNull();
          for (const [page, write] of after) {
            const distance = restored.reference(page % pages, write);
            expect(distance).toBe(direct.reference(page % pages, write));
            expect(restored.lastReference()).toEqual(direct.lastReference());
          }
          expectSameMemory(restored, direct, pages);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('equals StackMemory at any operation of any heap, whole sift-down steps included', () => {
    const kinds = ['binary', 'bheap', 'bheap-strict', 'dary4', 'dary8'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.constantFrom(4, 8, 16),
        fc.array(PICK_OP, { minLength: 1, maxLength: 300 }),
        fc.nat(),
        (kind, smallest, ops, cut) => {
          // An 8-ary heap keeps its eight children on one page.
          const perPage = kind === 'dary8' ? Math.max(8, smallest) : smallest;
          const spec = structureSpec(kind, perPage);
          const layout = heapLayout(spec);
          const capacity = ops.length;
          const pages = Math.ceil((layout.rootSlot + 4 * capacity + 8) / perPage) + 4;
          const counter = new AllFramesCounter(pages, perPage);
          const feeder = new Feeder(new StackMemory(pages, 3), Math.log2(perPage));
          const heap = new Heap(layout, {
            capacity,
            memory: new TeeObserver(counter, feeder),
          });
          const stop = cut % (ops.length + 1);
          ops.slice(0, stop).forEach((op) => {
            runPicked(heap, op);
          });
          const restored = new StackMemory(pages, 3);
          restored.restoreImage(counter.image(feeder.references));
          expect(feeder.references).toBe(heap.accesses);
          expectSameMemory(restored, feeder.memory, pages);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('can be taken again and again while the run goes on', () => {
    const counter = new AllFramesCounter(6, 1);
    const direct = new StackMemory(6, 2);
    const trace = [0, 1, 2, 1, 3, 4, 5, 0, 2, 2, 5, 1, 0, 4];
    trace.forEach((page, index) => {
      counter.touchPage(page, index % 3 === 0);
      direct.reference(page, index % 3 === 0);
      const restored = new StackMemory(6, 2);
      restored.restoreImage(counter.image(index + 1));
      expectSameMemory(restored, direct, 6);
    });
  });
});

function runPicked(heap: Heap, op: PickOp): void {
  if (op.op === 'insert') {
    if (heap.size < heap.capacity) heap.insert(heap.size, op.key);
    return;
  }
  if (heap.size === 0) return;
  const root = heap.layout.rootSlot;
  if (op.op === 'pop') heap.popMin();
  else {
    // A live slot: the strict B-heap's gaps are skipped by picking among held items' slots.
    const slots: number[] = [];
    for (let slot = root; slot <= heap.lastSlot; slot++) {
      if (heap.layout.gaps?.isGap(slot) !== true) slots.push(slot);
    }
    const slot = slots[op.pick % slots.length];
    if (op.op === 'delete') heap.delete(slot);
    else heap.reorder(slot, op.key);
  }
}
