// The accounting half of the one-pass curves (stackDistances.ts), in AssemblyScript, compiled to
// WebAssembly by `npm run kernel` (scripts/kernel.ts). stackDistances.ts queues the heap's page
// references; this turns each queued batch into LRU stack distances and difference arrays.
//
// Why WebAssembly: the same loop in TypeScript replayed the article's 1M-item binary heap (67M
// queued references) in 1.15 s, this one in 0.80 s, with the same curves. Our reading (not
// measured apart): the loop is nothing but loads and stores into a few arrays at data-dependent
// places; V8 checks each typed-array access against its length, linear memory needs no check.
// Ranks then took a third of it (0.26 s); summing their counts 16 at a time with SIMD instead
// of in loops brought the whole replay to 0.62 s (see countFrom).
//
// The ideas are explained in stackDistances.ts (the stack algorithm, dirtyFrom, the two-level stack);
// this file says only how they sit in memory. Every array lives in this instance's linear
// memory, laid out by init(); pointers are byte offsets (usize), indexes are in the named space.

import { growMemoryTo } from './growMemory';

// Queue length: 16 KiB, so the queue stays in the L1 cache while the heap runs.
const QUEUE_SIZE: i32 = 4096;
// stamp[page] of a page in the top array (0: never referenced; above 0: in the lower stack).
const IN_TOP: i32 = -1;
// Queue entry kinds (the low two bits); stackDistances.ts writes them.
const WRITE: i32 = 1;
const BOUNCE: i32 = 2;
// Stamp space as a multiple of the pages: larger means rarer compactions, a deeper tree.
const STAMP_FACTOR: i32 = 4;

let pageCount: i32 = 0;
let never: i32 = 0; // a dirtyFrom that no distance reaches: never written
let topSize: i32 = 0;
let topMask: i32 = 0;
let stampLimit: i32 = 0;
let treeLevels: i32 = 0; // above 1 (over 2,048 pages): the tree has levels above the groups

// Arrays (byte offsets). Per page: dirtyFrom, stamp. Per stamp: the bitmap, the page
// (scratch for compact() and finish()). Per word of the bitmap: its count. tree: counts per
// group of 16 words, then per 16 groups, and so on; treeStarts: where each level begins. Per
// frame count (index F): the difference arrays, which finish() turns into the curves.
let queue: usize = 0;
let dirtyFrom: usize = 0;
let top: usize = 0;
let stamps: usize = 0;
let pageAtStamp: usize = 0;
let bits: usize = 0;
let wordCounts: usize = 0;
let tree: usize = 0;
let treeStarts: usize = 0;
let pageInDiff: usize = 0;
let writeBackDiff: usize = 0;
// Per page: the recency order that exportOrder() writes (a checkpoint of the page's replay).
let orderArea: usize = 0;
// The first byte after init()'s layout: a module that includes this one lays its own out there.
let endOfLayout: usize = 0;

// The top pages, most recent first, in a ring: depth d is at (topHead + d - 1) & topMask, so
// a page from below enters at the front and pushes the last one out in O(1).
let topHead: i32 = 0;
let topCount: i32 = 0;
let nextStamp: i32 = 1; // the next page to fall into the lower stack gets this stamp
// top[0] and top[1], kept apart too for the fast paths (distance 1 and 2).
let mostRecent: i32 = -1;
let secondRecent: i32 = -1;
// Distance-2 references, and those of them that wrote back for F = 1: added in at the end.
let distanceTwo: f64 = 0;
let distanceTwoDirty: f64 = 0;
let zeroFillCount: f64 = 0;

function get(array: usize, index: i32): i32 {
  return load<i32>(array + ((<usize>index) << 2));
}
function set(array: usize, index: i32, value: i32): void {
  store<i32>(array + ((<usize>index) << 2), value);
}
function addTo(array: usize, index: i32, value: f64): void {
  const at = array + ((<usize>index) << 3);
  store<f64>(at, load<f64>(at) + value);
}

