// The hierarchy model against a direct simulation of small caches: the misses it reads off the
// one-pass stack distances of a traced run are those of an LRU cache of that many lines (and a
// TLB of that many 4 KB pages) fed the same references one by one.

import { describe, expect, it } from 'vitest';
import {
  calibrate,
  type Hierarchy,
  LATENCY_NS,
  levelMisses,
  memoryNs,
  predictedNs,
} from '../../../src/core/experiments/hierarchy';
import type { MachineRun } from '../../../src/core/measure/machineLayouts';
import { traceMisses, traceRun } from '../../../src/core/measure/missCurves';

/** A fully associative LRU cache of `capacity` entries, by the book: a Map in recency order. */
class DirectLru {
  private readonly entries = new Map<number, true>();
  misses = 0;
  constructor(private readonly capacity: number) {}
  touch(entry: number): void {
    if (this.entries.has(entry)) this.entries.delete(entry);
    else {
      this.misses++;
      if (this.entries.size === this.capacity) {
        const oldest = this.entries.keys().next().value as number;
        this.entries.delete(oldest);
      }
    }
    this.entries.set(entry, true);
  }
}

/** Every line reference of a traced run, in order. */
function references(run: MachineRun): number[] {
  const lines: number[] = [];
  traceRun(run, (line) => lines.push(line));
  return lines;
}

/** Misses of each cache over the trace run once after another (the second pass: a repeated run). */
function direct(
  lines: readonly number[],
  capacities: readonly number[],
  toEntry: (line: number) => number,
): number[] {
  return capacities.map((capacity) => {
    const cache = new DirectLru(capacity);
    for (const line of lines) cache.touch(toEntry(line));
    const cold = cache.misses;
    for (const line of lines) cache.touch(toEntry(line));
    // The model counts a repeated run: first touches miss only when the lines do not all fit.
    return cache.misses - cold > 0 ? cold : 0;
  });
}

const RUNS: MachineRun[] = [
  { layout: 'binary', form: 'key', workload: 'phk', items: 3000, seed: 1 },
  { layout: 'bheap64', form: 'ref', workload: 'phk', items: 2000, seed: 5 },
  { layout: 'dary4', form: 'key', workload: 'expiry', items: 1500, seed: 9 },
];

describe('the hierarchy model against a direct simulation of small caches', () => {
  for (const run of RUNS) {
    it(`${run.layout}, ${run.form}, ${run.workload}: misses per level are an LRU cache's`, () => {
      const traced = traceMisses(run);
      const lines = references(run);
      const footprint = new Set(lines).size;
      // A level of 32 lines (2 KB), of 128, one just under the footprint, one that holds it all;
      // a TLB of 2 and 4 pages.
      const lineSizes = [32, 128, footprint - 1, footprint];
      const expected = direct(lines, lineSizes, (line) => line);
      for (const [index, capacity] of lineSizes.entries()) {
        const hierarchy: Hierarchy = {
          l1Bytes: capacity * 64,
          l2Bytes: capacity * 64,
          l3Bytes: capacity * 64,
          tlbEntries: 2,
        };
        const model = levelMisses(traced.lines, traced.pages, 1, hierarchy).l1;
        // The kept curve is exact to a thousandth (MISS_CURVE_TOLERANCE).
        expect(Math.abs(model - expected[index]), `${capacity} lines`).toBeLessThanOrEqual(
          Math.max(0.5, 1e-3 * expected[index]),
        );
      }
      const tlb = direct(lines, [2, 4], (line) => Math.floor(line / 64));
      for (const [index, entries] of [2, 4].entries()) {
        const hierarchy: Hierarchy = { l1Bytes: 64, l2Bytes: 64, l3Bytes: 64, tlbEntries: entries };
        const model = levelMisses(traced.lines, traced.pages, 1, hierarchy).tlb;
        expect(Math.abs(model - tlb[index])).toBeLessThanOrEqual(Math.max(0.5, 1e-3 * tlb[index]));
      }
      expect(traced.references).toBe(lines.length);
    });
  }

  it('costs each miss at the level it ends at, and calibrates the CPU term to the measurement', () => {
    const misses = { l1: 4, l2: 1, l3: 0.25, tlb: 0.5 };
    const memory = memoryNs(misses);
    expect(memory).toBeCloseTo(
      3 * LATENCY_NS.l2 +
        0.75 * LATENCY_NS.l3 +
        0.25 * LATENCY_NS.memory +
        0.5 * LATENCY_NS.pageWalk,
    );
    const cpu = calibrate(100, 20, memory, 1024);
    expect(predictedNs(cpu, 20, misses)).toBeCloseTo(100);
    // Twice the comparisons and no misses: twice the CPU time alone.
    expect(predictedNs(cpu, 40, { l1: 0, l2: 0, l3: 0, tlb: 0 })).toBeCloseTo(2 * (100 - memory));
    // A model that explains more than was measured leaves no CPU time, never a negative one.
    expect(calibrate(1, 20, memory, 1024).nsPerComparison).toBe(0);
  });
});
