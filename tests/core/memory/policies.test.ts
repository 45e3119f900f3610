import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruPager } from '../../../src/core/memory/lruPager';
import { makePager } from '../../../src/core/memory/makePager';
import { optCurves } from '../../../src/core/memory/optStack';
import { POLICIES, type Policy, pagerCounts } from '../../../src/core/memory/pager';
import {
  collapseAlternations,
  replayClock,
  replayFifo,
  replayRing,
} from '../../../src/core/memory/policyReplay';
import { type ReferenceString, referenceStringOf } from '../../../src/core/memory/referenceString';
import { AllFramesCounter } from '../../../src/core/memory/stackDistances';
import {
  clockModel,
  entriesOf,
  feed,
  fifoModel,
  optModel,
  pageTrace,
  type Reference,
} from './pagerTesting';

/** Belady, Nelson & Shedler's string (1969): FIFO faults more with 4 frames than with 3. */
const BELADY: Reference[] = [1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5].map((page) => [page, false]);

function direct(policy: Policy, frames: number, pages: number, trace: readonly Reference[]) {
  const future = referenceStringOf(entriesOf(trace), pages);
  const pager = makePager({ policy, frames, pageCount: pages, itemsPerPage: 1, future });
  feed(pager, trace);
  return pager;
}

function faults(policy: Policy, frames: number): number {
  const pager = direct(policy, frames, 6, BELADY);
  return pager.zeroFills + pager.pageIns;
}

describe('the known answers on 1,2,3,4,1,2,5,1,2,3,4,5 (faults, zero-fills included)', () => {
  it('FIFO: 9 with 3 frames, 10 with 4 (Belady’s anomaly)', () => {
    expect([faults('fifo', 3), faults('fifo', 4)]).toEqual([9, 10]);
  });

  it('LRU: 10 with 3 frames, 8 with 4', () => {
    expect([faults('lru', 3), faults('lru', 4)]).toEqual([10, 8]);
  });

  it('OPT: 7 with 3 frames, 6 with 4', () => {
    expect([faults('opt', 3), faults('opt', 4)]).toEqual([7, 6]);
  });

  it('the replays and the one-pass OPT give the same faults as the direct pagers', () => {
    const trace = referenceStringOf(entriesOf(BELADY), 6);
    const curves = optCurves(trace);
    for (const frames of [3, 4]) {
      const fifo = replayFifo(trace, frames);
      expect(fifo.zeroFills + fifo.pageIns).toBe(faults('fifo', frames));
      const clock = replayClock(trace, frames);
      expect(clock.zeroFills + clock.pageIns).toBe(faults('clock', frames));
      expect(curves.zeroFills + curves.pageIns[frames - 1]).toBe(faults('opt', frames));
    }
  });
});

describe('every policy against its reference model', () => {
  const models = { fifo: fifoModel, clock: clockModel, opt: optModel } as const;
  for (const policy of ['fifo', 'clock', 'opt'] as const) {
    it(`${policy}: the direct pager counts as the plain model does, on any trace and frame count`, () => {
      fc.assert(
        fc.property(
          pageTrace(12, 200),
          fc.integer({ min: 1, max: 14 }),
          ([pages, trace], frames) => {
            const { hits, zeroFills, pageIns, writeBacks, evictions } = pagerCounts(
              direct(policy, frames, pages, trace),
            );
            expect({ hits, zeroFills, pageIns, writeBacks, evictions }).toEqual(
              models[policy](Math.min(frames, pages), trace),
            );
          },
        ),
        { numRuns: 150 },
      );
    });
  }
});

describe('OPT is the floor', () => {
  it('never faults more than LRU, FIFO or CLOCK, on any trace and frame count', () => {
    fc.assert(
      fc.property(pageTrace(16, 300), fc.integer({ min: 1, max: 18 }), ([pages, trace], frames) => {
        const opt = direct('opt', frames, pages, trace).pageIns;
        for (const policy of POLICIES) {
          expect(opt).toBeLessThanOrEqual(direct(policy, frames, pages, trace).pageIns);
        }
      }),
      { numRuns: 200 },
    );
  });
});

/** Page-ins and write-backs of the direct pager at every frame count 1..pages. */
function directCurves(policy: Policy, pages: number, trace: readonly Reference[]) {
  const pageIns: number[] = [];
  const writeBacks: number[] = [];
  for (let frames = 1; frames <= pages; frames++) {
    const pager = direct(policy, frames, pages, trace);
    pageIns.push(pager.pageIns);
    writeBacks.push(pager.writeBacks);
  }
  return { pageIns, writeBacks };
}

