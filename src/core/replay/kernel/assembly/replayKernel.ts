// A large run's heap side in WebAssembly, for the page's workers (replay/kernelSide.ts): the heap
// of structures/heap/heap.ts, run over operations held in this instance's memory, either feeding
// its references to the stack kernel's queue as memory/stackDistances.ts's AllFramesCounter does
// (a recording: the event count of each operation too) or touching no memory model at all (a
// bare run from one checkpoint to the next). AssemblyScript, compiled by `npm run kernel`.
//
// Why: the recording of the article's run took 2.5-3 s a side in TypeScript, about half of it the
// heap and its queueing, and seeks spent most of their time in bare runs. The decisions are
// heap.ts's, line for line (the second child only if strictly smaller; stop only if the parent is
// strictly smaller; delete and reorder sift up, then down), and so are the references each step
// reports, the counters (comparisons, swaps, the accesses outside the sifts) and the queue's
// merging: tests/core/replay/kernelSide.test.ts holds this file to the TypeScript recorder's
// output, array for array.

import { growMemoryTo } from '../../../memory/kernel/assembly/growMemory';
import {
  consume,
  init as initStack,
  layoutEnd,
  queueLength,
} from '../../../memory/kernel/assembly/stackKernel';
import {
  BHeap,
  Binary,
  Dary,
  pageShift,
  Strict,
  setPageSlots,
} from '../../../structures/heap/assembly/indexMaps';

export {
  dirtyFromAt,
  distanceTwoCount,
  distanceTwoWriteBacks,
  exportOrder,
  neverWritten,
  orderAt,
  pageInDifferences,
  writeBackDifferences,
  zeroFills,
} from '../../../memory/kernel/assembly/stackKernel';

/**
 * Receives the queue's first `count` entries before the stack kernel accounts them (a FIFO or
 * CLOCK side's pager follows the same references: kernelSide.ts). Imported as
 * replayKernel.queued; called only once hookQueue(1) asked for it.
 */
declare function queued(count: i32): void;

// Layout codes (replay/kernelSide.ts writes them).
const BINARY: i32 = 0;
const BHEAP: i32 = 1;
const STRICT: i32 = 2;
const DARY4: i32 = 3;
const DARY8: i32 = 4;

// Queue entry kinds (the low two bits), as the stack kernel reads them.
const READ: i32 = 0;
const WRITE: i32 = 1;
const BOUNCE: i32 = 2;

// ---- the configuration (init) ------------------------------------------------------------------

let layoutCode: i32 = 0;
let tracks = false; // keep each item's slot (operations name items)
let pageCount: i32 = 0;

// Arrays (byte offsets): the operations (kind u8, handle i32, key f64), each operation's event
// count (u32), the heap's keys (f64) and items (i32) per slot, each item's slot (i32).
let opKinds: usize = 0;
let opHandles: usize = 0;
let opKeys: usize = 0;
let opEvents: usize = 0;
let keys: usize = 0;
let items: usize = 0;
let handles: usize = 0;

// ---- the heap's state, as heap.ts keeps it -----------------------------------------------------

let root: i32 = 1;
let tail: i32 = 0; // last used slot (root - 1: empty)
let count: i32 = 0;
let capacity: i32 = 0;
let opIndex: i32 = 0;
let comparisons: f64 = 0;
let swaps: f64 = 0;
let opAccesses: f64 = 0;
// Events of every operation recorded so far (a checkpoint's scalars).
let eventTotal: f64 = 0;

// ---- the queue's state, as stackDistances.ts keeps it ------------------------------------------

let queue: usize = 0;
let queueSize: i32 = 0;
let pendingCount: i32 = 0;
let lastPending: i32 = -1;
let mergeAt: i32 = -1;
let hooked = false;

/** Whether each batch also goes to the host's `queued` before it is accounted. */
export function hookQueue(on: i32): void {
  hooked = on !== 0;
}

/** Where the queue's entries are: (page << 2) | kind, kind 1 a write, 2 a bounce. */
export function queueAt(): usize {
  return queue;
}

