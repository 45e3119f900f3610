// Operation sequences that drive a heap: the article's benchmark, a cache-expiry timer queue,
// and a user's script. Key draws never depend on the layout, so both heaps see the same operations.

import type { EventSink } from '../events';
import type { MemoryObserver } from '../memory/observer';
import { type HandleCallback, NO_HANDLE, type PriorityQueue } from '../structures/queue';
import { makeQueue, type StructureKind, type StructureSpec } from '../structures/registry';
import { GlibcRandom } from './random';
import type { ScriptOp } from './script';

export type WorkloadKind = 'phk' | 'expiry' | 'asterisk' | 'script';
export const WORKLOAD_KINDS: readonly WorkloadKind[] = ['phk', 'expiry', 'asterisk', 'script'];

/** random(3) yields [0, 2^31): by default keys are its raw output, as in the article. */
export const FULL_KEY_RANGE = 2 ** 31;

export type Workload =
  | { kind: 'phk'; items: number; seed: number; keyRange: number }
  | { kind: 'expiry'; items: number; seed: number; keyRange: number }
  | { kind: 'asterisk'; items: number; seed: number; keyRange: number }
  | { kind: 'script'; ops: readonly ScriptOp[] };

/** What one run reports besides its reference string. */
export interface RunStats {
  operations: number;
  comparisons: number;
  swaps: number;
  /** Words read or written (the cost model's CPU side). */
  accesses: number;
  /** Largest number of items the heap held at once. */
  peakSize: number;
}

/** Most items a workload can have in the heap at once: it sizes the arrays and the page range. */
export function workloadCapacity(workload: Workload): number {
  switch (workload.kind) {
    case 'phk':
    case 'asterisk':
      return workload.items;
    case 'expiry':
      // The fill phase reaches `items`; the steady phase inserts at most one item per round.
      return 2 * workload.items;
    case 'script': {
      let size = 0;
      let peak = 0;
      for (const op of workload.ops) {
        if (op.op === 'insert') peak = Math.max(peak, ++size);
        else if (op.op !== 'reorder') size--;
      }
      return Math.max(peak, 1);
    }
  }
}

/** Told now and then how far a long run has come; `total` is an estimate for expiry. */
export type ProgressCallback = (done: number, total: number) => void;

/** Operations between two progress reports: rare enough to cost nothing, often enough for a bar. */
const PROGRESS_EVERY = 1 << 16;

/** Operations a workload will run (exact for phk and scripts, an upper estimate for expiry). */
export function expectedOperations(workload: Workload): number {
  switch (workload.kind) {
    case 'phk':
      return 4 * workload.items;
    case 'expiry':
      return 4 * workload.items;
    case 'asterisk':
      return 2 * workload.items;
    case 'script':
      return workload.ops.length;
  }
}

/** Where a run's events go: a sink, and whether it wants every event or only operations. */
export interface Trace {
  sink: EventSink;
  opsOnly: boolean;
}

export function runWorkload(
  workload: Workload,
  structure: StructureSpec<StructureKind>,
  memory: MemoryObserver,
  sink: EventSink | Trace | null = null,
  onProgress: ProgressCallback | null = null,
): RunStats {
  const trace: Trace | null =
    sink === null ? null : 'emit' in sink ? { sink, opsOnly: false } : sink;
  const build = (onHandle: HandleCallback | null = null): PriorityQueue =>
    makeQueue(structure, {
      capacity: workloadCapacity(workload),
      memory,
      sink: trace?.sink ?? null,
      sinkOpsOnly: trace?.opsOnly ?? false,
      onHandle,
    });
  switch (workload.kind) {
    case 'phk':
      return runPhk(workload, build(), onProgress);
    case 'expiry':
      return runExpiry(workload, build, onProgress);
    case 'asterisk':
      return runAsterisk(workload, build, onProgress);
    case 'script':
      return runScript(workload.ops, build());
  }
}

