// The counter's whole-step path (MemoryObserver.siftDownStep, a queue and closed-form bounces)
// must give exactly the curves of the per-reference path and of direct LRU simulation.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruPager } from '../../../src/core/memory/lruPager';
import {
  AccessLog,
  expandSiftDownStep,
  type MemoryObserver,
} from '../../../src/core/memory/observer';
import { AllFramesCounter, type FrameCurves } from '../../../src/core/memory/stackDistances';
import { Heap } from '../../../src/core/structures/heap/heap';
import { type ArticleHeapKind, makeLayout } from '../../../src/core/structures/heap/indexMaps';
import type { PickOp } from '../structures/queueTesting';

/** Forwards reads and writes only, so the heap takes the per-reference path. */
class PerReference implements MemoryObserver {
  constructor(private readonly inner: MemoryObserver) {}
  read(slot: number): void {
    this.inner.read(slot);
  }
  write(slot: number): void {
    this.inner.write(slot);
  }
}

/** An access log that takes whole steps and expands them: the order must match AccessLog's. */
class SteppedLog extends AccessLog {
  siftDownStep(slot: number, child: number, first: number, second: number, swapped: boolean): void {
    expandSiftDownStep(this, slot, child, first, second, swapped);
  }
}

function runOps(
  kind: ArticleHeapKind,
  perPage: number,
  ops: readonly PickOp[],
  memory: MemoryObserver,
): void {
  const heap = new Heap(makeLayout(kind, perPage), { capacity: capacityOf(ops), memory });
  let item = 0;
  for (const step of ops) {
    if (step.op === 'insert') heap.insert(item++, step.key);
    else if (heap.size === 0) continue;
    else if (step.op === 'pop') heap.popMin();
    else if (step.op === 'delete') heap.delete(1 + (step.pick % heap.size));
    else heap.reorder(1 + (step.pick % heap.size), step.key);
  }
}

/** The most items held at once: the heap's capacity, so its pages are all used. */
function capacityOf(ops: readonly PickOp[]): number {
  let size = 0;
  let peak = 1;
  for (const step of ops) {
    if (step.op === 'insert') peak = Math.max(peak, ++size);
    else if (step.op !== 'reorder' && size > 0) size--;
  }
  return peak;
}

function pagesOf(ops: readonly PickOp[], perPage: number): number {
  return Math.floor(capacityOf(ops) / perPage) + 1;
}

function curvesOf(
  kind: ArticleHeapKind,
  perPage: number,
  ops: readonly PickOp[],
  stepwise: boolean,
  topSize?: number,
): FrameCurves {
  const counter = new AllFramesCounter(pagesOf(ops, perPage), perPage, topSize);
  runOps(kind, perPage, ops, stepwise ? counter : new PerReference(counter));
  return counter.finish();
}

/** Direct LRU simulation for every frame count, as plain arrays. */
function direct(kind: ArticleHeapKind, perPage: number, ops: readonly PickOp[]): FrameCurves {
  const pages = pagesOf(ops, perPage);
  const pageIns = new Float64Array(pages);
  const writeBacks = new Float64Array(pages);
  let zeroFills = 0;
  for (let frames = 1; frames <= pages; frames++) {
    const pager = new LruPager(frames, pages, perPage);
    runOps(kind, perPage, ops, pager);
    pageIns[frames - 1] = pager.pageIns;
    writeBacks[frames - 1] = pager.writeBacks;
    zeroFills = pager.zeroFills;
  }
  return { pages, zeroFills, pageIns, writeBacks };
}

function plain(curves: FrameCurves): {
  zeroFills: number;
  pageIns: number[];
  writeBacks: number[];
} {
  return {
    zeroFills: curves.zeroFills,
    pageIns: Array.from(curves.pageIns),
    writeBacks: Array.from(curves.writeBacks),
  };
}

/**
 * Random operations, mostly inserts first so the heap spans several pages; keys from a small
 * range give equal keys (a sift-down swaps on a tie, a sift-up does not), so steps that write
 * and steps that do not both occur, as do clean and dirty pages.
 */
