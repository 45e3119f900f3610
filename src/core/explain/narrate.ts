// One plain sentence per step, for the narration line and the screen-reader live region, and the
// pseudocode line each event belongs to. Pure functions of the event (and the side's name).

import type { LinkField, OpKind, SimEvent } from '../events';
import type { Policy } from '../memory/pager';
import { formatCount } from './numbers';

function keyText(key: number): string {
  return Number.isInteger(key) ? formatCount(key) : key.toFixed(2);
}

/** A slot, node, page or operation number, grouped by thousands as every count on the page. */
const n = formatCount;

const OP_NAMES: Record<OpKind, string> = {
  insert: 'insert',
  popMin: 'pop the minimum',
  delete: 'delete',
  reorder: 'change a key',
};

/**
 * How a side's numbers read: a heap's handles are slots, a pointer structure's are nodes, and its
 * memory references name words of the arena (`nodeWords` per node).
 */
export interface Voice {
  family: 'heap' | 'pointer';
  nodeWords: number;
  /**
   * Slots per page of a heap that leaves positions 0 and 1 of every page after the first empty
   * (the strict B-heap); absent for every other structure.
   */
  gappedPage?: number;
}

export const HEAP_VOICE: Voice = { family: 'heap', nodeWords: 1 };

/**
 * What a sentence may say beyond its event: the page of the reference before this one, so a
 * reference that moves to another page says so (the article's point is how often that happens),
 * and the reference's LRU stack distance (-1: not known), which says why it hit or faulted.
 */
interface NarrationContext {
  previousPage: number;
  distance: number;
  /** Which pager chose the evicted page (LRU when not said). */
  policy?: Policy;
}

/** Why the pager chose the page it evicted. */
const VICTIM: Record<Policy, string> = {
  lru: 'the least recently used',
  fifo: 'the one loaded earliest',
  clock: 'the first the hand found with its reference bit clear',
  opt: 'the one whose next use is farthest away',
};

/** "compare slot 12 (key 731) with its parent, slot 6 (key 410): 731 < 410 is false". */
export function narrate(
  event: SimEvent,
  voice: Voice = HEAP_VOICE,
  context: NarrationContext | null = null,
): string {
  const sentence = narrateEvent(event, voice, context?.policy ?? 'lru');
  if (event.kind !== 'touch' || context === null) return sentence;
  const parts = [sentence];
  if (context.previousPage >= 0 && context.previousPage !== event.page) {
    parts.push(`It crosses from page ${n(context.previousPage)} to page ${n(event.page)}.`);
  }
  if (context.distance >= 0) parts.push(distanceText(event.page, context.distance));
  return parts.join(' ');
}

/**
 * Why a reference hit or faulted under LRU (Mattson et al. 1970): "page 3 was the 5th most
 * recently used page: a hit with 5 or more resident pages, a fault with fewer".
 */
