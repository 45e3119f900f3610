// A scenario's operations in typed arrays: what goes in comes back out, the list grows and trims
// without losing any, and applyOp runs each kind on a queue.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_MEMORY } from '../../../src/core/memory/observer';
import {
  applyOp,
  namesItems,
  OP_NAMES,
  OpList,
  opKindOf,
  type ReplayOp,
} from '../../../src/core/replay/opList';
import { makeQueue, structureSpec } from '../../../src/core/structures/registry';

const item = fc.nat(2 ** 31 - 1);
const key = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 });
const replayOp: fc.Arbitrary<ReplayOp> = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), item, key }),
  fc.record({ op: fc.constant('popMin' as const) }),
  fc.record({ op: fc.constant('deleteItem' as const), item }),
  fc.record({ op: fc.constant('reorderItem' as const), item, key }),
  fc.record({ op: fc.constant('deleteSlot' as const), slot: item }),
  fc.record({ op: fc.constant('reorderSlot' as const), slot: item, key }),
);

describe('OpList', () => {
  it('gives back every operation pushed, past its first capacity and after trim', () => {
    fc.assert(
      fc.property(
        fc.array(replayOp, { maxLength: 80 }),
        fc.integer({ min: 0, max: 8 }),
        (ops, capacity) => {
          const list = new OpList(capacity);
          for (const op of ops) list.push(op);
          expect(list.length).toBe(ops.length);
          expect(list.toArray()).toEqual(ops);
          list.trim();
          expect(list.kinds.length).toBe(ops.length);
          expect(list.toArray()).toEqual(ops);
          expect(ops.map((_, k) => list.name(k))).toEqual(ops.map((op) => op.op));
        },
      ),
    );
  });

  it('says whether an operation names an item, looked up again after a push', () => {
    const list = new OpList();
    list.push({ op: 'insert', item: 0, key: 5 });
    list.push({ op: 'deleteSlot', slot: 1 });
    expect(list.namesItems).toBe(false);
    list.push({ op: 'reorderItem', item: 0, key: 2 });
    expect(list.namesItems).toBe(true);
    expect(namesItems(list)).toBe(true);
    expect(namesItems(null)).toBe(true);
  });

  it('takes arrays filled elsewhere as they are, and refuses arrays of different lengths', () => {
    const kinds = Uint8Array.from([0, 1]);
    const handles = Int32Array.from([7, 0]);
    const keys = Float64Array.from([3.5, 0]);
    const list = OpList.fromArrays(kinds, handles, keys);
    expect(list.kinds).toBe(kinds);
    expect(list.toArray()).toEqual([{ op: 'insert', item: 7, key: 3.5 }, { op: 'popMin' }]);
    expect(OpList.fromArrays(kinds, handles, keys, true).namesItems).toBe(true);
    expect(() => OpList.fromArrays(kinds, new Int32Array(3), keys)).toThrow(RangeError);
    expect(() => OpList.fromArrays(kinds, handles, new Float64Array(1))).toThrow(RangeError);
  });
});

describe('opKindOf', () => {
  it('names each kind as the page does: deletes and reorders by item or slot alike', () => {
    expect(OP_NAMES.map(opKindOf)).toEqual([
      'insert',
      'popMin',
      'delete',
      'reorder',
      'delete',
      'reorder',
    ]);
  });
});

describe('applyOp', () => {
  it('runs each kind on a queue, finding an item through its handle', () => {
    const handleOf = new Int32Array(8);
    const queue = makeQueue(structureSpec('binary', 4), {
      capacity: 8,
      memory: NO_MEMORY,
      onHandle: (item, handle) => {
        handleOf[item] = handle;
      },
    });
    const ops = new OpList();
    for (const [item, k] of [
      [0, 50],
      [1, 10],
      [2, 30],
      [3, 40],
    ]) {
      ops.push({ op: 'insert', item, key: k });
    }
    ops.push({ op: 'reorderItem', item: 3, key: 5 }); // item 3 now first
    ops.push({ op: 'deleteItem', item: 1 }); // item 1 gone
    ops.push({ op: 'popMin' }); // takes item 3
    for (let k = 0; k < ops.length; k++) applyOp(queue, ops, k, handleOf);
    expect(queue.size).toBe(2);
    expect([queue.popMin(), queue.popMin()]).toEqual([2, 0]);
  });

  it('names slots directly in a script’s deletes and reorders', () => {
    const queue = makeQueue(structureSpec('binary', 4), { capacity: 4, memory: NO_MEMORY });
    const ops = new OpList();
    ops.push({ op: 'insert', item: 0, key: 1 });
    ops.push({ op: 'insert', item: 1, key: 2 });
    ops.push({ op: 'insert', item: 2, key: 3 });
    // The binary heap's root is slot 1: the item with key 1.
    ops.push({ op: 'reorderSlot', slot: 1, key: 9 });
    ops.push({ op: 'deleteSlot', slot: 1 });
    const none = new Int32Array(0);
    for (let k = 0; k < ops.length; k++) applyOp(queue, ops, k, none);
    expect(queue.size).toBe(2);
    expect([queue.popMin(), queue.popMin()]).toEqual([2, 0]);
  });
});
