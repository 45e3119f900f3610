import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink, type SimEvent } from '../../../src/core/events';
import { LruPager } from '../../../src/core/memory/lruPager';

// Four items per page throughout: slot s is on page floor(s / 4).
const PER_PAGE = 4;

function touch(pager: LruPager, page: number, write: boolean, offset = 1): void {
  const slot = page * PER_PAGE + offset;
  if (write) pager.write(slot);
  else pager.read(slot);
}

describe('LruPager: a hand-derived trace with 2 frames', () => {
  // Page references, derived by hand with perfect LRU over 2 frames:
  //   read p0   zero-fill into frame 0                  resident [0]
  //   write p1  zero-fill into frame 1, p1 dirty        resident [1, 0]
  //   read p0   hit                                     resident [0, 1]
  //   read p2   evict p1 (LRU, dirty: write-back), zero-fill p2 into frame 1   [2, 0]
  //   read p1   evict p0 (clean: no write-back), page-in p1 into frame 0       [1, 2]
  //   write p0  evict p2 (clean), page-in p0 into frame 1, p0 dirty            [0, 1]
  //   read p1   hit                                                            [1, 0]
  //   read p3   evict p0 (dirty: write-back), zero-fill p3 into frame 1        [3, 1]
  function run(sink: ArraySink | null = null): LruPager {
    const pager = new LruPager(2, 4, PER_PAGE, sink);
    touch(pager, 0, false, 0);
    touch(pager, 1, true, 1);
    touch(pager, 0, false, 3);
    touch(pager, 2, false, 0);
    touch(pager, 1, false, 2);
    touch(pager, 0, true, 1);
    touch(pager, 1, false, 3);
    touch(pager, 3, false, 2);
    return pager;
  }

  it('counts hits, zero-fills, page-ins, evictions and write-backs', () => {
    const pager = run();
    expect({
      hits: pager.hits,
      zeroFills: pager.zeroFills,
      pageIns: pager.pageIns,
      writeBacks: pager.writeBacks,
      evictions: pager.evictions,
    }).toEqual({ hits: 2, zeroFills: 4, pageIns: 2, writeBacks: 2, evictions: 4 });
  });

  it('ends with the expected residents in recency order and dirty bits', () => {
    const pager = run();
    expect(pager.recency()).toEqual([3, 1]);
    expect([0, 1, 2, 3].map((page) => pager.isResident(page))).toEqual([false, true, false, true]);
    // p1 was written before its eviction; paged in again by a read it is clean.
    expect([0, 1, 2, 3].map((page) => pager.isDirty(page))).toEqual([false, false, false, false]);
  });

  it('reports each reference with the eviction it caused, its frame and its outcome', () => {
    const sink = new ArraySink();
    run(sink);
    const touch = (
      slot: number,
      page: number,
      frame: number,
      write: boolean,
      outcome: 'hit' | 'zero-fill' | 'page-in',
      evicted = -1,
      writeBack = false,
    ): SimEvent => ({ kind: 'touch', slot, page, frame, write, outcome, evicted, writeBack });
    const expected: SimEvent[] = [
      touch(0, 0, 0, false, 'zero-fill'),
      touch(5, 1, 1, true, 'zero-fill'),
      touch(3, 0, 0, false, 'hit'),
      touch(8, 2, 1, false, 'zero-fill', 1, true),
      touch(6, 1, 0, false, 'page-in', 0, false),
      touch(1, 0, 1, true, 'page-in', 2, false),
      touch(7, 1, 0, false, 'hit'),
      touch(14, 3, 1, false, 'zero-fill', 0, true),
    ];
    expect(sink.events).toEqual(expected);
  });
});

