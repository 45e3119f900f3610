// Record, then replay: the page's model of a scenario. Both heaps run the same operations; each
// side's events feed a ViewState (the only thing views read). Stepping back restores the nearest
// checkpoint (simulation and view state, every K operations) and replays forward, so a jump costs
// at most K operations whatever the scenario's length, and no event list is ever kept whole.

import { ArraySink, type EventSink, type OpKind, type SimEvent } from './events';
import { Heap, type HeapSnapshot, NO_SLOT } from './heap';
import { type Layout, type LayoutKind, makeLayout } from './layout';
import { structureSpec } from './structures';
import { NO_MEMORY } from './memory';
import { LruPager, type PagerSnapshot } from './pager';
import { GlibcRandom } from './random';
import { type Scenario, scenarioPages, scenarioWorkload } from './scenario';
import { drawKey, runWorkload, type Workload, workloadCapacity } from './workloads';

/**
 * One operation, in terms both layouts can run. Workloads that pick items (expiry) are recorded
 * by item, so each heap finds the item in its own slot; scripts name slots and run as written.
 */
export type ReplayOp =
  | { op: 'insert'; item: number; key: number }
  | { op: 'popMin' }
  | { op: 'deleteItem'; item: number }
  | { op: 'reorderItem'; item: number; key: number }
  | { op: 'deleteSlot'; slot: number }
  | { op: 'reorderSlot'; slot: number; key: number };

/** Runs the workload once (no memory model) and writes down its operations. */
export function recordOps(workload: Workload): { ops: ReplayOp[]; items: number } {
  const ops: ReplayOp[] = [];
  let items = 0;
  if (workload.kind === 'script') {
    for (const op of workload.ops) {
      if (op.op === 'insert') ops.push({ op: 'insert', item: items++, key: op.key });
      else if (op.op === 'pop') ops.push({ op: 'popMin' });
      else if (op.op === 'delete') ops.push({ op: 'deleteSlot', slot: op.slot });
      else ops.push({ op: 'reorderSlot', slot: op.slot, key: op.key });
    }
    return { ops, items };
  }
  if (workload.kind === 'phk') {
    // The article's sequence needs no heap to write down: its draws do not depend on the heap.
    const random = new GlibcRandom(workload.seed);
    const n = workload.items;
    for (let i = 0; i < n; i++)
      ops.push({ op: 'insert', item: items++, key: drawKey(random, workload.keyRange) });
    for (let i = 0; i < n; i++) {
      ops.push({ op: 'popMin' });
      ops.push({ op: 'insert', item: items++, key: drawKey(random, workload.keyRange) });
    }
    for (let i = 0; i < n; i++) ops.push({ op: 'popMin' });
    return { ops, items };
  }
  const sink: EventSink = {
    emit(event) {
      if (event.kind !== 'op-begin') return;
      if (event.op === 'insert') {
        ops.push({ op: 'insert', item: event.item, key: event.key });
        items = Math.max(items, event.item + 1);
      } else if (event.op === 'popMin') ops.push({ op: 'popMin' });
      else if (event.op === 'delete') ops.push({ op: 'deleteItem', item: event.item });
      else ops.push({ op: 'reorderItem', item: event.item, key: event.key });
    },
  };
  runWorkload(workload, structureSpec('binary', 4), NO_MEMORY, { sink, opsOnly: true });
  return { ops, items };
}

/** Page states on the grid. */
export const PAGE_UNTOUCHED = 0;
export const PAGE_CLEAN = 1;
export const PAGE_DIRTY = 2;
export const PAGE_OUT = 3;

/** Heaps up to this many slots keep their contents in the view (the tree view draws them). */
export const TREE_MAX_SLOTS = 255;

export interface ViewCounters {
  comparisons: number;
  swaps: number;
  hits: number;
  zeroFills: number;
  pageIns: number;
  writebacks: number;
  evictions: number;
  operations: number;
  events: number;
}

