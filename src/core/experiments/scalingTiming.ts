// Times the Asterisk benchmark's two phases with a coarse clock. Browsers round performance.now()
// to 100 µs without cross-origin isolation, and N = 100 adds take a few µs, so one phase is timed
// over a batch of identical runs (enough to span many clock ticks) and divided by the batch size.

import { NO_MEMORY } from '../memory/observer';
import type { PriorityQueue } from '../structures/queue';
import { makeQueue, type StructureSpec } from '../structures/registry';
import { GlibcRandom } from '../workloads/random';
import { drawKey } from '../workloads/workloads';

/** A batch holds about this many items in all, so a phase lasts well past the clock's ticks. */
export const BATCH_ITEMS = 100_000;

interface PhaseTimes {
  /** Seconds for one run's N adds, and for its N deletes: best batch, divided by its runs. */
  addSeconds: number;
  deleteSeconds: number;
  /** Runs per batch. */
  runs: number;
}

export function batchRuns(items: number): number {
  return Math.max(1, Math.floor(BATCH_ITEMS / Math.max(1, items)));
}

/**
 * Best of repeated batches until `minTimedMs` has passed (at least one). Each run of a batch is
 * the benchmark of scaling.ts: the same keys (seed, keyRange) added in item order, then every item
 * deleted through its handle in item order. Queues are built before the clock starts.
 */
export function timeScalingPhases(
  spec: StructureSpec,
  items: number,
  options: { seed: number; keyRange: number; now: () => number; minTimedMs?: number },
): PhaseTimes {
  const runs = batchRuns(items);
  const random = new GlibcRandom(options.seed);
  const keys = new Float64Array(items);
  for (let item = 0; item < items; item++) keys[item] = drawKey(random, options.keyRange);
  const now = options.now;
  const budget = options.minTimedMs ?? 50;
  const began = now();
  let bestAdd = Number.POSITIVE_INFINITY;
  let bestDelete = Number.POSITIVE_INFINITY;
  do {
    const queues: PriorityQueue[] = [];
    const handles: Int32Array[] = [];
    for (let run = 0; run < runs; run++) {
      const slots = new Int32Array(items);
      handles.push(slots);
      queues.push(
        makeQueue(spec, {
          capacity: items,
          memory: NO_MEMORY,
          onHandle: (item, handle) => {
            slots[item] = handle;
          },
        }),
      );
    }
    const start = now();
    for (const queue of queues) {
      for (let item = 0; item < items; item++) queue.insert(item, keys[item]);
    }
    const afterAdds = now();
    for (let run = 0; run < runs; run++) {
      const queue = queues[run];
      const slots = handles[run];
      for (let item = 0; item < items; item++) queue.delete(slots[item]);
    }
    const end = now();
    bestAdd = Math.min(bestAdd, afterAdds - start);
    bestDelete = Math.min(bestDelete, end - afterAdds);
  } while (now() - began < budget);
  return { addSeconds: bestAdd / runs / 1000, deleteSeconds: bestDelete / runs / 1000, runs };
}
