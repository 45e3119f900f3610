// The heaps over real memory: binary, B-heap and aligned 4-/8-ary, uninstrumented, in
// AssemblyScript compiled to WebAssembly by `npm run kernel` (scripts/kernel.ts). Nothing here
// models memory: the caches, the TLB and the page tables of the machine running it do.
//
// The index maps are structures/heap/assembly/indexMaps.ts's (Varnish's vbh.c: they are the only
// difference between the layouts) and the decisions are heap.ts's (the second child only if
// strictly smaller, stop only if the parent is strictly smaller, delete and reorder sift up then
// down), so for the same keys it pops the same items after the same comparisons:
// tests/core/measure/kernel/heapKernel.test.ts checks it against the instrumented core.
//
// Two item forms, each slot 8 bytes (a 4 KB page holds 512, as in the article):
// - key: the slot holds the key (low word) and the item's id (high word), a textbook array heap;
//   the expiry workload keeps a handle table (slot of each id) for delete and reorder.
// - ref: the slot holds a reference to an object elsewhere that holds the key, the item's slot
//   and its id, as Varnish's heap holds pointers to its objects: every comparison reads an
//   object, and every move writes the moved object's slot (vbh.c's update callback). Objects
//   are 32 bytes, reused last-freed-first (as a thread cache of malloc would).
//
// Each variant is a generic instantiation (layout × form × traced), so the measured code has no
// branch on any of them in its loops. The traced variant also counts comparisons and reports
// every line it touches (the heap's slots, objects and handle table) to the host in batches:
// that is the prediction's trace (src/core/measure/missCurves.ts); the measured variant reports
// nothing and counts nothing but operations and a hash of the popped ids.

import { growMemoryTo } from '../../../memory/kernel/assembly/growMemory';
import { BHeap, Binary, Dary, setPageSlots } from '../../../structures/heap/assembly/indexMaps';

// ---- the host's trace sink --------------------------------------------------------------------

/**
 * Receives the first `count` trace entries at traceQueue(): (line << 1) | write. Imported as
 * heapKernel.flushTrace (AssemblyScript names a declared function's module after its file).
 */
declare function flushTrace(count: i32): void;

const TRACE_SIZE: i32 = 4096;

// ---- memory -------------------------------------------------------------------------------------

// The random(3) table and the trace queue live below REGION; the heap's arrays from REGION on,
// slot 0 on a 2 MB boundary so every page size the B-heap takes (up to 2 MB) starts on one.
const RANDOM_TABLE: usize = 1 << 20;
const TRACE_QUEUE: usize = RANDOM_TABLE + 256;
const REGION: usize = 4 << 20;
const LINE: u64 = 64;
const OBJECT_BYTES: u64 = 32;
// Object fields (byte offsets): the key, the item's slot (vbh.c's update), its id, a free link.
const OBJ_KEY: usize = 0;
const OBJ_SLOT: usize = 4;
const OBJ_ID: usize = 8;
const OBJ_NEXT: usize = 12;

const PHK: i32 = 0;
const EXPIRY: i32 = 1;
const KEY_FORM: i32 = 0;
const REF_FORM: i32 = 1;

// ---- the configured run (init) ------------------------------------------------------------------

let layoutCode: i32 = 0; // 0 binary, 1 B-heap, 2 4-ary, 3 8-ary
let formCode: i32 = KEY_FORM;
let workloadCode: i32 = PHK;
let items: u32 = 0; // N

let slots: usize = 0; // slot s at slots + 8 s
let objects: usize = 0; // ref form: object k at objects + 32 k
let handles: usize = 0; // key form, expiry: slot of id i at handles + 4 i
let traceEnd: usize = 0; // the traced region is [slots, traceEnd)
let live: usize = 0; // expiry: live items (ids, or object addresses), in no order
let livePosition: usize = 0; // expiry: each item's place in `live`, or -1
let dueBits: usize = 0; // expiry: the due times in use, one bit each
let dueWords: u32 = 0;

// ---- the run's state ----------------------------------------------------------------------------

let tail: u32 = 0; // last used slot
let nextId: u32 = 0;
let bump: u32 = 0; // ref form: objects handed out so far
let freeHead: usize = 0; // ref form: last freed object (0: none)
let operations: i32 = 0;
let hash: u32 = 0; // FNV-1a over the removed items' ids, in order
let comparisonCount: f64 = 0; // traced runs only
let traceCount: i32 = 0;
let front: i32 = 3;
let rear: i32 = 0;

