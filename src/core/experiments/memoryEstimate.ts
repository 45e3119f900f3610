// Estimates the memory one layout's run, sweep or scaling point takes, and what policies other
// than LRU add (the stored trace, OPT's pass, the replays), for the budget (budget.ts).
//
// From the sizes of the arrays the code allocates, so a command line that cannot fit is refused
// before any work starts instead of growing until the machine kills it. Pure: no DOM, no Node
// APIs (the page uses it too).
//
// Each constant below is read off the code it models, named in its comment; tests/core/
// tests/core/experiments/memoryEstimate.test.ts checks the estimates against the real arrays' byteLength. The estimates are
// upper bounds: every array is counted at its full length even where a run touches less.

import type { Policy } from '../memory/pager';
import { DEFAULT_CHUNK_ENTRIES, entryBytes } from '../memory/referenceString';
import { HEAP_SLOT_BYTES, heapSlots } from '../structures/heap/heap';
import { type Layout, lastSlotOf } from '../structures/heap/indexMaps';
import { ARENA_NODE_BYTES } from '../structures/pointer/arena';
import {
  heapLayout,
  isHeapKind,
  type StructureKind,
  type StructureSpec,
  structurePages,
} from '../structures/registry';
import { expectedOperations, type Workload, workloadCapacity } from '../workloads/workloads';

// ---- the arrays each part of a run allocates ------------------------------------------------
// (besides the structure's own: heap.ts's HEAP_SLOT_BYTES and arena.ts's ARENA_NODE_BYTES)

/** workloads.ts runExpiry: slotOf, live, livePosition (Int32Array) and keyOf (Float64Array), each over 2N ids. */
const EXPIRY_ID_BYTES = 4 + 4 + 4 + 8;
/** runExpiry's takenDue: a bitmap of 7N + 64 bits, the due times in use (a byte per item covers it). */
const DUE_BITMAP_BYTES_PER_ITEM = 1;
/** workloads.ts runAsterisk: handleOf (Int32Array) over N items. */
const ASTERISK_ITEM_BYTES = 4;
/** scaling.ts runPhases: handles (Int32Array) and keys (Float64Array) over N items. */
const SCALING_ITEM_BYTES = 4 + 8;
/** lruPager.ts: newer, older, frameOf (Int32Array) and dirty, touched (Uint8Array) per page. */
const PAGER_PAGE_BYTES = 3 * 4 + 2;
/** lruPager.ts freeFrames: a JS array of small integers (8 bytes each), grown by push (x1.5). */
const FREE_FRAME_BYTES = 12;
/**
 * sweep.ts: the two curves (Float64Array per page), twice at once: finish() in stackDistances.ts copies
 * them out of the kernel's memory and sweepResultOf slices them to the pages touched.
 */
const CURVE_PAGE_BYTES = 2 * 2 * 8;
/** ring.ts: 16 batches of 4,096 Int32 entries, shared by a pipelined sweep's two threads. */
const RING_BYTES = 16 * 4096 * 4;

// The stack kernel's layout (kernel/assembly/stackKernel.ts, init), mirrored by kernelBytes.
/** QUEUE_SIZE: 4,096 Int32 queue entries. */
const KERNEL_QUEUE_ENTRIES = 4096;
/** STAMP_FACTOR: the stamp space is the first power of two from 1,024 up to 4 x the pages. */
const KERNEL_STAMP_FACTOR = 4;
const KERNEL_MIN_STAMPS = 1024;
/** stackDistances.ts DEFAULT_TOP = 16: the top ring is 16 entries. */
const KERNEL_TOP_RING = 16;
/** Static data before __heap_base (1,024 bytes measured; the whole module is about 4 KB). */
const KERNEL_STATIC_BYTES = 4096;
const WASM_PAGE_BYTES = 65_536;

/**
 * Bytes of one stack kernel's linear memory for `pages` pages: init's layout, line for line
 * (per page: dirtyFrom, stamp and the two difference arrays; per stamp: pageAtStamp and a bit;
 * per bitmap word a count, and the tree above), rounded up to whole WebAssembly pages.
 */
