import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink } from '../../../src/core/events';
import { OptPager } from '../../../src/core/memory/optPager';
import { referenceStringOf } from '../../../src/core/memory/referenceString';
import { entriesOf, feed, optModel, pageTrace, type Reference } from './pagerTesting';

// Slot = page throughout. With 2 frames:
//   r0 write p0, r1 read p1: zero-fills into frames 0 and 1
//   r2 read p2: p0 is next used at r4, p1 at r3: evict p0 (farthest; dirty: write-back)
//   r3 read p1: hit
//   r4 read p0: p1 is never used again, p2 at r5: evict p1 (clean); page-in p0
//   r5 read p2: hit
const TRACE: Reference[] = [
  [0, true],
  [1, false],
  [2, false],
  [1, false],
  [0, false],
  [2, false],
];

function pager(
  frames: number,
  trace: readonly Reference[],
  sink: ArraySink | null = null,
): OptPager {
  return new OptPager(frames, 3, 1, referenceStringOf(entriesOf(trace), 3), sink);
}

describe('OptPager: a hand-derived trace with 2 frames', () => {
  it('evicts the page used farthest ahead, then the one never used again', () => {
    const sink = new ArraySink();
    const opt = pager(2, TRACE, sink);
    feed(opt, TRACE);
    const evictions = sink.events.flatMap((event) =>
      event.kind === 'touch' && event.evicted >= 0
        ? [{ page: event.evicted, writeBack: event.writeBack }]
        : [],
    );
    expect(evictions).toEqual([
      { page: 0, writeBack: true },
      { page: 1, writeBack: false },
    ]);
    expect([opt.zeroFills, opt.pageIns, opt.writeBacks, opt.hits]).toEqual([3, 1, 1, 2]);
  });

  it('shows each resident page’s distance to its next use, the next victim first', () => {
    const opt = pager(2, TRACE);
    feed(opt, TRACE.slice(0, 3)); // now at r2: p2 in frame 0 (next r5), p1 in frame 1 (next r3)
    expect(opt.policyView()).toEqual({
      policy: 'opt',
      residents: [
        { page: 2, frame: 0, nextUseIn: 3 },
        { page: 1, frame: 1, nextUseIn: 1 },
      ],
    });
    feed(opt, TRACE.slice(3, 5)); // at r4: p1 is gone; p0 never used again, p2 next at r5
    expect(opt.policyView()).toEqual({
      policy: 'opt',
      residents: [
        { page: 0, frame: 1, nextUseIn: null },
        { page: 2, frame: 0, nextUseIn: 1 },
      ],
    });
  });
});

describe('OptPager and its future', () => {
  it('refuses a run whose references differ from the future it was given', () => {
    const opt = pager(2, TRACE);
    opt.write(0);
    expect(() => opt.read(2)).toThrow(/reference 1 is to page 2, but the future .* says page 1/);
  });

  it('refuses a reference beyond the end of the future', () => {
    const opt = pager(2, TRACE);
    feed(opt, TRACE);
    expect(() => opt.read(2)).toThrow(/more references than the 6 entries/);
  });

  it('follows a merged future through runs of one page, counting every reference', () => {
    fc.assert(
      fc.property(pageTrace(8, 150), fc.integer({ min: 1, max: 9 }), ([pages, trace], frames) => {
        const merged = new OptPager(
          frames,
          pages,
          1,
          referenceStringOf(entriesOf(trace), pages, { merge: true }),
        );
        feed(merged, trace);
        const { hits, zeroFills, pageIns, writeBacks, evictions } = merged;
        expect({ hits, zeroFills, pageIns, writeBacks, evictions }).toEqual(
          optModel(Math.min(frames, pages), trace),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('restores a snapshot, even into an earlier chunk of the future', () => {
    fc.assert(
      fc.property(
        pageTrace(8, 150),
        fc.integer({ min: 1, max: 8 }),
        fc.nat(),
        ([pages, trace], frames, cut) => {
          const at = trace.length === 0 ? 0 : cut % trace.length;
          const future = referenceStringOf(entriesOf(trace), pages, { chunkEntries: 4 });
          const whole = new OptPager(frames, pages, 1, future);
          feed(whole, trace);
          const opt = new OptPager(frames, pages, 1, future);
          feed(opt, trace.slice(0, at));
          const saved = opt.snapshot();
          feed(opt, trace.slice(at));
          opt.restore(saved);
          expect(opt.position).toBe(at - 1);
          feed(opt, trace.slice(at));
          expect(opt.policyView()).toEqual(whole.policyView());
          expect([opt.pageIns, opt.writeBacks, opt.hits]).toEqual([
            whole.pageIns,
            whole.writeBacks,
            whole.hits,
          ]);
        },
      ),
      { numRuns: 80 },
    );
  });
});
