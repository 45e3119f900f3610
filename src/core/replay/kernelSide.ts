// A large run's heap side on the replay kernel (kernel/assembly/replayKernel.ts): the recording a
// worker makes of it (KernelRecorder, the same output as sideRecorder.ts's SideRecorder, which
// stays as the reference the tests hold it to) and the bare runs a serving worker makes between
// checkpoints (KernelHeap). The operations live in the kernel's memory; the page's replay reads
// them through an OpList over the same bytes.

import { kernelImage } from '../memory/stackDistances';
import { packImage, transfersFrom } from '../memory/stackMemory';
import type { LargePlan } from '../scenario/largePlan';
import type { HeapSnapshot } from '../structures/heap/heap';
import { heapLayout, isHeapKind, type StructureSpec } from '../structures/registry';
import { instantiateReplayKernel, type ReplayKernel } from './kernel/replayKernel';
import { OpList } from './opList';
import type { Recorder } from './sideRecorder';
import { packHeap, type SideStore } from './sideRecorder';

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
    source: OpList,
  ) {
    if (!isHeapKind(spec.kind) || !(spec.kind in LAYOUT_CODE)) {
      throw new RangeError(`${spec.kind} is not a heap the replay kernel runs`);
    }
    const layout = heapLayout(spec);
    // As heap.ts sizes its arrays: a dense layout fills root..root + n - 1, one with gaps up to
    // the n-th item's slot.
    const slots =
      layout.gaps === undefined ? capacity + layout.rootSlot : layout.gaps.slotOfItem(capacity) + 1;
    const kernel = instantiateReplayKernel();
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
    kinds.set(source.kinds.subarray(0, length));
    handles.set(source.handles.subarray(0, length));
    keys.set(source.keys.subarray(0, length));
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
  private readonly curve: Float64Array;
  private readonly counts: Uint32Array;
  private next = 0;
  private nextRace = 0;
  private copied: Uint32Array | null = null;

  constructor(
    spec: StructureSpec,
    capacity: number,
    items: number,
    readonly pages: number,
    ops: OpList,
    plan: LargePlan,
    private readonly raceOps: Int32Array,
  ) {
    this.heap = new KernelHeap(spec, capacity, items, pages, ops);
    const kernel = this.heap.kernel;
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

  runFor(budgetMs: number, now: () => number): boolean {
    const stop = now() + budgetMs;
    const operations = this.heap.ops.length;
    const { denseEvery, sparseEvery } = this.store.plan;
    while (!this.done) {
      const k = this.next;
      if (k > 0 && k % denseEvery === 0) this.takeDense(k);
      if (k > 0 && k % sparseEvery === 0) this.store.sparse.push(packHeap(this.heap.snapshot()));
      // Up to the next checkpoint or race sample, whichever comes first.
      let until = Math.min(operations, k + CHUNK);
      until = Math.min(until, (Math.floor(k / denseEvery) + 1) * denseEvery);
      until = Math.min(until, (Math.floor(k / sparseEvery) + 1) * sparseEvery);
      if (this.nextRace < this.raceOps.length) until = Math.min(until, this.raceOps[this.nextRace]);
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
    });
  }

  private sampleRace(): void {
    const kernel = this.heap.kernel;
    while (this.nextRace < this.raceOps.length && this.raceOps[this.nextRace] === this.next) {
      kernel.flush();
      const image = kernelImage(kernel, this.pages, kernel.heapAccesses());
      transfersFrom(
        image.histogram,
        image.closedWriteBacks,
        image.dirtyFrom,
        image.order,
        this.pages,
        this.curve,
      );
      this.race.set(this.curve, this.nextRace * this.pages);
      this.nextRace++;
    }
  }
}