// ---- glibc random(3), as src/core/workloads/random.ts ------------------------------------------

function srandom(value: u32): void {
  let word: i32 = value === 0 ? 1 : <i32>value;
  store<i32>(RANDOM_TABLE, word);
  for (let i = 1; i < 31; i++) {
    // Schrage's method, with C's truncating division, as glibc.
    const hi = word / 127773;
    const lo = word % 127773;
    word = 16807 * lo - 2836 * hi;
    if (word < 0) word += 2147483647;
    store<i32>(RANDOM_TABLE + ((<usize>i) << 2), word);
  }
  front = 3;
  rear = 0;
  for (let i = 0; i < 310; i++) random();
}

function random(): u32 {
  const at = RANDOM_TABLE + ((<usize>front) << 2);
  const sum = load<i32>(at) + load<i32>(RANDOM_TABLE + ((<usize>rear) << 2));
  store<i32>(at, sum);
  if (++front >= 31) front = 0;
  if (++rear >= 31) rear = 0;
  return <u32>sum >>> 1;
}

// ---- tracing: a marker type per variant, folded away at compile time ---------------------------

/** The measured variant: reports nothing, counts nothing. */
@final
class Measured {
  @inline touch(_address: usize, _write: u32): void {}
  @inline compared(): void {}
}

/** The traced variant: reports each line it touches (in batches) and counts the comparisons. */
@final
class Traced {
  @inline touch(address: usize, write: u32): void {
    const line = <u32>(<u64>(address - slots) / LINE);
    store<u32>(TRACE_QUEUE + ((<usize>traceCount) << 2), (line << 1) | write);
    if (++traceCount === TRACE_SIZE) {
      flushTrace(TRACE_SIZE);
      traceCount = 0;
    }
  }
  @inline compared(): void {
    comparisonCount += 1;
  }
}
const MEASURED = new Measured();
const TRACED = new Traced();

// ---- the index maps: structures/heap/assembly/indexMaps.ts, one marker type each ----------------

function slotAt(slot: u32): usize {
  return slots + ((<usize>slot) << 3);
}

const BINARY = new Binary();
const BHEAP = new BHeap();
const DARY4 = new Dary<u32>(); // the aligned 4-heap: root at slot 3, children 4(s - 2) .. 4(s - 2) + 3
const DARY8 = new Dary<u64>(); // the aligned 8-heap: root at slot 7, children 8(s - 6) .. 8(s - 6) + 7

// ---- the item forms: what a slot word is, how its key is read, what a move writes ---------------

/** Keys in the slots: word = id << 32 | key. */
class KeyWords {
  @inline keyOf<T>(_t: T, word: u64): u32 {
    return <u32>word;
  }
  @inline idOf<T>(_t: T, word: u64): u32 {
    return <u32>(word >>> 32);
  }
}

/** Keys in the slots, no handle table (the article's workload needs none). */
@final
class Keys extends KeyWords {
  @inline moved<T>(_t: T, _word: u64, _slot: u32): void {}
}

/** Keys in the slots, and the handle table the expiry workload deletes and reorders through. */
@final
class KeysWithHandles extends KeyWords {
  @inline moved<T>(t: T, word: u64, slot: u32): void {
    const at = handles + ((<usize>(word >>> 32)) << 2);
    store<u32>(at, slot);
    t.touch(at, 1);
  }
}

/** References to objects (word = the object's address): each key read touches an object. */
@final
class Refs {
  @inline keyOf<T>(t: T, word: u64): u32 {
    const object = <usize>word;
    t.touch(object, 0);
    return load<u32>(object, OBJ_KEY);
  }
  @inline idOf<T>(t: T, word: u64): u32 {
    const object = <usize>word;
    t.touch(object, 0);
    return load<u32>(object, OBJ_ID);
  }
  @inline moved<T>(t: T, word: u64, slot: u32): void {
    const object = <usize>word;
    store<u32>(object, slot, OBJ_SLOT);
    t.touch(object, 1);
  }
}

const KEYS = new Keys();
const KEYS_WITH_HANDLES = new KeysWithHandles();
const REFS = new Refs();