interface ViewSnapshot {
  pageState: Uint8Array;
  frameOf: Int32Array;
  lastUse: Float64Array;
  keys: Float64Array | null;
  items: Int32Array | null;
  size: number;
  counters: ViewCounters;
  useClock: number;
  currentOp: Extract<SimEvent, { kind: 'op-begin' }> | null;
  lastEvent: SimEvent | null;
}

/** What one side shows, built from events alone. */
export class ViewState implements EventSink {
  readonly pageState: Uint8Array;
  readonly frameOf: Int32Array;
  /** When each page was last touched (in this side's events); orders the LRU stack. */
  readonly lastUse: Float64Array;
  /** Slot contents when the heap is small enough for the tree view; null otherwise. */
  readonly keys: Float64Array | null;
  readonly items: Int32Array | null;
  size = 0;
  counters: ViewCounters = ViewState.zeroCounters();
  private useClock = 0;
  /** The operation in progress (or last finished), and the event at the cursor. */
  currentOp: Extract<SimEvent, { kind: 'op-begin' }> | null = null;
  lastEvent: SimEvent | null = null;

  constructor(
    readonly layout: Layout,
    readonly pages: number,
    capacity: number,
  ) {
    this.pageState = new Uint8Array(pages);
    this.frameOf = new Int32Array(pages).fill(-1);
    this.lastUse = new Float64Array(pages);
    const tracked = capacity <= TREE_MAX_SLOTS;
    this.keys = tracked ? new Float64Array(capacity + 1) : null;
    this.items = tracked ? new Int32Array(capacity + 1) : null;
  }

  static zeroCounters(): ViewCounters {
    return {
      comparisons: 0,
      swaps: 0,
      hits: 0,
      zeroFills: 0,
      pageIns: 0,
      writebacks: 0,
      evictions: 0,
      operations: 0,
      events: 0,
    };
  }

  emit(event: SimEvent): void {
    const c = this.counters;
    c.events++;
    this.lastEvent = event;
    switch (event.kind) {
      case 'touch': {
        const page = event.page;
        if (event.outcome === 'hit') c.hits++;
        else if (event.outcome === 'zero-fill') c.zeroFills++;
        else c.pageIns++;
        const wasDirty = this.pageState[page] === PAGE_DIRTY && event.outcome === 'hit';
        this.pageState[page] = event.write || wasDirty ? PAGE_DIRTY : PAGE_CLEAN;
        this.frameOf[page] = event.frame;
        this.lastUse[page] = ++this.useClock;
        break;
      }
      case 'evict':
        c.evictions++;
        if (event.writeBack) c.writebacks++;
        this.pageState[event.page] = PAGE_OUT;
        this.frameOf[event.page] = -1;
        break;
      case 'compare':
        c.comparisons++;
        break;
      case 'swap':
        c.swaps++;
        if (this.keys !== null && this.items !== null) {
          const key = this.keys[event.slot];
          this.keys[event.slot] = this.keys[event.other];
          this.keys[event.other] = key;
          const item = this.items[event.slot];
          this.items[event.slot] = this.items[event.other];
          this.items[event.other] = item;
        }
        break;
      case 'place':
        if (event.from === NO_SLOT) this.size = Math.max(this.size, event.slot);
        if (this.keys !== null && this.items !== null) {
          this.keys[event.slot] = event.key;
          this.items[event.slot] = event.item;
        }
        break;
      case 'clear':
        if (event.slot === this.size) this.size--;
        break;
      case 'rekey':
        if (this.keys !== null) this.keys[event.slot] = event.key;
        break;
      case 'op-begin':
        this.currentOp = event;
        break;
      case 'op-end':
        c.operations++;
        break;
      case 'remove':
        break;
    }
  }

  /** Resident pages from most to least recently used (rank 1 = next to last to be evicted…). */
  lruOrder(): number[] {
    const resident: number[] = [];
    for (let page = 0; page < this.pages; page++) {
      if (this.pageState[page] === PAGE_CLEAN || this.pageState[page] === PAGE_DIRTY)
        resident.push(page);
    }
    return resident.sort((a, b) => this.lastUse[b] - this.lastUse[a]);
  }