/**
 * Lays the stack kernel out for `pages` pages (top array `topSize`), then this module's arrays:
 * `operations` operations, a heap of `slots` slots holding at most `heapCapacity` items,
 * `itemCount` item slots when `tracksItems`. Called once on a fresh instance; returns 0, or -1
 * when the memory cannot grow that far.
 */
export function init(
  layout: i32,
  itemsPerPage: i32,
  heapCapacity: i32,
  slots: i32,
  pages: i32,
  topSize: i32,
  operations: i32,
  itemCount: i32,
  tracksItems: i32,
): i32 {
  layoutCode = layout;
  setPageSlots(ctz<i32>(itemsPerPage));
  capacity = heapCapacity;
  pageCount = pages;
  tracks = tracksItems !== 0;
  root = layout === DARY4 ? DARY4_MAP.root : layout === DARY8 ? DARY8_MAP.root : BINARY_MAP.root;
  tail = root - 1;
  queue = initStack(pages, topSize);
  queueSize = queueLength();
  let at: usize = layoutEnd();
  opKeys = at;
  at += (<usize>operations) << 3;
  keys = at;
  at += (<usize>slots) << 3;
  opHandles = at;
  at += (<usize>operations) << 2;
  opEvents = at;
  at += (<usize>operations) << 2;
  items = at;
  at += (<usize>slots) << 2;
  handles = at;
  at += tracks ? (<usize>max(1, itemCount)) << 2 : 4;
  opKinds = at;
  at += <usize>operations;
  if (!growMemoryTo(at)) return -1;
  return 0;
}

export function operationKinds(): usize {
  return opKinds;
}
export function operationHandles(): usize {
  return opHandles;
}
export function operationKeys(): usize {
  return opKeys;
}
export function eventCounts(): usize {
  return opEvents;
}
export function heapKeys(): usize {
  return keys;
}
export function heapItems(): usize {
  return items;
}
export function itemSlots(): usize {
  return handles;
}
export function heapTail(): i32 {
  return tail;
}
export function heapCount(): i32 {
  return count;
}
export function heapOperations(): i32 {
  return opIndex;
}
export function heapComparisons(): f64 {
  return comparisons;
}
export function heapSwaps(): f64 {
  return swaps;
}
export function heapOpAccesses(): f64 {
  return opAccesses;
}
/** Events of the operations recorded so far. */
export function recordedEvents(): f64 {
  return eventTotal;
}
/** Every slot reference so far: heap.ts's `accesses`. */
export function heapAccesses(): f64 {
  return 2 * (comparisons + swaps) + opAccesses;
}
/** The page of the latest reference queued (-1: none): stackDistances.ts's latestPage. */
export function latestPage(): i32 {
  return lastPending;
}

/**
 * Takes a heap state (its arrays already written through heapKeys() and heapItems()): heap.ts's
 * restore. Items' slots are rebuilt from the slots when they are kept.
 */
export function setHeap(
  newTail: i32,
  newCount: i32,
  operations: i32,
  newComparisons: f64,
  newSwaps: f64,
  newOpAccesses: f64,
): void {
  tail = newTail;
  count = newCount;
  opIndex = operations;
  comparisons = newComparisons;
  swaps = newSwaps;
  opAccesses = newOpAccesses;
  if (!tracks) return;
  for (let slot = root; slot <= tail; slot++) {
    if (layoutCode === STRICT && STRICT_MAP.isGap(slot)) continue;
    setHandle(load<i32>(items + ((<usize>slot) << 2)), slot);
  }
}

// ---- the index maps: structures/heap/assembly/indexMaps.ts, one marker type each ----------------
// They take u32 slots and give u64 children; this file's slots are i32, never negative nor past
// 2^31, so the conversions between them change no value.

const BINARY_MAP = new Binary();
const BHEAP_MAP = new BHeap();
const STRICT_MAP = new Strict();
const DARY4_MAP = new Dary<u32>(); // the aligned 4-heap: root at slot 3
const DARY8_MAP = new Dary<u64>(); // the aligned 8-heap: root at slot 7