/**
 * Lays out the arrays for `pages` pages and a top array of `size` pages; returns the queue.
 * Called once, on a fresh instance (stackDistances.ts makes one per counter): its memory and state
 * start at zero, so only what starts elsewhere is set.
 */
export function init(pages: i32, size: i32): usize {
  pageCount = pages;
  never = pages + 1;
  topSize = size;
  let ring = 2;
  while (ring < size) ring *= 2;
  topMask = ring - 1;
  // At least twice the pages, so a compaction (O(limit)) comes at most once per `pages` stamps.
  let limit = 1024;
  while (limit < STAMP_FACTOR * pages) limit *= 2;
  stampLimit = limit;
  const words = limit >>> 5;
  // The tree: groups of 16 words, then blocks of 16 below until a level has at most 16 nodes.
  let levels = 1;
  let nodes = words >>> 4;
  let treeSize = nodes;
  while (nodes > 16) {
    nodes >>>= 4;
    treeSize += nodes;
    levels++;
  }
  treeLevels = levels;

  let at: usize = (__heap_base + 15) & ~15;
  queue = at;
  at += (<usize>QUEUE_SIZE) << 2;
  dirtyFrom = at;
  at += (<usize>pages) << 2;
  top = at;
  at += (<usize>ring) << 2;
  stamps = at;
  at += (<usize>pages) << 2;
  pageAtStamp = at;
  at += (<usize>limit) << 2;
  bits = at;
  at += (<usize>words) << 2;
  // The counts are read 16 at a time (maskedCounts): aligned to 16 bytes, and with 64 bytes of
  // memory after any block of 16, since a short top level is read whole and masked.
  at = (at + 15) & ~15;
  wordCounts = at;
  at += (<usize>words) << 2;
  at = (at + 15) & ~15;
  tree = at;
  at += (<usize>treeSize) << 2;
  treeStarts = at;
  at += (<usize>levels) << 2;
  at = (at + 7) & ~7;
  pageInDiff = at;
  at += (<usize>(pages + 2)) << 3;
  writeBackDiff = at;
  at += (<usize>(pages + 2)) << 3;
  orderArea = at;
  at += (<usize>pages) << 2;
  at += 64; // room for a masked read past the end
  endOfLayout = (at + 15) & ~15;

  if (!growMemoryTo(at)) unreachable();
  for (let page = 0; page < pages; page++) set(dirtyFrom, page, never);
  let start = 0;
  nodes = words >>> 4;
  for (let level = 0; level < levels; level++) {
    set(treeStarts, level, start);
    start += nodes;
    nodes >>>= 4;
  }
  return queue;
}

/** Adds `delta` to the counts over `word` at the tree's levels above the groups. */
function adjustUpper(word: i32, delta: i32): void {
  let index = word >>> 4;
  for (let level = 1; level < treeLevels; level++) {
    index >>>= 4;
    const at = get(treeStarts, level) + index;
    set(tree, at, get(tree, at) + delta);
  }
}

// Lane numbers of the four vectors that cover 16 consecutive counts.
const LANES_0 = i32x4(0, 1, 2, 3);
const LANES_1 = i32x4(4, 5, 6, 7);
const LANES_2 = i32x4(8, 9, 10, 11);
const LANES_3 = i32x4(12, 13, 14, 15);

/**
 * The 16 counts from `at` whose lane (0..15) is after `after` and at most `upTo`, summed per
 * column of four: a mask by comparison instead of a loop, so no branch depends on where the
 * stamp is (the loops it replaced ran 0 to 8 times, and their exits were mispredicted).
 */
