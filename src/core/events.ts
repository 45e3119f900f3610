// The typed event stream the core emits. Views replay these; they never look inside the heap
// or the pager. A sink is injected (no globals), and a null sink costs one branch.

export type OpKind = 'insert' | 'popMin' | 'delete' | 'reorder';

/** Which sift a compare or swap belongs to (drives the pseudocode highlight). */
export type Sift = 'up' | 'down';

/** What a page reference found: a resident page, a first touch (no I/O), or a page read back. */
export type TouchOutcome = 'hit' | 'zero-fill' | 'page-in';

export type SimEvent =
  /**
   * An operation starts. `handle` is what it works on: for a heap the slot (new tail, root, or
   * the named slot), for a pointer structure the node (new, minimum, or the named one). `item`
   * is the item it inserts, removes or rekeys, `key` its (new) key.
   */
  | { kind: 'op-begin'; op: OpKind; index: number; handle: number; key: number; item: number }
  /**
   * An operation ends; `handle` is where the moved item came to rest (a heap's slot, 0 if none
   * moved; a pointer structure's node for insert and reorder, 0 otherwise).
   */
  | { kind: 'op-end'; op: OpKind; index: number; handle: number }
  /**
   * One key comparison: is key(slot) strictly smaller than key(other)?
   * `role` says what is compared: a child with its parent (sift-up), the second child with the
   * first (sift-down), or the parent with the chosen child (sift-down).
   */
  | {
      kind: 'compare';
      sift: Sift;
      role: 'child-parent' | 'second-first' | 'parent-child';
      slot: number;
      other: number;
      slotKey: number;
      otherKey: number;
      less: boolean;
    }
  /** The items in two slots trade places. */
  | { kind: 'swap'; sift: Sift; slot: number; other: number }
  /** An item is written into a slot (insert at the tail, or the tail item moved into a hole). */
  | { kind: 'place'; slot: number; item: number; key: number; from: number }
  /** A slot is emptied (the old tail after a removal). */
  | { kind: 'clear'; slot: number }
  /** An item leaves the heap (popMin or delete). */
  | { kind: 'remove'; slot: number; item: number; key: number }
  /** A key is changed in place before a reorder. */
  | { kind: 'rekey'; slot: number; key: number; oldKey: number }
  /**
   * A reference to a slot's page (a word's, for a pointer structure), and what the pager did:
   * found it resident, zero-filled it on a first touch, or paged it in; a fault with memory full
   * first evicts a page (`evicted`, -1 when none), written back when dirty. One step, so a
   * scenario's steps are the same whatever the frame count: the memory slider moves through them.
   * `frame` is the frame the page is in now (the evicted page's, after an eviction): a FIFO or
   * CLOCK view follows its ring by it; -1 where the view answers every frame count (LRU).
   */
  | {
      kind: 'touch';
      slot: number;
      page: number;
      frame: number;
      write: boolean;
      outcome: TouchOutcome;
      evicted: number;
      writeBack: boolean;
    }
  // Pointer structures (list, treap, red-black trees) keep nodes in an arena (arena.ts). Their
  // views mirror the arena from these events alone, as heap views mirror slots from the above.
  /** A node is taken from the free list (or fresh) and given its item and key. */
  | { kind: 'node-alloc'; node: number; item: number; key: number }
  /** A node goes back on the free list (its item has left the structure). */
  | { kind: 'node-free'; node: number; item: number; key: number }
  /**
   * A link or tag field of a node is written: `value` is a node (links, NIL = 0 for none) or the
   * tag (red = 1 / black = 0, or a treap priority). Node 0 is the header; its `left` is the root.
   */
  | { kind: 'store'; node: number; field: LinkField; value: number }
  /**
   * One comparison in a pointer structure: is `value` (of `node`) strictly smaller than
   * `otherValue` (of `other`)? `what` says whether keys or treap priorities are compared. Trees
   * order equal keys by node number, so `less` is the outcome of that total order.
   */
  | {
      kind: 'node-compare';
      what: 'key' | 'priority';
      node: number;
      other: number;
      value: number;
      otherValue: number;
      less: boolean;
    }
  /** A tree rotation around `node` (the node that moves down), for narration; links follow as stores. */
  | { kind: 'rotate'; node: number; direction: 'left' | 'right' }
  /** A red-black colour flip at `node` (it and its children change colour); stores follow. */
  | { kind: 'flip'; node: number };

/** The link and tag fields of an arena node (a list uses left/right as next/prev). */
export type LinkField = 'left' | 'right' | 'parent' | 'tag';

export interface EventSink {
  emit(event: SimEvent): void;
}

/** Collects events in an array, for the page's recorder and for tests. */
export class ArraySink implements EventSink {
  readonly events: SimEvent[] = [];
  emit(event: SimEvent): void {
    this.events.push(event);
  }
}
