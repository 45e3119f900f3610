// FIFO and CLOCK at one frame count, replayed over a stored trace: the same rules as
// ringPagers.ts with no events and no checks, since a sweep runs it once per frame count over up
// to 125M entries (docs/performance.md). The loop is a WebAssembly kernel
// (kernel/assembly/policyKernel.ts), fed the trace a chunk at a time; the same loops in
// TypeScript below are what the tests hold it to.

import { instantiatePolicyKernel, type PolicyKernel } from './kernel/policyKernel';
import {
  entryBytes,
  type ReferenceString,
  type ReferenceStringOptions,
  ReferenceStringRecorder,
} from './referenceString';

/** What a replay counts. `hits` are not among them: a merged trace has fewer entries than references. */
interface ReplayCounts {
  zeroFills: number;
  pageIns: number;
  writeBacks: number;
  evictions: number;
}

const NONE = -1;

/** One kernel per thread, re-laid out for each replay (its memory only grows). */
let kernel: PolicyKernel | null = null;

/** FIFO or CLOCK with `frames` frames over the trace, in the WebAssembly kernel. */
export function replayRing(
  trace: ReferenceString,
  policy: 'fifo' | 'clock',
  frames: number,
): ReplayCounts {
  checkFrames(frames);
  if (kernel === null) kernel = instantiatePolicyKernel();
  const wide = entryBytes(trace.pageCount) === 4;
  const at = kernel.init(trace.pageCount, frames, wide ? 1 : 0);
  // init may grow the memory: views are made after it.
  const room = kernel.chunkEntries();
  const buffer = wide
    ? new Uint32Array(kernel.memory.buffer, at, room)
    : new Uint16Array(kernel.memory.buffer, at, room);
  const step =
    policy === 'fifo'
      ? wide
        ? kernel.fifo32
        : kernel.fifo16
      : wide
        ? kernel.clock32
        : kernel.clock16;
  for (const chunk of trace.chunks) {
    for (let start = 0; start < chunk.length; start += room) {
      const piece = chunk.subarray(start, Math.min(chunk.length, start + room));
      buffer.set(piece);
      step(piece.length);
    }
  }
  return {
    zeroFills: kernel.zeroFills(),
    pageIns: kernel.pageIns(),
    writeBacks: kernel.writeBacks(),
    evictions: kernel.evictions(),
  };
}

/** FIFO with `frames` frames over the trace (ringPagers.ts FifoPager, without events). */
export function replayFifo(trace: ReferenceString, frames: number): ReplayCounts {
  checkFrames(frames);
  const pages = trace.pageCount;
  const ring = Math.min(frames, pages);
  const frameOf = new Int32Array(pages).fill(NONE);
  const pageInFrame = new Int32Array(ring);
  const dirty = new Uint8Array(pages);
  const touched = new Uint8Array(pages);
  let used = 0;
  let hand = 0;
  let zeroFills = 0;
  let pageIns = 0;
  let writeBacks = 0;
  let evictions = 0;
  for (const chunk of trace.chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const entry = chunk[i];
      const page = entry >>> 1;
      if (frameOf[page] !== NONE) {
        if ((entry & 1) === 1) dirty[page] = 1;
        continue;
      }
      let frame: number;
      if (used < ring) frame = used++;
      else {
        frame = hand;
        hand = hand + 1 === ring ? 0 : hand + 1;
        const victim = pageInFrame[frame];
        frameOf[victim] = NONE;
        writeBacks += dirty[victim];
        evictions++;
      }
      pageInFrame[frame] = page;
      frameOf[page] = frame;
      dirty[page] = entry & 1;
      if (touched[page] === 0) {
        touched[page] = 1;
        zeroFills++;
      } else pageIns++;
    }
  }
  return { zeroFills, pageIns, writeBacks, evictions };
}

