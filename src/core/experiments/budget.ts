// Estimates a run's memory and output text, and refuses runs over the memory budget.
//
// From the sizes of the arrays the code allocates, so a command line that cannot fit is refused
// before any work starts instead of growing until the machine kills it. Pure: no DOM, no Node
// APIs (the page will use it too).
//
// Each constant below is read off the code it models, named in its comment; tests/core/
// budget.test.ts checks the estimates against the real arrays' byteLength. The estimates are
// upper bounds: every array is counted at its full length even where a run touches less.

import type { Policy } from '../memory/pager';
import { DEFAULT_CHUNK_ENTRIES, entryBytes } from '../memory/pageTrace';
import { type Layout, MAX_ITEMS_PER_PAGE } from '../structures/heap/indexMaps';
import { arenaWords, WORD_BYTES } from '../structures/pointer/arena';
import {
  heapLayout,
  isHeapKind,
  type LayoutName,
  minNodeBytesOf,
  type StructureSpec,
  structureInfo,
  structurePages,
} from '../structures/registry';
import { expectedOperations, type Workload, workloadCapacity } from '../workloads/workloads';

export const MIB = 2 ** 20;
export const GIB = 2 ** 30;

/**
 * Memory one command line may take in all. The CLI runs on a 24 GB, 2-core machine: a sweep
 * is the main thread plus one worker per layout (or, for one layout, a heap thread and its
 * counter thread), so about two threads' worth of arrays at once. 4 GiB is a sixth of that
 * machine, which leaves room beside it for a second run, the dev server and a browser, or a
 * test suite; it is also what one V8 heap (heap_size_limit 4,144 MiB there) and one
 * WebAssembly kernel (4 GiB, wasm32) can hold, so a run within the budget meets neither limit.
 */
export const CLI_MEMORY_BUDGET_BYTES = 4 * GIB;

/**
 * The process before any array: Node, tsx, the esbuild bundle of the worker script and three
 * V8 isolates. Measured max RSS of the smallest runs on the 2-core machine: 110-115 MB for a
 * sweep or a run of two layouts, 77 MB for scaling; rounded up.
 */
export const PROCESS_BYTES = 160 * MIB;

/** V8's String::kMaxLength on 64-bit (2^29 - 24): one output text cannot be longer. */
export const MAX_STRING_CHARS = 2 ** 29 - 24;

/** A wasm32 memory holds at most 65,536 pages of 64 KiB; the stack kernel's cannot grow past it. */
export const WASM_MAX_BYTES = 2 ** 32;

/** arena.ts refuses an arena of 2^31 words or more (word addresses go through 32-bit shifts). */
export const MAX_ARENA_WORDS = 2 ** 31;

// ---- the arrays each part of a run allocates ------------------------------------------------

/** heap.ts: keys (Float64Array) and items (Int32Array), one of each per slot. */
const HEAP_SLOT_BYTES = 8 + 4;
/** arena.ts: keys (Float64Array), items and 4 link fields (Int32Array), allocated (Uint8Array). */
const ARENA_NODE_BYTES = 8 + 4 + 4 * 4 + 1;
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
export interface MemoryParts {
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
  /** --policy other than LRU: the stored page trace, OPT's stack and the replays' state. */
  trace: number;
}

export interface MemoryEstimate {
  bytes: number;
  /** Pages the structure's address space spans (0 where no pages are modelled). */
  pages: number;
  parts: MemoryParts;
}

function sumParts(parts: MemoryParts): number {
  return parts.structure + parts.workload + parts.pager + parts.kernel + parts.curves + parts.trace;
}

