// A large run's heap side on the replay kernel (kernel/assembly/replayKernel.ts): the recording a
// worker makes of it (KernelRecorder, the same output as sideRecorder.ts's SideRecorder, which
// stays as the reference the tests hold it to) and the bare runs a serving worker makes between
// checkpoints (KernelHeap). The operations live in the kernel's memory; the page's replay reads
// them through an OpList over the same bytes.

import type { Policy } from '../memory/pager';
import type { ClockPager, FifoPager } from '../memory/ringPagers';
import { kernelImage } from '../memory/stackDistances';
import { packImage } from '../memory/stackImage';
import type { LargePlan } from '../scenario/largePlan';
import type { HeapSnapshot } from '../structures/heap/heap';
import { heapLayout, isHeapKind, type StructureSpec } from '../structures/registry';
import { instantiateReplayKernel, type QueueHook, type ReplayKernel } from './kernel/replayKernel';
import { OpList } from './opList';
import type { OpShape, OpSource } from './opSource';
import {
  packHeap,
  type Recorder,
  ringCheckpoint,
  ringPager,
  type SideStore,
  writeRaceRow,
} from './sideRecorder';

/** The kernel's layout codes. */
const LAYOUT_CODE = { binary: 0, bheap: 1, 'bheap-strict': 2, dary4: 3, dary8: 4 } as const;

/** The stack kernel's top array, as AllFramesCounter sizes it. */
const TOP_SIZE = 16;

/** Operations recorded between two looks at the clock. */
const CHUNK = 1 << 15;

/** A heap side in the kernel's memory, with its operations. */
export class KernelHeap {
  readonly kernel: ReplayKernel;
  /** The operations, over the kernel's memory (no copy of their own). */
  readonly ops: OpList;

  constructor(
    spec: StructureSpec,
    capacity: number,
    items: number,
    readonly pages: number,
    /**
     * The operations, copied in; or only their shape, the operations then written into `ops`
     * as they come (a recording's source, a serving worker's parts).
     */
    source: OpList | OpShape,
    /** Hears each batch of queued references (a FIFO or CLOCK recording's pager). */
    hook: QueueHook | null = null,
  ) {
    if (!isHeapKind(spec.kind) || !(spec.kind in LAYOUT_CODE)) {
      throw new RangeError(`${spec.kind} is not a heap the replay kernel runs`);
    }
    const layout = heapLayout(spec);
    // As heap.ts sizes its arrays: a dense layout fills root..root + n - 1, one with gaps up to
    // the n-th item's slot.
    const slots =
      layout.gaps === undefined ? capacity + layout.rootSlot : layout.gaps.slotOfItem(capacity) + 1;
    const kernel = instantiateReplayKernel(hook);
    const fits = kernel.init(
      LAYOUT_CODE[spec.kind as keyof typeof LAYOUT_CODE],
      spec.itemsPerPage,
      capacity,
      slots,
      pages,
      TOP_SIZE,
      source.length,
      items,
      source.namesItems ? 1 : 0,
    );
    if (fits !== 0) throw new RangeError('the replay kernel cannot have the memory this run needs');
    const buffer = kernel.memory.buffer;
    const length = source.length;
    const kinds = new Uint8Array(buffer, kernel.operationKinds(), length);
    const handles = new Int32Array(buffer, kernel.operationHandles(), length);
    const keys = new Float64Array(buffer, kernel.operationKeys(), length);
    if (source instanceof OpList) {
      kinds.set(source.kinds.subarray(0, length));
      handles.set(source.handles.subarray(0, length));
      keys.set(source.keys.subarray(0, length));
    }
    this.kernel = kernel;
    this.ops = OpList.fromArrays(kinds, handles, keys, source.namesItems);
  }

  /** The heap as heap.ts's snapshot() gives it (copies). */
  snapshot(): HeapSnapshot {
    const kernel = this.kernel;
    const buffer = kernel.memory.buffer;
    const slots = kernel.heapTail() + 1;
    return {
      keys: new Float64Array(buffer, kernel.heapKeys(), slots).slice(),
      items: new Int32Array(buffer, kernel.heapItems(), slots).slice(),
      tail: kernel.heapTail(),
      count: kernel.heapCount(),
      opIndex: kernel.heapOperations(),
      opAccesses: kernel.heapOpAccesses(),
      comparisons: kernel.heapComparisons(),
      swaps: kernel.heapSwaps(),
    };
  }

  /** Back to a snapshot (heap.ts's restore; items' slots follow from the slots). */
  restore(snapshot: HeapSnapshot): void {
    const kernel = this.kernel;
    const buffer = kernel.memory.buffer;
    new Float64Array(buffer, kernel.heapKeys(), snapshot.keys.length).set(snapshot.keys);
    new Int32Array(buffer, kernel.heapItems(), snapshot.items.length).set(snapshot.items);
    kernel.setHeap(
      snapshot.tail,
      snapshot.count,
      snapshot.opIndex,
      snapshot.comparisons,
      snapshot.swaps,
      snapshot.opAccesses,
    );
  }

  /** Operations from..to-1, no memory model. */
  runBare(from: number, to: number): void {
    this.kernel.runBare(from, to);
  }
}

