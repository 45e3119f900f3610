// Timing in rounds, with engines that keep a log and a made-up clock: every round times each
// contestant once, in an order rotated each round; batches are sized before the first round;
// and a burst of load that lasts one round falls on every contestant alike.

import { describe, expect, it } from 'vitest';
import type { MachineRun } from '../../../src/core/measure/machineLayouts';
import {
  type Batch,
  type BatchEngine,
  type Contestant,
  roundOrder,
  timeInRounds,
  WasmEngine,
} from '../../../src/core/measure/rounds';
import { MIN_BATCH_MS, nextBatchRuns, WARMUP_MS } from '../../../src/core/measure/timing';

const run = (layout: MachineRun['layout'], items = 1024): MachineRun => ({
  layout,
  form: 'key',
  workload: 'phk',
  items,
  seed: 1,
});

/** An engine whose runs take `msPerRun` (times `load()` at the moment), and that logs its batches. */
class FakeEngine implements BatchEngine {
  readonly log: string[] = [];
  private current: MachineRun | null = null;

  constructor(
    private readonly msPerRun: Record<string, number>,
    private readonly load: () => number = () => 1,
    private readonly name = '',
  ) {}

  init(r: MachineRun): void {
    this.current = r;
  }

  batch(runs: number): Batch {
    const layout = this.current?.layout ?? 'binary';
    this.log.push(`${this.name}${layout}×${runs}`);
    return { elapsedMs: runs * this.msPerRun[layout] * this.load(), operations: runs * 4096 };
  }
}

describe('timing in rounds', () => {
  it('rotates the order by one place each round', () => {
    expect(roundOrder(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(roundOrder(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(roundOrder(['a', 'b', 'c'], 5)).toEqual(['c', 'a', 'b']);
    expect(roundOrder([], 3)).toEqual([]);
  });

  it('sizes each batch to last the minimum, as the sequential timer does', () => {
    expect(nextBatchRuns(1, 1, 4096, 2 ** 28)).toBe(8);
    expect(nextBatchRuns(8, MIN_BATCH_MS, 8 * 4096, 2 ** 28)).toBeNull();
    expect(nextBatchRuns(4, 1, 4 * 4096, 4 * 4096)).toBeNull(); // at the cap
  });

  it('warms up and sizes each contestant first, then times one batch of each per round, rotated', async () => {
    const engine = new FakeEngine({ binary: 2, bheap4k: 5 });
    const contestants: Contestant[] = [
      { engine, run: run('binary') },
      { engine, run: run('bheap4k') },
    ];
    const order: string[] = [];
    const timed = await timeInRounds(contestants, {
      reps: 4,
      onBatch: (round, index) => order.push(`${round}:${contestants[index].run.layout}`),
    });
    expect(order).toEqual([
      '0:binary',
      '0:bheap4k',
      '1:bheap4k',
      '1:binary',
      '2:binary',
      '2:bheap4k',
      '3:bheap4k',
      '3:binary',
    ]);
    // Warm-up: single runs until WARMUP_MS; then batches grow until one lasts MIN_BATCH_MS.
    const warmups = engine.log.filter((entry) => entry === 'binary×1').length;
    expect(warmups).toBeGreaterThanOrEqual(WARMUP_MS / 2);
    expect(timed[0].batchRuns * 2).toBeGreaterThanOrEqual(MIN_BATCH_MS);
    expect(timed[1].batchRuns * 5).toBeGreaterThanOrEqual(MIN_BATCH_MS);
    expect(timed.map((t) => t.nsPerOp.length)).toEqual([4, 4]);
    expect(timed[0].nsPerOp[0]).toBeCloseTo((2 * 1e6) / 4096);
    expect(timed[1].operations).toBe(4096);
  });

  it('lets a burst of load in one round fall on every contestant, not on one', async () => {
    let loaded = false;
    let batches = 0;
    const engine = new FakeEngine({ binary: 2, dary4: 2 }, () => (loaded ? 3 : 1));
    const timed = await timeInRounds(
      [
        { engine, run: run('binary') },
        { engine, run: run('dary4') },
      ],
      {
        reps: 3,
        // Round 1 (timed batches 3 and 4) runs on a loaded machine.
        onBatch: () => {
          batches++;
          loaded = batches === 2 || batches === 3;
        },
      },
    );
    // Both slowed in round 1 only: their medians stay equal, their ranges both widen.
    expect(timed[0].nsPerOp.filter((ns) => ns > 1000)).toHaveLength(1);
    expect(timed[1].nsPerOp.filter((ns) => ns > 1000)).toHaveLength(1);
  });

  it('times two engines of one layout in the same rounds, each warmed up once', async () => {
    const wasm = new FakeEngine({ binary: 2 }, () => 1, 'wasm:');
    const native = new FakeEngine({ binary: 1 }, () => 1, 'native:');
    const timed = await timeInRounds(
      [
        { engine: wasm, run: run('binary') },
        { engine: native, run: run('binary') },
      ],
      { reps: 3 },
    );
    expect(wasm.log.filter((e) => e === 'wasm:binary×1').length).toBeGreaterThan(10);
    expect(native.log.filter((e) => e === 'native:binary×1').length).toBeGreaterThan(10);
    expect(timed[1].nsPerOp[0] / timed[0].nsPerOp[0]).toBeCloseTo(0.5);
  });

  it('runs the WebAssembly kernel by the clock it is given', () => {
    let time = 0;
    const engine = new WasmEngine(() => (time += 10));
    engine.init(run('bheap4k', 2048), 2048);
    const batch = engine.batch(2, 1);
    expect(batch).toEqual({ elapsedMs: 10, operations: 2 * 4 * 2048 });
  });
});
