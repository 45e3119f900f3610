// How big a scenario the page animates: items, script length, pages per side, a worst-case
// bound on steps and an estimate of memory, each checked before any work starts, and the
// largest run that fits when a link asks for too much. The link parser applies these; the
// README's limits table is written from LIMITS below.

import type { Policy } from '../memory/pager';
import { HEAP_SLOT_BYTES } from '../structures/heap/heap';
import type { Layout } from '../structures/heap/indexMaps';
import { ARENA_NODE_BYTES } from '../structures/pointer/arena';
import { heapLayout, isHeapKind, type StructureKind, structurePages } from '../structures/registry';
import { expectedOperations, type Workload, workloadCapacity } from '../workloads/workloads';
import { largePlan, workerBytes } from './largePlan';

/** Largest heap or search tree the page animates (a first pass of ~16k x 4 operations). */
export const PAGE_MAX_ITEMS = 16_384;
/**
 * Largest heaps the page replays when both sides are heaps (not under OPT): past PAGE_MAX_ITEMS the
 * run is recorded by workers and replayed from checkpoints (replay/largeTimeline.ts), so the
 * article's own run (1M items) can be watched. 2^20 keeps its steps within 2^32.
 */
export const PAGE_MAX_HEAP_ITEMS = 2 ** 20;
/** The sorted list's inserts walk the list: past this its first pass records tens of millions of events. */
export const PAGE_LIST_MAX_ITEMS = 2048;
/** Longest custom script the page accepts. */
export const PAGE_MAX_SCRIPT_OPS = 20_000;
/**
 * Most pages a side may span with a search tree or list on a side, or under OPT (see pagesCap):
 * the largest heap of PAGE_MAX_ITEMS at 4 items per page.
 */
export const PAGE_MAX_PAGES = 4097;
/**
 * Most pages a side of a large run may span: 2^20 items of every heap at every page size (the
 * strict B-heap at 4 items per page uses 2 slots a page). The grid draws them a pixel each, or
 * several to a cell (view/pages/gridGeometry.ts).
 */
export const PAGE_MAX_LARGE_PAGES = 524_288;
/**
 * Most steps a scenario may need in the worst case (see stepBound). The largest scenarios the
 * page accepted before this bound existed (16,384 items in two left-leaning red-black trees)
 * bound at about 124M and take about 16M real steps; 2^27 keeps them and refuses the scripts
 * that asked for hundreds of millions of real steps.
 */
export const PAGE_MAX_STEP_BOUND = 2 ** 27;
/** Memory the page's timeline may take (its checkpoints dominate): see timelineBytes. */
export const PAGE_MEMORY_BUDGET_BYTES = 256 * 2 ** 20;
/** Memory each of a large run's two workers may take (see largeRunBytes). */
export const PAGE_WORKER_BUDGET_BYTES = 384 * 2 ** 20;

/** What a scenario runs, as far as its size is concerned. */
export interface AnimatedRun {
  left: StructureKind;
  right: StructureKind;
  itemsPerPage: number;
  nodeBytes: number;
  workload: Workload;
  /** The replacement policy (LRU when not said). */
  policy?: Policy;
}

/**
 * Most items (or, for a script, the most it holds at once) a pair of sides may have: a large
 * run needs heaps on both sides (their state is an array and a few counts, checkpointed by
 * workers) under LRU, FIFO or CLOCK; OPT needs the whole run's future, kept as a trace (251 MB
 * for the article's binary heap), so it stays small.
 */
export function itemsCap(
  left: StructureKind,
  right: StructureKind,
  policy: Policy = 'lru',
): number {
  if (left === 'list' || right === 'list') return PAGE_LIST_MAX_ITEMS;
  return isHeapKind(left) && isHeapKind(right) && policy !== 'opt'
    ? PAGE_MAX_HEAP_ITEMS
    : PAGE_MAX_ITEMS;
}

/**
 * Most pages a side may span: with heaps on both sides (not under OPT) the grid draws up to
 * PAGE_MAX_LARGE_PAGES, a pixel a page or several pages a cell, whatever the run's size (the
 * memory bound then limits a small run); otherwise PAGE_MAX_PAGES, a cell each.
 */
export function pagesCap(run: AnimatedRun): number {
  return itemsCap(run.left, run.right, run.policy ?? 'lru') > PAGE_MAX_ITEMS
    ? PAGE_MAX_LARGE_PAGES
    : PAGE_MAX_PAGES;
}

/**
 * Whether the page records the run in workers and replays it from their checkpoints
 * (replay/largeTimeline.ts) rather than preparing it itself: heaps over PAGE_MAX_ITEMS.
 */
export function isLargeRun(run: AnimatedRun): boolean {
  return (
    run.workload.kind !== 'script' &&
    run.workload.items > PAGE_MAX_ITEMS &&
    itemsCap(run.left, run.right, run.policy ?? 'lru') > PAGE_MAX_ITEMS
  );
}