export function kernelBytes(pages: number): number {
  let limit = KERNEL_MIN_STAMPS;
  while (limit < KERNEL_STAMP_FACTOR * pages) limit *= 2;
  const words = limit / 32;
  let nodes = Math.floor(words / 16);
  let treeSize = nodes;
  let levels = 1;
  while (nodes > 16) {
    nodes = Math.floor(nodes / 16);
    treeSize += nodes;
    levels++;
  }
  const align = (at: number, to: number): number => Math.ceil(at / to) * to;
  let at = KERNEL_STATIC_BYTES;
  at += 4 * KERNEL_QUEUE_ENTRIES; // queue
  at += 4 * pages; // dirtyFrom
  at += 4 * KERNEL_TOP_RING; // top
  at += 4 * pages; // stamps
  at += 4 * limit; // pageAtStamp
  at += 4 * words; // bits
  at = align(at, 16) + 4 * words; // wordCounts
  at = align(at, 16) + 4 * treeSize + 4 * levels; // tree, treeStarts
  // pageInDiff, writeBackDiff, the order area (checkpoints), masked-read room
  at = align(at, 8) + 2 * 8 * (pages + 2) + 4 * pages + 64;
  return align(at, WASM_PAGE_BYTES);
}

/**
 * A pipelined sweep (the CLI's, when a core is free) also makes a counter in the heap's thread
 * that only hands its batches off: its kernel's init writes dirtyFrom (4 bytes a page) and the
 * rest of its memory is reserved but never touched, so it takes no RAM.
 */
function idleKernelBytes(pages: number): number {
  return 4 * pages + KERNEL_STATIC_BYTES + 4 * KERNEL_QUEUE_ENTRIES;
}

/** What each part of one layout's run takes, in bytes. */
interface MemoryParts {
  /** The heap's slots or the arena's nodes. */
  structure: number;
  /** The workload's own arrays (expiry's bookkeeping, asterisk's handles). */
  workload: number;
  /** run: the LRU pager's per-page arrays. */
  pager: number;
  /** sweep: the stack kernels' WebAssembly memory. */
  kernel: number;
  /** sweep: the result curves, and the pipeline's ring. */
  curves: number;
  /** --policy other than LRU: the stored reference string, OPT's stack and the replays' state. */
  trace: number;
}

interface MemoryEstimate {
  bytes: number;
  /** Pages the structure's address space spans (0 where no pages are modelled). */
  pages: number;
  parts: MemoryParts;
}

/** An estimate of the parts given, the others 0. */
function estimateOf(pages: number, given: Partial<MemoryParts>): MemoryEstimate {
  const parts: MemoryParts = {
    structure: 0,
    workload: 0,
    pager: 0,
    kernel: 0,
    curves: 0,
    trace: 0,
    ...given,
  };
  const bytes =
    parts.structure + parts.workload + parts.pager + parts.kernel + parts.curves + parts.trace;
  return { bytes, pages, parts };
}

/** The heap's or the arena's arrays for `capacity` items. */
export function structureBytes(spec: StructureSpec<StructureKind>, capacity: number): number {
  if (!isHeapKind(spec.kind)) return ARENA_NODE_BYTES * (capacity + 1);
  return HEAP_SLOT_BYTES * heapSlots(heapLayout(spec), capacity);
}

/** The workload's own typed arrays (runWorkload in workloads.ts). */
export function workloadArrayBytes(workload: Workload): number {
  switch (workload.kind) {
    case 'expiry':
      return (
        EXPIRY_ID_BYTES * 2 * workload.items + DUE_BITMAP_BYTES_PER_ITEM * (workload.items + 8)
      );
    case 'asterisk':
      return ASTERISK_ITEM_BYTES * workload.items;
    default:
      // phk draws its keys as it goes; a script's operations are already parsed (<= 100,000).
      return 0;
  }
}

/**
 * One layout's run of `workload`: its structure's and its workload's arrays, and the parts
 * `more` adds for the pages the structure spans.
 */
function layoutEstimate(
  spec: StructureSpec<StructureKind>,
  workload: Workload,
  more: (pages: number) => Partial<MemoryParts>,
): MemoryEstimate {
  const capacity = workloadCapacity(workload);
  const pages = structurePages(spec, capacity);
  return estimateOf(pages, {
    structure: structureBytes(spec, capacity),
    workload: workloadArrayBytes(workload),
    ...more(pages),
  });
}