function maskedCounts(at: usize, after: i32, upTo: i32): v128 {
  const low = i32x4.splat(after);
  const high = i32x4.splat(upTo);
  let sum = v128.and(v128.load(at), lanesIn(LANES_0, low, high));
  sum = i32x4.add(sum, v128.and(v128.load(at, 16), lanesIn(LANES_1, low, high)));
  sum = i32x4.add(sum, v128.and(v128.load(at, 32), lanesIn(LANES_2, low, high)));
  return i32x4.add(sum, v128.and(v128.load(at, 48), lanesIn(LANES_3, low, high)));
}

/** All ones in the lanes whose number is after `low` and at most `high`, else zeros. */
function lanesIn(lanes: v128, low: v128, high: v128): v128 {
  return v128.and(i32x4.gt_s(lanes, low), i32x4.le_s(lanes, high));
}

/**
 * Live stamps >= `stamp`, up to `newest`: those in its 32-bit word at or above its bit, then
 * the later words of its group of 16, then at each level of the tree the later nodes of its
 * block of 16, and at the top level the nodes after its own up to the one holding `newest`.
 * The article's 1,954 pages need only the groups (at most 16), so a rank is one popcount and
 * two masked sums of 16. In loops, counting from the nearer end of each block (at most 8 adds),
 * it took three times as long: 0.26 s against 0.075 s for the 1M-item binary heap's 14.9M ranks
 * (the replay with a made-up rank in place of countFrom, subtracted from the real one).
 */
function countFrom(stamp: i32, newest: i32): i32 {
  const word = stamp >>> 5;
  const count = popcnt<i32>(get(bits, word) >>> (stamp & 31));
  let sum = maskedCounts(wordCounts + ((<usize>(word & ~15)) << 2), word & 15, 15);
  let index = stamp >>> 9; // the group: the node at level 0
  const topLevel = treeLevels - 1;
  for (let level = 0; level < topLevel; level++) {
    const block = get(treeStarts, level) + (index & ~15);
    sum = i32x4.add(sum, maskedCounts(tree + ((<usize>block) << 2), index & 15, 15));
    index >>>= 4;
  }
  const last = newest >>> (9 + 4 * topLevel);
  sum = i32x4.add(sum, maskedCounts(tree + ((<usize>get(treeStarts, topLevel)) << 2), index, last));
  sum = i32x4.add(sum, i32x4.shuffle(sum, sum, 2, 3, 0, 1));
  sum = i32x4.add(sum, i32x4.shuffle(sum, sum, 1, 0, 3, 2));
  return count + i32x4.extract_lane(sum, 0);
}

/**
 * The page of each live stamp, rebuilt from the pages' stamps when compact() or finish() needs
 * it, so the accounting loop never touches it (stale places are never read: only live stamps are
 * looked up). Kept up to date per reference, it cost two stores per lower-stack reference.
 */
function fillPageAtStamp(): void {
  for (let page = 0; page < pageCount; page++) {
    const stamp = get(stamps, page);
    if (stamp > 0) set(pageAtStamp, stamp, page);
  }
}

/**
 * Renumbers the live stamps 1..n, keeping their order, and rebuilds the counts. It visits the
 * set bits only, so it costs O(limit / 32 + pages).
 */
function compact(): void {
  fillPageAtStamp();
  const words = stampLimit >>> 5;
  let next = 1;
  for (let word = 0; word < words; word++) {
    let rest = get(bits, word);
    while (rest !== 0) {
      const lowest = rest & -rest;
      rest ^= lowest;
      const stamp = (word << 5) | ctz<i32>(lowest);
      set(stamps, get(pageAtStamp, stamp), next);
      next++;
    }
  }
  memory.fill(bits, 0, (<usize>words) << 2);
  memory.fill(wordCounts, 0, (<usize>words) << 2);
  memory.fill(tree, 0, treeStarts - tree);
  for (let stamp = 1; stamp < next; stamp++) {
    const word = stamp >>> 5;
    set(bits, word, get(bits, word) | (1 << (stamp & 31)));
    set(wordCounts, word, get(wordCounts, word) + 1);
    set(tree, word >>> 4, get(tree, word >>> 4) + 1);
    adjustUpper(word, 1);
  }
  nextStamp = next;
}