/** Pages each side spans. */
export function runPages(run: AnimatedRun): [number, number] {
  const capacity = workloadCapacity(run.workload);
  return [run.left, run.right].map((kind) =>
    structurePages({ kind, itemsPerPage: run.itemsPerPage, nodeBytes: run.nodeBytes }, capacity),
  ) as [number, number];
}

// ---- the step bound ------------------------------------------------------------------------

/**
 * An upper bound on one side's events (steps) in one operation, at `size` items (the larger of
 * before and after it). Heaps: from the code of heap.ts, each slot reference is at most two
 * events (the touch and an eviction), so a sift-up level is at most 2 reads, a compare, a swap
 * and 2 writes (10 events), a sift-down level of a d-ary heap d + 2 reads, d compares, a swap
 * and 2 writes (3d + 9); removing an item is at most 11 events, and op-begin and op-end 2 more.
 * The number of levels is the deepest slot's depth, from the layout itself.
 * Pointer structures: a constant plus a per-level cost times the depth, the per-level costs
 * measured over random and sorted workloads and raised by a third (tests/core/scenario/pageLimits.test.ts
 * checks the bound against real runs). Red-black trees are at most 2 log2(n + 1) deep; a treap
 * fed random(3) keys is as deep as a random search tree, but a script can order its keys to
 * make it a path, and the sorted list's insert walks it all: for those the depth is the size.
 */
export function opStepBound(
  kind: StructureKind,
  op: 'insert' | 'pop' | 'delete' | 'reorder',
  size: number,
  shape: SideShape,
): number {
  if (shape.heapDepth !== null) {
    const levels = shape.heapDepth(size);
    const down = 3 * shape.arity + 9;
    if (op === 'insert') return 5 + 10 * levels;
    if (op === 'pop') return 13 + down * levels;
    if (op === 'delete') return 13 + (down + 10) * levels;
    return 4 + (down + 10) * levels;
  }
  if (kind === 'list') {
    return op === 'insert' || op === 'reorder' ? 40 + 6 * (size + 1) : 40;
  }
  const depth = kind === 'treap' && shape.scripted ? size : 2 * Math.log2(size + 1);
  return 40 + POINTER_LEVEL_COST[kind] * (depth + 1);
}

/** Events per level of a search tree (measured maxima: rb 13.3, llrb 47.3, treap 42.5). */
const POINTER_LEVEL_COST: Record<StructureKind, number> = {
  list: 6,
  binary: 0,
  bheap: 0,
  'bheap-strict': 0,
  dary4: 0,
  dary8: 0,
  rb: 18,
  llrb: 64,
  treap: 58,
};

/** What the bound needs to know about a side beyond its kind. */
interface SideShape {
  /** Heaps: the depth of the deepest of the first `size` slots; null for pointer structures. */
  heapDepth: ((size: number) => number) | null;
  arity: number;
  /** A script chose the keys (a treap may then be a path). */
  scripted: boolean;
}

export function sideShape(kind: StructureKind, run: AnimatedRun): SideShape {
  const scripted = run.workload.kind === 'script';
  if (!isHeapKind(kind)) return { heapDepth: null, arity: 2, scripted };
  const layout = heapLayout({ kind, itemsPerPage: run.itemsPerPage, nodeBytes: run.nodeBytes });
  const depths = prefixDepths(layout, workloadCapacity(run.workload));
  return {
    heapDepth: (size) => depths[Math.min(size, depths.length - 1)],
    arity: layout.arity,
    scripted,
  };
}

/**
 * prefix[s] = the largest depth (root = 0) among the slots of a heap's first s items, i.e. how
 * many levels a sift can cross with s items. Each slot's depth is its parent's plus one. Items
 * fill slots root, root + 1, ... except in a layout with gaps (the strict B-heap skips positions
 * 0 and 1 of each later page), whose n-th item sits further on, at slotOfItem(n).
 */
export function prefixDepths(layout: Layout, capacity: number): Int32Array {
  const root = layout.rootSlot;
  const gaps = layout.gaps;
  const slotOf = (n: number): number => (gaps === undefined ? root + n - 1 : gaps.slotOfItem(n));
  const lastSlot = capacity >= 1 ? slotOf(capacity) : root - 1;
  const depth = new Int32Array(Math.max(lastSlot, root) + 1);
  const prefix = new Int32Array(capacity + 1);
  for (let slot = root + 1; slot <= lastSlot; slot++) {
    if (gaps?.isGap(slot) === true) continue;
    const parent = layout.parent(slot);
    // Every layout's parent precedes its child (slot numbers grow downwards); checked in tests.
    depth[slot] = depth[parent] + 1;
  }
  for (let size = 1; size <= capacity; size++) {
    prefix[size] = Math.max(prefix[size - 1], depth[slotOf(size)]);
  }
  return prefix;
}

