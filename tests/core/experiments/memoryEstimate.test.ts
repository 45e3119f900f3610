// Tests the memory estimates against real arrays: each must be an upper bound of what real runs
// allocate, within 3x.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  estimatePolicyBytes,
  estimateRunBytes,
  estimateScalingBytes,
  estimateSweepBytes,
  kernelBytes,
  referenceBound,
  structureBytes,
  workloadArrayBytes,
} from '../../../src/core/experiments/memoryEstimate';
import { recordTrace } from '../../../src/core/experiments/policySweep';
import { sweepLayout } from '../../../src/core/experiments/sweep';
import { instantiateStackKernel } from '../../../src/core/memory/kernel/stackKernel';
import { LruPager } from '../../../src/core/memory/lruPager';
import { type MemoryObserver, NO_MEMORY } from '../../../src/core/memory/observer';
import { Heap } from '../../../src/core/structures/heap/heap';
import { ArenaQueue } from '../../../src/core/structures/pointer/arenaQueue';
import {
  makeQueue,
  type StructureKind,
  type StructureSpec,
  structurePages,
  structureSpec,
} from '../../../src/core/structures/registry';
import {
  runWorkload,
  type Workload,
  workloadCapacity,
} from '../../../src/core/workloads/workloads';
import { expectBound, phk } from './estimateTesting';

/** Bytes of a queue's arrays, read from its snapshot when full (the same arrays, copied). */
function queueArrayBytes(spec: StructureSpec, capacity: number): number {
  const queue = makeQueue(spec, { capacity, memory: NO_MEMORY });
  // A heap's snapshot copies the slots up to its last one; an arena's, every node. Falling keys
  // go in at the list's head, so filling it takes no walk.
  for (let item = 0; item < capacity; item++) queue.insert(item, capacity - item);
  if (queue instanceof Heap) {
    const { keys, items } = queue.snapshot();
    return keys.byteLength + items.byteLength;
  }
  if (queue instanceof ArenaQueue) {
    const { keys, items, links, allocated } = queue.arena.snapshot();
    return keys.byteLength + items.byteLength + links.byteLength + allocated.byteLength;
  }
  throw new Error(`no arrays known for ${spec.kind}`);
}

// A garbage collection before each measurement, so earlier tests' arrays are not freed during it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Passes references on and keeps the largest growth of the process's ArrayBuffers seen during
 * the run: the typed arrays of the structure, the workload and the observer, all live at once.
 */
class ArrayBufferPeak implements MemoryObserver {
  private readonly base: number;
  private readonly inner: MemoryObserver;
  private count = 0;
  peak = 0;
  /** The baseline is read after a collection and before the observer (a pager) allocates. */
  constructor(makeInner: () => MemoryObserver) {
    collectGarbage();
    this.base = process.memoryUsage().arrayBuffers;
    this.inner = makeInner();
  }
  read(slot: number): void {
    this.inner.read(slot);
    if ((++this.count & 0xfff) === 0) this.sample();
  }
  write(slot: number): void {
    this.inner.write(slot);
    if ((++this.count & 0xfff) === 0) this.sample();
  }
  sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage().arrayBuffers - this.base);
  }
}

const ALL_KINDS: StructureKind[] = ['list', 'binary', 'bheap', 'dary4', 'dary8', 'treap', 'rb'];

