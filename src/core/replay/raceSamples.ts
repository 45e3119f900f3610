// Where the race of transfers is sampled: after which operation counts the page keeps each
// side's transfers at every frame count (so the memory slider redraws the race with no pass).

import { RACE_ENTRIES } from '../scenario/pageLimits';

/**
 * Operation counts 0..operations, evenly spaced and ascending: every one while samples times
 * pages fit RACE_ENTRIES, else as many as fit (a few per pixel of the chart), at least 2.
 */
export function raceSampleOps(operations: number, pages: number): Int32Array {
  const samples = Math.max(
    2,
    Math.min(operations + 1, Math.floor(RACE_ENTRIES / Math.max(1, pages))),
  );
  const ops = new Int32Array(samples);
  for (let i = 0; i < samples; i++) ops[i] = Math.round((i * operations) / (samples - 1));
  return ops;
}