/**
 * Accounts the first `count` queued entries, in order, in one loop with the state in locals:
 * top[0] and top[1] are written only when a deeper reference needs the top array. Distance 1 is
 * no reference at all but a write; distance 2 is a fault for F = 1 only and a write-back for
 * F = 1 if the page was dirty there (dirtyFrom <= 1), so both are counts, added in at the end.
 */
export function consume(count: i32): void {
  const mask = topMask;
  let head = topHead;
  let next = nextStamp;
  let first = mostRecent;
  let second = secondRecent;
  let twos = 0; // distance-2 references in this batch
  let twosDirty = 0; // of them, write-backs for F = 1
  let faults = 0; // references at distance 3 or more: a fault for F = 1, added in at the end
  for (let i = 0; i < count; i++) {
    const entry = get(queue, i);
    const page = entry >>> 2;
    if ((entry & BOUNCE) === 0) {
      if (page === first) {
        if ((entry & WRITE) !== 0) set(dirtyFrom, page, 0);
        continue;
      }
      if (page === second) {
        second = first;
        first = page;
        const from = get(dirtyFrom, page);
        twos++;
        twosDirty += (from - 2) >>> 31;
        set(dirtyFrom, page, (entry & WRITE) !== 0 ? 0 : from > 2 ? from : 2);
        continue;
      }
    } else if (page === second) {
      // A bounce: read P (`page`), read C (the most recent page), then, if written, write P
      // and write C. Each reference is at distance 2 and the stack ends as it started. The
      // first visit to each page may write it back for F = 1; the second cannot (it was just
      // reloaded clean, or written).
      const child = first;
      const parentFrom = get(dirtyFrom, page);
      const childFrom = get(dirtyFrom, child);
      twosDirty += ((parentFrom - 2) >>> 31) + ((childFrom - 2) >>> 31);
      if ((entry & WRITE) !== 0) {
        twos += 4;
        set(dirtyFrom, page, 0);
        set(dirtyFrom, child, 0);
      } else {
        twos += 2;
        set(dirtyFrom, page, parentFrom > 2 ? parentFrom : 2);
        set(dirtyFrom, child, childFrom > 2 ? childFrom : 2);
      }
      continue;
    }

    // A page deeper than the two most recent: a plain reference, or a bounce's read of P.
    // top[head] and the next place hold the two most recent pages (kept in locals until now).
    set(top, head, first);
    set(top, (head + 1) & mask, second);
    let distance: i32; // 1-based depth before this reference; 0 for a first touch
    const code = get(stamps, page);
    if (code === IN_TOP) {
      // In the top array: scan for it, shifting the pages above it down one place. Depths 1
      // and 2 hold the two most recent pages, which it is not, so the scan starts at 3; it
      // looks at four places per round, since hits are spread over depths 3 to 16 (on the
      // 1M-item binary heap, accounting took 7% less time than one place per round from 2).
      let carried = second;
      set(top, (head + 1) & mask, first);
      let depth = 2;
      while (true) {
        const at = (head + depth) & mask;
        const here = get(top, at);
        set(top, at, carried);
        if (here === page) break;
        const at1 = (at + 1) & mask;
        const here1 = get(top, at1);
        set(top, at1, here);
        if (here1 === page) {
          depth += 1;
          break;
        }
        const at2 = (at + 2) & mask;
        const here2 = get(top, at2);
        set(top, at2, here1);
        if (here2 === page) {
          depth += 2;
          break;
        }
        const at3 = (at + 3) & mask;
        const here3 = get(top, at3);
        set(top, at3, here2);
        if (here3 === page) {
          depth += 3;
          break;
        }
        carried = here3;
        depth += 4;
      }
      set(top, head, page);
      distance = depth + 1;
    } else if (topCount < topSize) {
      // The top array is not full yet, so nothing is below it: a first touch.
      head = (head - 1) & mask;
      set(top, head, page);
      topCount++;
      set(stamps, page, IN_TOP);
      distance = 0;
    } else {
      // It enters the front of the ring, which pushes the last top page (in the place in
      // front of the old head) into the lower stack. A page there leaves it first, so the
      // newcomer is not counted above it.
      head = (head - 1) & mask;
      const last = get(top, (head + topSize) & mask);
      set(top, head, page);
      let rank = 0; // 1-based rank in the lower stack (1 = most recent); 0 if not there
      if (code > 0) {
        rank = countFrom(code, next - 1);
        const word = code >>> 5;
        set(bits, word, get(bits, word) & ~(1 << (code & 31)));
        set(wordCounts, word, get(wordCounts, word) - 1);
        set(tree, word >>> 4, get(tree, word >>> 4) - 1);
        if (treeLevels > 1) adjustUpper(word, -1);
      }
      set(stamps, page, IN_TOP);
      if (next >= stampLimit) {
        nextStamp = next;
        compact();
        next = nextStamp;
      }
      const stamp = next++;
      set(stamps, last, stamp);
      const word = stamp >>> 5;
      set(bits, word, get(bits, word) | (1 << (stamp & 31)));
      set(wordCounts, word, get(wordCounts, word) + 1);
      set(tree, word >>> 4, get(tree, word >>> 4) + 1);
      if (treeLevels > 1) adjustUpper(word, 1);
      distance = rank === 0 ? 0 : topSize + rank;
    }

    // The difference arrays. A bounce's first reference is a read.
    const write = (entry & (BOUNCE | WRITE)) === WRITE;
    const was = get(dirtyFrom, page);
    if (distance === 0) {
      zeroFillCount += 1;
      set(dirtyFrom, page, write ? 0 : never);
    } else {
      // Faults for every F < distance; write-backs for F in [dirtyFrom, distance - 1].
      faults++;
      addTo(pageInDiff, distance, -1);
      const from = was > 1 ? was : 1;
      if (from < distance) {
        addTo(writeBackDiff, from, 1);
        addTo(writeBackDiff, distance, -1);
      }
      set(dirtyFrom, page, write ? 0 : was > distance ? was : distance);
    }
    if ((entry & BOUNCE) === 0) {
      second = first;
      first = page;
      continue;
    }
    // The rest of a bounce whose P was deeper: C is at distance 2, then P and C again (each
    // just referenced, so at distance 2 with dirtyFrom >= 2: no write-back).
    const child = first;
    const childFrom = get(dirtyFrom, child);
    twosDirty += (childFrom - 2) >>> 31;
    if ((entry & WRITE) !== 0) {
      twos += 3;
      set(dirtyFrom, page, 0);
      set(dirtyFrom, child, 0);
    } else {
      twos++;
      set(dirtyFrom, child, childFrom > 2 ? childFrom : 2);
    }
    second = page;
    first = child;
  }
  set(top, head, first);
  set(top, (head + 1) & mask, second);
  topHead = head;
  nextStamp = next;
  mostRecent = first;
  secondRecent = second;
  addTo(pageInDiff, 1, <f64>faults);
  distanceTwo += <f64>twos;
  distanceTwoDirty += <f64>twosDirty;
}

