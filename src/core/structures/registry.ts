// Every priority queue B-Heap Lab can run, by name: what it is, how to build it over the memory
// model, and how many pages its address space spans. The CLI, the links, the worker and the page
// all go through here, so "treap" means the same structure everywhere.

import { Heap } from './heap/heap';
import {
  BHeapStrictLayout,
  DaryLayout,
  daryPages,
  type Layout,
  makeLayout,
  pagesFor,
  strictPagesFor,
} from './heap/indexMaps';
import { arenaWords, MAX_NODE_BYTES, minNodeBytes, WORD_BYTES } from './pointer/arena';
import { LlrbTree } from './pointer/llrb';
import { RbTree } from './pointer/rbTree';
import { SortedList } from './pointer/sortedList';
import { Treap } from './pointer/treap';
import type { PriorityQueue, QueueOptions } from './queue';

export type StructureKind =
  | 'list'
  | 'binary'
  | 'bheap'
  | 'bheap-strict'
  | 'dary4'
  | 'dary8'
  | 'treap'
  | 'llrb'
  | 'rb';

export const STRUCTURE_KINDS: readonly StructureKind[] = [
  'list',
  'binary',
  'bheap',
  'bheap-strict',
  'dary4',
  'dary8',
  'treap',
  'llrb',
  'rb',
];

/** Array-based structures address slots; pointer-based ones address nodes in an arena. */
export type StructureFamily = 'heap' | 'pointer';

interface StructureInfo {
  title: string;
  /** For narrow places: the page's structure menus. */
  short: string;
  family: StructureFamily;
  /** Link fields per node (pointer structures), which fixes the smallest node. */
  linkFields: number;
  /** Where it comes from, for the side panel and the README. */
  source: string;
}

export const STRUCTURES: Record<StructureKind, StructureInfo> = {
  list: {
    title: 'Sorted list',
    short: 'Sorted list',
    family: 'pointer',
    linkFields: 2,
    source: "Asterisk's scheduler before 2009: insert walks from the head, unlink is O(1)",
  },
  binary: {
    title: 'Binary heap',
    short: 'Binary heap',
    family: 'heap',
    linkFields: 0,
    source: 'The textbook heap: children of u at 2u and 2u+1',
  },
  bheap: {
    title: 'B-heap',
    short: 'B-heap',
    family: 'heap',
    linkFields: 0,
    source: "Kamp's B-heap: each page holds a small subtree",
  },
  'bheap-strict': {
    title: 'Strict B-heap',
    short: 'Strict B-heap',
    family: 'heap',
    linkFields: 0,
    source:
      "Kamp's variant: each page below the first a strict binary subtree from positions 2 and 3",
  },
  dary4: {
    title: '4-ary heap',
    short: '4-ary heap',
    family: 'heap',
    linkFields: 0,
    source: 'LaMarca & Ladner: 4 children per node, sibling groups aligned',
  },
  dary8: {
    title: '8-ary heap',
    short: '8-ary heap',
    family: 'heap',
    linkFields: 0,
    source: 'LaMarca & Ladner: 8 children per node, sibling groups aligned',
  },
  treap: {
    title: 'Treap',
    short: 'Treap',
    family: 'pointer',
    linkFields: 4,
    source: "jemalloc's trp_prng: a search tree heap-ordered by random priorities",
  },
  llrb: {
    title: 'Left-leaning RB tree',
    short: 'LLRB tree',
    family: 'pointer',
    linkFields: 3,
    source: "Sedgewick's left-leaning red-black tree (jemalloc's rb_new), no parent links",
  },
  rb: {
    title: 'Red-black tree',
    short: 'RB tree',
    family: 'pointer',
    linkFields: 4,
    source: 'Classic red-black tree with parent links, lazy fix-up (jemalloc rb_old, BSD tree.h)',
  },
};

/** What a structure is (kept for the core's callers; STRUCTURES[kind] says the same). */
export function structureInfo(kind: StructureKind): StructureInfo {
  return STRUCTURES[kind];
}

/** Node size when none is given: key, item and four links, six 8-byte words. */
export const DEFAULT_NODE_BYTES = 48;

/** A structure and the memory geometry it runs in (`Kind` narrows it for typed results). */
export interface StructureSpec<Kind extends StructureKind = StructureKind> {
  kind: Kind;
  /** 8-byte words per page (the article: 512 pointers in a 4 KB page). */
  itemsPerPage: number;
  /** Bytes per node of a pointer structure; heaps ignore it. */
  nodeBytes: number;
}

export function isStructureKind(name: string): name is StructureKind {
  return (STRUCTURE_KINDS as readonly string[]).includes(name);
}

export function isHeapKind(kind: StructureKind): boolean {
  return structureInfo(kind).family === 'heap';
}

/** Smallest node a pointer structure accepts (key and item words, then its links). */
export function minNodeBytesOf(kind: StructureKind): number {
  return minNodeBytes(structureInfo(kind).linkFields);
}