  snapshot(): ViewSnapshot {
    return {
      pageState: this.pageState.slice(),
      frameOf: this.frameOf.slice(),
      lastUse: this.lastUse.slice(),
      keys: this.keys?.slice() ?? null,
      items: this.items?.slice() ?? null,
      size: this.size,
      counters: { ...this.counters },
      useClock: this.useClock,
      currentOp: this.currentOp,
      lastEvent: this.lastEvent,
    };
  }

  restore(snapshot: ViewSnapshot): void {
    this.pageState.set(snapshot.pageState);
    this.frameOf.set(snapshot.frameOf);
    this.lastUse.set(snapshot.lastUse);
    if (this.keys !== null && snapshot.keys !== null) this.keys.set(snapshot.keys);
    if (this.items !== null && snapshot.items !== null) this.items.set(snapshot.items);
    this.size = snapshot.size;
    this.counters = { ...snapshot.counters };
    this.useClock = snapshot.useClock;
    this.currentOp = snapshot.currentOp;
    this.lastEvent = snapshot.lastEvent;
  }
}

/** Forwards events to whichever sink is current (the simulation's sink is fixed at construction). */
class SwitchSink implements EventSink {
  target: EventSink | null = null;
  emit(event: SimEvent): void {
    this.target?.emit(event);
  }
}

interface SideSnapshot {
  heap: HeapSnapshot;
  pager: PagerSnapshot;
  slotOf: Int32Array;
  view: ViewSnapshot;
}

/** One heap, its pager and its view state. */
export class Side {
  readonly layout: Layout;
  readonly view: ViewState;
  private readonly heap: Heap;
  private readonly pager: LruPager;
  private readonly slotOf: Int32Array;
  private readonly sink = new SwitchSink();

  constructor(
    kind: LayoutKind,
    itemsPerPage: number,
    capacity: number,
    items: number,
    frames: number,
    pages: number,
  ) {
    this.layout = makeLayout(kind, itemsPerPage);
    this.view = new ViewState(this.layout, pages, capacity);
    this.slotOf = new Int32Array(Math.max(1, items));
    this.pager = new LruPager(frames, pages, this.layout.itemsPerPage, this.sink);
    this.heap = new Heap(this.layout, {
      capacity,
      memory: this.pager,
      sink: this.sink,
      onSlot: (item, slot) => {
        this.slotOf[item] = slot;
      },
    });
  }

  /** Runs one operation, sending its events to `sink`. */
  run(op: ReplayOp, sink: EventSink): void {
    this.sink.target = sink;
    const heap = this.heap;
    switch (op.op) {
      case 'insert':
        heap.insert(op.item, op.key);
        break;
      case 'popMin':
        heap.popMin();
        break;
      case 'deleteItem':
        heap.delete(this.slotOf[op.item]);
        break;
      case 'reorderItem':
        heap.reorder(this.slotOf[op.item], op.key);
        break;
      case 'deleteSlot':
        heap.delete(op.slot);
        break;
      case 'reorderSlot':
        heap.reorder(op.slot, op.key);
        break;
    }
    this.sink.target = null;
  }

  snapshot(): SideSnapshot {
    return {
      heap: this.heap.snapshot(),
      pager: this.pager.snapshot(),
      slotOf: this.slotOf.slice(),
      view: this.view.snapshot(),
    };
  }

  restore(snapshot: SideSnapshot): void {
    this.heap.restore(snapshot.heap);
    this.pager.restore(snapshot.pager);
    this.slotOf.set(snapshot.slotOf);
    this.view.restore(snapshot.view);
  }
}

/** Checkpoints kept per scenario: enough that a jump replays at most 1/64 of it. */
const CHECKPOINTS = 64;

export const SIDES: readonly LayoutKind[] = ['binary', 'bheap'];