describe('the estimates against the arrays the code allocates', () => {
  it.each(ALL_KINDS)('%s: the heap slots or arena nodes', (kind) => {
    for (const capacity of [1, 1000, 50_000]) {
      const spec = structureSpec(kind, 8, 64);
      expectBound(
        structureBytes(spec, capacity),
        queueArrayBytes(spec, capacity),
        `${kind} ${capacity}`,
      );
    }
  });

  it('the stack kernel: its init() grows its memory to exactly the layout mirrored here', () => {
    for (const pages of [1, 100, 2_000, 2_049, 40_000, 300_000]) {
      const kernel = instantiateStackKernel();
      kernel.init(pages, 16);
      const actual = kernel.memory.buffer.byteLength;
      expect(kernelBytes(pages), `${pages} pages`).toBeGreaterThanOrEqual(actual);
      // The estimate assumes 4 KiB of static data where the module has 1 KiB: one wasm page more at most.
      expect(kernelBytes(pages), `${pages} pages`).toBeLessThanOrEqual(actual + 65_536);
    }
  });

  it('a sweep: its curves (two copies of two Float64Array per page) and kernels', () => {
    for (const kind of ['binary', 'treap'] as const) {
      const spec = structureSpec(kind, 4);
      const result = sweepLayout(spec, phk(3000));
      const estimate = estimateSweepBytes(spec, phk(3000));
      expect(estimate.pages).toBe(structurePages(spec, 3000));
      const curves = 2 * (result.pageIns.byteLength + result.writeBacks.byteLength);
      // The ring (256 KiB) is counted with the curves.
      expectBound(estimate.parts.curves - 256 * 1024, curves, `${kind} curves`);
      const kernel = instantiateStackKernel();
      kernel.init(estimate.pages, 16);
      expect(estimate.parts.kernel).toBeGreaterThan(kernel.memory.buffer.byteLength);
    }
  });

  it.each([
    ['phk', 'binary', phk(100_000)],
    ['asterisk', 'treap', { kind: 'asterisk', items: 50_000, seed: 3, keyRange: 2 ** 31 }],
    ['expiry', 'bheap', { kind: 'expiry', items: 50_000, seed: 2, keyRange: 2 ** 31 }],
  ] as const)(
    'a run of %s on %s: structure, workload arrays and pager, seen by the process',
    (_, kind, workload) => {
      const spec = structureSpec(kind, 4);
      const pages = structurePages(spec, workloadCapacity(workload));
      const frames = 64;
      collectGarbage();
      const peak = new ArrayBufferPeak(() => new LruPager(frames, pages, spec.itemsPerPage));
      runWorkload(workload, spec, peak);
      peak.sample();
      const estimate = estimateRunBytes(spec, workload, frames);
      const typed = estimate.parts.structure + workloadArrayBytes(workload) + estimate.parts.pager;
      expectBound(typed, peak.peak, `${kind} ${workload.kind}`);
    },
  );

  it('the pager: five arrays per page and the free frames', () => {
    const spec = structureSpec('binary', 4);
    const pages = structurePages(spec, 20_000);
    const { newer, older, frameOf, dirty, touched } = new LruPager(100, pages, 4).snapshot();
    const actual =
      newer.byteLength +
      older.byteLength +
      frameOf.byteLength +
      dirty.byteLength +
      touched.byteLength;
    expectBound(estimateRunBytes(spec, phk(20_000), 100).parts.pager, actual, 'pager');
  });

  it('scaling: the structure, the keys and the handles', () => {
    const spec = structureSpec('rb', 512);
    const estimate = estimateScalingBytes(spec, 10_000);
    expectBound(estimate.bytes, queueArrayBytes(spec, 10_000) + 12 * 10_000, 'scaling');
  });
});

describe('the memory of policies other than LRU', () => {
  it('adds nothing for LRU alone, and the stored trace for the others', () => {
    const spec = structureSpec('binary', 64);
    expect(estimatePolicyBytes(spec, phk(5000), ['lru'], 'sweep').bytes).toBe(0);
    expect(estimatePolicyBytes(spec, phk(5000), ['lru', 'fifo'], 'run').bytes).toBe(0);
    const { trace } = recordTrace(spec, phk(5000));
    const stored = trace.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    for (const policies of [['opt'], ['fifo', 'clock'], ['lru', 'opt', 'clock', 'fifo']] as const) {
      const estimate = estimatePolicyBytes(spec, phk(5000), policies, 'sweep');
      expect(estimate.parts.trace).toBeGreaterThanOrEqual(stored);
      expect(estimate.bytes).toBeGreaterThan(estimate.parts.trace);
    }
    expect(estimatePolicyBytes(spec, phk(5000), ['opt'], 'run').parts.trace).toBeGreaterThanOrEqual(
      stored,
    );
  });
});

/** Counts a run's slot and word references (every read and write the pager would see). */
class ReferenceCount implements MemoryObserver {
  count = 0;
  read(): void {
    this.count++;
  }
  write(): void {
    this.count++;
  }
}

describe('referenceBound', () => {
  it.each(ALL_KINDS)('%s: bounds the references a run makes, under every workload', (kind) => {
    const workloads: Workload[] = [
      phk(300),
      { kind: 'asterisk', items: 300, seed: 4, keyRange: 2 ** 31 },
      { kind: 'expiry', items: 300, seed: 5, keyRange: 2 ** 31 },
      { kind: 'phk', items: 200, seed: 6, keyRange: 5 },
    ];
    for (const workload of workloads) {
      const counter = new ReferenceCount();
      runWorkload(workload, structureSpec(kind, 8, 64), counter);
      expect(counter.count).toBeGreaterThan(0);
      expect(referenceBound(kind, workload), `${kind} ${workload.kind}`).toBeGreaterThanOrEqual(
        counter.count,
      );
    }
  });
});