/** The heap's or the arena's arrays for `capacity` items. */
export function structureBytes(spec: StructureSpec<LayoutName>, capacity: number): number {
  if (!isHeapKind(spec.kind)) return ARENA_NODE_BYTES * (capacity + 1);
  // heap.ts: capacity + root slots, or up to the n-th item's slot where a layout has gaps.
  const layout = heapLayout(spec);
  const slots =
    layout.gaps === undefined ? capacity + layout.rootSlot : layout.gaps.slotOfItem(capacity) + 1;
  return HEAP_SLOT_BYTES * slots;
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

export function workloadBytes(workload: Workload): number {
  return workloadArrayBytes(workload);
}

/** One layout of `run`: the structure, the workload and the LRU pager with `frames` frames. */
export function estimateRunBytes(
  spec: StructureSpec<LayoutName>,
  workload: Workload,
  frames: number | null = null,
): MemoryEstimate {
  const capacity = workloadCapacity(workload);
  const pages = structurePages(spec, capacity);
  const parts: MemoryParts = {
    structure: structureBytes(spec, capacity),
    workload: workloadBytes(workload),
    pager: PAGER_PAGE_BYTES * pages + FREE_FRAME_BYTES * Math.min(frames ?? pages, pages),
    kernel: 0,
    curves: 0,
    trace: 0,
  };
  return { bytes: sumParts(parts), pages, parts };
}

/** One layout of `sweep`: the structure, the workload, the kernels and the curves. */
export function estimateSweepBytes(
  spec: StructureSpec<LayoutName>,
  workload: Workload,
): MemoryEstimate {
  const capacity = workloadCapacity(workload);
  const pages = structurePages(spec, capacity);
  const parts: MemoryParts = {
    structure: structureBytes(spec, capacity),
    workload: workloadBytes(workload),
    pager: 0,
    kernel: kernelBytes(pages) + idleKernelBytes(pages),
    curves: CURVE_PAGE_BYTES * pages + RING_BYTES,
    trace: 0,
  };
  return { bytes: sumParts(parts), pages, parts };
}

/** One point of `scaling`: the structure and scaling.ts's keys and handles, no pages. */
export function estimateScalingBytes(
  spec: StructureSpec<LayoutName>,
  items: number,
): MemoryEstimate {
  const parts: MemoryParts = {
    structure: structureBytes(spec, items),
    workload: SCALING_ITEM_BYTES * items,
    pager: 0,
    kernel: 0,
    curves: 0,
    trace: 0,
  };
  return { bytes: sumParts(parts), pages: 0, parts };
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
  let slot =
    layout.gaps === undefined ? layout.rootSlot + capacity - 1 : layout.gaps.slotOfItem(capacity);
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
 * A bound on a run's merged trace entries (pageTrace.ts), from the access order of docs/model.md.
 * A heap's sift step that stays on its page adds no entry (its references are to the page of the
 * entry before) except at the first step; a step that crosses pages adds at most 5 (sift-down:
 * children, parent, child, parent, child) or 3 (sift-up: parent, slot, parent), counted as 4.
 * So an insert adds at most 2 + 4C entries, a popMin 5 + 5C (root, tail, root, tail, the first
 * step), a delete 6 + 9C and a reorder 2 + 9C, with C the page crossings of the deepest path.
 * For the article's binary heap (C = 11) that bounds its 125.4M entries by 212M; for the B-heap
 * (C = 2) its 29.9M by 60M. A pointer structure's bound is its references (referenceBound).
 */
export function traceEntryBound(spec: StructureSpec<LayoutName>, workload: Workload): number {
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
export function traceBytes(spec: StructureSpec<LayoutName>, workload: Workload): number {
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
  spec: StructureSpec<LayoutName>,
  workload: Workload,
  policies: readonly Policy[],
  command: 'sweep' | 'run',
): MemoryEstimate {
  const capacity = workloadCapacity(workload);
  const pages = structurePages(spec, capacity);
  const parts: MemoryParts = {
    structure: 0,
    workload: 0,
    pager: 0,
    kernel: 0,
    curves: 0,
    trace: 0,
  };
  const traced =
    command === 'sweep' ? policies.some((policy) => policy !== 'lru') : policies.includes('opt');
  if (!traced) return { bytes: 0, pages, parts };
  parts.structure = structureBytes(spec, capacity);
  parts.workload = workloadBytes(workload);
  const entries = traceEntryBound(spec, workload);
  parts.trace = traceBytes(spec, workload);
  if (policies.includes('opt')) parts.trace += optPassBytes(pages, entries);
  if (command === 'sweep') {
    const replays = policies.filter((policy) => policy === 'fifo' || policy === 'clock').length;
    if (replays > 0) {
      // The trace without alternations they replay (policyReplay.ts), at most as long, and the
      // WebAssembly kernel's copy of one chunk and its per-page state, per replaying thread.
      parts.trace += traceBytes(spec, workload);
      parts.pager =
        REPLAY_THREADS *
        ((DIRECT_PAGE_BYTES + DIRECT_FRAME_BYTES) * pages +
          entryBytes(pages) * DEFAULT_CHUNK_ENTRIES);
    }
    parts.curves = POINT_BYTES * pages * policies.length;
  } else {
    parts.pager = (DIRECT_PAGE_BYTES + DIRECT_FRAME_BYTES) * pages;
  }
  return { bytes: sumParts(parts), pages, parts };
}

// ---- the output text ------------------------------------------------------------------------

/** Decimal digits of a non-negative integer. */
function digits(value: number): number {
  return String(Math.max(0, Math.floor(value))).length;
}

/** Total digits of 1, 2, ..., n (the frames column). */
export function digitsUpTo(n: number): number {
  let total = 0;
  for (let width = 1, low = 1; low <= n; width++, low *= 10) {
    total += width * (Math.min(n, low * 10 - 1) - low + 1);
  }
  return total;
}

/**
 * A bound on the page references of a run, so on any page-in or write-back count: operations
 * times references per operation. A heap's sift level makes at most 6 references (heap.ts,
 * observer.ts: two children, the slot and the chosen child read, two writes), a d-ary heap's
 * d + 4 over log_d levels; a B-heap with small pages can be twice as deep. A search tree reads
 * about two words per level of a depth up to 2 log2 N, plus its fix-up. 16 per level of
 * log2 N + 2 covers them all; the list walks up to N nodes, 2 words each.
 */
function referenceBound(kind: LayoutName, workload: Workload): number {
  const capacity = workloadCapacity(workload);
  const perOperation =
    kind === 'list' ? 4 * capacity + 16 : 16 * (Math.ceil(Math.log2(capacity + 1)) + 2);
  return expectedOperations(workload) * perOperation;
}

/**
 * report.ts formatNumber: 6 significant digits as JavaScript prints them; the longest is
 * "0.00000123457" (below 1e-6 it switches to "1.23457e-7").
 */
const FLOAT_CHARS = 13;
/** report.ts CSV_HEADER and its newline. */
const CSV_HEADER_CHARS = 56;
/** The JSON fields before a sweep entry's arrays (report.ts runFields), generously. */
const JSON_ENTRY_CHARS = 400;
/**
 * Memory of the output text per character: the rows' own strings, the layout's joined text,
 * its copy flattened when written and the buffer stdout writes from. Each layout's text is
 * written before the next is built (main.ts), but all are counted: a platform where stdout
 * writes asynchronously keeps them queued.
 */
const OUTPUT_COPIES = 4;
/** Per CSV row: its string's header and rounding (24 bytes) and its slot in the lines array (12). */
const CSV_ROW_BYTES = 36;
/** Per page and layout of the JSON: three JS arrays (frames, pageIns, writebacks) of 8-byte elements. */
const JSON_PAGE_BYTES = 3 * 8;

export type OutputFormat = 'json' | 'csv';

export interface OutputEstimate {
  /** Characters of the whole text, an upper bound (the real text is about 1.4 times shorter). */
  chars: number;
  /** Characters of the longest layout's text: the CLI builds and writes one layout at a time. */
  longest: number;
  /** Rows (CSV) or array entries (JSON): one per page per layout. */
  rows: number;
  /** Memory of building and writing it. */
  bytes: number;
}

/**
 * Rows a sweep prints for one layout: one per page it touched (sweepResultOf in sweep.ts). A heap
 * fills its slots densely, so every page it spans; a pointer structure touches only its nodes'
 * key, item and link words, which for large nodes is a few pages of each node's many.
 */
export function outputPages(spec: StructureSpec<LayoutName>, capacity: number): number {
  const pages = structurePages(spec, capacity);
  if (isHeapKind(spec.kind)) return pages;
  const nodeWords = spec.nodeBytes / WORD_BYTES;
  const usedWords = 2 + structureInfo(spec.kind).linkFields;
  // A node that starts on a page boundary spans ceil(used / page) pages; any other, one more.
  const perNode =
    Math.ceil(usedWords / spec.itemsPerPage) + (nodeWords % spec.itemsPerPage === 0 ? 0 : 1);
  return Math.min(pages, (capacity + 1) * perNode);
}

/** A sweep's output: one row per page of each layout (report.ts toCsvReport, toJsonReport). */
export function estimateSweepOutput(
  specs: readonly StructureSpec<LayoutName>[],
  workload: Workload,
  format: OutputFormat,
): OutputEstimate {
  let chars = 0;
  let longest = 0;
  let rows = 0;
  let bytes = 0;
  for (const spec of specs) {
    const pages = outputPages(spec, workloadCapacity(workload));
    const count = digits(referenceBound(spec.kind, workload));
    let layoutChars: number;
    rows += pages;
    if (format === 'csv') {
      // layout,frames,pageIns,writebacks,transfersPerOp,seconds: 5 commas and a newline; the
      // seconds can be as long as a count (1 s per transfer at --io-ms 1000).
      const fixed = spec.kind.length + 2 * count + FLOAT_CHARS + Math.max(FLOAT_CHARS, count + 1);
      layoutChars = CSV_HEADER_CHARS + pages * (fixed + 6) + digitsUpTo(pages);
      bytes += CSV_ROW_BYTES * pages;
    } else {
      layoutChars = JSON_ENTRY_CHARS + pages * (2 * (count + 1) + 1) + digitsUpTo(pages);
      bytes += JSON_PAGE_BYTES * pages;
    }
    chars += layoutChars;
    longest = Math.max(longest, layoutChars);
  }
  return { chars, longest, rows, bytes: bytes + OUTPUT_COPIES * chars };
}

/** A policy name and its comma in each CSV row (report.ts POLICY_CSV_HEADER), or its JSON field. */
const POLICY_COLUMN_CHARS = 20;

/**
 * The output of a sweep under `policies` policies (report.ts toPolicyCsvReport, toPolicyJsonReport):
 * at most the LRU text's rows per policy, each with the policy named.
 */
function policyOutput(single: OutputEstimate, policies: number): OutputEstimate {
  const rows = single.rows * policies;
  const chars = (single.chars + POLICY_COLUMN_CHARS * single.rows) * policies;
  const longest = single.longest * policies + POLICY_COLUMN_CHARS * rows;
  return {
    chars,
    longest,
    rows,
    bytes: single.bytes * policies + OUTPUT_COPIES * (chars - single.chars),
  };
}

// ---- a whole command line -------------------------------------------------------------------

/** What a command line asks for, as far as its size is concerned (the CLI's options fit it). */
export interface CommandPlan {
  command: 'sweep' | 'run' | 'trace' | 'scaling';
  layouts: readonly LayoutName[];
  itemsPerPage: number;
  nodeBytes: number;
  workload: Workload;
  /** run: the frames of the pager. */
  frames: number | null;
  /** scaling: the N values. */
  sizes: readonly number[];
  format: OutputFormat;
  /** 'measure' times a bare run after the measured one (and scaling repeats its runs). */
  cpu: 'article' | 'measure';
  /** sweep and run: the replacement policies (absent: LRU alone). */
  policies?: readonly Policy[];
}

export interface CommandEstimate {
  /** Memory of the whole process at its peak, an upper bound. */
  bytes: number;
  /** Most pages any layout spans (0 for scaling). */
  pages: number;
  /** The largest stack kernel a layout needs (0 unless sweep). */
  kernelBytes: number;
  /** The output text (null unless sweep: the others print a line per layout or point). */
  output: OutputEstimate | null;
  /** The part of `bytes` that grows with the pages (pager, kernels, curves, output). */
  pageBytes: number;
}

function specsOf(plan: CommandPlan): StructureSpec<LayoutName>[] {
  return plan.layouts.map((kind) => ({
    kind,
    itemsPerPage: plan.itemsPerPage,
    nodeBytes: plan.nodeBytes,
  }));
}

/**
 * The command's peak: the layouts run at once, one thread each, so their arrays add up, and
 * the output is built in the main thread (counted on top, although the workers end first).
 * Scaling runs its points one after another in one thread: the largest point counts, twice
 * with --cpu measure (the repeated runs' garbage may not be collected yet).
 */
export function estimateCommand(plan: CommandPlan): CommandEstimate {
  const specs = specsOf(plan);
  const measure = plan.cpu === 'measure';
  if (plan.command === 'scaling') {
    let largest = 0;
    for (const spec of specs) {
      for (const items of plan.sizes) {
        largest = Math.max(largest, estimateScalingBytes(spec, items).bytes);
      }
    }
    return {
      bytes: PROCESS_BYTES + (measure ? 2 : 1) * largest,
      pages: 0,
      kernelBytes: 0,
      output: null,
      pageBytes: 0,
    };
  }
  let bytes = PROCESS_BYTES;
  let pages = 0;
  let kernel = 0;
  let pageBytes = 0;
  const policies = plan.policies ?? ['lru'];
  // A sweep without LRU runs no LRU counter; a run makes one pager per policy, one at a time.
  const lru = plan.command === 'run' || policies.includes('lru');
  for (const spec of specs) {
    // A trace holds what a run holds (its own extra is added below).
    const command = plan.command === 'sweep' ? 'sweep' : 'run';
    const policy = estimatePolicyBytes(spec, plan.workload, policies, command);
    bytes += policy.bytes;
    pageBytes += policy.parts.trace + policy.parts.pager + policy.parts.curves;
    pages = Math.max(pages, policy.pages);
    if (!lru) continue;
    const layout =
      plan.command === 'sweep'
        ? estimateSweepBytes(spec, plan.workload)
        : estimateRunBytes(spec, plan.workload, plan.frames);
    // --cpu measure runs the workload again, bare, while the measured run's arrays may remain.
    const bare = measure ? layout.parts.structure + layout.parts.workload : 0;
    bytes += layout.bytes + bare;
    pageBytes += layout.parts.pager + layout.parts.kernel + layout.parts.curves;
    pages = Math.max(pages, layout.pages);
    if (plan.command === 'sweep') kernel = Math.max(kernel, kernelBytes(layout.pages));
  }
  if (plan.command === 'trace') {
    // The trace writes down the operations once (replay/opList.ts: 13 bytes each) and keeps a
    // recency stack per side (memory/stackMemory.ts: about 40 bytes a page).
    bytes += 13 * expectedOperations(plan.workload) + 40 * pages * specs.length;
  }
  let output: OutputEstimate | null = null;
  if (plan.command === 'sweep') {
    output = estimateSweepOutput(specs, plan.workload, plan.format);
    if (policies.length > 1 || !lru) output = policyOutput(output, policies.length);
  }
  if (output !== null) {
    bytes += output.bytes;
    pageBytes += output.bytes;
  }
  return { bytes, pages, kernelBytes: kernel, output, pageBytes };
}

// ---- the refusal ----------------------------------------------------------------------------

/** How the messages name each setting (the CLI's options by default). */
export interface SettingNames {
  items: string;
  ops: string;
  sizes: string;
  layout: string;
  nodeBytes: string;
  itemsPerPage: string;
  workload: string;
  format: string;
  /** Whose budget it is, e.g. "the command line's". */
  owner: string;
}

export const CLI_SETTING_NAMES: SettingNames = {
  items: '--items',
  ops: '--ops',
  sizes: '--sizes',
  layout: '--layout',
  nodeBytes: '--node-bytes',
  itemsPerPage: '--page-items',
  workload: '--workload',
  format: '--format',
  owner: "the command line's",
};

/** 2147483776 as "2,147,483,776". */
export function groupDigits(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Bytes as "41 GiB", "3.2 GiB" or "850 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 10 * GIB) return `${Math.round(bytes / GIB)} GiB`;
  if (bytes >= GIB) return `${Number((bytes / GIB).toFixed(1))} GiB`;
  return `${Math.max(1, Math.round(bytes / MIB))} MiB`;
}

function listed(parts: readonly string[], last: 'and' | 'or'): string {
  return parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} ${last} ${parts[parts.length - 1]}`;
}

/** "--items 16777216 with --layout rb, --node-bytes 4096 and --page-items 4". */
function subject(plan: CommandPlan, names: SettingNames): string {
  const { workload } = plan;
  let size: string;
  if (plan.command === 'scaling') {
    const largest = Math.max(...plan.sizes);
    size = plan.sizes.length > 1 ? `${names.sizes} up to ${largest}` : `${names.sizes} ${largest}`;
  } else if (workload.kind === 'script') {
    size = `${names.ops} (up to ${workloadCapacity(workload)} items at once)`;
  } else size = `${names.items} ${workload.items}`;
  const settings = [`${names.layout} ${plan.layouts.join(',')}`];
  if (workload.kind === 'expiry') settings.push(`${names.workload} expiry`);
  if (plan.layouts.some((kind) => !isHeapKind(kind)))
    settings.push(`${names.nodeBytes} ${plan.nodeBytes}`);
  if (plan.command !== 'scaling') settings.push(`${names.itemsPerPage} ${plan.itemsPerPage}`);
  return `${size} with ${listed(settings, 'and')}`;
}

/**
 * What would make it smaller, among the settings that apply: larger pages only where the pages
 * weigh, smaller nodes only where the nodes do.
 */
function remedies(
  plan: CommandPlan,
  names: SettingNames,
  weigh: { pages: boolean; nodes: boolean },
): string {
  const fixes: string[] = [];
  if (plan.command === 'scaling') fixes.push(`smaller ${names.sizes}`);
  else if (plan.workload.kind === 'script') fixes.push('a script that holds fewer items');
  else fixes.push(`fewer ${names.items}`);
  if (weigh.pages && plan.command !== 'scaling' && plan.itemsPerPage < MAX_ITEMS_PER_PAGE)
    fixes.push(`larger ${names.itemsPerPage}`);
  const pointers = plan.layouts.filter((kind) => !isHeapKind(kind));
  if (
    weigh.nodes &&
    pointers.length > 0 &&
    plan.nodeBytes > Math.max(...pointers.map(minNodeBytesOf))
  )
    fixes.push(`smaller ${names.nodeBytes}`);
  if (plan.command !== 'scaling' && plan.layouts.length > 1) fixes.push(`fewer ${names.layout}`);
  return listed(fixes, 'or');
}

/**
 * Why the command cannot run within `budget` bytes (or the hard limits of V8 and WebAssembly),
 * as one line naming the settings involved; null if it can.
 */
export function budgetProblem(
  plan: CommandPlan,
  budget: number = CLI_MEMORY_BUDGET_BYTES,
  names: SettingNames = CLI_SETTING_NAMES,
): string | null {
  const estimate = estimateCommand(plan);
  const spans = plan.command === 'scaling' ? '' : ` spans ${groupDigits(estimate.pages)} pages and`;
  // Pages weigh when they are a quarter of the memory or more; a node's size sets the pages.
  const pages = 4 * estimate.pageBytes >= estimate.bytes;
  const both = { pages: true, nodes: true };
  if (estimate.bytes > budget) {
    const weigh = { pages, nodes: pages || plan.command === 'scaling' };
    return `${subject(plan, names)}${spans} would need about ${formatBytes(estimate.bytes)}; ${names.owner} budget is ${formatBytes(budget)} (${remedies(plan, names, weigh)})`;
  }
  if (estimate.kernelBytes > WASM_MAX_BYTES) {
    return `${subject(plan, names)} spans ${groupDigits(estimate.pages)} pages: the stack-distance kernel would need about ${formatBytes(estimate.kernelBytes)} of WebAssembly memory, which holds at most 4 GiB (${remedies(plan, names, both)})`;
  }
  const output = estimate.output;
  if (output !== null && output.longest > MAX_STRING_CHARS) {
    return `${subject(plan, names)} would print about ${groupDigits(output.longest)} characters of ${names.format} ${plan.format} for one layout (a row per page); a JavaScript string holds at most ${groupDigits(MAX_STRING_CHARS)} (${remedies(plan, names, both)})`;
  }
  const largest =
    plan.command === 'scaling' ? Math.max(...plan.sizes) : workloadCapacity(plan.workload);
  if (plan.layouts.some((kind) => !isHeapKind(kind))) {
    const words = arenaWords(largest, plan.nodeBytes);
    if (words >= MAX_ARENA_WORDS) {
      return `${subject(plan, names)} spans ${groupDigits(words)} words of simulated memory; a node's words must have addresses below 2^31 (16 GiB of ${WORD_BYTES}-byte words) (${remedies(plan, names, { pages: false, nodes: true })})`;
    }
  }
  return null;
}