/**
 * Both sides of a scenario on one lockstep clock. Step s sits inside operation k when
 * stepStart[k] < s <= stepStart[k + 1]: each side has applied min(s - stepStart[k], its own
 * event count for k) of k's events. An operation lasts as many steps as the side with more
 * events needs, so both sides always show the same operation.
 */
export class Timeline {
  readonly ops: ReplayOp[];
  readonly sides: Side[];
  readonly pages: number;
  /** stepStart[k]: steps before operation k; stepStart[ops.length] is the total. */
  readonly stepStart: Float64Array;
  readonly eventCounts: Int32Array[];
  private readonly every: number;
  private readonly checkpoints: SideSnapshot[][] = [];
  // The operation whose events are held, and how far into it the view is.
  private heldOp = -1;
  private held: SimEvent[][] = [];
  // The views as they were when the held operation began: stepping back inside it is a restore
  // plus a few events, not a trip to the checkpoint.
  private heldViewStart: ViewSnapshot[] = [];
  private applied: number[] = [];
  private cursor = 0;

  private prepared = false;
  private preparedOps = 0;

  /**
   * Sets the scenario up; the first pass (every operation once, feeding the views, counting
   * events, taking checkpoints) runs now unless `deferred`, in which case the caller drives
   * prepare() in slices so that a large scenario never blocks a page for long.
   */
  constructor(
    readonly scenario: Scenario,
    options: { deferred?: boolean } = {},
  ) {
    const workload = scenarioWorkload(scenario);
    const capacity = workloadCapacity(workload);
    this.pages = scenarioPages(scenario);
    const recorded = recordOps(workload);
    this.ops = recorded.ops;
    const frames = Math.min(scenario.frames, this.pages);
    this.sides = SIDES.map(
      (kind) => new Side(kind, scenario.itemsPerPage, capacity, recorded.items, frames, this.pages),
    );
    this.every = Math.max(1, Math.ceil(this.ops.length / CHECKPOINTS));
    this.eventCounts = this.sides.map(() => new Int32Array(this.ops.length));
    this.stepStart = new Float64Array(this.ops.length + 1);
    if (!options.deferred) this.prepareAll();
  }

  get ready(): boolean {
    return this.prepared;
  }

  /** Fraction of the first pass done, 0..1. */
  get progress(): number {
    return this.ops.length === 0 ? 1 : this.preparedOps / this.ops.length;
  }

  /**
   * Runs the first pass for up to `budgetMs` (checked every few operations); returns true once
   * the timeline is ready. `now` is injected so the core needs no clock of its own.
   */
  prepareFor(budgetMs: number, now: () => number): boolean {
    const stop = now() + budgetMs;
    while (!this.prepared) {
      const until = Math.min(this.ops.length, this.preparedOps + 16);
      for (let k = this.preparedOps; k < until; k++) this.prepareOp(k);
      this.preparedOps = until;
      if (until === this.ops.length) this.finishPreparing();
      else if (now() >= stop) break;
    }
    return this.prepared;
  }

  private prepareAll(): void {
    for (let k = 0; k < this.ops.length; k++) this.prepareOp(k);
    this.preparedOps = this.ops.length;
    this.finishPreparing();
  }

  private prepareOp(k: number): void {
    if (k % this.every === 0) this.checkpoints.push(this.sides.map((side) => side.snapshot()));
    let longest = 0;
    this.sides.forEach((side, index) => {
      const before = side.view.counters.events;
      side.run(this.ops[k], side.view);
      const count = side.view.counters.events - before;
      this.eventCounts[index][k] = count;
      longest = Math.max(longest, count);
    });
    this.stepStart[k + 1] = this.stepStart[k] + longest;
  }

  private finishPreparing(): void {
    this.checkpoints.push(this.sides.map((side) => side.snapshot()));
    this.cursor = this.totalSteps;
    this.heldOp = this.ops.length;
    this.applied = this.sides.map(() => 0);
    this.prepared = true;
  }

  get totalSteps(): number {
    return this.stepStart[this.ops.length];
  }