/** One layout of `run`: the structure, the workload and the LRU pager with `frames` frames. */
export function estimateRunBytes(
  spec: StructureSpec<StructureKind>,
  workload: Workload,
  frames: number | null = null,
): MemoryEstimate {
  return layoutEstimate(spec, workload, (pages) => ({
    pager: PAGER_PAGE_BYTES * pages + FREE_FRAME_BYTES * Math.min(frames ?? pages, pages),
  }));
}

/** One layout of `sweep`: the structure, the workload, the kernels and the curves. */
export function estimateSweepBytes(
  spec: StructureSpec<StructureKind>,
  workload: Workload,
): MemoryEstimate {
  return layoutEstimate(spec, workload, (pages) => ({
    kernel: kernelBytes(pages) + idleKernelBytes(pages),
    curves: CURVE_PAGE_BYTES * pages + RING_BYTES,
  }));
}

/** One point of `scaling`: the structure and scaling.ts's keys and handles, no pages. */
export function estimateScalingBytes(
  spec: StructureSpec<StructureKind>,
  items: number,
): MemoryEstimate {
  return estimateOf(0, {
    structure: structureBytes(spec, items),
    workload: SCALING_ITEM_BYTES * items,
  });
}

// ---- policies other than LRU ---------------------------------------------------------------

/** optStack.ts, per page: stackPage, depthOf, dirtyFrom (Int32), stackKey (Float64), two difference arrays and two curves (Float64), and the copies optCurve slices. */
const OPT_PAGE_BYTES = 3 * 4 + 8 + 2 * 8 + 2 * 8 + 2 * 8;
/** nextUse.ts, per page: nextOf, firstAtOrAfter, seenIn, the chunk's page list (Int32). */
const NEXT_USE_PAGE_BYTES = 4 * 4;
/** nextUse.ts: an exit is a (page, next use) pair of Int32. */
const EXIT_BYTES = 8;
/** optPager.ts / policyReplay.ts, per page: frameOf (Int32), dirty and touched (Uint8). */
const DIRECT_PAGE_BYTES = 4 + 1 + 1;
/** Per frame: the page in it (Int32), a key (Float64), the heap place and slot (Int32), a bit. */
const DIRECT_FRAME_BYTES = 4 + 8 + 4 + 4 + 1;
/** Replays the CLI runs at once, at most (one per core of a large machine). */
const REPLAY_THREADS = 16;
/** Per frame count and policy: the frame count (8-byte JS number), page-ins and write-backs. */
const POINT_BYTES = 8 + 8 + 8;

/**
 * The levels of a full heap and how many of them a path from the root crosses into a new page,
 * read off the path from the slot of the last item (the deepest, in every layout here: a later
 * slot is never shallower).
 */
function heapPath(layout: Layout, capacity: number): { levels: number; crossings: number } {
  let slot = lastSlotOf(layout, capacity);
  let levels = 0;
  let crossings = 0;
  while (slot > layout.rootSlot) {
    const parent = layout.parent(slot);
    levels++;
    if (Math.floor(parent / layout.itemsPerPage) !== Math.floor(slot / layout.itemsPerPage))
      crossings++;
    slot = parent;
  }
  return { levels, crossings };
}

/**
 * A bound on a run's merged trace entries (referenceString.ts), from the access order of docs/model.md.
 * A heap's sift step that stays on its page adds no entry (its references are to the page of the
 * entry before) except at the first step; a step that crosses pages adds at most 5 (sift-down:
 * children, parent, child, parent, child) or 3 (sift-up: parent, slot, parent), counted as 4.
 * So an insert adds at most 2 + 4C entries, a popMin 5 + 5C (root, tail, root, tail, the first
 * step), a delete 6 + 9C and a reorder 2 + 9C, with C the page crossings of the deepest path.
 * For the article's binary heap (C = 11) that bounds its 125.4M entries by 212M; for the B-heap
 * (C = 2) its 29.9M by 60M. A pointer structure's bound is its references (referenceBound).
 */
