// Times several contestants (layouts, engines) in rounds: each is warmed up and its batch sized
// first (untimed), then every round times one batch of each, in an order rotated by one place each
// round, so no contestant always runs first, last, or right after the same neighbour. Timed one
// after another, a burst of load on the machine fell on one layout's repetitions and flipped
// `sim measure`'s verdict once; in rounds it falls on all of them alike. The clock is each
// engine's own: the CLI gives the WebAssembly kernel the process's CPU time and the native
// helper reads its own, so time the machine gave to other processes is not counted either.
// Pure: engines are injected (timing.ts's over the WebAssembly kernel; the CLI's native one).

import { type HeapKernel, instantiateHeapKernel } from './kernel/heapKernel';
import type { MachineRun } from './machineLayouts';
import {
  kernelCodes,
  MAX_BATCH_OPERATIONS,
  nextBatchRuns,
  RunMemoryError,
  type TimedRun,
  UNTIMED_MAX_ITEMS,
  WARMUP_ITEMS,
  WARMUP_MS,
} from './timing';

/** A batch of whole runs: its elapsed time by the engine's clock, and its operations. */
export interface Batch {
  elapsedMs: number;
  operations: number;
}

/** Runs the heaps: the WebAssembly kernel, or the native helper. */
export interface BatchEngine {
  /** Lays out `run` with `items` items and clears its memory (untimed). */
  init(run: MachineRun, items: number): void | Promise<void>;
  /** Runs the laid-out run `runs` times, with seeds firstSeed, firstSeed + 1, … */
  batch(runs: number, firstSeed: number): Batch | Promise<Batch>;
}

export interface Contestant {
  engine: BatchEngine;
  run: MachineRun;
}

/** Round `round`'s order: the list rotated left by `round` places. */
export function roundOrder<T>(items: readonly T[], round: number): T[] {
  if (items.length === 0) return [];
  const shift = ((round % items.length) + items.length) % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

/** Runs the contestant's code for WARMUP_MS at a small N (WebAssembly tiers up on later calls). */
async function warmUp(contestant: Contestant): Promise<void> {
  const { engine, run } = contestant;
  await engine.init(run, Math.min(run.items, WARMUP_ITEMS));
  let spent = 0;
  let seed = run.seed;
  do spent += (await engine.batch(1, seed++)).elapsedMs;
  while (spent < WARMUP_MS);
}

/**
 * How many whole runs one timed batch of the contestant holds: untimed batches grow until one
 * lasts MIN_BATCH_MS, up to UNTIMED_MAX_ITEMS (above it a single run lasts long enough).
 */
export async function sizeBatch(
  contestant: Contestant,
  maxBatchOperations = MAX_BATCH_OPERATIONS,
): Promise<number> {
  const { engine, run } = contestant;
  if (run.items > UNTIMED_MAX_ITEMS) return 1;
  await engine.init(run, run.items);
  let runs = 1;
  for (;;) {
    const { elapsedMs, operations } = await engine.batch(runs, run.seed);
    const next = nextBatchRuns(runs, elapsedMs, operations, maxBatchOperations);
    if (next === null) return runs;
    runs = next;
  }
}

export interface RoundOptions {
  reps: number;
  maxBatchOperations?: number;
  /** Told after each timed batch: the round (from 0) and the contestant's index. */
  onBatch?: (round: number, index: number) => void;
  /** Told as each contestant is prepared. */
  onPrepare?: (index: number) => void;
}

/**
 * Times every contestant `reps` times in rounds; returns each one's repetitions in round order
 * (so repetition k of two contestants ran in the same round). Each batch runs the same keys
 * (the run's seed, then one more for each run of the batch), as timing.ts's MachineTimer does.
 */
export async function timeInRounds(
  contestants: readonly Contestant[],
  options: RoundOptions,
): Promise<TimedRun[]> {
  const warmed = new Set<string>();
  const batchRuns: number[] = [];
  for (const [index, contestant] of contestants.entries()) {
    options.onPrepare?.(index);
    const variant = `${contestant.run.layout}/${contestant.run.form}/${contestant.run.workload}`;
    const key = `${contestants.findIndex((c) => c.engine === contestant.engine)}/${variant}`;
    if (!warmed.has(key)) {
      await warmUp(contestant);
      warmed.add(key);
    }
    batchRuns.push(await sizeBatch(contestant, options.maxBatchOperations));
  }
  const timed: TimedRun[] = contestants.map((_, index) => ({
    operations: 0,
    batchRuns: batchRuns[index],
    nsPerOp: [],
  }));
  const indices = contestants.map((_, index) => index);
  for (let round = 0; round < options.reps; round++) {
    for (const index of roundOrder(indices, round)) {
      const { engine, run } = contestants[index];
      await engine.init(run, run.items);
      const batch = await engine.batch(batchRuns[index], run.seed);
      timed[index].operations = batch.operations / batchRuns[index];
      timed[index].nsPerOp.push((batch.elapsedMs * 1e6) / batch.operations);
      options.onBatch?.(round, index);
    }
  }
  return timed;
}

/** The WebAssembly kernel as an engine, timed by the clock it is given (ms from any origin). */
export class WasmEngine implements BatchEngine {
  private readonly kernel: HeapKernel = instantiateHeapKernel(null);

  constructor(private readonly now: () => number) {}

  init(run: MachineRun, items: number): void {
    const c = kernelCodes(run);
    if (this.kernel.init(c.layout, c.pageLog2, c.form, c.workload, items) < 0) {
      throw new RunMemoryError(
        `${run.layout} with ${items} items (${run.form}, ${run.workload}) needs more memory than the WebAssembly kernel can have`,
      );
    }
  }

  batch(runs: number, firstSeed: number): Batch {
    const kernel = this.kernel;
    let operations = 0;
    const start = this.now();
    for (let i = 0; i < runs; i++) operations += kernel.run(0, (firstSeed + i) >>> 0);
    return { elapsedMs: this.now() - start, operations };
  }
}