// ---- the heap (heap.ts's decisions; the moving item stays in locals, written once) --------------

function readSlot<T>(t: T, slot: u32): u64 {
  const at = slotAt(slot);
  t.touch(at, 0);
  return load<u64>(at);
}

function writeSlot<F, T>(f: F, t: T, slot: u32, word: u64): void {
  const at = slotAt(slot);
  store<u64>(at, word);
  t.touch(at, 1);
  f.moved<T>(t, word, slot);
}

/** Moves `word` (key `key`) up from `slot` while strictly smaller than its parent; returns where it stops. */
function siftUp<L, F, T>(l: L, f: F, t: T, slot: u32, word: u64, key: u32): u32 {
  const root = l.root;
  while (slot > root) {
    const parent = l.parent(slot);
    const parentWord = readSlot<T>(t, parent);
    const parentKey = f.keyOf<T>(t, parentWord);
    t.compared();
    if (!(key < parentKey)) break;
    writeSlot<F, T>(f, t, slot, parentWord);
    slot = parent;
  }
  writeSlot<F, T>(f, t, slot, word);
  return slot;
}

/** Moves `word` down from `slot`: the smaller child (the second only if strictly smaller), until the item is strictly smaller. */
function siftDown<L, F, T>(l: L, f: F, t: T, slot: u32, word: u64, key: u32): u32 {
  const last = <u64>tail;
  for (;;) {
    const first = l.firstChild(slot);
    if (first > last) break;
    let child = <u32>first;
    let childWord = readSlot<T>(t, child);
    let childKey = f.keyOf<T>(t, childWord);
    if (l.wide) {
      // Up to d children: each later one wins only if strictly smaller (heap.ts siftDownWide).
      const end = <u32>min(l.lastChild(slot), last);
      for (let sibling = child + 1; sibling <= end; sibling++) {
        const siblingWord = readSlot<T>(t, sibling);
        const siblingKey = f.keyOf<T>(t, siblingWord);
        t.compared();
        if (siblingKey < childKey) {
          child = sibling;
          childWord = siblingWord;
          childKey = siblingKey;
        }
      }
    } else {
      const second = l.secondChild(slot);
      // A B-heap page's entry pair has one child (first === second), as does the tail.
      if (second !== first && second <= last) {
        const secondWord = readSlot<T>(t, <u32>second);
        const secondKey = f.keyOf<T>(t, secondWord);
        t.compared();
        if (secondKey < childKey) {
          child = <u32>second;
          childWord = secondWord;
          childKey = secondKey;
        }
      }
    }
    t.compared();
    if (key < childKey) break;
    writeSlot<F, T>(f, t, slot, childWord);
    slot = child;
  }
  writeSlot<F, T>(f, t, slot, word);
  return slot;
}

function insertWord<L, F, T>(l: L, f: F, t: T, word: u64, key: u32): void {
  operations++;
  siftUp<L, F, T>(l, f, t, ++tail, word, key);
}

/**
 * Removes the item in `slot` (popMin at the root, vbh.c's binheap_delete elsewhere): the tail
 * item moves into the hole, sifts up, then down from where it stopped. Returns the removed word.
 */
function removeAt<L, F, T>(l: L, f: F, t: T, slot: u32): u64 {
  operations++;
  const removed = readSlot<T>(t, slot);
  const last = tail;
  const lastAt = slotAt(last);
  if (slot === last) {
    store<u64>(lastAt, 0);
    t.touch(lastAt, 1);
    tail--;
    return removed;
  }
  const moving = readSlot<T>(t, last);
  store<u64>(lastAt, 0);
  t.touch(lastAt, 1);
  tail--;
  const key = f.keyOf<T>(t, moving);
  const stop = siftUp<L, F, T>(l, f, t, slot, moving, key);
  siftDown<L, F, T>(l, f, t, stop, moving, key);
  return removed;
}

/** Gives the item in `slot` a new key (already stored in its object, or in `word`) and sifts it. */
function reorderAt<L, F, T>(l: L, f: F, t: T, slot: u32, word: u64, key: u32): void {
  operations++;
  const stop = siftUp<L, F, T>(l, f, t, slot, word, key);
  siftDown<L, F, T>(l, f, t, stop, word, key);
}

function noteRemoved(id: u32): void {
  hash = (hash ^ id) * 16777619;
}

// ---- ref form: the objects --------------------------------------------------------------------

