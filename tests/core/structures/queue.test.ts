// The priority-queue contract every structure keeps, checked on each one makeQueue builds
// against a plain list: pops in key order, a handle is never NO_HANDLE and is the one reported,
// delete and reorder act on the item at the handle, every access is reported, and a checkpoint
// puts the queue back.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryObserver } from '../../../src/core/memory/observer';
import { NO_HANDLE, type PriorityQueue } from '../../../src/core/structures/queue';
import { makeQueue, STRUCTURE_KINDS, structureSpec } from '../../../src/core/structures/registry';

type Step =
  | { op: 'insert'; key: number }
  | { op: 'pop' }
  | { op: 'delete'; pick: number }
  | { op: 'reorder'; pick: number; key: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.nat(50).map((key) => ({ op: 'insert' as const, key })) },
  { weight: 2, arbitrary: fc.constant({ op: 'pop' as const }) },
  fc.nat().map((pick) => ({ op: 'delete' as const, pick })),
  fc.tuple(fc.nat(), fc.nat(50)).map(([pick, key]) => ({ op: 'reorder' as const, pick, key })),
);

class Count implements MemoryObserver {
  references = 0;
  read(): void {
    this.references++;
  }
  write(): void {
    this.references++;
  }
}

/** Drives a queue beside a model: each live item's key, and its handle as last reported. */
function drive(queue: PriorityQueue, steps: readonly Step[], handles: Map<number, number>) {
  const keys = new Map<number, number>();
  let next = 0;
  for (const s of steps) {
    const live = [...keys.keys()];
    if (s.op === 'insert') {
      if (keys.size === 64) continue;
      const item = next++;
      const handle = queue.insert(item, s.key);
      expect(handle).not.toBe(NO_HANDLE);
      expect(handles.get(item)).toBe(handle);
      keys.set(item, s.key);
    } else if (live.length === 0) {
      continue;
    } else if (s.op === 'pop') {
      const least = Math.min(...keys.values());
      const item = queue.popMin();
      expect(keys.get(item)).toBe(least);
      keys.delete(item);
      expect(handles.get(item)).toBe(NO_HANDLE);
    } else {
      const item = live[s.pick % live.length];
      const at = handles.get(item) ?? NO_HANDLE;
      if (s.op === 'delete') {
        expect(queue.delete(at)).toBe(item);
        keys.delete(item);
        expect(handles.get(item)).toBe(NO_HANDLE);
      } else {
        expect(queue.reorder(at, s.key)).toBe(handles.get(item));
        keys.set(item, s.key);
      }
    }
    expect(queue.size).toBe(keys.size);
    if (keys.size > 0) expect(queue.peekKey()).toBe(Math.min(...keys.values()));
  }
  return keys;
}

describe.each(STRUCTURE_KINDS)('%s as a PriorityQueue', (kind) => {
  const make = (memory: MemoryObserver, handles: Map<number, number>) =>
    makeQueue(structureSpec(kind, 8, 64), {
      capacity: 64,
      memory,
      onHandle: (item, handle) => {
        if (handle === NO_HANDLE) handles.set(item, NO_HANDLE);
        else handles.set(item, handle);
      },
    });

  it('keeps the contract against a plain model, and reports every access it counts', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), (steps) => {
        const handles = new Map<number, number>();
        const count = new Count();
        const queue = make(count, handles);
        const keys = drive(queue, steps, handles);
        expect(queue.accesses).toBe(count.references);
        // What is left pops in key order.
        const left: number[] = [];
        while (queue.size > 0) left.push(keys.get(queue.popMin()) ?? -1);
        expect(left).toEqual([...keys.values()].sort((a, b) => a - b));
      }),
      { numRuns: 40 },
    );
  });

  it('goes back to a checkpoint: it then pops the same items in the same order', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 100 }), (steps) => {
        const handles = new Map<number, number>();
        const queue = make(new Count(), handles);
        drive(queue, steps, handles);
        const restore = queue.checkpoint();
        const size = queue.size;
        const popped = (): number[] => {
          const out: number[] = [];
          while (queue.size > 0) out.push(queue.popMin());
          return out;
        };
        const once = popped();
        restore();
        expect(queue.size).toBe(size);
        expect(popped()).toEqual(once);
      }),
      { numRuns: 25 },
    );
  });
});