/** The page sank to `depth` since its last reference: dirty evictions for F in [dirtyFrom, depth-1]. */
function closeInterval(page: i32, depth: i32): void {
  const was = get(dirtyFrom, page);
  const from = was > 1 ? was : 1;
  if (from < depth) {
    addTo(writeBackDiff, from, 1);
    addTo(writeBackDiff, depth, -1);
  }
}

/**
 * Closes the open intervals (pages still sinking at the end of the run) and turns the
 * difference arrays into the curves in place: index f - 1 then holds the value for f frames.
 */
export function finish(): void {
  for (let i = 0; i < topCount; i++) closeInterval(get(top, (topHead + i) & topMask), i + 1);
  fillPageAtStamp();
  let rank = 0;
  for (let stamp = stampLimit - 1; stamp >= 1; stamp--) {
    if (((get(bits, stamp >>> 5) >>> (stamp & 31)) & 1) === 0) continue;
    rank++;
    closeInterval(get(pageAtStamp, stamp), topSize + rank);
  }
  addTo(pageInDiff, 1, distanceTwo);
  addTo(pageInDiff, 2, -distanceTwo);
  addTo(writeBackDiff, 1, distanceTwoDirty);
  addTo(writeBackDiff, 2, -distanceTwoDirty);
  let pageIns: f64 = 0;
  let writeBacks: f64 = 0;
  for (let frames = 1; frames <= pageCount; frames++) {
    const at = (<usize>frames) << 3;
    pageIns += load<f64>(pageInDiff + at);
    writeBacks += load<f64>(writeBackDiff + at);
    store<f64>(pageInDiff + at - 8, pageIns);
    store<f64>(writeBackDiff + at - 8, writeBacks);
  }
}

