// The typed event stream the core emits. Views replay these; they never look inside the heap
// or the pager. A sink is injected (no globals), and a null sink costs one branch.

export type OpKind = 'insert' | 'popMin' | 'delete' | 'reorder';

/** Which sift a compare or swap belongs to (drives the pseudocode highlight). */
export type Sift = 'up' | 'down';

/** What a page reference found: a resident page, a first touch (no I/O), or a page read back. */
export type TouchOutcome = 'hit' | 'zero-fill' | 'page-in';

export type SimEvent =
  /**
   * An operation starts. `slot` is the slot it works on (new tail, root, or the named slot),
   * `item` the item it inserts, removes or rekeys, `key` its (new) key.
   */
  | { kind: 'op-begin'; op: OpKind; index: number; slot: number; key: number; item: number }
  /** An operation ends; `slot` is where the moved item came to rest (0 if none moved). */
  | { kind: 'op-end'; op: OpKind; index: number; slot: number }
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
  /** A reference to a slot's page, and what the pager found. `frame` is where the page lives. */
  | {
      kind: 'touch';
      slot: number;
      page: number;
      frame: number;
      write: boolean;
      outcome: TouchOutcome;
    }
  /** The pager evicts the least recently used page to make room; a dirty one is written back. */
  | { kind: 'evict'; page: number; frame: number; writeBack: boolean };

export type SimEventKind = SimEvent['kind'];

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