type OpName = 'insert' | 'pop' | 'delete' | 'reorder';

/**
 * Calls visit(op, size) for each operation of the workload with the size it reaches, or, for
 * expiry (whose operations depend on the heap), for a sequence that bounds it: at most 4N
 * operations (N fills, N ticks, and every pop removes an item inserted before), none holding
 * more than 2N items, each counted as its most expensive kind.
 */
function forEachOp(workload: Workload, visit: (ops: readonly OpName[], size: number) => void) {
  const one = (op: OpName) => [op] as const;
  switch (workload.kind) {
    case 'phk': {
      const n = workload.items;
      for (let size = 1; size <= n; size++) visit(one('insert'), size);
      for (let i = 0; i < n; i++) {
        visit(one('pop'), n);
        visit(one('insert'), n);
      }
      for (let size = n; size >= 1; size--) visit(one('pop'), size);
      return;
    }
    case 'asterisk': {
      const n = workload.items;
      for (let size = 1; size <= n; size++) visit(one('insert'), size);
      for (let size = n; size >= 1; size--) visit(one('delete'), size);
      return;
    }
    case 'expiry': {
      const all: OpName[] = ['insert', 'pop', 'delete', 'reorder'];
      for (let i = 0; i < 4 * workload.items; i++) visit(all, 2 * workload.items);
      return;
    }
    case 'script': {
      let size = 0;
      for (const op of workload.ops) {
        if (op.op === 'insert') visit(one('insert'), ++size);
        else if (op.op === 'reorder') visit(one('reorder'), size);
        else visit(one(op.op === 'pop' ? 'pop' : 'delete'), size--);
      }
    }
  }
}

/**
 * A bound on the scenario's steps: an operation lasts as many steps as the side with more
 * events needs, so the sum over operations of the larger side's bound. Stops counting (and
 * returns a value over `stopAbove`) once that is passed.
 */
export function stepBound(run: AnimatedRun, stopAbove = Number.POSITIVE_INFINITY): number {
  const shapes = [sideShape(run.left, run), sideShape(run.right, run)];
  const kinds = [run.left, run.right];
  let total = 0;
  forEachOp(run.workload, (ops, size) => {
    if (total > stopAbove) return;
    let most = 0;
    for (let side = 0; side < 2; side++) {
      for (const op of ops) {
        most = Math.max(most, Math.ceil(opStepBound(kinds[side], op, size, shapes[side])));
      }
    }
    total += most;
  });
  return total;
}

// ---- memory ------------------------------------------------------------------------------

/**
 * Entries of the timeline's race table per side (samples x frame counts): 2^21 32-bit counts,
 * 8 MiB. Every operation is a sample while they fit; else evenly spaced ones, a few per pixel of
 * the chart.
 */
export const RACE_ENTRIES = 1 << 21;

/** Checkpoints a timeline keeps (replay/timeline.ts): 64 spaced ones, the last, and the live state. */
const KEPT_STATES = 64 + 2;
/**
 * Bytes a timeline's state keeps per page and side: the pager's five per-page arrays and its
 * free-frame list (22) and the view's recency stack, dirty marks and distance counts
 * (memory/stackMemory.ts: 56).
 */
const STATE_PAGE_BYTES = 22 + 56;

/**
 * Bytes the page's timeline takes for this run, from the arrays replay/timeline.ts keeps per
 * state and side: its pages (STATE_PAGE_BYTES a page), the heap's keys and items
 * (HEAP_SLOT_BYTES a slot) or the arena's key, item, four links and a flag (ARENA_NODE_BYTES a
 * node), each item's handle (4); and once, the operations (~64 bytes each as objects), the step
 * index (8 + 2 x 4 bytes an operation) and the race table (4 bytes an entry per side).
 */
export function timelineBytes(run: AnimatedRun): number {
  const capacity = workloadCapacity(run.workload);
  const [leftPages, rightPages] = runPages(run);
  const operations = expectedOperations(run.workload);
  const items = insertCount(run.workload);
  const side = (kind: StructureKind, pages: number): number => {
    const structure = isHeapKind(kind)
      ? HEAP_SLOT_BYTES * (capacity + 8)
      : ARENA_NODE_BYTES * (capacity + 1);
    return KEPT_STATES * (STATE_PAGE_BYTES * pages + structure + 4 * items);
  };
  const pages = Math.max(leftPages, rightPages);
  const race = 2 * 4 * Math.min((operations + 1) * pages, RACE_ENTRIES + pages);
  return side(run.left, leftPages) + side(run.right, rightPages) + operations * (64 + 16) + race;
}

