// Tests the memory budget's estimates against real arrays, and its refusals.
//
// Each estimate must be an upper bound of what real runs allocate, within 3x; each refusal of a
// command line that would not fit is one line naming its options.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { budgetProblem } from '../../../src/cli/refusals';
import {
  CLI_MEMORY_BUDGET_BYTES,
  type CommandPlan,
  estimateCommand,
} from '../../../src/core/experiments/budget';
import { formatBytes, GIB, groupDigits } from '../../../src/core/experiments/byteUnits';
import {
  estimatePolicyBytes,
  estimateRunBytes,
  estimateScalingBytes,
  estimateSweepBytes,
  kernelBytes,
  structureBytes,
  workloadArrayBytes,
} from '../../../src/core/experiments/memoryEstimate';
import {
  digitsUpTo,
  estimateSweepOutput,
  MAX_STRING_CHARS,
  outputPages,
} from '../../../src/core/experiments/outputEstimate';
import { recordTrace } from '../../../src/core/experiments/policySweep';
import { toCsvReport, toJsonReport } from '../../../src/core/experiments/report';
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

const phk = (items: number): Workload => ({ kind: 'phk', items, seed: 1, keyRange: 2 ** 31 });

/** An estimate must cover what it models, and not by more than 3 times. */
function expectBound(estimate: number, actual: number, what: string): void {
  expect(estimate, `${what}: estimate ${estimate} >= actual ${actual}`).toBeGreaterThanOrEqual(
    actual,
  );
  expect(estimate, `${what}: estimate ${estimate} <= 3 x actual ${actual}`).toBeLessThanOrEqual(
    3 * actual,
  );
}

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

  it('the output text: longer than the real CSV and JSON, by less than 3 times', () => {
    const workload = phk(20_000);
    const specs = (['binary', 'rb'] as const).map((kind) => structureSpec(kind, 4));
    const results = specs.map((spec) => sweepLayout(spec, workload));
    const options = { ioMs: 1000, cpuSeconds: () => 123.456789 };
    const csv = toCsvReport(results, options).length;
    const json = `${toJsonReport(results)}\n`.length;
    const csvEstimate = estimateSweepOutput(specs, workload, 'csv');
    const jsonEstimate = estimateSweepOutput(specs, workload, 'json');
    expectBound(csvEstimate.chars, csv, 'csv');
    expectBound(jsonEstimate.chars, json, 'json');
    expect(csvEstimate.rows).toBe(
      specs.reduce((sum, spec) => sum + structurePages(spec, 20_000), 0),
    );
    expect(csvEstimate.longest).toBeLessThan(csvEstimate.chars);
  });

  it('the rows: a sweep prints the pages it touched, a few of each large node', () => {
    const workload = phk(2000);
    for (const [kind, nodeBytes, itemsPerPage] of [
      ['treap', 256, 4],
      ['rb', 48, 4],
      ['llrb', 4096, 8],
      ['list', 72, 16],
      ['bheap', 48, 4],
    ] as const) {
      const spec = structureSpec(kind, itemsPerPage, nodeBytes);
      const result = sweepLayout(spec, workload);
      expectBound(outputPages(spec, 2000), result.pages, `${kind} ${nodeBytes} B`);
    }
  });

  it('digitsUpTo counts the digits of 1..n', () => {
    for (const n of [0, 1, 9, 10, 11, 99, 100, 12_345]) {
      let total = 0;
      for (let f = 1; f <= n; f++) total += String(f).length;
      expect(digitsUpTo(n), `n = ${n}`).toBe(total);
    }
  });

  it('numbers in messages', () => {
    expect(groupDigits(2_147_483_776)).toBe('2,147,483,776');
    expect(groupDigits(999)).toBe('999');
    expect(formatBytes(4 * GIB)).toBe('4 GiB');
    expect(formatBytes(41.2 * GIB)).toBe('41 GiB');
    expect(formatBytes(3.25 * GIB)).toBe('3.3 GiB');
    expect(formatBytes(850 * 2 ** 20)).toBe('850 MiB');
  });
});

const plan = (over: Partial<CommandPlan>): CommandPlan => ({
  command: 'sweep',
  layouts: ['binary', 'bheap'],
  itemsPerPage: 512,
  nodeBytes: 48,
  workload: phk(1_000_000),
  frames: null,
  sizes: [],
  format: 'json',
  cpu: 'article',
  ...over,
});

