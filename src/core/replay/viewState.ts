// What one side shows, built from its events alone: page states, LRU order, counters, and the
// slots or nodes the tree view draws. Views read only this.
//
// The memory is shown at a frame count the page may change at any step (the memory slider):
// under LRU every reference's page and write feed a StackMemory, which answers every frame count
// from the same pass, so nothing is run again when the frame count changes.

import type { EventSink, SimEvent } from '../events';
import type { Policy } from '../memory/pager';
import { entryAt, type PageTrace } from '../memory/pageTrace';
import { FIRST_TOUCH } from '../memory/recencyStack';
import type { RingSnapshot } from '../memory/ringPagers';
import {
  type MemoryCounts,
  type PageStateAt,
  type ReferenceAt,
  StackMemory,
  type StackMemoryImage,
  type StackMemorySnapshot,
} from '../memory/stackMemory';
import { NO_SLOT } from '../structures/heap/heap';
import { type Layout, lastSlotOf } from '../structures/heap/indexMaps';
import { WORD_BYTES } from '../structures/pointer/arena';
import {
  heapLayout,
  STRUCTURES,
  type StructureFamily,
  type StructureSpec,
} from '../structures/registry';
import { copyMirror, makeMirror, type NodeMirror, setMirror } from './nodeMirror';

/** Page states on the grid. */
export const PAGE_UNTOUCHED = 0;
export const PAGE_CLEAN = 1;
export const PAGE_DIRTY = 2;
export const PAGE_OUT = 3;

const STATE_CODES: Record<PageStateAt, number> = {
  untouched: PAGE_UNTOUCHED,
  clean: PAGE_CLEAN,
  dirty: PAGE_DIRTY,
  out: PAGE_OUT,
};

function emptyPolicyState(
  policy: Exclude<Policy, 'lru'>,
  pages: number,
  frames: number,
): PolicyState {
  const ring = Math.max(1, Math.min(frames, pages));
  return {
    policy,
    pageState: new Uint8Array(pages),
    pageInFrame: new Int32Array(ring).fill(-1),
    frameOf: new Int32Array(pages).fill(-1),
    loadOrder: [],
    referenced: new Uint8Array(ring),
    hand: 0,
    references: 0,
    hits: 0,
    zeroFills: 0,
    pageIns: 0,
    writeBacks: 0,
    evictions: 0,
  };
}

function copyPolicyState(state: PolicyState): PolicyState {
  return {
    ...state,
    pageState: state.pageState.slice(),
    pageInFrame: state.pageInFrame.slice(),
    frameOf: state.frameOf.slice(),
    loadOrder: [...state.loadOrder],
    referenced: state.referenced.slice(),
  };
}

/**
 * A FIFO or CLOCK side's mirrored pager, built from the pager's own state (a large run's
 * checkpoint): what its touch events would have made of it (applyDirect). The load order is the
 * resident pages by when they were loaded; the view follows the hand under CLOCK only (FIFO's
 * victims are the load order's head); hits are the references that neither zero-filled nor
 * paged in. `references`: every reference so far.
 */
export function policyStateOfRing(
  policy: 'fifo' | 'clock',
  ring: RingSnapshot,
  references: number,
): PolicyState {
  const pages = ring.frameOf.length;
  const pageState = new Uint8Array(pages);
  for (let page = 0; page < pages; page++) {
    if (ring.touched[page] === 0) continue;
    pageState[page] =
      ring.frameOf[page] < 0 ? PAGE_OUT : ring.dirty[page] === 1 ? PAGE_DIRTY : PAGE_CLEAN;
  }
  const loadOrder: number[] = [];
  for (const page of ring.pageInFrame) if (page >= 0) loadOrder.push(page);
  loadOrder.sort((a, b) => ring.loadedAt[ring.frameOf[a]] - ring.loadedAt[ring.frameOf[b]]);
  return {
    policy,
    pageState,
    pageInFrame: ring.pageInFrame.slice(),
    frameOf: ring.frameOf.slice(),
    loadOrder,
    referenced: ring.referenced.slice(),
    hand: policy === 'clock' ? ring.hand : 0,
    references,
    hits: references - ring.zeroFills - ring.pageIns,
    zeroFills: ring.zeroFills,
    pageIns: ring.pageIns,
    writeBacks: ring.writeBacks,
    evictions: ring.evictions,
  };
}

/** A reference's stack distance as the page says it: FIRST_TOUCH is "new". */
export function isFirstTouch(distance: number): boolean {
  return distance === FIRST_TOUCH;
}

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

/**
 * A heap's shape as the tree view needs it: where the root is, who is whose parent, and which
 * slots are never used (the strict B-heap's positions 0 and 1 of each later page).
 */