function opsArbitrary(maxOps: number): fc.Arbitrary<PickOp[]> {
  return fc
    .tuple(
      fc.integer({ min: 2, max: 1000 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.nat(10_000), fc.nat(10_000)), {
        minLength: 1,
        maxLength: maxOps,
      }),
    )
    .map(([keyRange, raw]) =>
      raw.map(([choice, a, b]): PickOp => {
        if (choice < 5) return { op: 'insert', key: a % keyRange };
        if (choice < 7) return { op: 'pop' };
        if (choice < 8) return { op: 'delete', pick: a };
        return { op: 'reorder', pick: a, key: b % keyRange };
      }),
    );
}

describe('AllFramesCounter: whole sift-down steps', () => {
  it('the heap reports the same references through siftDownStep as one by one (both layouts)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ArticleHeapKind>('binary', 'bheap'),
        fc.constantFrom(4, 8, 16),
        opsArbitrary(300),
        (kind, perPage, ops) => {
          const log = new AccessLog();
          const stepped = new SteppedLog();
          runOps(kind, perPage, ops, log);
          runOps(kind, perPage, ops, stepped);
          expect(stepped.slots).toEqual(log.slots);
          expect(stepped.writes).toEqual(log.writes);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('curves from whole steps equal per-reference curves and direct LRU for every frame count', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ArticleHeapKind>('binary', 'bheap'),
        fc.constantFrom(4, 8, 16),
        fc.constantFrom(2, 3, undefined),
        opsArbitrary(250),
        (kind, perPage, topSize, ops) => {
          const stepped = plain(curvesOf(kind, perPage, ops, true, topSize));
          expect(stepped).toEqual(plain(curvesOf(kind, perPage, ops, false, topSize)));
          expect(stepped).toEqual(plain(direct(kind, perPage, ops)));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('stays exact across many queue flushes and stamp compactions (long runs, 4 per page)', () => {
    // 3,200 operations over ~60 pages: far more queued references than the queue holds and
    // (above all with a top array of 2) more stamps than the stamp space, so both wrap.
    fc.assert(
      fc.property(
        fc.constantFrom<ArticleHeapKind>('binary', 'bheap'),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(3, 1 << 20),
        fc.constantFrom(2, undefined),
        (kind, seed, keyRange, topSize) => {
          let state = seed;
          const next = (): number => {
            state = (Math.imul(state, 1103515245) + 12345) >>> 1;
            return state;
          };
          const ops: PickOp[] = [];
          for (let i = 0; i < 200; i++) ops.push({ op: 'insert', key: next() % keyRange });
          for (let i = 0; i < 3000; i++) {
            const choice = next() % 10;
            if (choice < 4) ops.push({ op: 'insert', key: next() % keyRange });
            else if (choice < 7) ops.push({ op: 'pop' });
            else if (choice < 8) ops.push({ op: 'delete', pick: next() });
            else ops.push({ op: 'reorder', pick: next(), key: next() % keyRange });
          }
          const stepped = plain(curvesOf(kind, 4, ops, true, topSize));
          expect(stepped).toEqual(plain(curvesOf(kind, 4, ops, false, topSize)));
          expect(stepped).toEqual(plain(direct(kind, 4, ops)));
        },
      ),
      { numRuns: 4 },
    );
  });

  it('equals the per-reference path on arbitrary steps and references, not only heap-shaped ones', () => {
    // Steps between any pages in any state: the child's page already most recent and dirty,
    // the parent's page deep or never touched, children on two pages, one child, and so on.
    type Item =
      | { kind: 'ref'; slot: number; write: boolean }
      | {
          kind: 'step';
          slot: number;
          first: number;
          second: number;
          pickSecond: boolean;
          swapped: boolean;
        };
    const perPage = 4;
    const item = (pages: number): fc.Arbitrary<Item> =>
      fc.oneof(
        fc.record({
          kind: fc.constant('ref' as const),
          slot: fc.nat(pages * perPage - 1),
          write: fc.boolean(),
        }),
        fc
          .tuple(
            fc.nat(pages * perPage - 1),
            fc.nat(pages * perPage - 2),
            fc.integer({ min: 0, max: 3 }),
            fc.boolean(),
            fc.boolean(),
          )
          .map(([slot, firstRaw, shape, pickSecond, swapped]): Item => {
            // Shape 0 and 1: a pair on one page; 2: one child; 3: any two adjacent slots
            // (possibly across a page boundary).
            const first = shape < 2 ? firstRaw & ~1 : firstRaw;
            const second = shape === 2 ? -1 : first + 1;
            return { kind: 'step', slot, first, second, pickSecond, swapped };
          }),
      );
    const replay = (memory: MemoryObserver, items: readonly Item[], stepwise: boolean): void => {
      for (const it of items) {
        if (it.kind === 'ref') {
          if (it.write) memory.write(it.slot);
          else memory.read(it.slot);
          continue;
        }
        const child = it.pickSecond && it.second >= 0 ? it.second : it.first;
        if (stepwise && memory.siftDownStep !== undefined) {
          memory.siftDownStep(it.slot, child, it.first, it.second, it.swapped);
        } else expandSiftDownStep(memory, it.slot, child, it.first, it.second, it.swapped);
      }
    };
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 12 })
          .chain((pages) =>
            fc.tuple(
              fc.constant(pages),
              fc.array(item(pages), { maxLength: 400 }),
              fc.constantFrom(2, 3, undefined),
            ),
          ),
        ([pages, items, topSize]) => {
          const stepped = new AllFramesCounter(pages, perPage, topSize);
          replay(stepped, items, true);
          const single = new AllFramesCounter(pages, perPage, topSize);
          replay(single, items, false);
          const expected = plain(stepped.finish());
          expect(plain(single.finish())).toEqual(expected);
          for (let frames = 1; frames <= pages; frames++) {
            const pager = new LruPager(frames, pages, perPage);
            replay(pager, items, false);
            expect([pager.pageIns, pager.writeBacks]).toEqual([
              expected.pageIns[frames - 1],
              expected.writeBacks[frames - 1],
            ]);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('mixes page references given directly with slot references in order', () => {
    // touchPage and read/write share the queue; interleaved, they must still count in order.
    const counter = new AllFramesCounter(3, 4);
    const pager = (frames: number): LruPager => new LruPager(frames, 3, 4);
    const pagers = [pager(1), pager(2), pager(3)];
    const trace: [kind: 'page' | 'read' | 'write', value: number, write: boolean][] = [
      ['write', 0, true],
      ['page', 1, false],
      ['read', 1, false],
      ['page', 1, true],
      ['read', 9, false],
      ['page', 0, false],
      ['write', 5, true],
      ['page', 2, true],
      ['read', 0, false],
    ];
    for (const [kind, value, write] of trace) {
      if (kind === 'page') counter.touchPage(value, write);
      else if (kind === 'read') counter.read(value);
      else counter.write(value);
      for (const p of pagers) {
        const slot = kind === 'page' ? value * 4 : value;
        if (write) p.write(slot);
        else p.read(slot);
      }
    }
    const curves = counter.finish();
    expect(Array.from(curves.pageIns)).toEqual(pagers.map((p) => p.pageIns));
    expect(Array.from(curves.writeBacks)).toEqual(pagers.map((p) => p.writeBacks));
    expect(curves.zeroFills).toBe(3);
  });

  it('refuses a slot outside its pages at once, from any path', () => {
    const counter = new AllFramesCounter(2, 4);
    expect(() => counter.read(8)).toThrow(RangeError);
    expect(() => counter.write(8)).toThrow(RangeError);
    expect(() => counter.siftDownStep(2, 8, 8, 9, true)).toThrow(RangeError);
  });
});