function newObject<T>(t: T, key: u32): usize {
  let object = freeHead;
  if (object !== 0) {
    t.touch(object, 0);
    freeHead = <usize>load<u32>(object, OBJ_NEXT);
  } else {
    object = objects + <usize>(<u64>bump * OBJECT_BYTES);
    bump++;
  }
  store<u32>(object, key, OBJ_KEY);
  store<u32>(object, nextId, OBJ_ID);
  t.touch(object, 1);
  return object;
}

function freeObject<T>(t: T, object: usize): void {
  store<u32>(object, <u32>freeHead, OBJ_NEXT);
  t.touch(object, 1);
  freeHead = object;
}

// ---- the article's workload (workloads.ts runPhk) ------------------------------------------------

function insertKey<L, T>(l: L, t: T, key: u32): void {
  insertWord<L, Keys, T>(l, KEYS, t, ((<u64>nextId) << 32) | key, key);
  nextId++;
}

function insertRef<L, T>(l: L, t: T, key: u32): void {
  const object = newObject<T>(t, key);
  insertWord<L, Refs, T>(l, REFS, t, <u64>object, key);
  nextId++;
}

function popKey<L, T>(l: L, t: T): void {
  noteRemoved(<u32>(removeAt<L, Keys, T>(l, KEYS, t, l.root) >>> 32));
}

function popRef<L, T>(l: L, t: T): void {
  const word = removeAt<L, Refs, T>(l, REFS, t, l.root);
  noteRemoved(REFS.idOf<T>(t, word));
  freeObject<T>(t, <usize>word);
}

/** N inserts of random(3) keys, N times popMin then insert, N popMins: 4N operations. */
function runPhk<L, T>(l: L, t: T): void {
  const n = items;
  if (formCode === KEY_FORM) {
    for (let i: u32 = 0; i < n; i++) insertKey<L, T>(l, t, random());
    for (let i: u32 = 0; i < n; i++) {
      popKey<L, T>(l, t);
      insertKey<L, T>(l, t, random());
    }
    for (let i: u32 = 0; i < n; i++) popKey<L, T>(l, t);
  } else {
    for (let i: u32 = 0; i < n; i++) insertRef<L, T>(l, t, random());
    for (let i: u32 = 0; i < n; i++) {
      popRef<L, T>(l, t);
      insertRef<L, T>(l, t, random());
    }
    for (let i: u32 = 0; i < n; i++) popRef<L, T>(l, t);
  }
}

// ---- the expiry workload (workloads.ts runExpiry) -----------------------------------------------
// The workload's own bookkeeping (the live set, the due times in use) is not traced: it is
// the cache's, not the heap's.

function dueTaken(due: u32): bool {
  const word = due >>> 5;
  return word < dueWords && (load<u32>(dueBits + ((<usize>word) << 2)) & (1 << (due & 31))) !== 0;
}

function setDue(due: u32, taken: bool): void {
  const word = due >>> 5;
  // Due times stay under 7N (workloads.ts DueBitmap); the bitmap holds 8N + 128.
  if (word >= dueWords) unreachable();
  const at = dueBits + ((<usize>word) << 2);
  const bit: u32 = 1 << (due & 31);
  store<u32>(at, taken ? load<u32>(at) | bit : load<u32>(at) & ~bit);
}

function freeDue(due: u32): u32 {
  while (dueTaken(due)) due++;
  setDue(due, true);
  return due;
}

let liveCount: u32 = 0;

/** An item's index in livePosition: its id (key form) or its object's number (ref form). */
function liveIndex(item: u32): usize {
  return formCode === KEY_FORM ? <usize>item : <usize>(<u64>(item - <u32>objects) / OBJECT_BYTES);
}

function liveAdd(item: u32): void {
  store<u32>(live + ((<usize>liveCount) << 2), item);
  store<i32>(livePosition + (liveIndex(item) << 2), liveCount);
  liveCount++;
}

/** workloads.ts's handle callback when an item leaves the heap: out of the live set, its due time freed. */
function liveRemove(item: u32, due: u32): void {
  const at = livePosition + (liveIndex(item) << 2);
  const position = load<i32>(at);
  if (position >= 0) {
    const lastItem = load<u32>(live + ((<usize>--liveCount) << 2));
    store<u32>(live + ((<usize>position) << 2), lastItem);
    store<i32>(livePosition + (liveIndex(lastItem) << 2), position);
    store<i32>(at, -1);
    setDue(due, false);
  }
}