export type HeapShape = Pick<
  Layout,
  'rootSlot' | 'pageShift' | 'parent' | 'firstChild' | 'lastChild' | 'gaps'
>;

/** Items a heap holds when its tail is `lastSlot`: the slots from the root, less any gaps. */
export function heapItemsHeld(shape: HeapShape, lastSlot: number): number {
  if (lastSlot < shape.rootSlot) return 0;
  return shape.gaps === undefined
    ? lastSlot - shape.rootSlot + 1
    : shape.gaps.itemsThrough(lastSlot);
}

/** Every heap's Layout is its shape; throws for a pointer structure. */
export function heapShapeOf(spec: StructureSpec): HeapShape {
  return heapLayout(spec);
}

/** What a side under FIFO, CLOCK or OPT shows of its pager, mirrored from its events. */
export interface PolicyState {
  policy: Exclude<Policy, 'lru'>;
  /** Per page: PAGE_UNTOUCHED … PAGE_OUT, as the pager left it. */
  pageState: Uint8Array;
  /** Per frame: its page (-1 free); per page: its frame (-1 none). */
  pageInFrame: Int32Array;
  frameOf: Int32Array;
  /** FIFO: resident pages in load order, the next victim first. */
  loadOrder: number[];
  /** CLOCK: each frame's reference bit, and the hand's frame. */
  referenced: Uint8Array;
  hand: number;
  /** References so far (OPT counts ahead in its future from here). */
  references: number;
  /** The counts the events reported. */
  hits: number;
  zeroFills: number;
  pageIns: number;
  writeBacks: number;
  evictions: number;
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

export interface ViewSnapshot {
  memory: StackMemorySnapshot;
  policy: PolicyState | null;
  keys: Float64Array | null;
  items: Int32Array | null;
  nodes: NodeMirror | null;
  lastSlot: number;
  itemCount: number;
  counters: ViewCounters;
  lastTouchPage: number;
  previousTouchPage: number;
  currentOp: Extract<SimEvent, { kind: 'op-begin' }> | null;
  lastEvent: SimEvent | null;
}

/** What one side shows, built from events alone. */
export class ViewState implements EventSink {
  readonly family: StructureFamily;
  readonly pageShift: number;
  /** The recency stack and the counts at every frame count (see the file's comment). */
  private readonly memory: StackMemory;
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
  /** The page of the latest reference, and of the one before it (-1: none yet). */
  lastTouchPage = -1;
  previousTouchPage = -1;
  /** The operation in progress (or last finished), and the event at the cursor. */
  currentOp: Extract<SimEvent, { kind: 'op-begin' }> | null = null;
  /** The latest event as recorded (a reference says what the recording pager did). */
  private recorded: SimEvent | null = null;

  /**
   * Under FIFO, CLOCK or OPT the pager's own reports (mirrored here) make the page states and
   * the counts; the recency stack still names each reference's LRU distance. Null under LRU.
   */
  private direct: PolicyState | null;

