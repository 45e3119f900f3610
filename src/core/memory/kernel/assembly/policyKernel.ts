// FIFO and CLOCK replayed over a reference string, in AssemblyScript compiled to WebAssembly by
// `npm run kernel` (scripts/kernel.ts): policyReplay.ts copies the trace in a chunk at a time
// and this loop accounts it. The rules are ringPagers.ts's; policyReplay.ts says why it pays.
//
// Every array lives in this instance's linear memory, laid out by init(); pointers are byte
// offsets (usize), indexes are in the named space (page, frame).

import { growMemoryTo } from './growMemory';

// Entries per chunk of the trace the caller copies in: 2 MiB of 16-bit entries.
const CHUNK_ENTRIES: i32 = 1 << 20;
const NONE: i32 = -1;

let ring: i32 = 0; // frames in the ring: min(frames, pages)
let used: i32 = 0; // frames handed out so far, in order
let hand: i32 = 0; // the frame the hand points at
let zeroFillCount: f64 = 0;
let pageInCount: f64 = 0;
let writeBackCount: f64 = 0;
let evictionCount: f64 = 0;

// Arrays (byte offsets): the chunk of entries, then per page frameOf (i32), dirty and touched
// (u8), per frame the page in it (i32) and its reference bit (u8).
let chunk: usize = 0;
let frameOf: usize = 0;
let dirty: usize = 0;
let touched: usize = 0;
let pageInFrame: usize = 0;
let referenced: usize = 0;

/**
 * Lays out and clears the arrays for `pages` pages and `frames` frames, entries of 2 bytes
 * (`wide` = 0) or 4; returns where the caller copies each chunk of entries.
 */
export function init(pages: i32, frames: i32, wide: i32): usize {
  ring = min(frames, pages);
  used = 0;
  hand = 0;
  zeroFillCount = 0;
  pageInCount = 0;
  writeBackCount = 0;
  evictionCount = 0;
  let at: usize = (__heap_base + 15) & ~15;
  chunk = at;
  at += (<usize>CHUNK_ENTRIES) << (wide !== 0 ? 2 : 1);
  frameOf = at;
  at += (<usize>pages) << 2;
  pageInFrame = at;
  at += (<usize>ring) << 2;
  dirty = at;
  at += <usize>pages;
  touched = at;
  at += <usize>pages;
  referenced = at;
  at += <usize>ring;
  if (!growMemoryTo(at)) unreachable();
  memory.fill(frameOf, 0xff, (<usize>pages) << 2);
  memory.fill(dirty, 0, (<usize>pages) << 1);
  memory.fill(referenced, 0, <usize>ring);
  return chunk;
}

/** Entries one chunk holds. */
export function chunkEntries(): i32 {
  return CHUNK_ENTRIES;
}

// The loops keep the arrays' addresses, the counters and the counts in locals: read from
// globals, which WebAssembly keeps in memory, they took a third longer (the 1M-item binary heap's
// collapsed trace, 84M entries: FIFO at 9 frames 0.17 s against 0.26 s, best of 5). Whether an
// entry writes is ORed into the dirty bit without a branch: the CPU cannot predict it.