function lruCurves(trace: ReferenceString) {
  const counter = new AllFramesCounter(trace.pageCount, 1);
  for (const chunk of trace.chunks) {
    for (const entry of chunk) counter.touchPage(entry >>> 1, (entry & 1) === 1);
  }
  return counter.finish();
}

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

  it('LRU (stackDistances.ts, fed a merged trace): page-ins and write-backs', () => {
    fc.assert(
      fc.property(pageTrace(24, 400), ([pages, trace]) => {
        const curves = lruCurves(referenceStringOf(entriesOf(trace), pages, { merge: true }));
        const expected = directCurves('lru', pages, trace);
        expect([Array.from(curves.pageIns), Array.from(curves.writeBacks)]).toEqual([
          expected.pageIns,
          expected.writeBacks,
        ]);
      }),
      { numRuns: 80 },
    );
  });
});

describe('FIFO and CLOCK replayed over a stored trace', () => {
  it('count as the direct pagers do, merged trace or not, at every frame count', () => {
    fc.assert(
      fc.property(pageTrace(20, 400), fc.boolean(), ([pages, trace], merge) => {
        const stored = referenceStringOf(entriesOf(trace), pages, { merge, chunkEntries: 8 });
        for (let frames = 1; frames <= pages + 1; frames++) {
          for (const [policy, replay] of [
            ['fifo', replayFifo],
            ['clock', replayClock],
          ] as const) {
            const { zeroFills, pageIns, writeBacks, evictions } = direct(
              policy,
              frames,
              pages,
              trace,
            );
            expect(replay(stored, frames), `${policy}, ${frames} frames`).toEqual({
              zeroFills,
              pageIns,
              writeBacks,
              evictions,
            });
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a frame count that is not a positive integer', () => {
    const trace = referenceStringOf([2, 4], 3);
    expect(() => replayFifo(trace, 0)).toThrow(RangeError);
    expect(() => replayClock(trace, 1.5)).toThrow(RangeError);
  });
});

describe('LruPager is a Pager', () => {
  it('names its policy and shows its recency as its view', () => {
    const pager = new LruPager(2, 4, 1);
    feed(pager, [
      [0, false],
      [1, true],
      [2, false],
    ]);
    expect(pager.policy).toBe('lru');
    expect(pager.policyView()).toEqual({ policy: 'lru', recency: pager.recency() });
    expect(pager.recency()).toEqual([2, 1]);
  });
});

describe('replayRing, the WebAssembly replay', () => {
  it('counts exactly as the TypeScript replays, 16- and 32-bit entries, chunks of any size', () => {
    fc.assert(
      fc.property(
        pageTrace(20, 600),
        fc.boolean(),
        fc.constantFrom(2, 64, 1 << 21),
        ([pages, trace], wide, chunkEntries) => {
          // 40,000 pages make 32-bit entries; the trace names the first few.
          const stored = referenceStringOf(entriesOf(trace), wide ? 40_000 : pages, {
            chunkEntries,
          });
          for (let frames = 1; frames <= pages + 1; frames++) {
            expect(replayRing(stored, 'fifo', frames)).toEqual(replayFifo(stored, frames));
            expect(replayRing(stored, 'clock', frames)).toEqual(replayClock(stored, frames));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('collapseAlternations', () => {
  it('drops only what FIFO and CLOCK never notice from 2 frames on', () => {
    fc.assert(
      fc.property(
        pageTrace(12, 500),
        fc.constantFrom(2, 16, 1 << 20),
        ([pages, trace], chunkEntries) => {
          const stored = referenceStringOf(entriesOf(trace), pages, { merge: true, chunkEntries });
          const collapsed = collapseAlternations(stored);
          expect(collapsed.length).toBeLessThanOrEqual(stored.length);
          for (let frames = 2; frames <= pages + 1; frames++) {
            expect(replayFifo(collapsed, frames), `fifo ${frames}`).toEqual(
              replayFifo(stored, frames),
            );
            expect(replayClock(collapsed, frames), `clock ${frames}`).toEqual(
              replayClock(stored, frames),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('drops the fifth and later entries of a run alternating between two pages, keeping their writes', () => {
    // x y x y x(w) y x y(w) z: entries 5 to 8 go; x's and y's writes land on their 3rd and 4th.
    const [x, y, z] = [0, 1, 2];
    const raw: Reference[] = [
      [x, false],
      [y, false],
      [x, false],
      [y, false],
      [x, true],
      [y, false],
      [x, false],
      [y, true],
      [z, false],
    ];
    const collapsed = collapseAlternations(referenceStringOf(entriesOf(raw), 3, { merge: true }));
    expect(Array.from(collapsed.chunks[0])).toEqual(
      entriesOf([
        [x, false],
        [y, false],
        [x, true],
        [y, true],
        [z, false],
      ]),
    );
  });
});
