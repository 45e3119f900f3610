import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink, type SimEvent } from '../../../src/core/events';
import { makePager } from '../../../src/core/memory/makePager';
import { ClockPager, FifoPager } from '../../../src/core/memory/ringPagers';
import { feed, pageTrace, type Reference } from './pagerTesting';

// Slot = page throughout (one item per page).
//   r0 read p0, r1 write p1, r2 read p2: zero-fills into frames 0, 1, 2 (bits set)
//   r3 read p0: hit
//   r4 read p3: CLOCK's hand clears frames 0, 1, 2, comes back to frame 0 and evicts p0 (clean);
//               p3 goes to frame 0, the hand to 1. FIFO evicts frame 0 (p0), hand to 1.
//   r5 read p1: hit (CLOCK sets frame 1's bit again)
//   r6 read p4: CLOCK clears frame 1, evicts p2 from frame 2 (clear since r4), hand to 0.
//               FIFO evicts p1 from frame 1 (dirty: write-back), hand to 2.
//   r7 read p0: CLOCK clears frame 0 (p3), evicts p1 from frame 1 (dirty: write-back), page-in
//               p0 into frame 1, hand to 2. FIFO evicts p2 from frame 2, page-in p0 there, hand to 0.
const TRACE: Reference[] = [
  [0, false],
  [1, true],
  [2, false],
  [0, false],
  [3, false],
  [1, false],
  [4, false],
  [0, false],
];

/** A reference as a pager reports it, with the page its fault evicted (-1: none). */
const touch = (
  page: number,
  frame: number,
  outcome: 'hit' | 'zero-fill' | 'page-in',
  write = false,
  evicted = -1,
  writeBack = false,
): SimEvent => ({
  kind: 'touch',
  slot: page,
  page,
  frame,
  write,
  outcome,
  evicted,
  writeBack,
});

describe('ClockPager: a hand-derived trace with 3 frames', () => {
  it('reports each reference with the eviction it caused and its outcome', () => {
    const sink = new ArraySink();
    feed(new ClockPager(3, 5, 1, sink), TRACE);
    expect(sink.events).toEqual([
      touch(0, 0, 'zero-fill'),
      touch(1, 1, 'zero-fill', true),
      touch(2, 2, 'zero-fill'),
      touch(0, 0, 'hit'),
      touch(3, 0, 'zero-fill', false, 0, false),
      touch(1, 1, 'hit'),
      touch(4, 2, 'zero-fill', false, 2, false),
      touch(0, 1, 'page-in', false, 1, true),
    ]);
  });

  it('shows the hand and every frame’s page and reference bit', () => {
    const pager = new ClockPager(3, 5, 1);
    feed(pager, TRACE);
    expect(pager.policyView()).toEqual({
      policy: 'clock',
      hand: 2,
      frames: [
        { page: 3, referenced: false },
        { page: 0, referenced: true },
        { page: 4, referenced: true },
      ],
    });
    expect([0, 1, 2, 3, 4].map((page) => pager.isResident(page))).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
  });

  it('shows free frames as page -1 before the ring is full', () => {
    const pager = new ClockPager(3, 5, 1);
    feed(pager, [[4, false]]);
    expect(pager.policyView()).toEqual({
      policy: 'clock',
      hand: 0,
      frames: [
        { page: 4, referenced: true },
        { page: -1, referenced: false },
        { page: -1, referenced: false },
      ],
    });
  });
});

describe('FifoPager: the same trace', () => {
  it('evicts in load order, whatever was used since', () => {
    const sink = new ArraySink();
    const pager = new FifoPager(3, 5, 1, sink);
    feed(pager, TRACE);
    expect(sink.events.slice(4)).toEqual([
      touch(3, 0, 'zero-fill', false, 0, false),
      touch(1, 1, 'hit'),
      touch(4, 1, 'zero-fill', false, 1, true),
      touch(0, 2, 'page-in', false, 2, false),
    ]);
    expect(pager.policyView()).toEqual({ policy: 'fifo', loadOrder: [3, 4, 0] });
    expect({ writeBacks: pager.writeBacks, pageIns: pager.pageIns }).toEqual({
      writeBacks: 1,
      pageIns: 1,
    });
  });
});

describe('every direct pager', () => {
  const pagers = ['lru', 'fifo', 'clock'] as const;

  it('reports one touch per reference, naming its eviction, and its counts add up', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...pagers),
        pageTrace(10, 150),
        fc.integer({ min: 1, max: 12 }),
        (policy, [pages, trace], frames) => {
          const sink = new ArraySink();
          const pager = makePager({ policy, frames, pageCount: pages, itemsPerPage: 1, sink });
          let evictions = 0;
          for (const [page, write] of trace) {
            const before = sink.events.length;
            if (write) pager.write(page);
            else pager.read(page);
            const events = sink.events.slice(before);
            expect(events.map((event) => event.kind)).toEqual(['touch']);
            const last = events[0];
            if (last.kind !== 'touch') throw new Error('a reference is one touch');
            if (last.evicted >= 0) {
              evictions++;
              expect(last.outcome).not.toBe('hit');
              if (last.evicted !== page) expect(pager.isResident(last.evicted)).toBe(false);
            }
            expect(pager.isResident(page)).toBe(true);
            if (write) expect(pager.isDirty(page)).toBe(true);
          }
          const touches = sink.events.length;
          expect(pager.hits + pager.zeroFills + pager.pageIns).toBe(touches);
          expect(pager.evictions).toBe(evictions);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('restores a snapshot: the rest of the run then counts and emits as if never interrupted', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...pagers),
        pageTrace(10, 120),
        fc.integer({ min: 1, max: 10 }),
        fc.nat(),
        (policy, [pages, trace], frames, cut) => {
          const at = trace.length === 0 ? 0 : cut % trace.length;
          const straight = new ArraySink();
          const whole = makePager({
            policy,
            frames,
            pageCount: pages,
            itemsPerPage: 1,
            sink: straight,
          });
          feed(whole, trace);
          const resumed = new ArraySink();
          const pager = makePager({
            policy,
            frames,
            pageCount: pages,
            itemsPerPage: 1,
            sink: resumed,
          });
          feed(pager, trace.slice(0, at));
          const saved = pager.snapshot();
          feed(pager, trace.slice(at)); // a detour
          pager.restore(saved);
          resumed.events.length = 0;
          feed(pager, trace.slice(at));
          expect(resumed.events).toEqual(
            straight.events.slice(straight.events.length - resumed.events.length),
          );
          expect(pager.policyView()).toEqual(whole.policyView());
          expect([pager.pageIns, pager.writeBacks, pager.hits]).toEqual([
            whole.pageIns,
            whole.writeBacks,
            whole.hits,
          ]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses zero frames and a slot beyond its pages', () => {
    for (const policy of pagers) {
      expect(() => makePager({ policy, frames: 0, pageCount: 4, itemsPerPage: 4 })).toThrow(
        RangeError,
      );
      const pager = makePager({ policy, frames: 2, pageCount: 4, itemsPerPage: 4 });
      expect(() => pager.read(16)).toThrow(/beyond the 4 pages/);
    }
  });
});