/**
 * Bytes a large run takes, on the page and in each worker (scenario/largePlan.ts): the page keeps
 * the operations (13 bytes each), the step index (8), the race table, and per side its heap
 * and a copy of it as the anchor (HEAP_SLOT_BYTES a slot each) and its items' slots where
 * operations name items; each worker keeps the operations, their event counts (4 bytes each),
 * its race rows, its checkpoints (largePlan.ts's budgets) and two heaps (the recording's and
 * the server's).
 */
function largeRunBytes(run: AnimatedRun): { page: number; worker: number } {
  const capacity = workloadCapacity(run.workload);
  const operations = expectedOperations(run.workload);
  const pages = Math.max(...runPages(run));
  const items = insertCount(run.workload);
  const handles = run.workload.kind === 'phk' ? 0 : 4 * items;
  const heap = HEAP_SLOT_BYTES * (capacity + 8) + handles;
  const race = 4 * Math.min((operations + 1) * pages, RACE_ENTRIES + pages);
  const plan = largePlan(operations, pages, capacity);
  return {
    page: operations * (13 + 8) + 2 * race + 2 * 2 * heap,
    worker:
      operations * (13 + 4) + race + workerBytes(plan, operations, pages, capacity) + 2 * heap,
  };
}

function insertCount(workload: Workload): number {
  switch (workload.kind) {
    case 'phk':
    case 'expiry':
      return 2 * workload.items;
    case 'asterisk':
      return workload.items;
    case 'script':
      return workload.ops.filter((op) => op.op === 'insert').length;
  }
}

// ---- all limits at once ------------------------------------------------------------------

/** Which limit a run is over, with the numbers a message needs. */
export type LimitProblem =
  | { limit: 'items'; value: number; max: number }
  | { limit: 'ops'; value: number; max: number }
  | { limit: 'pages'; side: 'left' | 'right'; value: number; max: number }
  | { limit: 'steps'; value: number; max: number }
  | { limit: 'memory'; value: number; max: number }
  | { limit: 'worker memory'; value: number; max: number };

/** The first limit the run is over, checked from the cheapest test to the dearest, or null. */
export function runLimitProblem(run: AnimatedRun): LimitProblem | null {
  const capacity = workloadCapacity(run.workload);
  const cap = itemsCap(run.left, run.right, run.policy ?? 'lru');
  if (run.workload.kind === 'script') {
    if (run.workload.ops.length > PAGE_MAX_SCRIPT_OPS)
      return { limit: 'ops', value: run.workload.ops.length, max: PAGE_MAX_SCRIPT_OPS };
    // A script is prepared on the page, whatever its structures (never a large run).
    const scriptCap = Math.min(cap, PAGE_MAX_ITEMS);
    if (capacity > scriptCap) return { limit: 'items', value: capacity, max: scriptCap };
  } else if (run.workload.items > cap) {
    return { limit: 'items', value: run.workload.items, max: cap };
  }
  const pages = runPages(run);
  const maxPages = pagesCap(run);
  for (const [index, side] of (['left', 'right'] as const).entries()) {
    if (pages[index] > maxPages)
      return { limit: 'pages', side, value: pages[index], max: maxPages };
  }
  if (isLargeRun(run)) {
    // No step bound: a large run's steps are counted, never stored or replayed as events.
    const bytes = largeRunBytes(run);
    if (bytes.page > PAGE_MEMORY_BUDGET_BYTES)
      return { limit: 'memory', value: bytes.page, max: PAGE_MEMORY_BUDGET_BYTES };
    if (bytes.worker > PAGE_WORKER_BUDGET_BYTES)
      return { limit: 'worker memory', value: bytes.worker, max: PAGE_WORKER_BUDGET_BYTES };
    return null;
  }
  const bytes = timelineBytes(run);
  if (bytes > PAGE_MEMORY_BUDGET_BYTES)
    return { limit: 'memory', value: bytes, max: PAGE_MEMORY_BUDGET_BYTES };
  const steps = stepBound(run, PAGE_MAX_STEP_BOUND);
  if (steps > PAGE_MAX_STEP_BOUND)
    return { limit: 'steps', value: steps, max: PAGE_MAX_STEP_BOUND };
  return null;
}

/**
 * The most items (at most `items`) a generated workload can have and fit every limit, or 0 if
 * not even one fits. Pages, steps and memory all grow with the items, so a binary search finds it.
 */
export function largestFittingItems(run: AnimatedRun, items: number): number {
  if (run.workload.kind === 'script') throw new RangeError('a script has no item count to fit');
  const workload = run.workload;
  const fits = (n: number) =>
    runLimitProblem({ ...run, workload: { ...workload, items: n } }) === null;
  let low = 0;
  let high = Math.min(items, itemsCap(run.left, run.right, run.policy ?? 'lru'));
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}
