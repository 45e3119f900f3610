import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink } from '../../../src/core/events';
import type { Policy } from '../../../src/core/memory/pager';
import { type ReplayOp, recordOps } from '../../../src/core/replay/recordOps';
import { Side } from '../../../src/core/replay/side';
import { Timeline } from '../../../src/core/replay/timeline';
import {
  type AnimatedRun,
  largestFittingItems,
  opStepBound,
  PAGE_MAX_HEAP_ITEMS,
  PAGE_MAX_LARGE_PAGES,
  PAGE_MAX_PAGES,
  PAGE_MAX_STEP_BOUND,
  PAGE_MEMORY_BUDGET_BYTES,
  pagesCap,
  prefixDepths,
  runLimitProblem,
  runPages,
  sideShape,
  stepBound,
  timelineBytes,
} from '../../../src/core/scenario/pageLimits';
import { animatedRun, DEFAULT_SCENARIO, type Scenario } from '../../../src/core/scenario/scenario';
import {
  BHeapStrictLayout,
  MAX_ITEMS_PER_PAGE,
  strictPagesFor,
} from '../../../src/core/structures/heap/indexMaps';
import { Xorshift32 } from '../../../src/core/structures/pointer/xorshift32';
import {
  heapLayout,
  STRUCTURE_KINDS,
  type StructureKind,
  structurePages,
} from '../../../src/core/structures/registry';
import { formatScript, type ScriptOp } from '../../../src/core/workloads/script';
import { type Workload, workloadCapacity } from '../../../src/core/workloads/workloads';

const HEAPS: StructureKind[] = ['binary', 'bheap', 'bheap-strict', 'dary4', 'dary8'];

/** A scenario's real step count: the first pass of its timeline. */
function realSteps(scenario: Scenario): number {
  return new Timeline(scenario).totalSteps;
}

/** Inserts whose keys follow the treap's own priority draws: the treap becomes a path. */
function treapPathScript(n: number): ScriptOp[] {
  const random = new Xorshift32(1);
  const priorities = Array.from({ length: n }, () => random.next());
  const rank = [...priorities.keys()].sort((a, b) => priorities[a] - priorities[b]);
  const keyOf = new Array<number>(n);
  rank.forEach((node, position) => {
    keyOf[node] = position;
  });
  const inserts = keyOf.map((key): ScriptOp => ({ op: 'insert', key }));
  return [...inserts, ...keyOf.map((): ScriptOp => ({ op: 'pop' }))];
}

describe('prefixDepths', () => {
  it("every layout's parent comes before its child, so depths fill in slot order", () => {
    for (const kind of HEAPS) {
      for (let itemsPerPage = 8; itemsPerPage <= MAX_ITEMS_PER_PAGE; itemsPerPage *= 8) {
        const layout = heapLayout({ kind, itemsPerPage, nodeBytes: 48 });
        for (let slot = layout.rootSlot + 1; slot < layout.rootSlot + 5000; slot++) {
          expect(layout.parent(slot)).toBeLessThan(slot);
        }
      }
    }
  });

  it('gives the binary heap floor(log2 s) levels below the root with s items', () => {
    const depths = prefixDepths(
      heapLayout({ kind: 'binary', itemsPerPage: 8, nodeBytes: 48 }),
      100,
    );
    for (let size = 1; size <= 100; size++) expect(depths[size]).toBe(Math.floor(Math.log2(size)));
  });

  it("follows the strict B-heap past its empty slots: s items reach the depth of the s-th item's slot", () => {
    for (const itemsPerPage of [4, 8, 64]) {
      const layout = new BHeapStrictLayout(itemsPerPage);
      const depths = prefixDepths(layout, 600);
      const depthOf = (slot: number): number => {
        let depth = 0;
        for (let at = slot; at > layout.rootSlot; at = layout.parent(at)) depth++;
        return depth;
      };
      let deepest = 0;
      for (let size = 1; size <= 600; size++) {
        deepest = Math.max(deepest, depthOf(layout.slotOfItem(size)));
        expect(depths[size], `${size} items at ${itemsPerPage} per page`).toBe(deepest);
      }
    }
  });
});

/**
 * Runs one structure over a workload with a single frame (an eviction at every fault) and
 * returns the largest ratio of an operation's real events to its bound; above 1 is a breach.
 */
function worstRatio(kind: StructureKind, workload: Workload, itemsPerPage: number): number {
  const run: AnimatedRun = { left: kind, right: kind, itemsPerPage, nodeBytes: 48, workload };
  const shape = sideShape(kind, run);
  const { ops, items } = recordOps(workload);
  const capacity = workloadCapacity(workload);
  const pages = structurePages({ kind, itemsPerPage, nodeBytes: 48 }, capacity);
  const side = new Side({ kind, itemsPerPage, nodeBytes: 48 }, capacity, items, 1, pages);
  const name = (op: ReplayOp) =>
    op.op === 'insert'
      ? 'insert'
      : op.op === 'popMin'
        ? 'pop'
        : op.op.startsWith('delete')
          ? 'delete'
          : 'reorder';
  let size = 0;
  let worst = 0;
  for (let k = 0; k < ops.length; k++) {
    const op = ops.at(k);
    const sink = new ArraySink();
    side.run(ops, k, sink);
    const kindOfOp = name(op);
    const at = kindOfOp === 'insert' ? size + 1 : size;
    worst = Math.max(worst, sink.events.length / opStepBound(kind, kindOfOp, at, shape));
    if (kindOfOp === 'insert') size++;
    else if (kindOfOp !== 'reorder') size--;
  }
  return worst;
}

