// Record, then replay: the page's model of a scenario. Both heaps run the same operations; each
// side's events feed a ViewState (the only thing views read). Stepping back restores the nearest
// checkpoint (simulation and view state, every K operations) and replays forward, so a jump costs
// at most K operations whatever the scenario's length, and no event list is ever kept whole.

import { WORD_BYTES } from './arena';
import { ArraySink, type EventSink, type OpKind, type SimEvent } from './events';
import { NO_SLOT } from './heap';
import type { Layout } from './layout';
import { NO_MEMORY } from './memory';
import { LruPager, type PagerSnapshot } from './pager';
import type { PriorityQueue } from './queue';
import { GlibcRandom } from './random';
import { type Scenario, scenarioPages, scenarioWorkload, sidePages, sideSpec } from './scenario';
import {
  heapLayout,
  makeQueue,
  STRUCTURES,
  type StructureFamily,
  type StructureKind,
  type StructureSpec,
  structureSpec,
} from './structures';
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

/** Structures up to this many slots (heaps) or nodes (pointer structures) are mirrored for the tree view. */
export const TREE_MAX_SLOTS = 255;

export interface ViewCounters {
  comparisons: number;
  /** Heap swaps, or tree rotations. */
  swaps: number;
  hits: number;
  zeroFills: number;
  pageIns: number;
  writebacks: number;
  evictions: number;
  operations: number;
  events: number;
}

/** A heap's shape as the tree view needs it: where the root is and who is whose parent. */
export type HeapShape = Pick<
  Layout,
  'rootSlot' | 'pageShift' | 'parent' | 'firstChild' | 'lastChild'
>;

/** Every heap's Layout is its shape; throws for a pointer structure. */
export function heapShapeOf(spec: StructureSpec): HeapShape {
  return heapLayout(spec);
}

/** The arena as the events describe it: what the tree view draws for a pointer structure. */
export interface NodeMirror {
  /** Words per node: node n's key is word n * nodeWords. */
  readonly nodeWords: number;
  readonly key: Float64Array;
  readonly item: Int32Array;
  readonly left: Int32Array;
  readonly right: Int32Array;
  readonly parent: Int32Array;
  /** Red (1) / black (0), or a treap priority. */
  readonly tag: Float64Array;
  readonly live: Uint8Array;
}

function makeMirror(capacity: number, nodeWords: number): NodeMirror {
  return {
    nodeWords,
    key: new Float64Array(capacity + 1),
    item: new Int32Array(capacity + 1),
    left: new Int32Array(capacity + 1),
    right: new Int32Array(capacity + 1),
    parent: new Int32Array(capacity + 1),
    tag: new Float64Array(capacity + 1),
    live: new Uint8Array(capacity + 1),
  };
}

function copyMirror(mirror: NodeMirror): NodeMirror {
  return {
    nodeWords: mirror.nodeWords,
    key: mirror.key.slice(),
    item: mirror.item.slice(),
    left: mirror.left.slice(),
    right: mirror.right.slice(),
    parent: mirror.parent.slice(),
    tag: mirror.tag.slice(),
    live: mirror.live.slice(),
  };
}

function setMirror(target: NodeMirror, source: NodeMirror): void {
  target.key.set(source.key);
  target.item.set(source.item);
  target.left.set(source.left);
  target.right.set(source.right);
  target.parent.set(source.parent);
  target.tag.set(source.tag);
  target.live.set(source.live);
}

interface ViewSnapshot {
  pageState: Uint8Array;
  frameOf: Int32Array;
  lastUse: Float64Array;
  keys: Float64Array | null;
  items: Int32Array | null;
  nodes: NodeMirror | null;
  lastSlot: number;
  itemCount: number;
  counters: ViewCounters;
  useClock: number;
  currentOp: Extract<SimEvent, { kind: 'op-begin' }> | null;
  lastEvent: SimEvent | null;
}

/** What one side shows, built from events alone. */
export class ViewState implements EventSink {
  readonly family: StructureFamily;
  readonly pageShift: number;
  readonly pageState: Uint8Array;
  readonly frameOf: Int32Array;
  /** When each page was last touched (in this side's events); orders the LRU stack. */
  readonly lastUse: Float64Array;
  /** Heaps: where slots sit in the tree; null for pointer structures. */
  readonly heap: HeapShape | null;
  /** Heaps: slot contents when small enough for the tree view; null otherwise. */
  readonly keys: Float64Array | null;
  readonly items: Int32Array | null;
  /** Pointer structures: the arena's nodes when small enough for the tree view; null otherwise. */
  readonly nodes: NodeMirror | null;
  /** Heaps: the highest slot in use (the tail). */
  lastSlot = 0;
  /** Items held now. */
  itemCount = 0;
  counters: ViewCounters = ViewState.zeroCounters();
  private useClock = 0;
  /** The operation in progress (or last finished), and the event at the cursor. */
  currentOp: Extract<SimEvent, { kind: 'op-begin' }> | null = null;
  lastEvent: SimEvent | null = null;