function distanceText(page: number, distance: number): string {
  if (distance === 0) return `Page ${n(page)} was never used before: a zero-fill with any memory.`;
  if (distance === 1)
    return `Page ${n(page)} was the most recently used page: a hit with any memory.`;
  return `Page ${n(page)} was the ${ordinal(distance)} most recently used page: a hit with ${n(distance)} or more resident pages, a fault with fewer.`;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** The fault's cost, and the eviction that made room, if any. */
function outcomeText(event: Extract<SimEvent, { kind: 'touch' }>, policy: Policy): string {
  const outcome =
    event.outcome === 'hit'
      ? 'hit (resident)'
      : event.outcome === 'zero-fill'
        ? 'first touch: zero-fill fault, no disk I/O'
        : 'page fault: page-in from disk (1 transfer)';
  if (event.evicted < 0) return outcome;
  const eviction = event.writeBack
    ? `memory was full, so page ${n(event.evicted)}, ${VICTIM[policy]}, was evicted and, being dirty, written back (1 transfer)`
    : `memory was full, so page ${n(event.evicted)}, ${VICTIM[policy]}, was evicted (clean: no write)`;
  return `${outcome}; ${eviction}`;
}

function narrateEvent(event: SimEvent, voice: Voice, policy: Policy): string {
  if (voice.family === 'pointer') {
    const sentence = narratePointer(event, voice, policy);
    if (sentence !== null) return sentence;
  }
  switch (event.kind) {
    case 'op-begin':
      switch (event.op) {
        case 'insert':
          return `Operation ${n(event.index + 1)}: insert key ${keyText(event.key)} at the tail, slot ${n(event.handle)}${pageStartText(event.handle, voice)}.`;
        case 'popMin':
          return `Operation ${n(event.index + 1)}: pop the minimum, key ${keyText(event.key)} in the root (slot 1).`;
        case 'delete':
          return `Operation ${n(event.index + 1)}: delete slot ${n(event.handle)} (key ${keyText(event.key)}).`;
        case 'reorder':
          return `Operation ${n(event.index + 1)}: give slot ${n(event.handle)} the new key ${keyText(event.key)}.`;
      }
      return '';
    case 'op-end':
      return event.handle > 0
        ? `${capitalise(OP_NAMES[event.op])} done: the moved item rests in slot ${n(event.handle)}.`
        : `${capitalise(OP_NAMES[event.op])} done.`;
    case 'touch': {
      const verb = event.write ? 'write' : 'read';
      return `${capitalise(verb)} slot ${n(event.slot)}, on page ${n(event.page)}: ${outcomeText(event, policy)}.`;
    }
    case 'compare': {
      const relation =
        event.role === 'child-parent'
          ? `with its parent, slot ${n(event.other)}`
          : event.role === 'second-first'
            ? `(the second child) with the first child, slot ${n(event.other)}`
            : `with its smaller child, slot ${n(event.other)}`;
      const outcome =
        event.role === 'child-parent'
          ? event.less
            ? 'smaller, so swap'
            : 'not smaller, so stop'
          : event.role === 'second-first'
            ? event.less
              ? 'the second child is smaller'
              : 'take the first child'
            : event.less
              ? 'the parent is smaller, so stop'
              : 'the child is not larger, so swap';
      return `Compare slot ${n(event.slot)} (key ${keyText(event.slotKey)}) ${relation} (key ${keyText(event.otherKey)}): ${outcome}.`;
    }
    case 'swap':
      return `Swap slots ${n(event.slot)} and ${n(event.other)}.`;
    case 'place':
      return event.from > 0
        ? `Move the tail item (key ${keyText(event.key)}) from slot ${n(event.from)} into slot ${n(event.slot)}.`
        : `Place key ${keyText(event.key)} in slot ${n(event.slot)}.`;
    case 'clear':
      return `Clear slot ${n(event.slot)}: the heap shrinks by one.`;
    case 'remove':
      return `Take out key ${keyText(event.key)} from slot ${n(event.slot)}.`;
    case 'rekey':
      return `Change the key in slot ${n(event.slot)} from ${keyText(event.oldKey)} to ${keyText(event.key)}.`;
    case 'node-alloc':
      return `Take node ${n(event.node)} from the allocator and write key ${keyText(event.key)} into it.`;
    case 'node-free':
      return `Unlinked: node ${n(event.node)} (key ${keyText(event.key)}) goes back on the free list.`;
    case 'store':
      return storeText(event.node, event.field, event.value);
    case 'node-compare': {
      const subject = event.node > 0 ? `node ${n(event.node)}` : 'the new key';
      const what = event.what === 'key' ? 'key' : 'priority';
      return `Compare ${subject} (${what} ${keyText(event.value)}) with node ${n(event.other)} (${what} ${keyText(event.otherValue)}): ${event.less ? 'smaller' : 'not smaller'}.`;
    }
    case 'rotate':
      return `Rotate ${event.direction} at node ${n(event.node)}: it moves down, its ${event.direction === 'left' ? 'right' : 'left'} child takes its place.`;
    case 'flip':
      return `Colour flip at node ${n(event.node)}: it and its two children swap red and black.`;
  }
}

/** Sentences that differ for a pointer structure (its operations, and words instead of slots). */
function narratePointer(event: SimEvent, voice: Voice, policy: Policy): string | null {
  switch (event.kind) {
    case 'op-begin': {
      const op = n(event.index + 1);
      const key = keyText(event.key);
      switch (event.op) {
        case 'insert':
          return `Operation ${op}: insert key ${key}: take a node, then walk down to its place.`;
        case 'popMin':
          return `Operation ${op}: pop the minimum, key ${key} in node ${n(event.handle)}.`;
        case 'delete':
          return `Operation ${op}: delete node ${n(event.handle)} (key ${key}).`;
        case 'reorder':
          return `Operation ${op}: give node ${n(event.handle)} the new key ${key}: unlink it, then insert it again.`;
      }
      return null;
    }
    case 'op-end':
      return event.handle > 0
        ? `${capitalise(OP_NAMES[event.op])} done: the item is in node ${n(event.handle)}.`
        : `${capitalise(OP_NAMES[event.op])} done.`;
    case 'touch': {
      const verb = event.write ? 'write' : 'read';
      const node = Math.floor(event.slot / voice.nodeWords);
      const where = node === 0 ? 'the header' : `node ${node}`;
      return `${capitalise(verb)} word ${n(event.slot)} (${where}), on page ${n(event.page)}: ${outcomeText(event, policy)}.`;
    }
    default:
      return null;
  }
}

function storeText(node: number, field: LinkField, value: number): string {
  if (node === 0 && field === 'left') {
    return value === 0 ? 'The structure is now empty.' : `Node ${value} becomes the first node.`;
  }
  if (field === 'tag') return `Set the tag of node ${node} to ${keyText(value)}.`;
  const target = value === 0 ? 'nothing' : `node ${value}`;
  return `Point the ${field} link of node ${node} at ${target}.`;
}

/**
 * " (the first on page 3: ...)" when `slot` opens a page of a heap with gaps, where the tail
 * jumps over two slots; else nothing.
 */
function pageStartText(slot: number, voice: Voice): string {
  const perPage = voice.gappedPage;
  if (perPage === undefined || slot < perPage || slot % perPage !== 2) return '';
  return ` (the first on page ${Math.floor(slot / perPage)}: its positions 0 and 1 stay empty)`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface CodeLine {
  id: string;
  text: string;
  indent: number;
}

/** The pseudocode shown beside the heaps; line ids are what events point at. */
export const PSEUDOCODE: readonly CodeLine[] = [
  { id: 'insert', text: 'insert(key):', indent: 0 },
  { id: 'insert-place', text: 'n ← n + 1; A[n] ← key', indent: 1 },
  { id: 'insert-sift', text: 'siftUp(n)', indent: 1 },
  { id: 'pop', text: 'popMin() / delete(s):', indent: 0 },
  { id: 'pop-take', text: 'min ← A[s]', indent: 1 },
  { id: 'pop-move', text: 'A[s] ← A[n]; clear A[n]; n ← n−1', indent: 1 },
  { id: 'pop-sift', text: 'siftUp(s); siftDown(s)', indent: 1 },
  { id: 'reorder', text: 'reorder(s, key): A[s].key ← key', indent: 0 },
  { id: 'reorder-sift', text: 'siftUp(s); siftDown(s)', indent: 1 },
  { id: 'up', text: 'siftUp(u):', indent: 0 },
  { id: 'up-compare', text: 'while u > 1 and A[u] < A[p(u)]:', indent: 1 },
  { id: 'up-swap', text: 'swap A[u], A[p(u)]; u ← p(u)', indent: 2 },
  { id: 'down', text: 'siftDown(u):', indent: 0 },
  { id: 'down-children', text: 'c ← smallest child (a later one only if <)', indent: 1 },
  { id: 'down-compare', text: 'if A[u] < A[c]: stop', indent: 1 },
  { id: 'down-swap', text: 'swap A[u], A[c]; u ← c', indent: 2 },
  { id: 'done', text: 'done', indent: 0 },
];

/** Asterisk's sorted list (seed 002): insert walks from the head, removal unlinks in O(1). */
const LIST_PSEUDOCODE: readonly CodeLine[] = [
  { id: 'l-insert', text: 'insert(key): n ← new node(key)', indent: 0 },
  { id: 'l-walk', text: 'p ← head; while p and p.key ≤ key: p ← p.next', indent: 1 },
  { id: 'l-link', text: 'link n before p (4 link writes)', indent: 1 },
  { id: 'l-pop', text: 'popMin(): n ← head / delete(n):', indent: 0 },
  { id: 'l-unlink', text: 'n.prev.next ← n.next; n.next.prev ← n.prev', indent: 1 },
  { id: 'l-free', text: 'free(n)', indent: 1 },
  { id: 'l-reorder', text: 'reorder(n, key): unlink n; n.key ← key; walk and link', indent: 0 },
  { id: 'done', text: 'done', indent: 0 },
];

/** The three search trees share one outline; what "restore balance" means differs. */
const TREE_PSEUDOCODE: readonly CodeLine[] = [
  { id: 't-insert', text: 'insert(key): n ← new node(key)', indent: 0 },
  { id: 't-walk', text: 'from the root: go left if (key, n) < (p.key, p), else right', indent: 1 },
  { id: 't-attach', text: 'attach n as a leaf', indent: 1 },
  {
    id: 't-fix',
    text: 'restore balance: rotate (treap: by priority; RB: and recolour)',
    indent: 1,
  },
  { id: 't-pop', text: 'popMin(): n ← leftmost node / delete(n):', indent: 0 },
  { id: 't-unlink', text: 'take n out; its successor (or child) takes its place', indent: 1 },
  { id: 't-free', text: 'free(n)', indent: 1 },
  { id: 't-reorder', text: 'reorder(n, key): take n out; n.key ← key; insert n', indent: 0 },
  { id: 'done', text: 'done', indent: 0 },
];

export function pseudocodeFor(family: 'heap' | 'list' | 'tree'): readonly CodeLine[] {
  return family === 'heap' ? PSEUDOCODE : family === 'list' ? LIST_PSEUDOCODE : TREE_PSEUDOCODE;
}

/** The line of a pointer structure's listing an event belongs to (null: keep the previous one). */
export function pointerLine(
  event: SimEvent,
  listing: 'list' | 'tree',
  opKind: OpKind | null,
): string | null {
  const list = listing === 'list';
  switch (event.kind) {
    case 'op-begin':
      if (event.op === 'insert') return list ? 'l-insert' : 't-insert';
      if (event.op === 'reorder') return list ? 'l-reorder' : 't-reorder';
      return list ? 'l-pop' : 't-pop';
    case 'node-alloc':
      return list ? 'l-insert' : 't-insert';
    case 'node-compare':
      if (event.what === 'priority') return 't-fix';
      return list ? 'l-walk' : 't-walk';
    case 'store':
      // A list writes links only to link (insert) or unlink (removal); a reorder does both, so
      // it keeps whichever line its walk left lit. Tree stores follow their walk or rotation.
      if (!list || opKind === 'reorder') return null;
      return opKind === 'insert' ? 'l-link' : 'l-unlink';
    case 'rotate':
    case 'flip':
      return 't-fix';
    case 'node-free':
      return list ? 'l-free' : 't-free';
    case 'op-end':
      return 'done';
    default:
      return null;
  }
}

/**
 * The pseudocode line for an event. Page references (touch) belong to the line that caused
 * them, so they return null and the view keeps the previous line lit.
 */
export function pseudocodeLine(event: SimEvent): string | null {
  switch (event.kind) {
    case 'op-begin':
      return event.op === 'insert' ? 'insert' : event.op === 'reorder' ? 'reorder' : 'pop';
    case 'place':
      return event.from > 0 ? 'pop-move' : 'insert-place';
    case 'clear':
      return 'pop-move';
    case 'remove':
      return 'pop-take';
    case 'rekey':
      return 'reorder';
    case 'compare':
      return event.role === 'child-parent'
        ? 'up-compare'
        : event.role === 'second-first'
          ? 'down-children'
          : 'down-compare';
    case 'swap':
      return event.sift === 'up' ? 'up-swap' : 'down-swap';
    case 'op-end':
      return 'done';
    case 'touch':
    case 'node-alloc':
    case 'node-free':
    case 'store':
    case 'node-compare':
    case 'rotate':
    case 'flip':
      return null;
  }
}