  get step(): number {
    return this.cursor;
  }

  /** The operation the cursor is in (the last one at the end; -1 before any). */
  opAt(step: number): number {
    if (step <= 0) return -1;
    let low = 0;
    let high = this.ops.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.stepStart[mid] < step) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The event each side shows at the cursor (null where it has none this step). */
  currentEvents(): (SimEvent | null)[] {
    const k = this.opAt(this.cursor);
    if (k < 0 || k !== this.heldOp) return this.sides.map(() => null);
    const offset = this.cursor - this.stepStart[k];
    return this.held.map((events) =>
      offset >= 1 && offset <= events.length ? events[offset - 1] : null,
    );
  }

  /** Moves the cursor to `step` (clamped to 0..total). */
  seek(step: number): void {
    if (!this.prepared) throw new Error('seek before the timeline is prepared');
    const target = Math.max(0, Math.min(this.totalSteps, Math.round(step)));
    if (target === this.cursor) return;
    const targetOp = this.opAt(target);
    if (targetOp >= 0 && targetOp === this.heldOp) {
      if (target < this.cursor) {
        this.sides.forEach((side, index) => {
          side.view.restore(this.heldViewStart[index]);
        });
        this.applied = this.sides.map(() => 0);
      }
      this.applyHeldTo(target - this.stepStart[targetOp]);
      this.cursor = target;
      return;
    }
    // The simulation sits before operation `next`: the held one is run already (its events are
    // held), so after finishing it the next to run is heldOp + 1.
    const next = this.heldOp < 0 ? 0 : this.heldOp + 1;
    const checkpoint = Math.floor(Math.max(0, targetOp) / this.every);
    let k: number;
    if (target > this.cursor && next <= this.ops.length && next > checkpoint * this.every) {
      this.applyHeldTo(Number.POSITIVE_INFINITY);
      k = next;
    } else {
      this.sides.forEach((side, index) => {
        side.restore(this.checkpoints[checkpoint][index]);
      });
      k = checkpoint * this.every;
    }
    this.held = this.sides.map(() => []);
    this.applied = this.sides.map(() => 0);
    this.heldOp = k - 1;
    this.cursor = target;
    if (target === 0) return;
    for (; k < targetOp; k++) {
      for (const side of this.sides) side.run(this.ops[k], side.view);
    }
    // Hold the target operation's events and apply as many as the step asks.
    this.heldViewStart = this.sides.map((side) => side.view.snapshot());
    this.held = this.sides.map((side) => {
      const collect = new ArraySink();
      side.run(this.ops[targetOp], collect);
      return collect.events;
    });
    this.heldOp = targetOp;
    this.applyHeldTo(target - this.stepStart[targetOp]);
  }

  private applyHeldTo(offset: number): void {
    this.sides.forEach((side, index) => {
      const events = this.held[index];
      const until = Math.min(events.length, offset);
      for (let i = this.applied[index]; i < until; i++) side.view.emit(events[i]);
      this.applied[index] = Math.max(this.applied[index], until);
    });
  }

  /** Step at the start of the operation holding `step` (or of the previous one, at a boundary). */
  previousOpBoundary(step: number): number {
    const k = this.opAt(step);
    if (k < 0) return 0;
    return this.stepStart[k] < step
      ? this.stepStart[k]
      : Math.max(0, this.stepStart[Math.max(0, k - 1)]);
  }

  /** Step at the end of the operation holding `step` (or of the next one, at a boundary). */
  nextOpBoundary(step: number): number {
    const k = this.opAt(step + 1);
    return this.stepStart[Math.min(this.ops.length, k + 1)];
  }

  opKindAt(k: number): OpKind | null {
    const op = this.ops[k];
    if (op === undefined) return null;
    if (op.op === 'insert') return 'insert';
    if (op.op === 'popMin') return 'popMin';
    return op.op === 'deleteItem' || op.op === 'deleteSlot' ? 'delete' : 'reorder';
  }
}