describe('opStepBound', () => {
  it('bounds every operation of every structure, on random and adversarial workloads', () => {
    const n = 1500;
    const pops = Array.from({ length: n }, (): ScriptOp => ({ op: 'pop' }));
    const sorted = Array.from({ length: n }, (_, i): ScriptOp => ({ op: 'insert', key: i }));
    const reversed = Array.from({ length: n }, (_, i): ScriptOp => ({ op: 'insert', key: n - i }));
    const workloads: Workload[] = [
      { kind: 'phk', items: n, seed: 1, keyRange: 2 ** 31 },
      { kind: 'phk', items: n, seed: 4, keyRange: 3 },
      { kind: 'expiry', items: n, seed: 2, keyRange: 2 ** 31 },
      { kind: 'asterisk', items: n, seed: 3, keyRange: 1000 },
      { kind: 'script', ops: [...sorted, ...pops] },
      { kind: 'script', ops: [...reversed, ...pops] },
      { kind: 'script', ops: treapPathScript(400) },
    ];
    for (const kind of STRUCTURE_KINDS) {
      for (const workload of workloads) {
        for (const itemsPerPage of [8, 64]) {
          const ratio = worstRatio(kind, workload, itemsPerPage);
          expect(ratio, `${kind} ${workload.kind} at ${itemsPerPage} per page`).toBeLessThanOrEqual(
            1,
          );
        }
      }
    }
  });
});

describe('stepBound', () => {
  const kinds = fc.constantFrom(...STRUCTURE_KINDS);
  const generated = fc.record({
    left: kinds,
    right: kinds,
    items: fc.integer({ min: 1, max: 120 }),
    pageShift: fc.integer({ min: 3, max: 6 }),
    workload: fc.constantFrom('phk' as const, 'expiry' as const, 'asterisk' as const),
    keys: fc.constantFrom(2, 10, 1000, 2 ** 31),
    seed: fc.integer({ min: 0, max: 1000 }),
    frames: fc.integer({ min: 1, max: 3 }),
  });

  it('is at least the real number of steps, for any pair and generated workload', () => {
    fc.assert(
      fc.property(generated, (r) => {
        const scenario: Scenario = {
          ...DEFAULT_SCENARIO,
          left: r.left,
          right: r.right,
          items: r.items,
          itemsPerPage: 2 ** r.pageShift,
          workload: r.workload,
          keys: r.keys,
          seed: r.seed,
          frames: r.frames,
        };
        expect(stepBound(animatedRun(scenario))).toBeGreaterThanOrEqual(realSteps(scenario));
      }),
      { numRuns: 150 },
    );
  });

  it('is at least the real number of steps for sorted, reversed, equal-key and treap-path scripts', () => {
    const n = 300;
    const pops = Array.from({ length: n }, (): ScriptOp => ({ op: 'pop' }));
    const scripts: ScriptOp[][] = [
      [...Array.from({ length: n }, (_, i): ScriptOp => ({ op: 'insert', key: i })), ...pops],
      [...Array.from({ length: n }, (_, i): ScriptOp => ({ op: 'insert', key: n - i })), ...pops],
      [...Array.from({ length: n }, (): ScriptOp => ({ op: 'insert', key: 7 })), ...pops],
      treapPathScript(n),
    ];
    for (const ops of scripts) {
      for (const left of STRUCTURE_KINDS) {
        const scenario: Scenario = {
          ...DEFAULT_SCENARIO,
          left,
          right: 'treap',
          itemsPerPage: 8,
          frames: 1,
          workload: 'script',
          ops: formatScript(ops),
        };
        const bound = stepBound(animatedRun(scenario));
        expect(bound, `${left} ${formatScript(ops.slice(0, 3))}`).toBeGreaterThanOrEqual(
          realSteps(scenario),
        );
      }
    }
  });

  it('keeps the largest scenarios the page took before, and refuses the long list script', () => {
    const run = (left: StructureKind, right: StructureKind, items: number): AnimatedRun => ({
      left,
      right,
      itemsPerPage: 512,
      nodeBytes: 48,
      workload: { kind: 'phk', items, seed: 1, keyRange: 1000 },
    });
    expect(stepBound(run('binary', 'bheap', 16_384))).toBeLessThanOrEqual(PAGE_MAX_STEP_BOUND);
    expect(stepBound(run('llrb', 'llrb', 16_384))).toBeLessThanOrEqual(PAGE_MAX_STEP_BOUND);
    expect(stepBound(run('list', 'list', 2048))).toBeLessThanOrEqual(PAGE_MAX_STEP_BOUND);
    const listScript: AnimatedRun = {
      ...run('list', 'list', 0),
      workload: {
        kind: 'script',
        ops: [
          ...Array.from({ length: 2000 }, (_, i): ScriptOp => ({ op: 'insert', key: i })),
          ...Array.from(
            { length: 18_000 },
            (): ScriptOp => ({ op: 'reorder', slot: 1, key: 5000 }),
          ),
        ],
      },
    };
    expect(runLimitProblem(listScript)).toMatchObject({ limit: 'steps' });
  });
});