  constructor(
    readonly spec: StructureSpec,
    readonly pages: number,
    readonly capacity: number,
  ) {
    this.family = STRUCTURES[spec.kind].family;
    this.pageShift = Math.log2(spec.itemsPerPage);
    this.pageState = new Uint8Array(pages);
    this.frameOf = new Int32Array(pages).fill(-1);
    this.lastUse = new Float64Array(pages);
    const tracked = capacity <= TREE_MAX_SLOTS;
    if (this.family === 'heap') {
      this.heap = heapShapeOf(spec);
      const slots = capacity + this.heap.rootSlot;
      this.lastSlot = this.heap.rootSlot - 1;
      this.keys = tracked ? new Float64Array(slots) : null;
      this.items = tracked ? new Int32Array(slots) : null;
      this.nodes = null;
    } else {
      this.heap = null;
      this.keys = null;
      this.items = null;
      this.nodes = tracked ? makeMirror(capacity, spec.nodeBytes / WORD_BYTES) : null;
    }
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

  /** Words read or written so far: every reference is one touch event. */
  get accesses(): number {
    const c = this.counters;
    return c.hits + c.zeroFills + c.pageIns;
  }

  /** The first link of a pointer structure: the root of a tree, the head of the list. */
  get root(): number {
    return this.nodes === null ? 0 : this.nodes.left[0];
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
      case 'node-compare':
        c.comparisons++;
        break;
      case 'rotate':
        c.swaps++;
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
        if (event.from === NO_SLOT) {
          this.lastSlot = Math.max(this.lastSlot, event.slot);
          this.itemCount++;
        }
        if (this.keys !== null && this.items !== null) {
          this.keys[event.slot] = event.key;
          this.items[event.slot] = event.item;
        }
        break;
      case 'clear':
        if (event.slot === this.lastSlot) this.lastSlot--;
        break;
      case 'remove':
        this.itemCount--;
        break;
      case 'rekey':
        if (this.keys !== null) this.keys[event.slot] = event.key;
        break;
      case 'node-alloc':
        this.itemCount++;
        if (this.nodes !== null) {
          this.nodes.key[event.node] = event.key;
          this.nodes.item[event.node] = event.item;
          this.nodes.live[event.node] = 1;
        }
        break;
      case 'node-free':
        this.itemCount--;
        if (this.nodes !== null) this.nodes.live[event.node] = 0;
        break;
      case 'store':
        if (this.nodes !== null) this.nodes[event.field][event.node] = event.value;
        break;
      case 'op-begin':
        this.currentOp = event;
        // A pointer structure changes a key in its node, which the arena does not announce.
        if (event.op === 'reorder' && this.nodes !== null) this.nodes.key[event.handle] = event.key;
        break;
      case 'op-end':
        c.operations++;
        break;
      case 'flip':
        break;
    }
  }

  /** The node that holds a word of the arena (pointer structures), or the slot itself (heaps). */
  holderOf(word: number): number {
    return this.family === 'heap' ? word : Math.floor(word / (this.spec.nodeBytes / WORD_BYTES));
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
      nodes: this.nodes === null ? null : copyMirror(this.nodes),
      lastSlot: this.lastSlot,
      itemCount: this.itemCount,
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
    if (this.nodes !== null && snapshot.nodes !== null) setMirror(this.nodes, snapshot.nodes);
    this.lastSlot = snapshot.lastSlot;
    this.itemCount = snapshot.itemCount;
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
  restoreQueue: () => void;
  pager: PagerSnapshot;
  handleOf: Int32Array;
  view: ViewSnapshot;
}

/** One structure, its pager and its view state. */
export class Side {
  readonly view: ViewState;
  private readonly queue: PriorityQueue;
  private readonly pager: LruPager;
  /** Each item's handle (slot or node), kept current by the structure's callback. */
  private readonly handleOf: Int32Array;
  private readonly sink = new SwitchSink();

  constructor(
    readonly spec: StructureSpec,
    capacity: number,
    items: number,
    frames: number,
    pages: number,
  ) {
    this.view = new ViewState(spec, pages, capacity);
    this.handleOf = new Int32Array(Math.max(1, items));
    this.pager = new LruPager(Math.min(frames, pages), pages, spec.itemsPerPage, this.sink);
    this.queue = makeQueue(spec, {
      capacity,
      memory: this.pager,
      sink: this.sink,
      onHandle: (item, handle) => {
        this.handleOf[item] = handle;
      },
    });
  }

  get kind(): StructureKind {
    return this.spec.kind;
  }

  /** Runs one operation, sending its events to `sink`. */
  run(op: ReplayOp, sink: EventSink): void {
    this.sink.target = sink;
    const queue = this.queue;
    switch (op.op) {
      case 'insert':
        queue.insert(op.item, op.key);
        break;
      case 'popMin':
        queue.popMin();
        break;
      case 'deleteItem':
        queue.delete(this.handleOf[op.item]);
        break;
      case 'reorderItem':
        queue.reorder(this.handleOf[op.item], op.key);
        break;
      case 'deleteSlot':
        queue.delete(op.slot);
        break;
      case 'reorderSlot':
        queue.reorder(op.slot, op.key);
        break;
    }
    this.sink.target = null;
  }

  snapshot(): SideSnapshot {
    return {
      restoreQueue: this.queue.checkpoint(),
      pager: this.pager.snapshot(),
      handleOf: this.handleOf.slice(),
      view: this.view.snapshot(),
    };
  }

  restore(snapshot: SideSnapshot): void {
    snapshot.restoreQueue();
    this.pager.restore(snapshot.pager);
    this.handleOf.set(snapshot.handleOf);
    this.view.restore(snapshot.view);
  }
}

/** Checkpoints kept per scenario: enough that a jump replays at most 1/64 of it. */
const CHECKPOINTS = 64;

/** The page's two sides, left and right; each runs the structure the scenario names. */
export const SIDES: readonly SideName[] = ['left', 'right'];
export type SideName = 'left' | 'right';

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
    this.sides = SIDES.map((name) => {
      const spec = sideSpec(scenario, name);
      return new Side(spec, capacity, recorded.items, scenario.frames, sidePages(scenario, name));
    });
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