describe('budgetProblem', () => {
  it('the budget is 4 GiB, and the defaults and the article’s runs are far within it', () => {
    expect(CLI_MEMORY_BUDGET_BYTES).toBe(4 * GIB);
    expect(budgetProblem(plan({}))).toBeNull();
    expect(estimateCommand(plan({})).bytes).toBeLessThan(GIB / 2);
    expect(budgetProblem(plan({ command: 'run', frames: 9 }))).toBeNull();
    expect(
      budgetProblem(
        plan({
          layouts: ['list', 'binary', 'bheap', 'dary4', 'dary8', 'treap', 'llrb', 'rb'],
          workload: phk(20_000),
          format: 'csv',
        }),
      ),
    ).toBeNull();
  });

  it('the largest heaps at the smallest pages still fit, one layout at a time in the text', () => {
    const big = plan({ itemsPerPage: 4, workload: phk(2 ** 24), format: 'csv' });
    expect(budgetProblem(big)).toBeNull();
    const output = estimateCommand(big).output;
    expect(output?.chars).toBeGreaterThan(MAX_STRING_CHARS);
    expect(output?.longest).toBeLessThan(MAX_STRING_CHARS);
  });

  it('run rb and sweep treap of 2^24 nodes of 4 KiB at 4 words a page: memory', () => {
    const items = phk(2 ** 24);
    const run = budgetProblem(
      plan({
        command: 'run',
        layouts: ['rb'],
        nodeBytes: 4096,
        itemsPerPage: 4,
        workload: items,
        frames: 1,
      }),
    );
    expect(run).toMatch(
      /^--items 16777216 with --layout rb, --node-bytes 4096 and --page-items 4 spans 2,147,483,776 pages and would need about \d+ GiB; the command line's budget is 4 GiB \(fewer --items, larger --page-items or smaller --node-bytes\)$/,
    );
    const sweep = budgetProblem(
      plan({ layouts: ['treap'], nodeBytes: 4096, itemsPerPage: 4, workload: items }),
    );
    expect(sweep).toMatch(
      /^--items 16777216 with --layout treap, --node-bytes 4096 and --page-items 4 spans 2,147,483,776 pages and would need about \d+ GiB; the command line's budget is 4 GiB/,
    );
  });

  it('scaling: the arena cannot address 2^24 nodes of 4 KiB, although their arrays would fit', () => {
    const message = budgetProblem(
      plan({
        command: 'scaling',
        layouts: ['binary', 'rb'],
        nodeBytes: 4096,
        sizes: [100, 2 ** 24],
        workload: { kind: 'asterisk', items: 1, seed: 1, keyRange: 2 ** 31 },
      }),
    );
    expect(message).toBe(
      '--sizes up to 16777216 with --layout binary,rb and --node-bytes 4096 spans 8,589,935,104 words of simulated memory; a node’s words must have addresses below 2^31 (16 GiB of 8-byte words) (smaller --sizes or smaller --node-bytes)'.replace(
        '’',
        "'",
      ),
    );
    expect(
      budgetProblem(
        plan({
          command: 'scaling',
          layouts: ['binary', 'rb'],
          sizes: [2 ** 24],
          cpu: 'measure',
          workload: { kind: 'asterisk', items: 1, seed: 1, keyRange: 2 ** 31 },
        }),
      ),
    ).toBeNull();
  });

  it('expiry at the largest N: its due times are a bitmap, so no Set limit applies', () => {
    const expiry: Workload = { kind: 'expiry', items: 2 ** 24, seed: 1, keyRange: 2 ** 31 };
    expect(budgetProblem(plan({ layouts: ['binary'], workload: expiry }))).toBeNull();
  });

  it('a script names --ops, and every message is one line', () => {
    const ops = Array.from({ length: 100_000 }, (_, key) => ({ op: 'insert' as const, key }));
    const message = budgetProblem(
      plan({
        layouts: ['rb', 'treap', 'llrb', 'list'],
        nodeBytes: 4096,
        itemsPerPage: 4,
        workload: { kind: 'script', ops },
      }),
    );
    expect(message).toMatch(
      /^--ops \(up to 100000 items at once\) with --layout rb,treap,llrb,list, --node-bytes 4096 and --page-items 4 spans 12,800,128 pages and would need about/,
    );
    expect(message).toContain(
      '(a script that holds fewer items, larger --page-items, smaller --node-bytes or fewer --layout)',
    );
    expect(message).not.toContain('\n');
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

  it('the article’s run fits under every policy, both heaps and the strict one at once', () => {
    const every = plan({
      layouts: ['binary', 'bheap', 'bheap-strict'],
      format: 'csv',
      policies: ['lru', 'opt', 'clock', 'fifo'],
    });
    expect(budgetProblem(every)).toBeNull();
    expect(estimateCommand(every).bytes).toBeGreaterThan(estimateCommand(plan({})).bytes);
    expect(budgetProblem(plan({ command: 'run', frames: 9, policies: ['opt'] }))).toBeNull();
  });

  it('the largest heaps at the smallest pages are refused under OPT, naming the settings', () => {
    const message = budgetProblem(
      plan({ itemsPerPage: 4, workload: phk(2 ** 24), format: 'csv', policies: ['opt'] }),
    );
    expect(message).toMatch(
      /^--items 16777216 with --layout binary,bheap and --page-items 4 spans [\d,]+ pages and would need about \d+ GiB; the command line's budget is 4 GiB/,
    );
  });
});