function runExpiry<L, T>(l: L, t: T): void {
  const n = items;
  const ttlSpan: u32 = 4 * n; // max(2N, min(keyRange, 4N)) for random(3)'s full range
  let now: u32 = 0;
  liveCount = 0;
  const keys = formCode === KEY_FORM;
  for (let i: u32 = 0; i < n; i++) expiryInsert<L, T>(l, t, now, ttlSpan, keys);
  for (let tick: u32 = 0; tick < n; tick++) {
    now++;
    const action = random() & 3;
    if (action <= 1 || liveCount === 0) expiryInsert<L, T>(l, t, now, ttlSpan, keys);
    else {
      const item = load<u32>(live + ((<usize>(random() % liveCount)) << 2));
      if (keys) {
        const slot = load<u32>(handles + ((<usize>item) << 2));
        t.touch(handles + ((<usize>item) << 2), 0);
        if (action === 2) {
          const old = KEYS_WITH_HANDLES.keyOf<T>(t, readSlot<T>(t, slot));
          setDue(old, false);
          const due = freeDue(now + 1 + (random() % ttlSpan));
          reorderAt<L, KeysWithHandles, T>(
            l,
            KEYS_WITH_HANDLES,
            t,
            slot,
            ((<u64>item) << 32) | due,
            due,
          );
        } else {
          const word = removeAt<L, KeysWithHandles, T>(l, KEYS_WITH_HANDLES, t, slot);
          noteRemoved(item);
          liveRemove(item, <u32>word);
        }
      } else {
        const object = <usize>item;
        t.touch(object, 0);
        const slot = load<u32>(object, OBJ_SLOT);
        if (action === 2) {
          setDue(load<u32>(object, OBJ_KEY), false);
          const due = freeDue(now + 1 + (random() % ttlSpan));
          store<u32>(object, due, OBJ_KEY);
          t.touch(object, 1);
          reorderAt<L, Refs, T>(l, REFS, t, slot, <u64>object, due);
        } else {
          removeAt<L, Refs, T>(l, REFS, t, slot);
          noteRemoved(load<u32>(object, OBJ_ID));
          liveRemove(item, load<u32>(object, OBJ_KEY));
          freeObject<T>(t, object);
        }
      }
    }
    while (tail >= l.root && rootKey<T>(l.root, t, keys) <= now) expiryPop<L, T>(l, t, keys);
  }
  while (tail >= l.root) expiryPop<L, T>(l, t, keys);
}

function rootKey<T>(root: u32, t: T, keys: bool): u32 {
  const word = readSlot<T>(t, root);
  return keys ? <u32>word : REFS.keyOf<T>(t, word);
}

function expiryInsert<L, T>(l: L, t: T, now: u32, ttlSpan: u32, keys: bool): void {
  const due = freeDue(now + 1 + (random() % ttlSpan));
  if (keys) {
    const id = nextId++;
    liveAdd(id);
    insertWord<L, KeysWithHandles, T>(l, KEYS_WITH_HANDLES, t, ((<u64>id) << 32) | due, due);
  } else {
    const object = newObject<T>(t, due);
    nextId++;
    liveAdd(<u32>object);
    insertWord<L, Refs, T>(l, REFS, t, <u64>object, due);
  }
}

function expiryPop<L, T>(l: L, t: T, keys: bool): void {
  if (keys) {
    const word = removeAt<L, KeysWithHandles, T>(l, KEYS_WITH_HANDLES, t, l.root);
    const id = <u32>(word >>> 32);
    noteRemoved(id);
    liveRemove(id, <u32>word);
  } else {
    const word = removeAt<L, Refs, T>(l, REFS, t, l.root);
    const object = <usize>word;
    noteRemoved(REFS.idOf<T>(t, word));
    liveRemove(<u32>object, load<u32>(object, OBJ_KEY));
    freeObject<T>(t, object);
  }
}

// ---- dispatch -----------------------------------------------------------------------------------

function runLayout<L, T>(l: L, t: T): void {
  tail = l.root - 1;
  if (workloadCode === PHK) runPhk<L, T>(l, t);
  else runExpiry<L, T>(l, t);
}