function stats(queue: PriorityQueue, peakSize: number): RunStats {
  return {
    operations: queue.operations,
    comparisons: queue.comparisons,
    swaps: queue.swaps,
    accesses: queue.accesses,
    peakSize,
  };
}

/** The key draw of phk and of everything that must reproduce it (replay/timeline.ts). */
export function drawKey(random: GlibcRandom, keyRange: number): number {
  const value = random.next();
  return keyRange >= FULL_KEY_RANGE ? value : value % keyRange;
}

/**
 * The article's test (footnote to Figure 1): insert N random(3) keys, then N times remove the
 * smallest and insert a new key, then remove the remaining N. 4N operations in all.
 */
function runPhk(
  workload: Extract<Workload, { kind: 'phk' }>,
  heap: PriorityQueue,
  onProgress: ProgressCallback | null,
): RunStats {
  const { items, keyRange } = workload;
  const random = new GlibcRandom(workload.seed);
  const total = 4 * items;
  let nextItem = 0;
  for (let i = 0; i < items; i++) {
    heap.insert(nextItem++, drawKey(random, keyRange));
    if (onProgress !== null && (i & (PROGRESS_EVERY - 1)) === 0) onProgress(i, total);
  }
  for (let i = 0; i < items; i++) {
    heap.popMin();
    heap.insert(nextItem++, drawKey(random, keyRange));
    if (onProgress !== null && (i & (PROGRESS_EVERY - 1)) === 0) onProgress(items + 2 * i, total);
  }
  for (let i = 0; i < items; i++) {
    heap.popMin();
    if (onProgress !== null && (i & (PROGRESS_EVERY - 1)) === 0) onProgress(3 * items + i, total);
  }
  return stats(heap, items);
}

/**
 * A cache's expiry timer queue, the job Varnish's heap does: objects get a due time now + TTL,
 * some are refreshed (new due time: reorder) or purged (delete) before they are due, and the
 * clock pops whatever is due. Due times are kept distinct (a taken one moves to the next free
 * tick) so popMin never has to break a tie: both layouts then remove the same objects and see the
 * same operations, step for step.
 *
 * Fill: N objects. Steady: N ticks; each tick draws one of insert (1/2), refresh (1/4) or purge
 * (1/4), then expires what is due. Drain: pop the rest.
 */
function runExpiry(
  workload: Extract<Workload, { kind: 'expiry' }>,
  build: (onHandle: HandleCallback) => PriorityQueue,
  onProgress: ProgressCallback | null,
): RunStats {
  const { items } = workload;
  const capacity = workloadCapacity(workload);
  const totalItems = 2 * items; // ids handed out: fill + at most one per tick
  const slotOf = new Int32Array(totalItems);
  const keyOf = new Float64Array(totalItems);
  // Live ids in no order, with each id's position, so a random live object is O(1) to pick.
  const live = new Int32Array(capacity);
  const livePosition = new Int32Array(totalItems).fill(-1);
  let liveCount = 0;
  const heap = build((item, handle) => {
    slotOf[item] = handle;
    if (handle === NO_HANDLE && livePosition[item] >= 0) {
      const position = livePosition[item];
      const last = live[--liveCount];
      live[position] = last;
      livePosition[last] = position;
      livePosition[item] = -1;
      takenDue.delete(keyOf[item]);
    }
  });
  const random = new GlibcRandom(workload.seed);
  // TTLs spread over [1, ttlSpan]. A small key range shrinks the span so keys stay readable,
  // but never below 2N: due times must stay distinct, and with fewer free ticks than objects
  // finding a free one would turn into a long probe.
  const ttlSpan = Math.max(2 * items, Math.min(workload.keyRange, 4 * items));
  const takenDue = new DueBitmap(7 * items + 64);
  let now = 0;
  let nextItem = 0;
  let peak = 0;

  const freeDue = (due: number): number => {
    while (takenDue.has(due)) due++;
    takenDue.add(due);
    return due;
  };
  const insert = (): void => {
    const item = nextItem++;
    const due = freeDue(now + 1 + (random.next() % ttlSpan));
    keyOf[item] = due;
    live[liveCount] = item;
    livePosition[item] = liveCount++;
    heap.insert(item, due);
    peak = Math.max(peak, heap.size);
  };

  const total = expectedOperations(workload);
  for (let i = 0; i < items; i++) {
    insert();
    if (onProgress !== null && (i & (PROGRESS_EVERY - 1)) === 0) onProgress(heap.operations, total);
  }
  for (let tick = 0; tick < items; tick++) {
    if (onProgress !== null && (tick & (PROGRESS_EVERY - 1)) === 0) {
      onProgress(heap.operations, total);
    }
    now++;
    const action = random.next() & 3;
    if (action <= 1 || liveCount === 0) {
      insert();
    } else {
      const item = live[random.next() % liveCount];
      if (action === 2) {
        takenDue.delete(keyOf[item]);
        const due = freeDue(now + 1 + (random.next() % ttlSpan));
        keyOf[item] = due;
        heap.reorder(slotOf[item], due);
      } else {
        heap.delete(slotOf[item]);
      }
    }
    while (heap.size > 0 && heap.peekKey() <= now) heap.popMin();
  }
  while (heap.size > 0) heap.popMin();
  return stats(heap, peak);
}