/** CLOCK with `frames` frames over the trace (ringPagers.ts ClockPager, without events). */
export function replayClock(trace: ReferenceString, frames: number): ReplayCounts {
  checkFrames(frames);
  const pages = trace.pageCount;
  const ring = Math.min(frames, pages);
  const frameOf = new Int32Array(pages).fill(NONE);
  const pageInFrame = new Int32Array(ring);
  const referenced = new Uint8Array(ring);
  const dirty = new Uint8Array(pages);
  const touched = new Uint8Array(pages);
  let used = 0;
  let hand = 0;
  let zeroFills = 0;
  let pageIns = 0;
  let writeBacks = 0;
  let evictions = 0;
  for (const chunk of trace.chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const entry = chunk[i];
      const page = entry >>> 1;
      let frame = frameOf[page];
      if (frame !== NONE) {
        referenced[frame] = 1;
        if ((entry & 1) === 1) dirty[page] = 1;
        continue;
      }
      if (used < ring) frame = used++;
      else {
        frame = hand;
        while (referenced[frame] === 1) {
          referenced[frame] = 0;
          frame = frame + 1 === ring ? 0 : frame + 1;
        }
        hand = frame + 1 === ring ? 0 : frame + 1;
        const victim = pageInFrame[frame];
        frameOf[victim] = NONE;
        writeBacks += dirty[victim];
        evictions++;
      }
      pageInFrame[frame] = page;
      frameOf[page] = frame;
      referenced[frame] = 1;
      dirty[page] = entry & 1;
      if (touched[page] === 0) {
        touched[page] = 1;
        zeroFills++;
      } else pageIns++;
    }
  }
  return { zeroFills, pageIns, writeBacks, evictions };
}

function checkFrames(frames: number): void {
  if (!Number.isInteger(frames) || frames < 1) {
    throw new RangeError(`frames must be a positive integer, got ${frames}`);
  }
}

/**
 * The trace without the entries that change nothing under FIFO or CLOCK with 2 frames or more:
 * the 5th and later entries of a run alternating between two pages (x y x y x ...), whose writes
 * are OR-ed into the last kept entry of their page. A heap's sift-down that crosses pages makes
 * such runs (children, parent, child, parent, child): on the article's binary heap this drops a
 * third of the entries. Replays at 1 frame need the whole trace.
 *
 * Why they change nothing, with F >= 2 frames and the run's entries named 1, 2, 3, ... (1 and 3
 * are x, 2 and 4 are y):
 * - Entry 4 (y) hits. y was resident after 2. If 3 hit, nothing was evicted since. If 3
 *   faulted, x was evicted at 2, so 2 faulted and loaded y, which then was FIFO's newest page;
 *   under CLOCK the hand stood one frame past y's and y's bit was set, so the hand cannot have
 *   come round to y before finding a clear bit (F >= 2). Either way y stays.
 * - By the same argument one step on, entry 5 (x) hits; and no fault happened at 4, so x's
 *   reference bit, set at 3, was not cleared since: entry 5 changes nothing, unless it writes,
 *   and x stayed resident since entry 3, so the write may as well have been there.
 * - Every later entry k (k >= 5) has entries k-4..k-1 alternating too, so the same holds.
 * A dropped entry's successors see the same state, so the argument holds on the original trace.
 */
export function collapseAlternations(
  trace: ReferenceString,
  options: ReferenceStringOptions = {},
): ReferenceString {
  const recorder = new ReferenceStringRecorder(trace.pageCount, 1, {
    chunkEntries: trace.chunkEntries,
    ...options,
    merge: false,
  });
  // The pages of the last four original entries (back1 the latest), -1 before the trace starts.
  let back4 = -1;
  let back3 = -1;
  let back2 = -1;
  let back1 = -1;
  for (const chunk of trace.chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const entry = chunk[i];
      const page = entry >>> 1;
      if (back4 === page && back2 === page && back3 === back1) {
        if ((entry & 1) === 1) recorder.markLastWrite(page);
      } else recorder.touchPage(page, (entry & 1) === 1);
      back4 = back3;
      back3 = back2;
      back2 = back1;
      back1 = page;
    }
  }
  const collapsed = recorder.finish();
  return { ...collapsed, merged: trace.merged, references: trace.references };
}