function runVariant<T>(t: T): void {
  switch (layoutCode) {
    case 0:
      runLayout<Binary, T>(BINARY, t);
      break;
    case 1:
      runLayout<BHeap, T>(BHEAP, t);
      break;
    case 2:
      runLayout<Dary<u32>, T>(DARY4, t);
      break;
    default:
      runLayout<Dary<u64>, T>(DARY8, t);
  }
}

// ---- exports ------------------------------------------------------------------------------------

/** Bytes from `at` rounded up to a multiple of `to` (a power of two). */
function align(at: u64, to: u64): u64 {
  return (at + to - 1) & ~(to - 1);
}

/**
 * Lays out a run: `layout` (0 binary, 1 B-heap of 2^pageLog2 slots per page, 2 4-ary, 3 8-ary),
 * `form` (0 keys, 1 references), `workload` (0 the article's, 1 expiry), N `n`. Grows the memory
 * and clears it (which also makes the system map every page now, not during a timed run).
 * Returns the bytes the run uses, or -1 if they pass 4 GiB or the memory cannot grow.
 */
export function init(layout: i32, pageLog2: i32, form: i32, workload: i32, n: u32): f64 {
  layoutCode = layout;
  formCode = form;
  workloadCode = workload;
  items = n;
  setPageSlots(<u32>pageLog2);
  // Expiry holds up to 2N items (N filled, at most one more per tick) and hands out 2N ids.
  const capacity: u64 = workload === PHK ? <u64>n : 2 * <u64>n;
  const ids: u64 = workload === PHK ? <u64>n * 2 : 2 * <u64>n;
  let at: u64 = <u64>REGION;
  const slotsAt = at;
  at = align(at + 8 * (capacity + 8), LINE);
  const objectsAt = at;
  if (form === REF_FORM) at = align(at + OBJECT_BYTES * capacity, LINE);
  const handlesAt = at;
  if (form === KEY_FORM && workload === EXPIRY) at = align(at + 4 * ids, LINE);
  const traceEndAt = at;
  const liveAt = at;
  const positions: u64 = form === KEY_FORM ? ids : capacity;
  const bitWords: u64 = (8 * <u64>n + 128 + 31) / 32;
  if (workload === EXPIRY) at = align(at + 4 * capacity + 4 * positions + 4 * bitWords, LINE);
  const end = at;
  if (end > 0xffff0000 || !growMemoryTo(<usize>end)) return -1;
  slots = <usize>slotsAt;
  objects = <usize>objectsAt;
  handles = <usize>handlesAt;
  traceEnd = <usize>traceEndAt;
  live = <usize>liveAt;
  livePosition = live + <usize>(4 * capacity);
  dueBits = livePosition + <usize>(4 * positions);
  dueWords = <u32>bitWords;
  memory.fill(slots, 0, <usize>(end - slotsAt));
  if (workload === EXPIRY) memory.fill(livePosition, 0xff, <usize>(4 * positions));
  return <f64>(end - slotsAt);
}

/**
 * Runs the configured workload once from the start with keys from srandom(`seedValue`) (fresh
 * ids and objects), the measured variant or (`traced` !== 0) the traced one. Returns the
 * operations it made.
 */
export function run(traced: i32, seedValue: u32): i32 {
  srandom(seedValue);
  nextId = 0;
  bump = 0;
  freeHead = 0;
  operations = 0;
  hash = 2166136261;
  comparisonCount = 0;
  traceCount = 0;
  if (traced !== 0) runVariant<Traced>(TRACED);
  else runVariant<Measured>(MEASURED);
  if (traced !== 0 && traceCount > 0) flushTrace(traceCount);
  traceCount = 0;
  return operations;
}

/** FNV-1a over the ids of the removed items, in order (the last run's). */
export function removedHash(): u32 {
  return hash;
}

/** Key comparisons of the last traced run. */
export function comparisons(): f64 {
  return comparisonCount;
}

/** Bytes of the traced region (slots, objects, handle table): its lines are numbered from 0. */
export function tracedBytes(): f64 {
  return <f64>(traceEnd - slots);
}

/** Where the trace entries are when flush is called. */
export function traceQueue(): usize {
  return TRACE_QUEUE;
}

/** Entries the trace queue holds. */
export function traceQueueLength(): i32 {
  return TRACE_SIZE;
}
