// The timing harness with a made-up clock: how it sizes batches, how many repetitions it keeps,
// and what it divides by. No real time is measured here (the CLI and the tab print that).

import { describe, expect, it } from 'vitest';
import {
  MachineTimer,
  MIN_BATCH_MS,
  median,
  UNTIMED_MAX_ITEMS,
} from '../../../src/core/measure/timing';

/** A clock that advances `step` ms each time it is read. */
function steppingClock(step: number): { now: () => number; reads: () => number } {
  let time = 0;
  let reads = 0;
  return {
    now: () => {
      reads++;
      time += step;
      return time;
    },
    reads: () => reads,
  };
}

describe('the timing harness', () => {
  it('keeps one ns-per-operation value per repetition, over batches that last the minimum', () => {
    const timer = new MachineTimer();
    const clock = steppingClock(1);
    const reps: number[] = [];
    const timed = timer.measure(
      { layout: 'binary', form: 'key', workload: 'phk', items: 1024, seed: 1 },
      { now: clock.now, reps: 4, onRep: (done) => reps.push(done), maxBatchOperations: 2 ** 16 },
    );
    expect(timed.nsPerOp).toHaveLength(4);
    expect(reps).toEqual([1, 2, 3, 4]);
    expect(timed.operations).toBe(4 * 1024);
    // Each read advances 1 ms, so every batch measures 1 ms whatever it runs: it never lasts
    // MIN_BATCH_MS, so the batch grows until the cap given, and each repetition is 1 ms over
    // its runs' operations.
    expect(timed.batchRuns).toBe(2 ** 16 / timed.operations);
    for (const ns of timed.nsPerOp) expect(ns).toBeCloseTo(1e6 / 2 ** 16);
  });

  it('times one run per batch past UNTIMED_MAX_ITEMS, with no untimed run at that N', () => {
    const timer = new MachineTimer();
    const clock = steppingClock(MIN_BATCH_MS);
    const timed = timer.measure(
      { layout: 'dary8', form: 'key', workload: 'phk', items: UNTIMED_MAX_ITEMS + 1024, seed: 1 },
      { now: clock.now, reps: 3 },
    );
    expect(timed.batchRuns).toBe(1);
    expect(timed.nsPerOp).toHaveLength(3);
    expect(timed.operations).toBe(4 * (UNTIMED_MAX_ITEMS + 1024));
  });

  it('takes the median of an odd and of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
