// The sorted list's counted accesses against the list itself, walked: the scaling chart and
// `npm run sim -- scaling` print the counted ones, so they must be the walked ones exactly.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listPhaseAccesses } from '../../../src/core/experiments/listCount';
import { scalingPoint } from '../../../src/core/experiments/scaling';
import { NO_MEMORY } from '../../../src/core/memory/observer';
import { makeQueue, structureSpec } from '../../../src/core/structures/registry';
import { GlibcRandom } from '../../../src/core/workloads/random';
import { drawKey, runWorkload } from '../../../src/core/workloads/workloads';

/** The benchmark run on a real list: N adds in item order, then N deletes by handle. */
function walked(items: number, seed: number, keyRange: number): { add: number; remove: number } {
  const handles = new Int32Array(items);
  const list = makeQueue(structureSpec('list', 64), {
    capacity: items,
    memory: NO_MEMORY,
    onHandle: (item, handle) => {
      handles[item] = handle;
    },
  });
  const random = new GlibcRandom(seed);
  const keys = Array.from({ length: items }, () => drawKey(random, keyRange));
  keys.forEach((key, item) => {
    list.insert(item, key);
  });
  const add = list.accesses;
  for (let item = 0; item < items; item++) list.delete(handles[item]);
  return { add, remove: list.accesses - add };
}

describe('the sorted list counted without walking it', () => {
  it('equals the walked list for any N, seed and key range (ties included)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        // Tiny ranges make many equal keys: the walk passes them, which the count must follow.
        fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(2 ** 31), fc.integer({ min: 1 })),
        (items, seed, keyRange) => {
          expect(listPhaseAccesses(items, seed, keyRange)).toEqual(walked(items, seed, keyRange));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is what scalingPoint reports for the list, and sums to the asterisk workload walked', () => {
    for (const [items, seed, keyRange] of [
      [5000, 1, 2 ** 31],
      [3000, 7, 100],
    ]) {
      const point = scalingPoint(structureSpec('list', 512), items, { seed, keyRange, now: null });
      const walk = walked(items, seed, keyRange);
      expect([point.addAccesses, point.deleteAccesses]).toEqual([walk.add, walk.remove]);
      const whole = runWorkload(
        { kind: 'asterisk', items, seed, keyRange },
        structureSpec('list', 512),
        NO_MEMORY,
      );
      expect(point.addAccesses + point.deleteAccesses).toBe(whole.accesses);
    }
  });

  it('gives the walked counts at the largest N the list runs (past 2^32 accesses)', () => {
    // `npm run sim -- scaling --layout list --sizes 100000` printed these when it walked the list.
    expect(listPhaseAccesses(100_000, 1, 2 ** 31)).toEqual({ add: 5_016_844_593, remove: 600_000 });
  });
});