  constructor(
    readonly spec: StructureSpec,
    readonly pages: number,
    readonly capacity: number,
    frames: number,
    readonly policy: Policy = 'lru',
    /** OPT's future (the run's references, recorded beforehand): the next use of each page. */
    private readonly future: PageTrace | null = null,
  ) {
    this.family = STRUCTURES[spec.kind].family;
    this.pageShift = Math.log2(spec.itemsPerPage);
    this.memory = new StackMemory(pages, frames);
    this.direct = policy === 'lru' ? null : emptyPolicyState(policy, pages, frames);
    const tracked = capacity <= TREE_MAX_SLOTS;
    if (this.family === 'heap') {
      const layout = heapLayout(spec);
      this.heap = layout;
      // Up to the capacity's last slot, past the empty slots of a layout with gaps.
      const slots = lastSlotOf(layout, capacity) + 1;
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
    this.recorded = event;
    switch (event.kind) {
      case 'touch': {
        const page = event.page;
        this.memory.reference(page, event.write);
        if (this.direct === null) this.copyMemoryCounts();
        else this.applyDirect(this.direct, event);
        this.previousTouchPage = this.lastTouchPage;
        this.lastTouchPage = page;
        break;
      }
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
        // The tail steps back one slot, over a layout's empty slots as the heap's own does.
        if (event.slot === this.lastSlot)
          this.lastSlot = this.heap?.gaps?.before(this.lastSlot) ?? this.lastSlot - 1;
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

  /**
   * A page reference without its event (side.ts's fast path): the memory, the latest pages and
   * the event count as a touch leaves them. The counts wait for settleCounts(). LRU only.
   */
  referencePage(page: number, write: boolean): void {
    this.memory.reference(page, write);
    this.previousTouchPage = this.lastTouchPage;
    this.lastTouchPage = page;
    this.counters.events++;
  }

  /** After references made through referencePage(): the counts at the frame count shown. */
  settleCounts(): void {
    if (this.direct === null) this.copyMemoryCounts();
  }

  /** The node that holds a word of the arena (pointer structures), or the slot itself (heaps). */
  holderOf(word: number): number {
    return this.family === 'heap' ? word : Math.floor(word / (this.spec.nodeBytes / WORD_BYTES));
  }

  /**
   * The latest event; a page reference says what the frame count shown did with it, whatever
   * frame count the pager that recorded it ran with.
   */
  get lastEvent(): SimEvent | null {
    return this.recorded === null ? null : this.seen(this.recorded);
  }

  /**
   * An event as this view shows it: under LRU a page reference says what the frame count shown
   * did with it (the recording pager may have run with another) and names no frame; under the
   * other policies, what their pager did. Only for the latest reference applied.
   */
  seen(event: SimEvent): SimEvent {
    if (event.kind !== 'touch' || this.direct !== null) return event;
    const seen = this.memory.lastReference();
    if (seen === null) return event;
    return {
      ...event,
      frame: -1,
      outcome: seen.outcome,
      evicted: seen.evicted,
      writeBack: seen.writeBack,
    };
  }

  /** The mirrored pager of FIFO, CLOCK or OPT (null under LRU). */
  get policyState(): Readonly<PolicyState> | null {
    return this.direct;
  }

  /**
   * OPT: references from now until each resident page's next use (null: never again), read
   * from the future; scans at most `limit` references ahead.
   */
  nextUses(limit = 200_000): Map<number, number | null> {
    const uses = new Map<number, number | null>();
    const direct = this.direct;
    const future = this.future;
    if (direct === null || future === null) return uses;
    const waiting = new Set<number>();
    for (const page of direct.pageInFrame) if (page >= 0) waiting.add(page);
    const end = Math.min(future.length, direct.references + limit);
    for (let at = direct.references; at < end && waiting.size > 0; at++) {
      const page = entryAt(future, at) >>> 1;
      if (!waiting.has(page)) continue;
      uses.set(page, at - direct.references + 1);
      waiting.delete(page);
    }
    for (const page of waiting) uses.set(page, null);
    return uses;
  }

  /**
   * What the page grid writes in each resident page under FIFO (its place in the load order,
   * 1 = the next out), CLOCK (● reference bit set, ○ clear; ▸ the page under the hand) and OPT
   * (references until its next use, ∞ for never); null under LRU (the grid writes ranks).
   */
  policyLabels(): Map<number, string> | null {
    const direct = this.direct;
    if (direct === null) return null;
    const labels = new Map<number, string>();
    switch (direct.policy) {
      case 'fifo':
        direct.loadOrder.forEach((page, index) => {
          labels.set(page, String(index + 1));
        });
        break;
      case 'clock':
        direct.pageInFrame.forEach((page, frame) => {
          if (page < 0) return;
          const bit = direct.referenced[frame] === 1 ? '●' : '○';
          labels.set(page, frame === direct.hand ? `▸${bit}` : bit);
        });
        break;
      case 'opt':
        for (const [page, use] of this.nextUses())
          labels.set(page, use === null ? '∞' : String(use));
        break;
    }
    return labels;
  }

  /** A reference as FIFO, CLOCK or OPT reported it: states, counts and the mirrored ring. */
  private applyDirect(state: PolicyState, event: Extract<SimEvent, { kind: 'touch' }>): void {
    const { page, frame } = event;
    state.references++;
    if (event.outcome === 'hit') state.hits++;
    else if (event.outcome === 'zero-fill') state.zeroFills++;
    else state.pageIns++;
    const frames = state.pageInFrame.length;
    if (event.evicted >= 0) {
      const victim = event.evicted;
      state.evictions++;
      if (event.writeBack) state.writeBacks++;
      state.pageState[victim] = PAGE_OUT;
      state.frameOf[victim] = -1;
      const at = state.loadOrder.indexOf(victim);
      if (at >= 0) state.loadOrder.splice(at, 1);
      if (state.policy === 'clock') {
        // The hand cleared every set bit from where it stood to the victim's frame (all of them
        // when it came back round to a frame whose bit it had set), then moves one past the
        // frame it loaded.
        if (frame === state.hand && state.referenced[frame] === 1) state.referenced.fill(0);
        else for (let f = state.hand; f !== frame; f = (f + 1) % frames) state.referenced[f] = 0;
        state.hand = (frame + 1) % frames;
      }
    }
    if (event.outcome !== 'hit') {
      state.loadOrder.push(page);
      if (frame >= 0 && frame < frames) state.pageInFrame[frame] = page;
      state.frameOf[page] = frame;
    }
    if (frame >= 0 && frame < frames) state.referenced[frame] = 1;
    const wasDirty = state.pageState[page] === PAGE_DIRTY && event.outcome === 'hit';
    state.pageState[page] = event.write || wasDirty ? PAGE_DIRTY : PAGE_CLEAN;
    this.setMemoryCounts(state);
  }

  /** The frame count the memory is shown with. */
  get frames(): number {
    return this.memory.frames;
  }

  /** Shows the memory with `frames` resident pages from now on: O(pages log pages). */
  setFrames(frames: number): void {
    this.memory.setFrames(frames);
    this.copyMemoryCounts();
  }

  /** Each page's grid state (PAGE_UNTOUCHED … PAGE_OUT) at the frame count shown, into `out`. */
  pageStates(out: Uint8Array): void {
    this.memory.pageStates(out, STATE_CODES);
  }

  /** One page's grid state at the frame count shown. */
  pageStateOf(page: number): PageStateAt {
    return this.memory.pageState(page);
  }

  /** Resident pages from most to least recently used (rank 1 = the last to be evicted). */
  lruOrder(): number[] {
    const resident: number[] = [];
    const count = Math.min(this.memory.frames, this.memory.touchedPages);
    for (let rank = 1; rank <= count; rank++) resident.push(this.memory.pageAtRank(rank));
    return resident;
  }

  /** A page's place in the recency stack (1 = most recent, 0 = never used), for every frame count. */
  rankOf(page: number): number {
    return this.memory.rank(page);
  }

  /** The latest page reference as the frame count shown sees it, or null before any. */
  lastReference(): ReferenceAt | null {
    return this.memory.lastReference();
  }

  /** Page-ins plus write-backs for every frame count, out[f - 1] (the race at any slider value). */
  transfersCurve(out: Float64Array): void {
    this.memory.transfersCurve(out);
  }

  private copyMemoryCounts(): void {
    this.setMemoryCounts(this.memory.counts());
  }

  /** The counters' memory part, from the stack memory's counts or a direct pager's state. */
  private setMemoryCounts(counts: MemoryCounts): void {
    const c = this.counters;
    c.hits = counts.hits;
    c.zeroFills = counts.zeroFills;
    c.pageIns = counts.pageIns;
    c.writebacks = counts.writeBacks;
    c.evictions = counts.evictions;
  }

  snapshot(): ViewSnapshot {
    return {
      memory: this.memory.snapshot(),
      policy: this.direct === null ? null : copyPolicyState(this.direct),
      keys: this.keys?.slice() ?? null,
      items: this.items?.slice() ?? null,
      nodes: this.nodes === null ? null : copyMirror(this.nodes),
      lastSlot: this.lastSlot,
      itemCount: this.itemCount,
      counters: { ...this.counters },
      lastTouchPage: this.lastTouchPage,
      previousTouchPage: this.previousTouchPage,
      currentOp: this.currentOp,
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
    if ((this.direct === null) !== (policy === null)) {
      throw new Error(
        `a ${this.policy} view restores ${policy === null ? 'no' : 'a'} policy state`,
      );
    }
    this.memory.restoreImage(image);
    this.counters = {
      ...ViewState.zeroCounters(),
      comparisons: scalars.comparisons,
      swaps: scalars.swaps,
      operations: scalars.operations,
      events: scalars.events,
    };
    if (policy === null) this.copyMemoryCounts();
    else {
      this.direct = copyPolicyState(policy);
      this.setMemoryCounts(policy);
    }
    this.lastSlot = scalars.lastSlot;
    this.itemCount = scalars.itemCount;
    this.lastTouchPage = scalars.lastTouchPage;
    this.previousTouchPage = -1;
    this.currentOp = null;
    this.recorded = null;
  }

  restore(snapshot: ViewSnapshot): void {
    this.memory.restore(snapshot.memory);
    if (snapshot.policy !== null) this.direct = copyPolicyState(snapshot.policy);
    if (this.keys !== null && snapshot.keys !== null) this.keys.set(snapshot.keys);
    if (this.items !== null && snapshot.items !== null) this.items.set(snapshot.items);
    if (this.nodes !== null && snapshot.nodes !== null) setMirror(this.nodes, snapshot.nodes);
    this.lastSlot = snapshot.lastSlot;
    this.itemCount = snapshot.itemCount;
    this.counters = { ...snapshot.counters };
    // The snapshot's memory counts are for its frame count; these are for the one shown now.
    if (this.direct === null) this.copyMemoryCounts();
    this.lastTouchPage = snapshot.lastTouchPage;
    this.previousTouchPage = snapshot.previousTouchPage;
    this.currentOp = snapshot.currentOp;
    this.recorded = snapshot.lastEvent;
  }
}