/** Where finish() leaves the page-ins per frame count (index f - 1), as a byte offset. */
export function pageInCurve(): usize {
  return pageInDiff;
}

/** Where finish() leaves the write-backs per frame count (index f - 1), as a byte offset. */
export function writeBackCurve(): usize {
  return writeBackDiff;
}

/** Entries the queue holds (stackDistances.ts fills it in place). */
export function queueLength(): i32 {
  return QUEUE_SIZE;
}

/** First touches so far. */
export function zeroFills(): f64 {
  return zeroFillCount;
}

// ---- checkpoints ----------------------------------------------------------------------------
// The page's replay of a large run (replay/sideRecorder.ts) keeps the stack's state every few
// thousand operations, read out between batches by the functions below. None of them changes
// the accounting: the difference arrays are read as they are (finish() is what turns them into
// curves), and pageAtStamp is scratch.

/**
 * Writes the pages ever referenced to the order area, most recent first, and returns how many
 * there are: the top array from its head, then the lower stack from the newest stamp down.
 * Between batches top[head] and top[head + 1] hold the two most recent pages (consume() writes
 * its locals back), so the ring is whole here.
 */
export function exportOrder(): i32 {
  let count = 0;
  for (let i = 0; i < topCount; i++) set(orderArea, count++, get(top, (topHead + i) & topMask));
  fillPageAtStamp();
  for (let stamp = nextStamp - 1; stamp >= 1; stamp--) {
    if (((get(bits, stamp >>> 5) >>> (stamp & 31)) & 1) === 0) continue;
    set(orderArea, count++, get(pageAtStamp, stamp));
  }
  return count;
}

/** The first byte after the layout init() made (16-byte aligned; memory may not reach it yet). */
export function layoutEnd(): usize {
  return endOfLayout;
}

/** Where exportOrder() writes (pages i32). */
export function orderAt(): usize {
  return orderArea;
}

/** Per page: the largest distance since its last write (0 after a write; never(): not written). */
export function dirtyFromAt(): usize {
  return dirtyFrom;
}

/** The dirtyFrom of a page not written since its first touch. */
export function neverWritten(): i32 {
  return never;
}

/**
 * The page-in difference array before finish(): -1 at each distance of 3 or more per such
 * reference, and their number at index 1 (pages + 2 f64).
 */
export function pageInDifferences(): usize {
  return pageInDiff;
}

/** The closed intervals' write-backs as a difference array over F, before finish() (pages + 2 f64). */
export function writeBackDifferences(): usize {
  return writeBackDiff;
}

/** References at distance 2 so far (counted apart from the difference arrays). */
export function distanceTwoCount(): f64 {
  return distanceTwo;
}

/** Of those, the ones that wrote back with one frame. */
export function distanceTwoWriteBacks(): f64 {
  return distanceTwoDirty;
}
