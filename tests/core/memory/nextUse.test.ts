// When each entry of a stored reference string is next referenced: the future OPT evicts by,
// found a chunk at a time, against a plain scan of the whole trace.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEVER, NextUseIndex } from '../../../src/core/memory/nextUse';
import { referenceStringOf } from '../../../src/core/memory/referenceString';
import { entriesOf, pageTrace } from './pagerTesting';

describe('NextUseIndex', () => {
  it('gives each entry the index of its page’s next entry, across chunk boundaries', () => {
    fc.assert(
      fc.property(
        pageTrace(10, 300),
        fc.constantFrom(1, 2, 4, 32),
        ([pages, trace], chunkEntries) => {
          const stored = referenceStringOf(entriesOf(trace), pages, { chunkEntries });
          const index = new NextUseIndex(stored);
          const found: number[] = [];
          const out = new Int32Array(chunkEntries);
          stored.chunks.forEach((chunk, c) => {
            index.fill(c, out);
            found.push(...out.subarray(0, chunk.length));
          });
          const expected = trace.map(([page], at) => {
            const next = trace.findIndex(([later], k) => k > at && later === page);
            return next < 0 ? NEVER : next;
          });
          expect(found).toEqual(expected);
        },
      ),
    );
  });

  it('keeps one pair per distinct page of each chunk, not one per entry', () => {
    const raw = Array.from({ length: 4096 }, (_, index) => (index % 3) << 1);
    const index = new NextUseIndex(referenceStringOf(raw, 3, { chunkEntries: 1024 }));
    expect(index.exitPairs).toBe(4 * 3);
  });
});
