// A checkpoint's image of the LRU memory (stackMemory.ts): the recency stack and the distance
// counts alone, in arrays a worker can post, and their packed form, 32-bit where the counts fit,
// which is what a long run's checkpoints keep (replay/sideRecorder.ts, scenario/largePlan.ts).

/**
 * The recency stack and the distance counts alone, in arrays (a worker can post them): what a
 * checkpoint of a long run keeps (replay/sideRecorder.ts). It names no latest reference: a
 * memory restored from it describes none until its next reference.
 */
export interface StackMemoryImage {
  /** The pages ever referenced, most recently used first. */
  order: Int32Array;
  /** Per page: the largest distance since its last write, NEVER_WRITTEN (stackMemory.ts) if never
   * written. */
  dirtyFrom: Int32Array;
  /** histogram[d]: references at distance d, d = 1..pages (pages + 2 entries). */
  histogram: Float64Array;
  /** Write-backs of closed intervals, a difference array over F (pages + 2 entries). */
  closedWriteBacks: Float64Array;
  references: number;
  zeroFills: number;
}

/** An image as a checkpoint stores it: counts in 32 bits where they fit (a third less memory). */
export interface PackedImage {
  order: Int32Array;
  dirtyFrom: Int32Array;
  histogram: Uint32Array | Float64Array;
  closedWriteBacks: Int32Array | Float64Array;
  references: number;
  zeroFills: number;
}

/**
 * Packs an image: every count is at most the references, and a closed write-back entry at
 * most that in size, so below 2^31 references both fit 32 bits.
 */
export function packImage(image: StackMemoryImage): PackedImage {
  const fits = image.references < 2 ** 31;
  return {
    order: image.order,
    dirtyFrom: image.dirtyFrom,
    histogram: fits ? new Uint32Array(image.histogram) : image.histogram,
    closedWriteBacks: fits ? new Int32Array(image.closedWriteBacks) : image.closedWriteBacks,
    references: image.references,
    zeroFills: image.zeroFills,
  };
}

export function unpackImage(packed: PackedImage): StackMemoryImage {
  return {
    order: packed.order,
    dirtyFrom: packed.dirtyFrom,
    histogram: new Float64Array(packed.histogram),
    closedWriteBacks: new Float64Array(packed.closedWriteBacks),
    references: packed.references,
    zeroFills: packed.zeroFills,
  };
}

/** Bytes a packed image of `pages` pages takes at most. */
export function packedImageBytes(pages: number): number {
  return 4 * pages + 4 * pages + 2 * 4 * (pages + 2) + 64;
}
