// What one side shows, built from its events alone: the structure's mirror (structureMirror.ts:
// items, the tail, the slots or nodes the tree view draws) and the memory view (memoryView.ts:
// page states, LRU order, the counts at the frame count shown), with the counters and the
// latest event. Views read only this; each event goes to the part that owns it.

import type { EventSink, SimEvent } from '../events';
import type { Policy } from '../memory/pager';
import type { ReferenceString } from '../memory/referenceString';
import type { StackMemoryImage } from '../memory/stackImage';
import type { MemoryCounts, PageStateAt, ReferenceAt } from '../memory/stackMemory';
import type { StructureFamily, StructureSpec } from '../structures/registry';
import { MemoryView, type MemoryViewSnapshot, type PolicyState } from './memoryView';
import type { NodeMirror } from './nodeMirror';
import { type HeapShape, StructureMirror, type StructureSnapshot } from './structureMirror';

// The parts' vocabulary, where the views have always found it.
export {
  isFirstTouch,
  PAGE_CLEAN,
  PAGE_DIRTY,
  PAGE_OUT,
  PAGE_UNTOUCHED,
  type PolicyState,
  policyStateOfRing,
} from './memoryView';
export { type HeapShape, heapItemsHeld, heapShapeOf, TREE_MAX_SLOTS } from './structureMirror';

interface ViewCounters {
  comparisons: number;
  /** Heap swaps, or tree rotations. */
  swaps: number;
  hits: number;
  zeroFills: number;
  pageIns: number;
  writeBacks: number;
  evictions: number;
  operations: number;
  events: number;
}

/**
 * What a checkpoint of a long run keeps of a view besides its memory (replay/sideRecorder.ts):
 * the counts of events the structure made, where its tail is, and the page last referenced.
 */
export interface ViewScalars {
  comparisons: number;
  swaps: number;
  operations: number;
  events: number;
  lastSlot: number;
  itemCount: number;
  /** The page of the latest reference (-1: none yet). */
  lastTouchPage: number;
}

export interface ViewSnapshot extends MemoryViewSnapshot, StructureSnapshot {
  counters: ViewCounters;
  lastEvent: SimEvent | null;
}

/** What one side shows, built from events alone. */
export class ViewState implements EventSink {
  readonly pageShift: number;
  private readonly structure: StructureMirror;
  private readonly memory: MemoryView;
  counters: ViewCounters = ViewState.zeroCounters();
  /** The latest event as recorded (a reference says what the recording pager did). */
  private recorded: SimEvent | null = null;

  constructor(
    readonly spec: StructureSpec,
    readonly pages: number,
    readonly capacity: number,
    frames: number,
    readonly policy: Policy = 'lru',
    /** OPT's future (the run's references, recorded beforehand): the next use of each page. */
    future: ReferenceString | null = null,
  ) {
    this.pageShift = Math.log2(spec.itemsPerPage);
    this.memory = new MemoryView(pages, frames, policy, future);
    this.structure = new StructureMirror(spec, capacity);
  }

  static zeroCounters(): ViewCounters {
    return {
      comparisons: 0,
      swaps: 0,
      hits: 0,
      zeroFills: 0,
      pageIns: 0,
      writeBacks: 0,
      evictions: 0,
      operations: 0,
      events: 0,
    };
  }

  // ---- the structure's mirror -------------------------------------------------------------

  get family(): StructureFamily {
    return this.structure.family;
  }

  /** Heaps: where slots sit in the tree; null for pointer structures. */
  get heap(): HeapShape | null {
    return this.structure.heap;
  }

  /** Heaps: slot contents when small enough for the tree view; null otherwise. */
  get keys(): Float64Array | null {
    return this.structure.keys;
  }

  get items(): Int32Array | null {
    return this.structure.items;
  }

  /** Pointer structures: the arena's nodes when small enough for the tree view; null otherwise. */
  get nodes(): NodeMirror | null {
    return this.structure.nodes;
  }

  /** Heaps: the highest slot in use (the tail). */
  get lastSlot(): number {
    return this.structure.lastSlot;
  }

  set lastSlot(slot: number) {
    this.structure.lastSlot = slot;
  }

  /** Items held now. */
  get itemCount(): number {
    return this.structure.itemCount;
  }

  set itemCount(count: number) {
    this.structure.itemCount = count;
  }

  /** The operation in progress (or last finished). */
  get currentOp(): Extract<SimEvent, { kind: 'op-begin' }> | null {
    return this.structure.currentOp;
  }

  /** The first link of a pointer structure: the root of a tree, the head of the list. */
  get root(): number {
    return this.structure.root;
  }

  /** The node that holds a word of the arena (pointer structures), or the slot itself (heaps). */
  holderOf(word: number): number {
    return this.structure.holderOf(word);
  }

  // ---- the events -------------------------------------------------------------------------

