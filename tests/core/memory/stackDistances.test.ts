import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruPager } from '../../../src/core/memory/lruPager';
import type { MemoryObserver } from '../../../src/core/memory/observer';
import { AllFramesCounter, type FrameCurves } from '../../../src/core/memory/stackDistances';
import { type ArticleHeapKind, pagesFor } from '../../../src/core/structures/heap/indexMaps';
import { structureSpec } from '../../../src/core/structures/registry';
import { parseScript } from '../../../src/core/workloads/script';
import {
  runWorkload,
  type Workload,
  workloadCapacity,
} from '../../../src/core/workloads/workloads';

type Reference = [page: number, write: boolean];

/** Page-ins and write-backs of a direct LRU simulation, for every frame count 1..pages. */
function direct(
  pages: number,
  perPage: number,
  replay: (memory: MemoryObserver) => void,
): { pageIns: number[]; writeBacks: number[]; zeroFills: number } {
  const pageIns: number[] = [];
  const writeBacks: number[] = [];
  let zeroFills = 0;
  for (let frames = 1; frames <= pages; frames++) {
    const pager = new LruPager(frames, pages, perPage);
    replay(pager);
    pageIns.push(pager.pageIns);
    writeBacks.push(pager.writeBacks);
    zeroFills = pager.zeroFills;
  }
  return { pageIns, writeBacks, zeroFills };
}

function expectSameCurves(
  curves: FrameCurves,
  expected: ReturnType<typeof direct>,
  label: string,
): void {
  const mismatches: string[] = [];
  for (let f = 1; f <= curves.pages; f++) {
    const [pi, wb] = [curves.pageIns[f - 1], curves.writeBacks[f - 1]];
    if (pi !== expected.pageIns[f - 1] || wb !== expected.writeBacks[f - 1]) {
      mismatches.push(
        `${f} frames: curve ${pi}/${wb}, pager ${expected.pageIns[f - 1]}/${expected.writeBacks[f - 1]}`,
      );
    }
  }
  expect(mismatches, `${label} (page-ins/write-backs)`).toEqual([]);
  expect(curves.zeroFills).toBe(expected.zeroFills);
}

/**
 * A page trace with locality: each step names a page directly or repeats the page of 1 to 3
 * steps back, so distances 1 and 2 (the counter's fast paths) occur often, as in a heap's sift.
 */
function pageTrace(maxPages: number, maxLength: number): fc.Arbitrary<[number, Reference[]]> {
  return fc
    .tuple(
      fc.integer({ min: 1, max: maxPages }),
      fc.array(fc.tuple(fc.nat(maxPages - 1), fc.integer({ min: 0, max: 3 }), fc.boolean()), {
        maxLength,
        size: 'max',
      }),
    )
    .map(([pages, steps]) => {
      const trace: Reference[] = [];
      steps.forEach(([page, back, write], index) => {
        const repeated = back > 0 && index >= back ? trace[index - back][0] : page % pages;
        trace.push([repeated, write]);
      });
      return [pages, trace];
    });
}

function curvesOf(pages: number, trace: Reference[], topSize?: number): FrameCurves {
  const counter = new AllFramesCounter(pages, 8, topSize);
  for (const [page, write] of trace) counter.touchPage(page, write);
  return counter.finish();
}

function directOf(pages: number, trace: Reference[]): ReturnType<typeof direct> {
  // The pager takes slots: page p is slot p * itemsPerPage.
  return direct(pages, 8, (memory) => {
    for (const [page, write] of trace) {
      if (write) memory.write(page * 8);
      else memory.read(page * 8);
    }
  });
}

