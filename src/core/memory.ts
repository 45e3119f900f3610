// The memory access model (README, "Memory access model"): every read or write of a heap slot is
// one reference to the page that holds it. Observers turn references into pager states or curves.

/** Receives every slot reference a heap makes, in program order. */
export interface MemoryObserver {
  read(slot: number): void;
  write(slot: number): void;
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
