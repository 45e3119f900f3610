import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink, type SimEvent } from '../../../src/core/events';
import { LruPager } from '../../../src/core/memory/lruPager';
import { FIRST_TOUCH } from '../../../src/core/memory/recencyStack';
import { type MemoryCounts, StackMemory } from '../../../src/core/memory/stackMemory';

type Touch = Extract<SimEvent, { kind: 'touch' }>;

/** One page per slot, so a reference to page p is a reference to slot p. */
function directRun(frames: number, pages: number, trace: readonly [number, boolean][]) {
  const sink = new ArraySink();
  const pager = new LruPager(frames, pages, 1, sink);
  const after: { counts: MemoryCounts; resident: boolean[]; dirty: boolean[]; touch: Touch }[] = [];
  for (const [page, write] of trace) {
    if (write) pager.write(page);
    else pager.read(page);
    const touch = sink.events[sink.events.length - 1] as Touch;
    after.push({
      counts: {
        hits: pager.hits,
        zeroFills: pager.zeroFills,
        pageIns: pager.pageIns,
        writeBacks: pager.writeBacks,
        evictions: pager.evictions,
      },
      resident: Array.from({ length: pages }, (_, p) => pager.isResident(p)),
      dirty: Array.from({ length: pages }, (_, p) => pager.isDirty(p)),
      touch,
    });
  }
  return after;
}

const traces = fc
  .record({ pages: fc.integer({ min: 1, max: 12 }), length: fc.integer({ min: 1, max: 160 }) })
  .chain(({ pages, length }) =>
    fc.record({
      pages: fc.constant(pages),
      trace: fc.array(fc.tuple(fc.nat(pages - 1), fc.boolean()), {
        minLength: length,
        maxLength: length,
      }),
    }),
  );

describe('StackMemory: every frame count at once equals a direct LRU simulation', () => {
  it('after every reference, at the chosen frame count: counts, page states and the reference itself', () => {
    fc.assert(
      fc.property(traces, fc.integer({ min: 1, max: 14 }), ({ pages, trace }, frames) => {
        const direct = directRun(frames, pages, trace);
        const memory = new StackMemory(pages, frames);
        trace.forEach(([page, write], i) => {
          memory.reference(page, write);
          const want = direct[i];
          expect(memory.counts()).toEqual(want.counts);
          const last = memory.lastReference();
          expect(last).toMatchObject({
            page,
            write,
            outcome: want.touch.outcome,
            evicted: want.touch.evicted,
            writeBack: want.touch.writeBack,
          });
          const codes = { untouched: 0, clean: 1, dirty: 2, out: 3 } as const;
          const all = new Uint8Array(pages).fill(9);
          memory.pageStates(all, codes);
          for (let p = 0; p < pages; p++) {
            const state = memory.pageState(p);
            expect(all[p], `page ${p}: all states at once agree with one at a time`).toBe(
              codes[state],
            );
            expect(state === 'clean' || state === 'dirty', `page ${p} resident`).toBe(
              want.resident[p],
            );
            expect(state === 'dirty', `page ${p} dirty`).toBe(want.dirty[p]);
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  it('answers any other frame count from the same pass: countsAt, the transfers curve, and the slider', () => {
    fc.assert(
      fc.property(
        traces,
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 0, max: 159 }),
        ({ pages, trace }, otherFrames, stopAt) => {
          const stop = Math.min(stopAt, trace.length - 1);
          const prefix = trace.slice(0, stop + 1);
          const memory = new StackMemory(pages, 1);
          for (const [page, write] of prefix) memory.reference(page, write);
          const curve = new Float64Array(pages);
          memory.transfersCurve(curve);
          for (let f = 1; f <= pages; f++) {
            const want = directRun(f, pages, prefix)[stop];
            expect(memory.countsAt(f), `countsAt(${f})`).toEqual(want.counts);
            expect(curve[f - 1], `curve at ${f}`).toBe(
              want.counts.pageIns + want.counts.writeBacks,
            );
          }
          // The slider: a new frame count re-answers the counts, the states and the reference.
          memory.setFrames(otherFrames);
          const want = directRun(otherFrames, pages, prefix)[stop];
          expect(memory.counts()).toEqual(want.counts);
          expect(memory.lastReference()).toMatchObject({
            outcome: want.touch.outcome,
            evicted: want.touch.evicted,
            writeBack: want.touch.writeBack,
          });
          for (let p = 0; p < pages; p++) {
            expect(memory.pageState(p) === 'dirty').toBe(want.dirty[p]);
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  it('goes on exactly after the frame count changes mid-run, and after a restore', () => {
    fc.assert(
      fc.property(
        traces,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        ({ pages, trace }, first, second) => {
          const half = Math.floor(trace.length / 2);
          const memory = new StackMemory(pages, first);
          for (const [page, write] of trace.slice(0, half)) memory.reference(page, write);
          const saved = memory.snapshot();
          memory.setFrames(second);
          for (const [page, write] of trace.slice(half)) memory.reference(page, write);
          const want = directRun(second, pages, trace);
          expect(memory.counts()).toEqual(want[trace.length - 1].counts);
          // Restoring the snapshot answers for the frame count chosen now.
          memory.restore(saved);
          if (half > 0) expect(memory.counts()).toEqual(want[half - 1].counts);
          for (const [page, write] of trace.slice(half)) memory.reference(page, write);
          expect(memory.counts()).toEqual(want[trace.length - 1].counts);
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('StackMemory: what a reference says', () => {
  it('gives the stack distance: 0 for a first touch, then how many pages were used since, plus one', () => {
    const memory = new StackMemory(5, 2);
    expect(memory.reference(0, false)).toBe(FIRST_TOUCH);
    expect(memory.reference(1, false)).toBe(FIRST_TOUCH);
    expect(memory.reference(2, true)).toBe(FIRST_TOUCH);
    expect(memory.reference(2, false)).toBe(1);
    expect(memory.reference(0, false)).toBe(3);
    expect(memory.rank(0)).toBe(1);
    expect(memory.rank(2)).toBe(2);
    expect(memory.rank(4)).toBe(0);
    // With 2 frames, distance 3 faulted and evicted page 1 (rank 2 before), which was clean.
    expect(memory.lastReference()).toMatchObject({ outcome: 'page-in', evicted: 1 });
  });

  it('refuses a page outside its address space and a frame count below 1', () => {
    const memory = new StackMemory(3, 1);
    expect(() => memory.reference(3, false)).toThrow(/outside 0..2/);
    expect(() => memory.setFrames(0)).toThrow(/positive integer/);
  });
});