/**
 * The due times in use, one bit each. A due time is at most N (the last tick) + the TTL span
 * (at most 4N) + the probing past taken ones (at most the 2N live objects): under 7N. A Set
 * did this until V8's limit of 2^24 entries made expiry fail past 8M items; a bitmap of 7N
 * bits is also 30 times smaller. It grows if a due time ever lands past its end.
 */
class DueBitmap {
  private words: Uint32Array;

  constructor(bits: number) {
    this.words = new Uint32Array(Math.ceil(bits / 32));
  }

  has(due: number): boolean {
    const word = due >>> 5;
    return word < this.words.length && (this.words[word] & (1 << (due & 31))) !== 0;
  }

  add(due: number): void {
    const word = due >>> 5;
    if (word >= this.words.length) {
      const grown = new Uint32Array(Math.max(word + 1, 2 * this.words.length));
      grown.set(this.words);
      this.words = grown;
    }
    this.words[word] |= 1 << (due & 31);
  }

  delete(due: number): void {
    const word = due >>> 5;
    if (word < this.words.length) this.words[word] &= ~(1 << (due & 31));
  }
}

/**
 * Asterisk's scheduler benchmark ("sched test <N>", seed 002): N adds with random due times, then
 * N deletes in the order the entries were added, so each delete hits a random place in the queue.
 */
function runAsterisk(
  workload: Extract<Workload, { kind: 'asterisk' }>,
  build: (onHandle: HandleCallback) => PriorityQueue,
  onProgress: ProgressCallback | null,
): RunStats {
  const { items, keyRange } = workload;
  const handleOf = new Int32Array(items);
  const queue = build((item, handle) => {
    handleOf[item] = handle;
  });
  const random = new GlibcRandom(workload.seed);
  const total = 2 * items;
  for (let item = 0; item < items; item++) {
    queue.insert(item, drawKey(random, keyRange));
    if (onProgress !== null && (item & (PROGRESS_EVERY - 1)) === 0) onProgress(item, total);
  }
  for (let item = 0; item < items; item++) {
    queue.delete(handleOf[item]);
    if (onProgress !== null && (item & (PROGRESS_EVERY - 1)) === 0) onProgress(items + item, total);
  }
  return stats(queue, items);
}

function runScript(ops: readonly ScriptOp[], heap: PriorityQueue): RunStats {
  let nextItem = 0;
  let peak = 0;
  for (const op of ops) {
    switch (op.op) {
      case 'insert':
        heap.insert(nextItem++, op.key);
        peak = Math.max(peak, heap.size);
        break;
      case 'pop':
        heap.popMin();
        break;
      case 'delete':
        heap.delete(op.slot);
        break;
      case 'reorder':
        heap.reorder(op.slot, op.key);
        break;
    }
  }
  return stats(heap, peak);
}