/** The pointer structures, which are the ones a node size applies to. */
const POINTER_KINDS: readonly StructureKind[] = STRUCTURE_KINDS.filter((kind) => !isHeapKind(kind));

/**
 * Smallest node size a pair of sides accepts: the larger pointer structure's minimum, or, with
 * no pointer structure on either side (the size then means nothing), the smallest minimum.
 */
export function nodeBytesFloor(left: StructureKind, right: StructureKind): number {
  const pointerSides = [left, right].filter((kind) => !isHeapKind(kind));
  if (pointerSides.length === 0) return Math.min(...POINTER_KINDS.map(minNodeBytesOf));
  return Math.max(...pointerSides.map(minNodeBytesOf));
}

/**
 * The node sizes a pair accepts, in words: the one statement of the rule that the link
 * parser, the controls, the CLI and the README all print.
 */
export function nodeBytesAllowed(left: StructureKind, right: StructureKind): string {
  const min = nodeBytesFloor(left, right);
  const widest = [left, right].find((kind) => !isHeapKind(kind) && minNodeBytesOf(kind) === min);
  const why =
    widest === undefined
      ? ' (it applies only when a side holds a pointer structure)'
      : ` (the ${STRUCTURES[widest].title}'s key, item and ${STRUCTURES[widest].linkFields} links)`;
  return `a multiple of ${WORD_BYTES} from ${min}${why} to ${MAX_NODE_BYTES}`;
}

/** The rule for any structure, as the README and the CLI's usage state it. */
export function nodeBytesRuleText(): string {
  const minima = POINTER_KINDS.map((kind) => `${kind} ${minNodeBytesOf(kind)}`).join(', ');
  return `a multiple of ${WORD_BYTES}, from the structure's minimum (${minima}) to ${MAX_NODE_BYTES}`;
}

export function makeQueue(
  spec: StructureSpec<StructureKind>,
  options: Omit<QueueOptions, 'itemsPerPage' | 'nodeBytes'>,
): PriorityQueue {
  const full: QueueOptions = {
    ...options,
    itemsPerPage: spec.itemsPerPage,
    nodeBytes: spec.nodeBytes,
  };
  switch (spec.kind) {
    case 'binary':
    case 'bheap':
    case 'dary4':
    case 'dary8':
    case 'bheap-strict':
      return new Heap(heapLayout(spec), {
        capacity: options.capacity,
        memory: options.memory,
        sink: options.sink ?? null,
        sinkOpsOnly: options.sinkOpsOnly ?? false,
        onSlot: options.onHandle ?? null,
      });
    case 'list':
      return new SortedList(full);
    case 'treap':
      return new Treap(full);
    case 'llrb':
      return new LlrbTree(full);
    case 'rb':
      return new RbTree(full);
  }
}

/** The index map of a heap structure (the one Heap code runs over all of them). */
export function heapLayout(spec: StructureSpec<StructureKind>): Layout {
  switch (spec.kind) {
    case 'binary':
    case 'bheap':
      return makeLayout(spec.kind, spec.itemsPerPage);
    case 'dary4':
      return new DaryLayout(4, spec.itemsPerPage);
    case 'dary8':
      return new DaryLayout(8, spec.itemsPerPage);
    case 'bheap-strict':
      return new BHeapStrictLayout(spec.itemsPerPage);
    default:
      throw new RangeError(`${spec.kind} is not a heap`);
  }
}

/** Pages spanned by the structure's whole address space for `capacity` items. */
export function structurePages(spec: StructureSpec<StructureKind>, capacity: number): number {
  switch (spec.kind) {
    case 'binary':
    case 'bheap':
      return pagesFor(capacity, spec.itemsPerPage);
    case 'dary4':
      return daryPages(4, capacity, spec.itemsPerPage);
    case 'dary8':
      return daryPages(8, capacity, spec.itemsPerPage);
    case 'bheap-strict':
      return strictPagesFor(capacity, spec.itemsPerPage);
    default:
      return Math.ceil(arenaWords(capacity, spec.nodeBytes) / spec.itemsPerPage);
  }
}

export function structureSpec<Kind extends StructureKind = StructureKind>(
  kind: Kind,
  itemsPerPage: number,
  nodeBytes: number = DEFAULT_NODE_BYTES,
): StructureSpec<Kind> {
  return { kind, itemsPerPage, nodeBytes };
}

/** Why a structure cannot run at this page size (an 8-ary heap needs its sibling groups whole), or null. */
export function pageSizeProblem(kind: StructureKind, itemsPerPage: number): string | null {
  const arity = kind === 'dary4' ? 4 : kind === 'dary8' ? 8 : 0;
  if (arity > 0 && itemsPerPage < arity) {
    return `the ${structureInfo(kind).title} keeps its ${arity} children on one page, so it needs at least ${arity} items per page, got ${itemsPerPage}`;
  }
  return null;
}