// ---- the memory model: AllFramesCounter's queue, or nothing -----------------------------------

/** References to the stack kernel's queue, merged as stackDistances.ts merges them. */
@final
class Queued {
  @inline read(slot: i32): void {
    const page = slot >>> pageShift;
    if (page !== lastPending) pushPage(page, READ);
  }
  @inline write(slot: i32): void {
    const page = slot >>> pageShift;
    if (page === lastPending && mergeAt >= 0) orEntry(mergeAt, WRITE);
    else pushPage(page, WRITE);
  }
  /** AllFramesCounter.siftDownStep: a two-page step is queued as the child's read and a bounce. */
  @inline step(slot: i32, child: i32, first: i32, second: i32, swapped: bool): void {
    const childPage = child >>> pageShift;
    if (second < 0 || second >>> pageShift !== childPage || first >>> pageShift !== childPage) {
      if (second >= 0) {
        this.read(first);
        this.read(second);
      }
      this.read(slot);
      this.read(child);
      if (swapped) {
        this.write(slot);
        this.write(child);
      }
      return;
    }
    const parentPage = slot >>> pageShift;
    if (childPage >= pageCount) unreachable();
    if (pendingCount > queueSize - 2) flush();
    if (parentPage === childPage) {
      if (childPage !== lastPending) {
        mergeAt = pendingCount;
        setEntry(pendingCount++, (childPage << 2) | (swapped ? WRITE : READ));
        lastPending = childPage;
      } else if (swapped) {
        if (mergeAt >= 0) orEntry(mergeAt, WRITE);
        else {
          mergeAt = pendingCount;
          setEntry(pendingCount++, (childPage << 2) | WRITE);
        }
      }
      return;
    }
    if (childPage !== lastPending) setEntry(pendingCount++, childPage << 2);
    setEntry(pendingCount++, (parentPage << 2) | BOUNCE | (swapped ? WRITE : READ));
    lastPending = childPage;
    mergeAt = -1;
  }
}

/** No memory model: a bare run (the sift-down steps are taken whole, as SKIP_MEMORY's). */
@final
class Bare {
  @inline read(_slot: i32): void {}
  @inline write(_slot: i32): void {}
  @inline step(_slot: i32, _child: i32, _first: i32, _second: i32, _swapped: bool): void {}
}

const QUEUED = new Queued();
const BARE = new Bare();

function setEntry(index: i32, entry: i32): void {
  store<i32>(queue + ((<usize>index) << 2), entry);
}
function orEntry(index: i32, bits: i32): void {
  const at = queue + ((<usize>index) << 2);
  store<i32>(at, load<i32>(at) | bits);
}

function pushPage(page: i32, kind: i32): void {
  if (page < 0 || page >= pageCount) unreachable();
  if (pendingCount === queueSize) flush();
  mergeAt = pendingCount;
  setEntry(pendingCount++, (page << 2) | kind);
  lastPending = page;
}

/** Accounts what is queued (the stack kernel's consume); a later write is not merged into it. */
export function flush(): void {
  if (hooked && pendingCount > 0) queued(pendingCount);
  consume(pendingCount);
  pendingCount = 0;
  mergeAt = -1;
}

// ---- the heap (heap.ts) --------------------------------------------------------------------------

function keyAt(slot: i32): f64 {
  return load<f64>(keys + ((<usize>slot) << 3));
}
function itemAt(slot: i32): i32 {
  return load<i32>(items + ((<usize>slot) << 2));
}
function put(slot: i32, key: f64, item: i32): void {
  store<f64>(keys + ((<usize>slot) << 3), key);
  store<i32>(items + ((<usize>slot) << 2), item);
}
function setHandle(item: i32, slot: i32): void {
  if (tracks) store<i32>(handles + ((<usize>item) << 2), slot);
}
function handleOf(item: i32): i32 {
  return load<i32>(handles + ((<usize>item) << 2));
}