describe('runLimitProblem and largestFittingItems', () => {
  const treaps = (items: number): AnimatedRun => ({
    left: 'treap',
    right: 'treap',
    itemsPerPage: 4,
    nodeBytes: 4096,
    workload: { kind: 'phk', items, seed: 1, keyRange: 1000 },
  });

  it('names the pages a side spans when a node size and page size make it too wide', () => {
    expect(runLimitProblem(treaps(100))).toMatchObject({
      limit: 'pages',
      side: 'left',
      value: 12_928,
      max: PAGE_MAX_PAGES,
    });
  });

  it('finds the most items that fit, and one more does not', () => {
    const most = largestFittingItems(treaps(100), 100);
    expect(most).toBe(31);
    expect(runLimitProblem(treaps(most))).toBeNull();
    expect(runLimitProblem(treaps(most + 1))).not.toBeNull();
    expect(runPages(treaps(most))[0]).toBeLessThanOrEqual(PAGE_MAX_PAGES);
  });

  it("counts the strict B-heap's extra pages (two empty slots on each) against the page limit", () => {
    // Under OPT, where the grid keeps a cell a page (PAGE_MAX_PAGES).
    const strict = (items: number): AnimatedRun => ({
      left: 'bheap-strict',
      right: 'bheap',
      itemsPerPage: 4,
      nodeBytes: 48,
      workload: { kind: 'phk', items, seed: 1, keyRange: 1000 },
      policy: 'opt',
    });
    // At 4 slots a page a later page holds 2 items: twice the B-heap's pages.
    expect(runPages(strict(16_384))).toEqual([strictPagesFor(16_384, 4), 4097]);
    expect(runLimitProblem(strict(16_384))).toEqual({
      limit: 'pages',
      side: 'left',
      value: 8192,
      max: PAGE_MAX_PAGES,
    });
    expect(runLimitProblem({ ...strict(16_384), left: 'bheap' })).toBeNull();
    const most = largestFittingItems(strict(16_384), 16_384);
    expect(most).toBe(8195);
    expect(runPages(strict(most))[0]).toBe(PAGE_MAX_PAGES);
    expect(runLimitProblem(strict(most + 1))).toMatchObject({ limit: 'pages', value: 4098 });
  });

  it('takes 2^20 items of every heap at every page size when heaps are on both sides, not under OPT', () => {
    const largest = (left: StructureKind, itemsPerPage: number, policy: Policy): AnimatedRun => ({
      left,
      right: 'bheap',
      itemsPerPage,
      nodeBytes: 48,
      workload: { kind: 'phk', items: PAGE_MAX_HEAP_ITEMS, seed: 1, keyRange: 2 ** 31 },
      policy,
    });
    for (const left of ['binary', 'bheap', 'bheap-strict', 'dary4', 'dary8'] as const) {
      for (let itemsPerPage = left === 'dary8' ? 8 : 4; itemsPerPage <= 4096; itemsPerPage *= 2) {
        for (const policy of ['lru', 'fifo', 'clock'] as const) {
          const run = largest(left, itemsPerPage, policy);
          expect(runLimitProblem(run), `${left} at ${itemsPerPage} a page, ${policy}`).toBeNull();
          expect(Math.max(...runPages(run))).toBeLessThanOrEqual(PAGE_MAX_LARGE_PAGES);
        }
      }
    }
    // The strict B-heap at 4 a page is the widest: 2 items a page after the first.
    expect(runPages(largest('bheap-strict', 4, 'lru'))[0]).toBe(PAGE_MAX_LARGE_PAGES);
    // A search tree on a side keeps a cell a page.
    expect(pagesCap({ ...largest('binary', 4, 'lru'), right: 'treap' })).toBe(PAGE_MAX_PAGES);
    expect(pagesCap(largest('binary', 4, 'opt'))).toBe(PAGE_MAX_PAGES);
  });

  it('estimates memory that grows with the run and fits the budget at the largest accepted runs', () => {
    const heaps = (items: number): AnimatedRun => ({
      ...treaps(items),
      left: 'binary',
      right: 'bheap',
    });
    expect(timelineBytes(heaps(2000))).toBeGreaterThan(timelineBytes(heaps(1000)));
    expect(timelineBytes({ ...heaps(16_384), itemsPerPage: 4 })).toBeLessThanOrEqual(
      PAGE_MEMORY_BUDGET_BYTES,
    );
  });
});
