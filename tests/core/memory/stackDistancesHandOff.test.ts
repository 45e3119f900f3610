import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AllFramesCounter } from '../../../src/core/memory/stackDistances';
import { pagesFor } from '../../../src/core/structures/heap/indexMaps';
import { structureSpec } from '../../../src/core/structures/registry';
import {
  runWorkload,
  type Workload,
  workloadCapacity,
} from '../../../src/core/workloads/workloads';

function curvesOf(workload: Workload, kind: 'binary' | 'bheap', perPage: number, split: boolean) {
  const pages = pagesFor(workloadCapacity(workload), perPage);
  const counter = new AllFramesCounter(pages, perPage);
  if (!split) {
    runWorkload(workload, structureSpec(kind, perPage), counter);
    return counter.finish();
  }
  // The queue on one counter, the accounting on another: what the CLI does across two threads.
  const consumer = new AllFramesCounter(pages, perPage);
  let batches = 0;
  counter.handOffBatches((entries, count) => {
    batches++;
    consumer.consume(entries.slice(0, count), count);
  });
  runWorkload(workload, structureSpec(kind, perPage), counter);
  counter.flushHandOff();
  expect(batches).toBeGreaterThan(0);
  expect(() => counter.finish()).toThrow(/handed its batches off/);
  return consumer.finish();
}

describe('AllFramesCounter hand-off', () => {
  it('a queue handed to another counter gives the same curves as one counter', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'binary' | 'bheap'>('binary', 'bheap'),
        fc.constantFrom(4, 8, 32),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom<'phk' | 'expiry'>('phk', 'expiry'),
        (kind, perPage, items, seed, workloadKind) => {
          const workload: Workload = { kind: workloadKind, items, seed, keyRange: 2 ** 31 };
          const whole = curvesOf(workload, kind, perPage, false);
          const split = curvesOf(workload, kind, perPage, true);
          expect(split.zeroFills).toBe(whole.zeroFills);
          expect(Array.from(split.pageIns)).toEqual(Array.from(whole.pageIns));
          expect(Array.from(split.writeBacks)).toEqual(Array.from(whole.writeBacks));
        },
      ),
      { numRuns: 40 },
    );
  });
});
