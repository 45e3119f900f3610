// A scenario's operations written down once: each insert names a new item, each delete or
// reorder a live one, the same list whichever structure runs the workload, and a replay on any
// structure removes the items the workload removes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink, type SimEvent } from '../../../src/core/events';
import { NO_MEMORY } from '../../../src/core/memory/observer';
import { applyOp, type ReplayOp } from '../../../src/core/replay/opList';
import { recordOps } from '../../../src/core/replay/recordOps';
import { makeQueue, STRUCTURE_KINDS, structureSpec } from '../../../src/core/structures/registry';
import {
  expectedOperations,
  runWorkload,
  type Workload,
  workloadCapacity,
} from '../../../src/core/workloads/workloads';

const drawnWorkload: fc.Arbitrary<Workload> = fc.record({
  kind: fc.constantFrom('phk' as const, 'expiry' as const, 'asterisk' as const),
  items: fc.integer({ min: 1, max: 150 }),
  seed: fc.integer({ min: 1, max: 10_000 }),
  keyRange: fc.constant(2 ** 31),
});

/** The operations a direct run on `kind` begins, as its events say. */
function operationsRun(workload: Workload, kind: (typeof STRUCTURE_KINDS)[number]): SimEvent[] {
  const sink = new ArraySink();
  runWorkload(workload, structureSpec(kind, 8, 64), NO_MEMORY, { sink, opsOnly: true });
  return sink.events.filter((event) => event.kind === 'op-begin');
}

describe('recordOps', () => {
  it('names each item once on insert, names only items inserted and not deleted, and stays within capacity', () => {
    fc.assert(
      fc.property(drawnWorkload, (workload) => {
        const { ops, items } = recordOps(workload);
        // Items inserted and not deleted by name (a pop removes one it does not name).
        const live = new Set<number>();
        let inserted = 0;
        let size = 0;
        for (const op of ops.toArray()) {
          if (op.op === 'insert') {
            expect(live.has(op.item)).toBe(false);
            live.add(op.item);
            inserted++;
            size++;
          } else if (op.op === 'deleteItem' || op.op === 'reorderItem') {
            expect(live.has(op.item), `${op.op} of item ${op.item}`).toBe(true);
            if (op.op === 'deleteItem') live.delete(op.item);
          }
          if (op.op === 'popMin' || op.op === 'deleteItem') size--;
          expect(size).toBeGreaterThanOrEqual(0);
          expect(size).toBeLessThanOrEqual(workloadCapacity(workload));
        }
        expect(items).toBe(inserted);
        if (workload.kind !== 'expiry') expect(ops.length).toBe(expectedOperations(workload));
      }),
      { numRuns: 60 },
    );
  });

  it('writes down the operations any structure runs: the same kinds, items and keys', () => {
    fc.assert(
      fc.property(drawnWorkload, fc.constantFrom(...STRUCTURE_KINDS), (workload, kind) => {
        const ops = recordOps(workload).ops.toArray();
        const run = operationsRun(workload, kind);
        expect(run).toHaveLength(ops.length);
        run.forEach((event, k) => {
          if (event.kind !== 'op-begin') return;
          const op = ops[k];
          if (event.op === 'insert')
            expect(op).toEqual({ op: 'insert', item: event.item, key: event.key });
          else if (event.op === 'popMin') expect(op).toEqual({ op: 'popMin' });
          else if (event.op === 'delete')
            expect(op).toEqual({ op: 'deleteItem', item: event.item });
          else expect(op).toEqual({ op: 'reorderItem', item: event.item, key: event.key });
        });
      }),
      { numRuns: 40 },
    );
  });

  it('replays on every structure to the same items removed, in the same order', () => {
    const workload: Workload = { kind: 'expiry', items: 120, seed: 7, keyRange: 2 ** 31 };
    const { ops, items } = recordOps(workload);
    const popped = STRUCTURE_KINDS.map((kind) => {
      const handleOf = new Int32Array(items);
      const queue = makeQueue(structureSpec(kind, 8, 64), {
        capacity: workloadCapacity(workload),
        memory: NO_MEMORY,
        onHandle: (item, handle) => {
          handleOf[item] = handle;
        },
      });
      const out: number[] = [];
      for (let k = 0; k < ops.length; k++) {
        if (ops.name(k) === 'popMin') out.push(queue.popMin());
        else applyOp(queue, ops, k, handleOf);
      }
      return out;
    });
    expect(popped[0].length).toBeGreaterThan(0);
    for (const other of popped.slice(1)) expect(other).toEqual(popped[0]);
  });

  it('writes a script as it is, naming slots, with items numbered in insert order', () => {
    const { ops, items } = recordOps({
      kind: 'script',
      ops: [
        { op: 'insert', key: 5 },
        { op: 'insert', key: 3 },
        { op: 'reorder', slot: 2, key: 1 },
        { op: 'pop' },
        { op: 'delete', slot: 1 },
      ],
    });
    const expected: ReplayOp[] = [
      { op: 'insert', item: 0, key: 5 },
      { op: 'insert', item: 1, key: 3 },
      { op: 'reorderSlot', slot: 2, key: 1 },
      { op: 'popMin' },
      { op: 'deleteSlot', slot: 1 },
    ];
    expect(ops.toArray()).toEqual(expected);
    expect(items).toBe(2);
    expect(ops.namesItems).toBe(false);
  });
});