/** What the three sifts write: the sifted item stays in locals until it settles. */
@final
class Sift {
  /** One step: the item in `from` (key `key`) moves into `slot`. */
  @inline static move(slot: i32, from: i32, key: f64): void {
    const moved = itemAt(from);
    put(slot, key, moved);
    swaps += 1;
    setHandle(moved, slot);
  }
  /** The end: the sifted item (key `key`) goes where it stopped, if it moved; returns that slot. */
  @inline static settle(slot: i32, start: i32, key: f64, item: i32): i32 {
    if (slot !== start) {
      put(slot, key, item);
      setHandle(item, slot);
    }
    return slot;
  }
}

function siftUp<L, M>(l: L, m: M, slot: i32): i32 {
  const key = keyAt(slot);
  const item = itemAt(slot);
  const start = slot;
  while (slot > root) {
    const parent = l.parent(slot);
    const parentKey = keyAt(parent);
    m.read(slot);
    m.read(parent);
    comparisons += 1;
    if (!(key < parentKey)) break;
    m.write(slot);
    m.write(parent);
    Sift.move(slot, parent, parentKey);
    slot = parent;
  }
  return Sift.settle(slot, start, key, item);
}

/** Two children at most: one whole step a level (AllFramesCounter takes them so). */
function siftDown<L, M>(l: L, m: M, slot: i32): i32 {
  const key = keyAt(slot);
  const item = itemAt(slot);
  const start = slot;
  const last = <u64>tail;
  for (;;) {
    const firstWide = l.firstChild(slot);
    if (firstWide > last) break;
    const first = <i32>firstWide;
    let child = first;
    let childKey = keyAt(child);
    const secondWide = l.secondChild(slot);
    const twoChildren = secondWide !== firstWide && secondWide <= last;
    const second = <i32>secondWide;
    if (twoChildren) {
      const secondKey = keyAt(second);
      comparisons += 1;
      if (secondKey < childKey) {
        child = second;
        childKey = secondKey;
      }
    }
    comparisons += 1;
    const parentLess = key < childKey;
    m.step(slot, child, first, twoChildren ? second : -1, !parentLess);
    if (parentLess) break;
    Sift.move(slot, child, childKey);
    slot = child;
  }
  return Sift.settle(slot, start, key, item);
}

/** More than two children: heap.ts's siftDownWide, every reference on its own. */
function siftDownWide<L, M>(l: L, m: M, slot: i32): i32 {
  const key = keyAt(slot);
  const item = itemAt(slot);
  const start = slot;
  const lastSlot = <u64>tail;
  for (;;) {
    const firstWide = l.firstChild(slot);
    if (firstWide > lastSlot) break;
    const first = <i32>firstWide;
    const lastWide = l.lastChild(slot);
    const last = <i32>(lastWide < lastSlot ? lastWide : lastSlot);
    let child = first;
    let childKey = keyAt(first);
    if (last > first) {
      m.read(first);
      opAccesses += <f64>(1 - (last - first));
    }
    for (let sibling = first + 1; sibling <= last; sibling++) {
      const siblingKey = keyAt(sibling);
      m.read(sibling);
      comparisons += 1;
      if (siblingKey < childKey) {
        child = sibling;
        childKey = siblingKey;
      }
    }
    m.read(slot);
    m.read(child);
    comparisons += 1;
    if (key < childKey) break;
    m.write(slot);
    m.write(child);
    Sift.move(slot, child, childKey);
    slot = child;
  }
  return Sift.settle(slot, start, key, item);
}

function down<L, M>(l: L, m: M, slot: i32): i32 {
  return l.wide ? siftDownWide<L, M>(l, m, slot) : siftDown<L, M>(l, m, slot);
}

function insert<L, M>(l: L, m: M, item: i32, key: f64): void {
  if (count >= capacity) unreachable();
  const slot = layoutCode === STRICT ? STRICT_MAP.after(tail) : tail + 1;
  tail = slot;
  count++;
  opAccesses += 1;
  m.write(slot);
  put(slot, key, item);
  setHandle(item, slot);
  siftUp<L, M>(l, m, slot);
  opIndex++;
}

function shrink(): void {
  tail = layoutCode === STRICT ? STRICT_MAP.before(tail) : tail - 1;
  count--;
}

