// When each entry of a reference string is next referenced: the future OPT evicts by, computed backwards
// a chunk at a time so that no index per entry is ever stored for the whole trace.
//
// The next use of an entry in chunk c is either later in chunk c (a backward scan of the chunk
// finds it) or, for the last entry of each page in the chunk, the page's first entry at or after
// chunk c + 1. One backward pass over the whole trace keeps those "exits" for each chunk: one pair
// (page, next use) per distinct page of the chunk, 1.9 MB for the article's binary heap
// (120 chunks of at most 1,954 pages) where a next-use index per entry would take 500 MB.

import type { ReferenceChunk, ReferenceString } from './referenceString';

/** The next use of an entry whose page is never referenced again. */
export const NEVER = -1;

export class NextUseIndex {
  /** Per chunk: page, next use, page, next use, ... for each page the chunk references. */
  private readonly exits: Int32Array[];
  /** Scratch: the next use of each page while a chunk is scanned backwards. */
  private readonly nextOf: Int32Array;

  constructor(readonly trace: ReferenceString) {
    const { chunks, pageCount } = trace;
    this.nextOf = new Int32Array(pageCount);
    const firstAtOrAfter = new Int32Array(pageCount).fill(NEVER);
    const seenIn = new Int32Array(pageCount).fill(-1); // the chunk a page was last listed for
    const pagesOfChunk = new Int32Array(Math.min(pageCount, trace.chunkEntries));
    this.exits = new Array<Int32Array>(chunks.length);
    for (let c = chunks.length - 1; c >= 0; c--) {
      const chunk = chunks[c];
      const start = c * trace.chunkEntries;
      let distinct = 0;
      for (let i = 0; i < chunk.length; i++) {
        const page = chunk[i] >>> 1;
        if (seenIn[page] !== c) {
          seenIn[page] = c;
          pagesOfChunk[distinct++] = page;
        }
      }
      const exits = new Int32Array(2 * distinct);
      for (let k = 0; k < distinct; k++) {
        const page = pagesOfChunk[k];
        exits[2 * k] = page;
        exits[2 * k + 1] = firstAtOrAfter[page];
      }
      this.exits[c] = exits;
      for (let i = chunk.length - 1; i >= 0; i--) firstAtOrAfter[chunk[i] >>> 1] = start + i;
    }
  }

  /** Pairs kept for all chunks (for the memory estimate's check). */
  get exitPairs(): number {
    return this.exits.reduce((sum, exits) => sum + exits.length / 2, 0);
  }

  /**
   * Writes into out[i] the index of the next entry referencing the page of entry start + i of
   * chunk `chunkIndex` (start = chunkIndex * chunkEntries), or NEVER.
   */
  fill(chunkIndex: number, out: Int32Array): void {
    const chunk: ReferenceChunk = this.trace.chunks[chunkIndex];
    const start = chunkIndex * this.trace.chunkEntries;
    const nextOf = this.nextOf;
    const exits = this.exits[chunkIndex];
    for (let k = 0; k < exits.length; k += 2) nextOf[exits[k]] = exits[k + 1];
    for (let i = chunk.length - 1; i >= 0; i--) {
      const page = chunk[i] >>> 1;
      out[i] = nextOf[page];
      nextOf[page] = start + i;
    }
  }
}
