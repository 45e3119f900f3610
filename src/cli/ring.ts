// A single-producer, single-consumer ring of queue batches in shared memory, so one thread can
// run the heap while another accounts its page references (AllFramesCounter.handOffBatches).
// The two block with Atomics.wait only when the ring is full or empty.

/** Batches in flight: enough that neither side waits on the other's hiccups. */
export const RING_SLOTS = 16;
/** Entries per batch: the counter's queue length. */
export const RING_SLOT_SIZE = 4096;

// Control words: batches written, batches read, "no more batches", and "the consumer failed".
const WRITTEN = 0;
const READ = 1;
const DONE = 2;
const FAILED = 3;
const CONTROL_WORDS = 4;

export class BatchRing {
  private readonly data: Int32Array;
  private readonly counts: Int32Array;
  private readonly control: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer) {
    this.data = new Int32Array(buffer, 0, RING_SLOTS * RING_SLOT_SIZE);
    this.counts = new Int32Array(buffer, RING_SLOTS * RING_SLOT_SIZE * 4, RING_SLOTS);
    this.control = new Int32Array(
      buffer,
      (RING_SLOTS * RING_SLOT_SIZE + RING_SLOTS) * 4,
      CONTROL_WORDS,
    );
  }

  static create(): BatchRing {
    return new BatchRing(
      new SharedArrayBuffer((RING_SLOTS * RING_SLOT_SIZE + RING_SLOTS + CONTROL_WORDS) * 4),
    );
  }

  /** Producer: copies a batch in, waiting while every slot is still unread. */
  push(entries: Int32Array, count: number): void {
    if (count > RING_SLOT_SIZE)
      throw new RangeError(`a batch holds at most ${RING_SLOT_SIZE} entries`);
    const control = this.control;
    const written = control[WRITTEN];
    for (;;) {
      const read = Atomics.load(control, READ);
      if (written - read < RING_SLOTS) break;
      if (Atomics.load(control, FAILED) === 1) throw new Error('the counter worker failed');
      Atomics.wait(control, READ, read, 1000);
    }
    const slot = written % RING_SLOTS;
    this.data.set(entries.subarray(0, count), slot * RING_SLOT_SIZE);
    this.counts[slot] = count;
    Atomics.store(control, WRITTEN, written + 1);
    Atomics.notify(control, WRITTEN);
  }

  /** Producer: no more batches. */
  close(): void {
    Atomics.store(this.control, DONE, 1);
    // Wakes a consumer waiting on an empty ring (it re-checks DONE).
    Atomics.add(this.control, WRITTEN, 0);
    Atomics.notify(this.control, WRITTEN);
  }

  /** Consumer: it cannot go on; a producer waiting on a full ring stops with an error. */
  fail(): void {
    Atomics.store(this.control, FAILED, 1);
    Atomics.notify(this.control, READ);
  }

  /** Consumer: hands each batch to `consume` in order until the producer closes the ring. */
  drain(consume: (entries: Int32Array, count: number) => void): void {
    const control = this.control;
    let read = Atomics.load(control, READ);
    for (;;) {
      const written = Atomics.load(control, WRITTEN);
      if (read < written) {
        const slot = read % RING_SLOTS;
        const start = slot * RING_SLOT_SIZE;
        const count = this.counts[slot];
        consume(this.data.subarray(start, start + count), count);
        read++;
        Atomics.store(control, READ, read);
        Atomics.notify(control, READ);
        continue;
      }
      if (Atomics.load(control, DONE) === 1 && read === Atomics.load(control, WRITTEN)) return;
      // A close() between the two loads above only adds 0, so wait with a short timeout too.
      Atomics.wait(control, WRITTEN, written, 20);
    }
  }
}