export function traceEntryBound(spec: StructureSpec<StructureKind>, workload: Workload): number {
  if (!isHeapKind(spec.kind)) return referenceBound(spec.kind, workload);
  const capacity = workloadCapacity(workload);
  const { crossings } = heapPath(heapLayout(spec), capacity);
  const insert = 2 + 4 * crossings;
  const pop = 5 + 5 * crossings;
  const remove = 6 + 9 * crossings;
  const reorder = 2 + 9 * crossings;
  switch (workload.kind) {
    case 'phk':
      return 2 * workload.items * (insert + pop);
    case 'asterisk':
      return workload.items * (insert + remove);
    case 'expiry':
      return expectedOperations(workload) * Math.max(insert, remove, reorder);
    case 'script': {
      let bound = 0;
      for (const op of workload.ops) {
        bound +=
          op.op === 'insert'
            ? insert
            : op.op === 'pop'
              ? pop
              : op.op === 'delete'
                ? remove
                : reorder;
      }
      return bound;
    }
  }
}

/** The stored trace of a run: its entries at their width, and one chunk of slack. */
function traceBytes(spec: StructureSpec<StructureKind>, workload: Workload): number {
  const pages = structurePages(spec, workloadCapacity(workload));
  return entryBytes(pages) * (traceEntryBound(spec, workload) + DEFAULT_CHUNK_ENTRIES);
}

/** OPT's one-pass stack over a trace of up to `entries` entries (optStack.ts, nextUse.ts). */
function optPassBytes(pages: number, entries: number): number {
  const chunks = Math.ceil(entries / DEFAULT_CHUNK_ENTRIES);
  const exits = Math.min(entries, chunks * pages);
  return (
    (OPT_PAGE_BYTES + NEXT_USE_PAGE_BYTES) * pages + 4 * DEFAULT_CHUNK_ENTRIES + EXIT_BYTES * exits
  );
}

/**
 * What policies other than LRU add to one layout of `sweep` or `run` (nothing for LRU alone): a
 * run recording the trace (its structure and workload arrays, as the LRU sweep's run has them
 * too), the trace (and, for FIFO and CLOCK, its copy without alternations), OPT's pass, and the
 * replays' state and results. `run --policy opt` records the trace, then runs the OPT pager.
 */
export function estimatePolicyBytes(
  spec: StructureSpec<StructureKind>,
  workload: Workload,
  policies: readonly Policy[],
  command: 'sweep' | 'run',
): MemoryEstimate {
  const capacity = workloadCapacity(workload);
  const pages = structurePages(spec, capacity);
  const traced =
    command === 'sweep' ? policies.some((policy) => policy !== 'lru') : policies.includes('opt');
  if (!traced) return estimateOf(pages, {});
  const entries = traceEntryBound(spec, workload);
  let trace = traceBytes(spec, workload);
  if (policies.includes('opt')) trace += optPassBytes(pages, entries);
  let pager = (DIRECT_PAGE_BYTES + DIRECT_FRAME_BYTES) * pages;
  let curves = 0;
  if (command === 'sweep') {
    pager = 0;
    const replays = policies.filter((policy) => policy === 'fifo' || policy === 'clock').length;
    if (replays > 0) {
      // The trace without alternations they replay (policyReplay.ts), at most as long, and the
      // WebAssembly kernel's copy of one chunk and its per-page state, per replaying thread.
      trace += traceBytes(spec, workload);
      pager =
        REPLAY_THREADS *
        ((DIRECT_PAGE_BYTES + DIRECT_FRAME_BYTES) * pages +
          entryBytes(pages) * DEFAULT_CHUNK_ENTRIES);
    }
    curves = POINT_BYTES * pages * policies.length;
  }
  return estimateOf(pages, {
    structure: structureBytes(spec, capacity),
    workload: workloadArrayBytes(workload),
    pager,
    curves,
    trace,
  });
}

/**
 * A bound on the page references of a run, so on any page-in or write-back count: operations
 * times references per operation. A heap's sift level makes at most 6 references (heap.ts,
 * observer.ts: two children, the slot and the chosen child read, two writes), a d-ary heap's
 * d + 4 over log_d levels; a B-heap with small pages can be twice as deep. A search tree reads
 * about two words per level of a depth up to 2 log2 N, plus its fix-up. 16 per level of
 * log2 N + 2 covers them all; the list walks up to N nodes, 2 words each.
 */
export function referenceBound(kind: StructureKind, workload: Workload): number {
  const capacity = workloadCapacity(workload);
  const perOperation =
    kind === 'list' ? 4 * capacity + 16 : 16 * (Math.ceil(Math.log2(capacity + 1)) + 2);
  return expectedOperations(workload) * perOperation;
}
