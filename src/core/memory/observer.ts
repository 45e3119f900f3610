// The memory access model (docs/model.md): every read or write of a heap slot is
// one reference to the page that holds it. Observers turn references into pager states or curves.

/** Receives every slot reference a heap makes, in program order. */
export interface MemoryObserver {
  read(slot: number): void;
  write(slot: number): void;
  /**
   * Optional: one whole sift-down step, reported instead of its reads and writes. It must have
   * exactly the effect of expandSiftDownStep (the model's order); an observer that can account
   * for a step at once (stackDistances.ts) saves the per-reference work. `second` is -1 when the slot
   * has one child; `child` is the chosen one; `swapped` says whether the slot and child were
   * written.
   */
  siftDownStep?(slot: number, child: number, first: number, second: number, swapped: boolean): void;
}

/** A sift-down step's references in the model's order (docs/model.md). */
export function expandSiftDownStep(
  memory: MemoryObserver,
  slot: number,
  child: number,
  first: number,
  second: number,
  swapped: boolean,
): void {
  if (second >= 0) {
    memory.read(first);
    memory.read(second);
  }
  memory.read(slot);
  memory.read(child);
  if (swapped) {
    memory.write(slot);
    memory.write(child);
  }
}

/** Ignores references: the bare workload, timed without instrumentation. */
export const NO_MEMORY: MemoryObserver = {
  read(): void {},
  write(): void {},
};

/** Counts references; used by tests that check the access order. */
export class AccessLog implements MemoryObserver {
  readonly slots: number[] = [];
  readonly writes: boolean[] = [];
  read(slot: number): void {
    this.slots.push(slot);
    this.writes.push(false);
  }
  write(slot: number): void {
    this.slots.push(slot);
    this.writes.push(true);
  }
}

/**
 * Sends every reference to two observers, in order: a sweep that wants LRU's one-pass curves and
 * a trace for the other policies makes one run for both. A whole sift-down step goes to each
 * observer that takes one, and is expanded for the other.
 */
export class TeeObserver implements MemoryObserver {
  constructor(
    private readonly first: MemoryObserver,
    private readonly second: MemoryObserver,
  ) {}

  read(slot: number): void {
    this.first.read(slot);
    this.second.read(slot);
  }

  write(slot: number): void {
    this.first.write(slot);
    this.second.write(slot);
  }

  siftDownStep(slot: number, child: number, first: number, second: number, swapped: boolean): void {
    for (const memory of [this.first, this.second]) {
      if (memory.siftDownStep !== undefined)
        memory.siftDownStep(slot, child, first, second, swapped);
      else expandSiftDownStep(memory, slot, child, first, second, swapped);
    }
  }
}