/** FIFO over the chunk's first `count` entries: the victim is the frame under the hand. */
function fifoLoop<T>(count: i32): void {
  const entries = chunk;
  const frames = frameOf;
  const dirtyBits = dirty;
  const pageOf = pageInFrame;
  const seen = touched;
  const size = ring;
  let taken = used;
  let at = hand;
  let pageInSum = pageInCount;
  let zeroSum = zeroFillCount;
  let writeBackSum = writeBackCount;
  let evictionSum = evictionCount;
  const end = entries + <usize>count * sizeof<T>();
  for (let cursor = entries; cursor < end; cursor += sizeof<T>()) {
    const entry = <i32>load<T>(cursor);
    const page = entry >>> 1;
    const write = <u8>(entry & 1);
    const dirtyAt = dirtyBits + <usize>page;
    if (load<i32>(frames + ((<usize>page) << 2)) !== NONE) {
      store<u8>(dirtyAt, load<u8>(dirtyAt) | write);
      continue;
    }
    let frame: i32;
    if (taken < size) frame = taken++;
    else {
      frame = at;
      at = at + 1 === size ? 0 : at + 1;
      const evicted = load<i32>(pageOf + ((<usize>frame) << 2));
      store<i32>(frames + ((<usize>evicted) << 2), NONE);
      writeBackSum += <f64>load<u8>(dirtyBits + <usize>evicted);
      evictionSum += 1;
    }
    store<i32>(pageOf + ((<usize>frame) << 2), page);
    store<i32>(frames + ((<usize>page) << 2), frame);
    store<u8>(dirtyAt, write);
    if (load<u8>(seen + <usize>page) !== 0) pageInSum += 1;
    else {
      store<u8>(seen + <usize>page, 1);
      zeroSum += 1;
    }
  }
  used = taken;
  hand = at;
  pageInCount = pageInSum;
  zeroFillCount = zeroSum;
  writeBackCount = writeBackSum;
  evictionCount = evictionSum;
}

/**
 * CLOCK over the chunk's first `count` entries: the hand clears set bits until it finds a clear
 * one, whose page goes; the new page's bit is set and the hand moves one frame past it.
 */
function clockLoop<T>(count: i32): void {
  const entries = chunk;
  const frames = frameOf;
  const dirtyBits = dirty;
  const pageOf = pageInFrame;
  const bits = referenced;
  const seen = touched;
  const size = ring;
  let taken = used;
  let at = hand;
  let pageInSum = pageInCount;
  let zeroSum = zeroFillCount;
  let writeBackSum = writeBackCount;
  let evictionSum = evictionCount;
  const end = entries + <usize>count * sizeof<T>();
  for (let cursor = entries; cursor < end; cursor += sizeof<T>()) {
    const entry = <i32>load<T>(cursor);
    const page = entry >>> 1;
    const write = <u8>(entry & 1);
    const dirtyAt = dirtyBits + <usize>page;
    const resident = load<i32>(frames + ((<usize>page) << 2));
    if (resident !== NONE) {
      store<u8>(bits + <usize>resident, 1);
      store<u8>(dirtyAt, load<u8>(dirtyAt) | write);
      continue;
    }
    let frame: i32;
    if (taken < size) frame = taken++;
    else {
      frame = at;
      while (load<u8>(bits + <usize>frame) !== 0) {
        store<u8>(bits + <usize>frame, 0);
        frame = frame + 1 === size ? 0 : frame + 1;
      }
      at = frame + 1 === size ? 0 : frame + 1;
      const evicted = load<i32>(pageOf + ((<usize>frame) << 2));
      store<i32>(frames + ((<usize>evicted) << 2), NONE);
      writeBackSum += <f64>load<u8>(dirtyBits + <usize>evicted);
      evictionSum += 1;
    }
    store<i32>(pageOf + ((<usize>frame) << 2), page);
    store<i32>(frames + ((<usize>page) << 2), frame);
    store<u8>(bits + <usize>frame, 1);
    store<u8>(dirtyAt, write);
    if (load<u8>(seen + <usize>page) !== 0) pageInSum += 1;
    else {
      store<u8>(seen + <usize>page, 1);
      zeroSum += 1;
    }
  }
  used = taken;
  hand = at;
  pageInCount = pageInSum;
  zeroFillCount = zeroSum;
  writeBackCount = writeBackSum;
  evictionCount = evictionSum;
}

export function fifo16(count: i32): void {
  fifoLoop<u16>(count);
}

export function fifo32(count: i32): void {
  fifoLoop<u32>(count);
}

export function clock16(count: i32): void {
  clockLoop<u16>(count);
}

export function clock32(count: i32): void {
  clockLoop<u32>(count);
}

export function zeroFills(): f64 {
  return zeroFillCount;
}

export function pageIns(): f64 {
  return pageInCount;
}

export function writeBacks(): f64 {
  return writeBackCount;
}

export function evictions(): f64 {
  return evictionCount;
}