describe('LruPager: single cases', () => {
  it('a first touch is a zero-fill, not a transfer, even when written', () => {
    const pager = new LruPager(1, 3, PER_PAGE);
    touch(pager, 2, true);
    expect(pager.zeroFills).toBe(1);
    expect(pager.pageIns + pager.writeBacks).toBe(0);
    expect(pager.isDirty(2)).toBe(true);
  });

  it('a dirty page left resident at the end is not flushed', () => {
    const pager = new LruPager(2, 2, PER_PAGE);
    touch(pager, 0, true);
    touch(pager, 1, true);
    touch(pager, 0, true);
    expect(pager.writeBacks).toBe(0);
    expect(pager.evictions).toBe(0);
  });

  it('with one frame every change of page evicts, and writes back only after a write', () => {
    const pager = new LruPager(1, 2, PER_PAGE);
    touch(pager, 0, false); // zero-fill
    touch(pager, 1, true); // evict clean 0, zero-fill 1
    touch(pager, 0, false); // evict dirty 1 (write-back), page-in 0
    touch(pager, 1, false); // evict clean 0, page-in 1 (clean now)
    touch(pager, 0, false); // evict clean 1, page-in 0
    expect(pager.evictions).toBe(4);
    expect(pager.writeBacks).toBe(1);
    expect(pager.pageIns).toBe(3);
  });

  it('a read hit keeps the dirty bit set by an earlier write', () => {
    const pager = new LruPager(2, 3, PER_PAGE);
    touch(pager, 0, true);
    touch(pager, 0, false);
    touch(pager, 1, false);
    touch(pager, 2, false); // evicts 0, which is still dirty
    expect(pager.writeBacks).toBe(1);
  });

  it('refuses zero frames and a slot beyond its pages', () => {
    expect(() => new LruPager(0, 4, PER_PAGE)).toThrow(RangeError);
    expect(() => new LruPager(1.5, 4, PER_PAGE)).toThrow(RangeError);
    const pager = new LruPager(2, 4, PER_PAGE);
    expect(() => pager.read(16)).toThrow(/beyond the 4 pages/);
    pager.read(15);
    expect(pager.zeroFills).toBe(1);
  });
});

describe('LruPager: against a reference LRU model', () => {
  it('matches a list-based LRU in counts, recency and frame limit after every reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 16 }),
        fc.array(fc.tuple(fc.nat(15), fc.boolean()), { maxLength: 300, size: 'max' }),
        (frames, pages, trace) => {
          const sink = new ArraySink();
          const pager = new LruPager(frames, pages, PER_PAGE, sink);
          // The model: most recent first, dirty set, touched set.
          let lru: number[] = [];
          const dirty = new Set<number>();
          const touched = new Set<number>();
          const counts = { hits: 0, zeroFills: 0, pageIns: 0, writeBacks: 0, evictions: 0 };
          for (const [raw, write] of trace) {
            const page = raw % pages;
            let victim = -1;
            let victimDirty = false;
            if (lru.includes(page)) {
              counts.hits++;
              lru = lru.filter((p) => p !== page);
            } else {
              if (lru.length === frames) {
                victim = lru.pop()!;
                counts.evictions++;
                victimDirty = dirty.delete(victim);
                if (victimDirty) counts.writeBacks++;
              }
              if (touched.has(page)) counts.pageIns++;
              else counts.zeroFills++;
              touched.add(page);
            }
            lru.unshift(page);
            if (write) dirty.add(page);
            const before = sink.events.length;
            touch(pager, page, write, page % PER_PAGE);
            // One event per reference, naming the page it evicted (and whether it was dirty).
            const events = sink.events.slice(before);
            expect(events.map((event) => event.kind)).toEqual(['touch']);
            expect(events[0]).toMatchObject({ page, evicted: victim, writeBack: victimDirty });
            expect(pager.recency()).toEqual(lru);
            expect(pager.recency().length).toBeLessThanOrEqual(frames);
            let resident = 0;
            for (let p = 0; p < pages; p++) if (pager.isResident(p)) resident++;
            expect(resident).toBe(lru.length);
          }
          expect({
            hits: pager.hits,
            zeroFills: pager.zeroFills,
            pageIns: pager.pageIns,
            writeBacks: pager.writeBacks,
            evictions: pager.evictions,
          }).toEqual(counts);
          // Resident pages sit in distinct frames below the limit.
          const residentFrames = pager.recency().map((page) => pager.frameOfPage(page));
          expect(new Set(residentFrames).size).toBe(residentFrames.length);
          for (const frame of residentFrames) {
            expect(frame).toBeGreaterThanOrEqual(0);
            expect(frame).toBeLessThan(frames);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