describe('AllFramesCounter on page traces', () => {
  for (const topSize of [1, 2, 3, undefined]) {
    it(`matches a hand-derived trace: A (written), B, A, C, B (top size ${topSize ?? 'default'})`, () => {
      // 1 frame: A zero-fill; B evicts A, dirty: write-back; A evicts B (clean), page-in, A is
      // clean again; C evicts A (clean); B evicts C, page-in. 2 page-ins, 1 write-back.
      // 2 frames: A, B zero-fill; A hit; C evicts B (LRU, clean); B page-in evicts A, still dirty
      // from its first touch: 1 page-in, 1 write-back. 3 frames: nothing is ever evicted.
      const trace: Reference[] = [
        [0, true],
        [1, false],
        [0, false],
        [2, false],
        [1, false],
      ];
      const curves = curvesOf(3, trace, topSize);
      expect(Array.from(curves.pageIns)).toEqual([2, 1, 0]);
      expect(Array.from(curves.writeBacks)).toEqual([1, 1, 0]);
      expect(curves.zeroFills).toBe(3);
    });
  }

  for (const topSize of [1, 2, 3, undefined]) {
    it(`equals the direct LRU simulation for every frame count (top size ${topSize ?? 'default 16'})`, () => {
      fc.assert(
        fc.property(pageTrace(40, 1500), ([pages, trace]) => {
          expectSameCurves(curvesOf(pages, trace, topSize), directOf(pages, trace), 'trace');
        }),
        { numRuns: 40 },
      );
    });
  }

  it('equals the direct simulation on long traces over more than 20 pages (lower stack and compaction)', () => {
    // 40 pages: stamps run to 256, so 3000 references force several compactions.
    fc.assert(
      fc.property(
        fc.integer({ min: 21, max: 40 }),
        fc.array(fc.tuple(fc.nat(39), fc.boolean()), { minLength: 2000, maxLength: 3000 }),
        fc.constantFrom(2, 3, 16),
        (pages, raw, topSize) => {
          const trace: Reference[] = raw.map(([page, write]) => [page % pages, write]);
          expectSameCurves(curvesOf(pages, trace, topSize), directOf(pages, trace), 'long trace');
        },
      ),
      { numRuns: 12 },
    );
  });

  it('equals the direct simulation over 40,000 pages, where ranks need a tree of counts three levels tall', () => {
    // 40,000 pages give 262,144 stamps: 512 groups of 512, then 32 blocks of 16 groups, then 2.
    // A hot, a warm and a cold set of pages spread the ranks from 1 to tens of thousands, and
    // 600,000 references use up the stamps, so the tree is also rebuilt by a compaction. The
    // direct simulation runs at sampled frame counts (every one would take minutes).
    const pages = 40_000;
    const frameCounts = [1, 2, 3, 16, 17, 18, 19, 250, 2_021, 2_047, 9_999, 31_000, 39_999, 40_000];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
        let state = seed;
        const next = (): number => {
          state = (Math.imul(state, 1103515245) + 12345) >>> 1;
          return state;
        };
        const trace: Reference[] = [];
        for (let i = 0; i < 600_000; i++) {
          const pick = next() % 10;
          const page = pick < 5 ? next() % 24 : pick < 8 ? 24 + (next() % 3_000) : next() % pages;
          trace.push([page, next() % 10 < 3]);
        }
        const curves = curvesOf(pages, trace);
        for (const frames of frameCounts) {
          const pager = new LruPager(frames, pages, 8);
          for (const [page, write] of trace) {
            if (write) pager.write(page * 8);
            else pager.read(page * 8);
          }
          expect(
            [curves.pageIns[frames - 1], curves.writeBacks[frames - 1]],
            `${frames} frames`,
          ).toEqual([pager.pageIns, pager.writeBacks]);
          expect(curves.zeroFills).toBe(pager.zeroFills);
        }
      }),
      { numRuns: 2 },
    );
  });

  it('counts a zero-fill for every distinct page touched', () => {
    fc.assert(
      fc.property(pageTrace(40, 400), ([pages, trace]) => {
        expect(curvesOf(pages, trace).zeroFills).toBe(new Set(trace.map(([page]) => page)).size);
      }),
    );
  });

  it('has no page-ins or write-backs with as many frames as pages, and non-increasing page-ins', () => {
    fc.assert(
      fc.property(pageTrace(30, 600), ([pages, trace]) => {
        const curves = curvesOf(pages, trace);
        expect(curves.pageIns[pages - 1]).toBe(0);
        expect(curves.writeBacks[pages - 1]).toBe(0);
        for (let f = 1; f < pages; f++) {
          expect(curves.pageIns[f]).toBeLessThanOrEqual(curves.pageIns[f - 1]);
        }
      }),
    );
  });

  it('refuses a page outside its range, a bad page count, and a second finish()', () => {
    expect(() => new AllFramesCounter(0, 8)).toThrow(RangeError);
    const counter = new AllFramesCounter(3, 8);
    expect(() => counter.touchPage(3, false)).toThrow(RangeError);
    counter.touchPage(2, false);
    counter.finish();
    expect(() => counter.finish()).toThrow();
  });

  it('refuses a handed-off batch that names a page outside its range', () => {
    const consumer = new AllFramesCounter(3, 8);
    // Queue entries are (page << 2) | kind: page 2 is the last one, page 3 is outside.
    expect(() => consumer.consume(Int32Array.of(2 << 2, (3 << 2) | 1), 2)).toThrow(
      /page 3 is outside 0..2/,
    );
  });

  it('keeps each counter apart: two counters fed alternately give their own curves', () => {
    // Each counter has its own kernel instance and memory; a shared one would mix the traces.
    // Entries are handed over one at a time, so the two kernels account interleaved.
    const traceA: Reference[] = [0, 1, 2, 0, 1, 2, 3, 0].map((page) => [page, page === 2]);
    const traceB: Reference[] = [5, 5, 4, 5, 4, 1].map((page) => [page, page === 4]);
    const a = new AllFramesCounter(4, 8, 2);
    const b = new AllFramesCounter(6, 8, 2);
    const entry = ([page, write]: Reference) => Int32Array.of((page << 2) | (write ? 1 : 0));
    for (let i = 0; i < Math.max(traceA.length, traceB.length); i++) {
      if (i < traceA.length) a.consume(entry(traceA[i]), 1);
      if (i < traceB.length) b.consume(entry(traceB[i]), 1);
    }
    expectSameCurves(a.finish(), directOf(4, traceA), 'first counter');
    expectSameCurves(b.finish(), directOf(6, traceB), 'second counter');
  });
});

