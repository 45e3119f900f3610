// The memory access model (README, "Memory access model"): every read or write of a heap slot is
// one reference to the page that holds it. Observers turn references into pager states or curves.

/** Receives every slot reference a heap makes, in program order. */
export interface MemoryObserver {
  read(slot: number): void;
  write(slot: number): void;
  /**
   * Optional: one whole sift-down step, reported instead of its reads and writes. It must have
   * exactly the effect of expandSiftDownStep (the model's order); an observer that can account
   * for a step at once (curves.ts) saves the per-reference work. `second` is -1 when the slot
   * has one child; `child` is the chosen one; `swapped` says whether the slot and child were
   * written.
   */
  siftDownStep?(slot: number, child: number, first: number, second: number, swapped: boolean): void;
}

/** A sift-down step's references in the model's order (README, "Memory access model"). */
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