/** SideRecorder's recording, made by the replay kernel (about twice as fast). */
export class KernelRecorder implements Recorder {
  readonly race: Uint32Array;
  readonly store: SideStore;
  private readonly heap: KernelHeap;
  /** Under FIFO or CLOCK, the pager fed the same references, page by page (null under LRU). */
  private readonly ring: FifoPager | ClockPager | null;
  private readonly curve: Float64Array;
  private readonly counts: Uint32Array;
  /** Where operations not yet in the kernel come from (null: all were copied in). */
  private readonly source: OpSource | null;
  private next = 0;
  private nextRace = 0;
  private copied: Uint32Array | null = null;

  constructor(
    spec: StructureSpec,
    capacity: number,
    items: number,
    readonly pages: number,
    /** The operations, or a source that writes them as the recording reaches them. */
    ops: OpList | OpSource,
    plan: LargePlan,
    private readonly raceOps: Int32Array,
    policy: Policy = 'lru',
    frames = 1,
  ) {
    if (policy === 'opt') throw new Error('a large run records LRU, FIFO or CLOCK, not OPT');
    // A page-level pager (one slot a page): it is fed pages from the kernel's queue.
    const ring = policy === 'lru' ? null : ringPager(policy, frames, pages, 1);
    this.ring = ring;
    const hook = ring === null ? null : feedRing(ring, () => this.heap.kernel);
    this.source = ops instanceof OpList ? null : ops;
    this.heap = new KernelHeap(spec, capacity, items, pages, ops, hook);
    const kernel = this.heap.kernel;
    kernel.hookQueue(ring === null ? 0 : 1);
    this.counts = new Uint32Array(kernel.memory.buffer, kernel.eventCounts(), ops.length);
    this.race = new Uint32Array(raceOps.length * pages);
    this.curve = new Float64Array(pages);
    this.store = { plan, dense: [], sparse: [] };
    this.sampleRace();
  }

  /** The operations, in the kernel's memory. */
  get ops(): OpList {
    return this.heap.ops;
  }

  /** Events of each operation (a copy out of the kernel's memory, once recording is done). */
  get eventCounts(): Uint32Array {
    if (!this.done) return this.counts;
    this.copied ??= this.counts.slice();
    return this.copied;
  }

  get done(): boolean {
    return this.next === this.heap.ops.length;
  }

  get progress(): number {
    const operations = this.heap.ops.length;
    return operations === 0 ? 1 : this.next / operations;
  }

  get recorded(): number {
    return this.next;
  }

  get raceRows(): number {
    return this.nextRace;
  }

  runFor(budgetMs: number, now: () => number, stopAt = this.heap.ops.length): boolean {
    const stop = now() + budgetMs;
    const operations = Math.min(this.heap.ops.length, stopAt);
    const { denseEvery, sparseEvery } = this.store.plan;
    while (this.next < operations) {
      const k = this.next;
      if (k > 0 && k % denseEvery === 0) this.takeDense(k);
      if (k > 0 && k % sparseEvery === 0) this.store.sparse.push(packHeap(this.heap.snapshot()));
      // Up to the next checkpoint or race sample, whichever comes first.
      let until = Math.min(operations, k + CHUNK);
      until = Math.min(until, (Math.floor(k / denseEvery) + 1) * denseEvery);
      until = Math.min(until, (Math.floor(k / sparseEvery) + 1) * sparseEvery);
      if (this.nextRace < this.raceOps.length) until = Math.min(until, this.raceOps[this.nextRace]);
      this.source?.fillTo(this.heap.ops, until);
      this.heap.kernel.record(k, until);
      this.next = until;
      this.sampleRace();
      if (now() >= stop) break;
    }
    return this.done;
  }

  private takeDense(k: number): void {
    const kernel = this.heap.kernel;
    kernel.flush();
    this.store.dense.push({
      image: packImage(kernelImage(kernel, this.pages, kernel.heapAccesses())),
      scalars: {
        comparisons: kernel.heapComparisons(),
        swaps: kernel.heapSwaps(),
        operations: k,
        events: kernel.recordedEvents(),
        lastSlot: kernel.heapTail(),
        itemCount: kernel.heapCount(),
        lastTouchPage: kernel.latestPage(),
      },
      ring: this.ring === null ? null : ringCheckpoint(this.ring, kernel.heapAccesses()),
    });
  }

  private sampleRace(): void {
    const kernel = this.heap.kernel;
    while (this.nextRace < this.raceOps.length && this.raceOps[this.nextRace] === this.next) {
      kernel.flush();
      const image = kernelImage(kernel, this.pages, kernel.heapAccesses());
      writeRaceRow(this.race, this.nextRace++, this.pages, this.ring, image, this.curve);
    }
  }
}

/**
 * A queue hook that feeds a page-level pager each queued reference: a plain entry is one, read
 * or write; a bounce stands for the parent page P read, the child page C (the one referenced
 * before it) read, and, when written, P and C written (stackDistances.ts). Merged entries drop
 * only references that hit under every policy and change nothing but the hit count, which a
 * checkpoint takes from the reference count instead (ringCheckpoint).
 */
function feedRing(pager: FifoPager | ClockPager, kernel: () => ReplayKernel): QueueHook {
  let previous = -1;
  return (count) => {
    const source = kernel();
    const entries = new Int32Array(source.memory.buffer, source.queueAt(), count);
    for (let i = 0; i < count; i++) {
      const entry = entries[i];
      const page = entry >>> 2;
      const write = (entry & 1) !== 0;
      if ((entry & 2) === 0) {
        if (write) pager.write(page);
        else pager.read(page);
        previous = page;
        continue;
      }
      const child = previous;
      pager.read(page);
      pager.read(child);
      if (write) {
        pager.write(page);
        pager.write(child);
      }
      previous = child;
    }
  };
}