describe('AllFramesCounter on heap runs', () => {
  function compareOnWorkload(kind: ArticleHeapKind, perPage: number, workload: Workload): void {
    const pages = pagesFor(workloadCapacity(workload), perPage);
    const counter = new AllFramesCounter(pages, perPage);
    runWorkload(workload, structureSpec(kind, perPage), counter);
    const curves = counter.finish();
    const expected = direct(pages, perPage, (memory) => {
      runWorkload(workload, structureSpec(kind, perPage), memory);
    });
    expectSameCurves(curves, expected, `${kind}/${perPage}/${workload.kind}`);
  }

  for (const kind of ['binary', 'bheap'] as const) {
    for (const perPage of [4, 8]) {
      it(`phk with 300 items: curves equal the direct simulation (${kind}, ${perPage} per page)`, () => {
        compareOnWorkload(kind, perPage, { kind: 'phk', items: 300, seed: 7, keyRange: 2 ** 31 });
      });
    }
    it(`expiry with 150 items: curves equal the direct simulation (${kind}, 8 per page)`, () => {
      compareOnWorkload(kind, 8, { kind: 'expiry', items: 150, seed: 3, keyRange: 2 ** 31 });
    });
    it(`phk with few distinct keys: curves equal the direct simulation (${kind}, 4 per page)`, () => {
      compareOnWorkload(kind, 4, { kind: 'phk', items: 200, seed: 11, keyRange: 5 });
    });
  }

  it('a script: curves equal the direct simulation on both layouts', () => {
    const parsed = parseScript(
      'i 9, i 4, i 7, i 1, i 8, i 3, i 6, i 2, i 5, i 0, i 12, i 11, pop, del 5, re 3 20, i 4, pop, re 1 30, del 2, i 1',
    );
    if (!parsed.ok) throw new Error(parsed.error);
    for (const kind of ['binary', 'bheap'] as const) {
      compareOnWorkload(kind, 4, { kind: 'script', ops: parsed.value.ops });
    }
  });
});