/** heap.ts's removeAt: the tail's item fills the hole, then sifts up and down. */
function removeAt<L, M>(l: L, m: M, slot: i32): void {
  const item = itemAt(slot);
  const last = tail;
  m.read(slot);
  setHandle(item, 0);
  if (slot === last) {
    m.write(slot);
    shrink();
    return;
  }
  m.read(last);
  m.write(slot);
  const movedItem = itemAt(last);
  put(slot, keyAt(last), movedItem);
  m.write(last);
  shrink();
  setHandle(movedItem, slot);
  down<L, M>(l, m, siftUp<L, M>(l, m, slot));
}

function remove<L, M>(l: L, m: M, slot: i32): void {
  if (tail < root || slot < root || slot > tail) unreachable();
  opAccesses += tail === slot ? 2 : 4;
  removeAt<L, M>(l, m, slot);
  opIndex++;
}

function reorder<L, M>(l: L, m: M, slot: i32, key: f64): void {
  if (slot < root || slot > tail) unreachable();
  store<f64>(keys + ((<usize>slot) << 3), key);
  down<L, M>(l, m, siftUp<L, M>(l, m, slot));
  opIndex++;
}

/**
 * Runs operations from..to-1 (opList.ts's codes: 0 insert, 1 popMin, 2 deleteItem, 3
 * reorderItem, 4 deleteSlot, 5 reorderSlot); when `counted`, writes each one's event count
 * (heapEvents.ts: its fixed events plus the growth of accesses, comparisons and swaps).
 */
function runOps<L, M>(l: L, m: M, from: i32, to: i32, counted: bool): void {
  for (let k = from; k < to; k++) {
    const kind = <i32>load<u8>(opKinds + <usize>k);
    const handle = load<i32>(opHandles + ((<usize>k) << 2));
    const before = 3 * (comparisons + swaps) + opAccesses;
    let fixed: i32 = 3; // insert and reorder: op-begin, op-end, place or rekey
    switch (kind) {
      case 0:
        insert<L, M>(l, m, handle, load<f64>(opKeys + ((<usize>k) << 3)));
        break;
      case 1:
        fixed = tail === root ? 4 : 5;
        remove<L, M>(l, m, root);
        break;
      case 2: {
        const slot = handleOf(handle);
        fixed = slot === tail ? 4 : 5;
        remove<L, M>(l, m, slot);
        break;
      }
      case 3:
        reorder<L, M>(l, m, handleOf(handle), load<f64>(opKeys + ((<usize>k) << 3)));
        break;
      case 4:
        fixed = handle === tail ? 4 : 5;
        remove<L, M>(l, m, handle);
        break;
      default:
        reorder<L, M>(l, m, handle, load<f64>(opKeys + ((<usize>k) << 3)));
        break;
    }
    if (counted) {
      const events = <f64>fixed + (3 * (comparisons + swaps) + opAccesses - before);
      store<u32>(opEvents + ((<usize>k) << 2), <u32>events);
      eventTotal += events;
    }
  }
}

function runWith<M>(m: M, from: i32, to: i32, counted: bool): void {
  switch (layoutCode) {
    case BINARY:
      runOps<Binary, M>(BINARY_MAP, m, from, to, counted);
      break;
    case BHEAP:
      runOps<BHeap, M>(BHEAP_MAP, m, from, to, counted);
      break;
    case STRICT:
      runOps<Strict, M>(STRICT_MAP, m, from, to, counted);
      break;
    case DARY4:
      runOps<Dary<u32>, M>(DARY4_MAP, m, from, to, counted);
      break;
    default:
      runOps<Dary<u64>, M>(DARY8_MAP, m, from, to, counted);
      break;
  }
}

/** Records operations from..to-1: references queued, event counts written. */
export function record(from: i32, to: i32): void {
  runWith<Queued>(QUEUED, from, to, true);
}

/** Runs operations from..to-1 with no memory model (the heap and its counters move). */
export function runBare(from: i32, to: i32): void {
  runWith<Bare>(BARE, from, to, false);
}
