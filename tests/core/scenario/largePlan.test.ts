// How a large run is cut for the page's replay: checkpoints far enough apart that a worker's
// images and heap copies stay within their budgets, heap copies on image boundaries, and a
// shorter reach under a pager that replays with events.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packedImageBytes } from '../../../src/core/memory/stackImage';
import { largePlan, workerBytes } from '../../../src/core/scenario/largePlan';

const MIB = 2 ** 20;

describe('largePlan', () => {
  it('keeps a worker’s images and copies within their budgets, copies on image boundaries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 * 2 ** 24 }),
        fc.integer({ min: 1, max: 2 ** 21 }),
        fc.integer({ min: 1, max: 2 ** 24 }),
        (operations, pages, capacity) => {
          const plan = largePlan(operations, pages, capacity);
          expect(plan.denseEvery).toBeGreaterThanOrEqual(1024);
          expect(plan.sparseEvery % plan.denseEvery).toBe(0);
          const images = Math.floor(operations / plan.denseEvery) * packedImageBytes(pages);
          // One image is always allowed, however large.
          expect(images).toBeLessThanOrEqual(Math.max(64 * MIB, packedImageBytes(pages)));
          const copyBytes = 8 * capacity + 64;
          const copies = Math.floor(operations / plan.sparseEvery) * copyBytes;
          expect(copies).toBeLessThanOrEqual(Math.max(160 * MIB, copyBytes));
          expect(workerBytes(plan, operations, pages, capacity)).toBe(images + copies);
        },
      ),
    );
  });

  it('reaches further from an anchor under LRU than under the pagers that replay with events', () => {
    const lru = largePlan(4_000_000, 1954, 1_000_000);
    expect(largePlan(4_000_000, 1954, 1_000_000, 'lru')).toEqual(lru);
    for (const policy of ['fifo', 'clock', 'opt'] as const) {
      const other = largePlan(4_000_000, 1954, 1_000_000, policy);
      expect(other.window).toBeLessThan(lru.window);
      expect([other.denseEvery, other.sparseEvery]).toEqual([lru.denseEvery, lru.sparseEvery]);
    }
  });

  it('keeps the article’s run to a few hundred MB a side', () => {
    const plan = largePlan(4_000_000, 1954, 1_000_000);
    expect(workerBytes(plan, 4_000_000, 1954, 1_000_000)).toBeLessThan(224 * MIB);
  });
});
