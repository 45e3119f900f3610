// The sorted list's word accesses on the Asterisk review's benchmark (scaling.ts: N adds in item
// order, then N deletes by handle), counted in O(N log N) instead of walked in O(N^2): the list at
// N = 100,000 walks about 2.5 billion nodes, which took minutes in the page and the CLI.
//
// An add walks from the head past every key <= its own (ties leave in insertion order), so its
// cost is fixed by its rank among the keys already added: a Fenwick tree over the keys' ranks
// counts those ranks as the adds go. The per-add and per-delete constants below are the list's
// and the arena's own accesses (sortedList.ts, arena.ts, arenaQueue.ts); a property test
// (tests/core/experiments/listCount.test.ts) checks the count equals the walked list's exactly.

import { GlibcRandom } from '../workloads/random';
import { drawKey } from '../workloads/workloads';

/**
 * Accesses of one add besides the walk: the arena's alloc writes the key and item (2, a fresh
 * node: nothing was freed yet), the walk reads the head link (1), the splice reads the
 * successor's `prev` and writes four links (5).
 */
const ADD_FIXED = 2 + 1 + 5;
/** Each node passed: its key read, then its `next` link read. */
const ADD_PER_PASSED = 2;
/** The node the walk stops at (a larger key) has its key read, and is not passed. */
const ADD_STOP = 1;
/**
 * One delete by handle: the unlink reads `next` and `prev` and writes the neighbours' links (4),
 * then the release reads the item and the free writes the free-list link (2).
 */
const DELETE_FIXED = 4 + 2;

interface PhaseAccesses {
  /** Words read or written by the N adds, and by the N deletes. */
  add: number;
  remove: number;
}

/** The benchmark's keys, drawn exactly as scaling.ts draws them. */
function benchmarkKeys(items: number, seed: number, keyRange: number): Float64Array {
  const random = new GlibcRandom(seed);
  const keys = new Float64Array(items);
  for (let item = 0; item < items; item++) keys[item] = drawKey(random, keyRange);
  return keys;
}

/** Each key's rank among the distinct keys, 1-based (equal keys share a rank). */
function ranksOf(keys: Float64Array): Int32Array {
  const sorted = keys.slice().sort();
  const distinct: number[] = [];
  for (const key of sorted) if (distinct.at(-1) !== key) distinct.push(key);
  const ranks = new Int32Array(keys.length);
  keys.forEach((key, item) => {
    let low = 0;
    let high = distinct.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (distinct[mid] < key) low = mid + 1;
      else high = mid;
    }
    ranks[item] = low + 1;
  });
  return ranks;
}

/**
 * The sorted list's accesses for N adds of the benchmark's keys (seed, keyRange as scaling.ts
 * takes them) and then N deletes: what walking the list would count, without the walk.
 */
export function listPhaseAccesses(items: number, seed: number, keyRange: number): PhaseAccesses {
  const ranks = ranksOf(benchmarkKeys(items, seed, keyRange));
  // Fenwick tree over ranks: tree holds how many keys added so far have each rank.
  let size = 0;
  for (const rank of ranks) size = Math.max(size, rank);
  const tree = new Int32Array(size + 1);
  let add = 0;
  for (let item = 0; item < items; item++) {
    const rank = ranks[item];
    // Keys added before this one that are <= it: the nodes its walk passes.
    let passed = 0;
    for (let at = rank; at > 0; at -= at & -at) passed += tree[at];
    const stops = passed < item ? ADD_STOP : 0;
    add += ADD_FIXED + ADD_PER_PASSED * passed + stops;
    for (let at = rank; at <= size; at += at & -at) tree[at]++;
  }
  return { add, remove: DELETE_FIXED * items };
}
