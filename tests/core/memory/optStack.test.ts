// OPT's page-ins and write-backs for every frame count in one pass (optStack.ts), against the
// direct OPT pager run at each frame count.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optCurves } from '../../../src/core/memory/optStack';
import { referenceStringOf } from '../../../src/core/memory/referenceString';
import { directCurves, entriesOf, pageTrace } from './pagerTesting';

describe('the one-pass curves equal the direct simulations at every frame count', () => {
  it('OPT (optStack.ts): page-ins and write-backs, merged trace or not', () => {
    fc.assert(
      fc.property(pageTrace(24, 400), fc.boolean(), ([pages, trace], merge) => {
        const curves = optCurves(referenceStringOf(entriesOf(trace), pages, { merge }));
        const expected = directCurves('opt', pages, trace);
        expect({
          pageIns: Array.from(curves.pageIns),
          writeBacks: Array.from(curves.writeBacks),
        }).toEqual(expected);
        expect(curves.zeroFills).toBe(new Set(trace.map(([page]) => page)).size);
      }),
      { numRuns: 120 },
    );
  });

  it('OPT over traces split into many chunks (the next uses cross chunk boundaries)', () => {
    fc.assert(
      fc.property(
        pageTrace(12, 500),
        fc.constantFrom(1, 2, 4, 16),
        ([pages, trace], chunkEntries) => {
          const curves = optCurves(referenceStringOf(entriesOf(trace), pages, { chunkEntries }));
          const expected = directCurves('opt', pages, trace);
          expect([Array.from(curves.pageIns), Array.from(curves.writeBacks)]).toEqual([
            expected.pageIns,
            expected.writeBacks,
          ]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('optCurves', () => {
  it('never pages in more with more frames: OPT is a stack algorithm', () => {
    fc.assert(
      fc.property(pageTrace(20, 300), ([pages, trace]) => {
        const { pageIns, writeBacks } = optCurves(referenceStringOf(entriesOf(trace), pages));
        for (let f = 1; f < pages; f++) {
          expect(pageIns[f]).toBeLessThanOrEqual(pageIns[f - 1]);
          expect(writeBacks[f]).toBeLessThanOrEqual(writeBacks[f - 1]);
        }
        // With a frame for every page nothing is ever evicted.
        expect(pageIns[pages - 1]).toBe(0);
        expect(writeBacks[pages - 1]).toBe(0);
      }),
      { numRuns: 80 },
    );
  });

  it('reports its progress after each chunk, ending at the whole trace', () => {
    const raw = entriesOf(Array.from({ length: 10 }, (_, i) => [i % 3, i % 2 === 0] as const));
    const trace = referenceStringOf(raw, 3, { chunkEntries: 4 });
    const seen: [number, number][] = [];
    optCurves(trace, (done, total) => seen.push([done, total]));
    expect(seen).toEqual([
      [4, 10],
      [8, 10],
      [10, 10],
    ]);
  });

  it('counts nothing but zero-fills for an empty trace or one page', () => {
    const empty = optCurves(referenceStringOf([], 2));
    expect([empty.zeroFills, [...empty.pageIns], [...empty.writeBacks]]).toEqual([
      0,
      [0, 0],
      [0, 0],
    ]);
    const one = optCurves(referenceStringOf([1, 0, 1, 0], 1));
    expect([one.zeroFills, [...one.pageIns], [...one.writeBacks]]).toEqual([1, [0], [0]]);
  });
});
