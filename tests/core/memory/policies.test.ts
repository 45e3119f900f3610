import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruPager } from '../../../src/core/memory/lruPager';
import { optCurves } from '../../../src/core/memory/optStack';
import { POLICIES, type Policy, pagerCounts } from '../../../src/core/memory/pager';
import { replayClock, replayFifo } from '../../../src/core/memory/policyReplay';
import { type ReferenceString, referenceStringOf } from '../../../src/core/memory/referenceString';
import { AllFramesCounter } from '../../../src/core/memory/stackDistances';
import {
  clockModel,
  direct,
  directCurves,
  entriesOf,
  feed,
  fifoModel,
  optModel,
  pageTrace,
  type Reference,
} from './pagerTesting';

/** Belady, Nelson & Shedler's string (1969): FIFO faults more with 4 frames than with 3. */
const BELADY: Reference[] = [1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5].map((page) => [page, false]);

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

function lruCurves(trace: ReferenceString) {
  const counter = new AllFramesCounter(trace.pageCount, 1);
  for (const chunk of trace.chunks) {
    for (const entry of chunk) counter.touchPage(entry >>> 1, (entry & 1) === 1);
  }
  return counter.finish();
}

describe('the one-pass curves equal the direct simulations at every frame count', () => {
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