  emit(event: SimEvent): void {
    this.counters.events++;
    this.recorded = event;
    if (event.kind === 'touch') {
      this.memory.touch(event);
      this.setMemoryCounts(this.memory.counts());
    } else this.structure.apply(event, this.counters);
  }

  /**
   * A page reference without its event (side.ts's fast path): the memory, the latest pages and
   * the event count as a touch leaves them. The counts wait for settleCounts(). LRU only.
   */
  referencePage(page: number, write: boolean): void {
    this.memory.referencePage(page, write);
    this.counters.events++;
  }

  /** After references made through referencePage(): the counts at the frame count shown. */
  settleCounts(): void {
    if (this.memory.policyState === null) this.copyMemoryCounts();
  }

  /** Words read or written so far: every reference is one touch event. */
  get accesses(): number {
    const c = this.counters;
    return c.hits + c.zeroFills + c.pageIns;
  }

  /**
   * The latest event; a page reference says what the frame count shown did with it, whatever
   * frame count the pager that recorded it ran with.
   */
  get lastEvent(): SimEvent | null {
    return this.recorded === null ? null : this.memory.seen(this.recorded);
  }

  /** An event as this view shows it (MemoryView.seen). Only for the latest reference applied. */
  seen(event: SimEvent): SimEvent {
    return this.memory.seen(event);
  }

  // ---- the memory view --------------------------------------------------------------------

  /** The page of the latest reference, and of the one before it (-1: none yet). */
  get lastTouchPage(): number {
    return this.memory.lastTouchPage;
  }

  get previousTouchPage(): number {
    return this.memory.previousTouchPage;
  }

  /** The mirrored pager of FIFO, CLOCK or OPT (null under LRU). */
  get policyState(): Readonly<PolicyState> | null {
    return this.memory.policyState;
  }

  /** OPT: references until each resident page's next use (MemoryView.nextUses). */
  nextUses(limit?: number): Map<number, number | null> {
    return this.memory.nextUses(limit);
  }

  /** What the page grid writes in each resident page (MemoryView.policyLabels); null under LRU. */
  policyLabels(): Map<number, string> | null {
    return this.memory.policyLabels();
  }

  get frames(): number {
    return this.memory.frames;
  }

  /** Shows the memory with `frames` resident pages from now on, and its counts. */
  setFrames(frames: number): void {
    this.memory.setFrames(frames);
    this.copyMemoryCounts();
  }

  // The grid's and the race's questions, answered by the memory view (see MemoryView).
  pageStates(out: Uint8Array): void {
    this.memory.pageStates(out);
  }

  pageStateOf(page: number): PageStateAt {
    return this.memory.pageStateOf(page);
  }

  lruOrder(): number[] {
    return this.memory.lruOrder();
  }

  rankOf(page: number): number {
    return this.memory.rankOf(page);
  }

  lastReference(): ReferenceAt | null {
    return this.memory.lastReference();
  }

  transfersCurve(out: Float64Array): void {
    this.memory.transfersCurve(out);
  }

  private copyMemoryCounts(): void {
    this.setMemoryCounts(this.memory.lruCounts());
  }

  /** The counters' memory part, from the stack memory's counts or a direct pager's state. */
  private setMemoryCounts(counts: MemoryCounts): void {
    const c = this.counters;
    c.hits = counts.hits;
    c.zeroFills = counts.zeroFills;
    c.pageIns = counts.pageIns;
    c.writeBacks = counts.writeBacks;
    c.evictions = counts.evictions;
  }

  // ---- snapshots --------------------------------------------------------------------------

  snapshot(): ViewSnapshot {
    return {
      ...this.memory.snapshot(),
      ...this.structure.snapshot(),
      counters: { ...this.counters },
      lastEvent: this.recorded,
    };
  }

  /**
   * Back to a long run's checkpoint: its memory image and scalars. The latest event and
   * operation are not kept: a replay runs at least one operation from here before showing it
   * (sideServer.ts), which sets them.
   */
  restoreImage(
    image: StackMemoryImage,
    scalars: ViewScalars,
    /** FIFO and CLOCK: the mirrored pager (policyStateOfRing); null under LRU. */
    policy: PolicyState | null = null,
  ): void {
    this.memory.restoreImage(image, scalars.lastTouchPage, policy);
    this.counters = {
      ...ViewState.zeroCounters(),
      comparisons: scalars.comparisons,
      swaps: scalars.swaps,
      operations: scalars.operations,
      events: scalars.events,
    };
    this.setMemoryCounts(policy ?? this.memory.lruCounts());
    this.structure.restoreCounts(scalars.lastSlot, scalars.itemCount);
    this.recorded = null;
  }

  restore(snapshot: ViewSnapshot): void {
    this.memory.restore(snapshot);
    this.structure.restore(snapshot);
    this.counters = { ...snapshot.counters };
    // The snapshot's memory counts are for its frame count; these are for the one shown now.
    if (this.memory.policyState === null) this.copyMemoryCounts();
    this.recorded = snapshot.lastEvent;
  }
}
