// Times the WebAssembly heaps over real memory: warm-up, batches long enough for a coarse clock,
// several repetitions, ns per operation of each. The clock is injected (performance.now in the
// worker and the CLI), so this file stays pure.
//
// Browsers round performance.now() to 100 µs (5 µs when cross-origin isolated), so a batch runs
// the whole workload as many times as it takes to last MIN_BATCH_MS: the rounding is then under
// 0.5% of it. The warm-up matters for WebAssembly: V8 first runs a function as quickly compiled
// baseline code and swaps in optimised code only at a later call, so each layout's code is run
// for WARMUP_MS at a small N before anything is timed.
//
// Every run of a batch draws other keys (srandom(seed + k) for its k-th run): a batch of
// hundreds of identical small runs let the branch predictor learn the whole run, and the binary
// heap then measured 9 ns per operation at N = 2^10 against 44 ns at 2^14 (38 ns and 79 ns with
// the keys varied). Each repetition runs the same batch of keys.

import { type HeapKernel, instantiateHeapKernel } from './kernel/heapKernel';
import { MACHINE_LAYOUT_INFO, type MachineRun } from './machineLayouts';

/** A timed batch lasts at least this long. */
export const MIN_BATCH_MS = 25;
/** Each layout's code runs this long at a small N before it is timed. */
export const WARMUP_MS = 50;
/** The N of that warm-up (or the run's, if smaller). */
export const WARMUP_ITEMS = 1 << 14;
/**
 * Up to this N the first batches at N are untimed (they size the batch and warm the caches); above
 * it one run lasts far longer than a batch needs, and the first timed run starts from memory the
 * kernel has just cleared.
 */
export const UNTIMED_MAX_ITEMS = 1 << 20;
/** A batch never runs more operations than this (a clock that does not advance cannot grow it forever). */
export const MAX_BATCH_OPERATIONS = 2 ** 28;

/** The kernel's codes for a run (heapKernel.ts init). */
export function kernelCodes(run: MachineRun): {
  layout: number;
  pageLog2: number;
  form: number;
  workload: number;
} {
  const info = MACHINE_LAYOUT_INFO[run.layout];
  return {
    layout: info.code,
    pageLog2: info.pageSlots > 0 ? Math.log2(info.pageSlots) : 3,
    form: run.form === 'key' ? 0 : 1,
    workload: run.workload === 'phk' ? 0 : 1,
  };
}

/** One (layout, N) measured: every repetition's ns per operation, in the order they ran. */
export interface TimedRun {
  /** Operations per run (for expiry, those of the run with the run's own seed). */
  operations: number;
  /** Whole runs of the workload per timed batch. */
  batchRuns: number;
  nsPerOp: number[];
}

interface TimingOptions {
  /** Milliseconds, from any origin. */
  now: () => number;
  /** Timed batches (repetitions). */
  reps: number;
  /** Told after each timed batch. */
  onRep?: (done: number) => void;
  /** At most this many operations per batch (default MAX_BATCH_OPERATIONS). */
  maxBatchOperations?: number;
}

/** Refused when a run cannot have its memory (the budget checks first; this is the net). */
export class RunMemoryError extends RangeError {}

/**
 * Times runs on one kernel instance, whose memory grows to the largest run and is reused: a
 * worker or the CLI makes one and measures every point with it, one at a time.
 */
export class MachineTimer {
  private readonly kernel: HeapKernel = instantiateHeapKernel(null);
  /** Layout codes whose code has been warmed up. */
  private readonly warm = new Set<string>();

  /** The next run's seed: the run's own, then one more for each run after it. */
  private seed = 0;

  private init(run: MachineRun, items: number): void {
    const c = kernelCodes(run);
    this.seed = run.seed;
    if (this.kernel.init(c.layout, c.pageLog2, c.form, c.workload, items) < 0) {
      throw new RunMemoryError(
        `${run.layout} with ${items} items (${run.form}, ${run.workload}) needs more memory than the WebAssembly kernel can have`,
      );
    }
  }

  /** Runs the measured variant `runs` times back to back, each with its own keys; the elapsed ms and the operations. */
  private batch(runs: number, now: () => number): { elapsed: number; operations: number } {
    const kernel = this.kernel;
    const first = this.seed >>> 0;
    this.seed += runs;
    let operations = 0;
    const start = now();
    for (let i = 0; i < runs; i++) operations += kernel.run(0, (first + i) >>> 0);
    return { elapsed: now() - start, operations };
  }

  measure(run: MachineRun, options: TimingOptions): TimedRun {
    const { now } = options;
    const variant = `${run.layout}/${run.form}/${run.workload}`;
    if (!this.warm.has(variant)) {
      this.init(run, Math.min(run.items, WARMUP_ITEMS));
      const began = now();
      do this.batch(1, now);
      while (now() - began < WARMUP_MS);
      this.warm.add(variant);
    }
    this.init(run, run.items);
    let runs = 1;
    if (run.items <= UNTIMED_MAX_ITEMS) {
      // Untimed batches, growing until one lasts MIN_BATCH_MS: that is the timed batch.
      const cap = options.maxBatchOperations ?? MAX_BATCH_OPERATIONS;
      for (;;) {
        const { elapsed, operations } = this.batch(runs, now);
        const next = nextBatchRuns(runs, elapsed, operations, cap);
        if (next === null) break;
        runs = next;
      }
    }
    let operations = 0;
    const nsPerOp: number[] = [];
    for (let rep = 0; rep < options.reps; rep++) {
      // Every repetition runs the same keys: they differ only by what disturbed them.
      this.seed = run.seed;
      const batch = this.batch(runs, now);
      if (rep === 0) operations = batch.operations / runs;
      nsPerOp.push((batch.elapsed * 1e6) / batch.operations);
      options.onRep?.(rep + 1);
    }
    return { operations, batchRuns: runs, nsPerOp };
  }
}

/**
 * Sizing a batch: after an untimed batch of `runs` runs that took `elapsedMs` for `operations`,
 * the next size to try, or null when this one lasts MIN_BATCH_MS (or the cap allows no more).
 * It grows by the ratio still missing (and 10% more), at least by one run, at most 8 times.
 */
export function nextBatchRuns(
  runs: number,
  elapsedMs: number,
  operations: number,
  maxBatchOperations: number,
): number | null {
  const most = Math.max(1, Math.floor((maxBatchOperations * runs) / operations));
  if (elapsedMs >= MIN_BATCH_MS || runs >= most) return null;
  const scale = MIN_BATCH_MS / Math.max(elapsedMs, 0.1);
  return Math.min(most, Math.max(runs + 1, Math.min(runs * 8, Math.ceil(runs * scale * 1.1))));
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
