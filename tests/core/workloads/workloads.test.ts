import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink, type SimEvent } from '../../../src/core/events';
import { AccessLog, NO_MEMORY } from '../../../src/core/memory/observer';
import { type ArticleHeapKind, pagesFor } from '../../../src/core/structures/heap/indexMaps';
import { structureSpec } from '../../../src/core/structures/registry';
import { parseScript } from '../../../src/core/workloads/script';
import {
  expectedOperations,
  FULL_KEY_RANGE,
  runWorkload,
  type Workload,
  workloadCapacity,
} from '../../../src/core/workloads/workloads';

const KINDS: ArticleHeapKind[] = ['binary', 'bheap'];

function phk(items: number, seed: number, keyRange = FULL_KEY_RANGE): Workload {
  return { kind: 'phk', items, seed, keyRange };
}

function expiry(items: number, seed: number, keyRange = FULL_KEY_RANGE): Workload {
  return { kind: 'expiry', items, seed, keyRange };
}

type OpBegin = Extract<SimEvent, { kind: 'op-begin' }>;

function opBegins(workload: Workload, kind: ArticleHeapKind, perPage = 8): OpBegin[] {
  const sink = new ArraySink();
  runWorkload(workload, structureSpec(kind, perPage), NO_MEMORY, sink);
  return sink.events.filter((event): event is OpBegin => event.kind === 'op-begin');
}

function script(text: string): Workload {
  const parsed = parseScript(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return { kind: 'script', ops: parsed.value.ops };
}

describe('phk workload', () => {
  it('runs exactly 4N operations: N inserts, N pops each followed by an insert, N pops', () => {
    for (const kind of KINDS) {
      for (const items of [1, 7, 300]) {
        const stats = runWorkload(phk(items, 5), structureSpec(kind, 4), NO_MEMORY);
        expect(stats.operations).toBe(4 * items);
        expect(stats.peakSize).toBe(items);
        expect(expectedOperations(phk(items, 5))).toBe(4 * items);
        const ops = opBegins(phk(items, 5), kind).map((event) => event.op);
        const expected = [
          ...Array(items).fill('insert'),
          ...Array.from({ length: 2 * items }, (_, i) => (i % 2 === 0 ? 'popMin' : 'insert')),
          ...Array(items).fill('popMin'),
        ];
        expect(ops).toEqual(expected);
      }
    }
  });

  it('inserts the keys of glibc random() after srandom(seed)', () => {
    // glibc's srandom(1) stream starts 1804289383, 846930886, 1681692777, 1714636915,
    // 1957747793 (real libc via ctypes), and srandom(42) starts 71876166, 708592740, 1483128881.
    const keys = (workload: Workload): number[] =>
      opBegins(workload, 'binary')
        .filter((event) => event.op === 'insert')
        .map((event) => event.key);
    expect(keys(phk(5, 1)).slice(0, 5)).toEqual([
      1804289383, 846930886, 1681692777, 1714636915, 1957747793,
    ]);
    expect(keys(phk(3, 42)).slice(0, 3)).toEqual([71876166, 708592740, 1483128881]);
    // --keys K draws random() % K: the same stream modulo 1000, by hand.
    expect(keys(phk(5, 1, 1000)).slice(0, 5)).toEqual([383, 886, 777, 915, 793]);
  });

  it('the same seed gives identical runs twice', () => {
    for (const kind of KINDS) {
      const runs = [0, 1].map(() => {
        const log = new AccessLog();
        const stats = runWorkload(phk(400, 9), structureSpec(kind, 8), log);
        return { stats, slots: log.slots, writes: log.writes };
      });
      expect(runs[1]).toEqual(runs[0]);
    }
  });

  it('different seeds give different runs', () => {
    for (const kind of KINDS) {
      const slots = [1, 2].map((seed) => {
        const log = new AccessLog();
        runWorkload(phk(400, seed), structureSpec(kind, 8), log);
        return log.slots;
      });
      expect(slots[1]).not.toEqual(slots[0]);
    }
  });

  it('both layouts pop the same keys, in sorted order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.constantFrom(2, 10, FULL_KEY_RANGE),
        (items, seed, keyRange) => {
          const popped = KINDS.map((kind) =>
            opBegins(phk(items, seed, keyRange), kind)
              .filter((event) => event.op === 'popMin')
              .map((event) => event.key),
          );
          expect(popped[1]).toEqual(popped[0]);
          const drain = popped[0].slice(items);
          for (let i = 1; i < drain.length; i++) {
            expect(drain[i]).toBeGreaterThanOrEqual(drain[i - 1]);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('expiry workload', () => {
  it('both layouts run the same operations with the same keys (due times are distinct)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 250 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.constantFrom(2, 50, FULL_KEY_RANGE),
        fc.constantFrom(4, 8, 64),
        (items, seed, keyRange, perPage) => {
          const [binary, bheap] = KINDS.map((kind) =>
            opBegins(expiry(items, seed, keyRange), kind, perPage).map(
              (event) => `${event.op}:${event.key}`,
            ),
          );
          expect(bheap.length).toBe(binary.length);
          expect(bheap).toEqual(binary);
          const stats = KINDS.map((kind) =>
            runWorkload(expiry(items, seed, keyRange), structureSpec(kind, perPage), NO_MEMORY),
          );
          expect(stats[1].operations).toBe(stats[0].operations);
          expect(stats[1].peakSize).toBe(stats[0].peakSize);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('pops due times in strictly increasing order, and never more operations than the estimate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 250 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.constantFrom(2, 50, FULL_KEY_RANGE),
        (items, seed, keyRange) => {
          const workload = expiry(items, seed, keyRange);
          const events = opBegins(workload, 'bheap', 4);
          const popped = events.filter((event) => event.op === 'popMin').map((event) => event.key);
          for (let i = 1; i < popped.length; i++) {
            expect(popped[i]).toBeGreaterThan(popped[i - 1]);
          }
          expect(events.length).toBeLessThanOrEqual(expectedOperations(workload));
          const inserts = events.filter((event) => event.op === 'insert').length;
          const removals = events.filter(
            (event) => event.op === 'popMin' || event.op === 'delete',
          ).length;
          expect(removals).toBe(inserts); // everything inserted leaves by the end
          expect(inserts).toBeGreaterThanOrEqual(items);
          const stats = runWorkload(workload, structureSpec('binary', 4), NO_MEMORY);
          expect(stats.peakSize).toBeLessThanOrEqual(workloadCapacity(workload));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('uses refresh (reorder) and purge (delete) as well as inserts and pops', () => {
    const ops = new Set(opBegins(expiry(200, 1), 'binary').map((event) => event.op));
    expect([...ops].sort()).toEqual(['delete', 'insert', 'popMin', 'reorder']);
  });
});

describe('script workload', () => {
  it('runs the script operations in order on either layout', () => {
    const workload = script('i 5, i 3, i 8, pop, del 2, i 1, re 1 9');
    for (const kind of KINDS) {
      const events = opBegins(workload, kind, 4);
      expect(events.map((event) => `${event.op}:${event.handle}:${event.key}`)).toEqual([
        'insert:1:5',
        'insert:2:3',
        'insert:3:8',
        'popMin:1:3',
        'delete:2:8', // after the pop, slots hold 5, 8
        'insert:2:1',
        'reorder:1:9',
      ]);
      const stats = runWorkload(workload, structureSpec(kind, 4), NO_MEMORY);
      expect(stats.operations).toBe(7);
      expect(stats.peakSize).toBe(3);
    }
  });
});

describe('workloadCapacity, pagesFor, expectedOperations', () => {
  it('a script needs room for the largest size it reaches', () => {
    // Sizes after each operation: 1, 2, 1, 2, 3, 2, 2, 3, 4, 3.
    expect(workloadCapacity(script('i 1, i 2, pop, i 3, i 4, del 1, re 1 5, i 6, i 7, pop'))).toBe(
      4,
    );
    expect(workloadCapacity(script('i 1, pop, i 2, pop'))).toBe(1);
    expect(workloadCapacity({ kind: 'script', ops: [] })).toBe(1);
    expect(expectedOperations(script('i 1, pop, i 2, pop'))).toBe(4);
  });

  it('phk needs N slots and expiry 2N', () => {
    expect(workloadCapacity(phk(1234, 1))).toBe(1234);
    expect(workloadCapacity(expiry(1234, 1))).toBe(2468);
  });

  it('pagesFor counts the pages of slots 0..capacity: 1954 for the article', () => {
    // The article: 1,000,000 items at 512 per page span 1954 pages (slot 1,000,000 is on page
    // floor(1e6 / 512) = 1953).
    expect(pagesFor(1_000_000, 512)).toBe(1954);
    expect(pagesFor(511, 512)).toBe(1);
    expect(pagesFor(512, 512)).toBe(2);
    expect(pagesFor(3, 4)).toBe(1);
    expect(pagesFor(4, 4)).toBe(2);
  });

  it('reports progress with done never above total', () => {
    const calls: [number, number][] = [];
    runWorkload(phk(70_000, 1), structureSpec('binary', 512), NO_MEMORY, null, (done, total) =>
      calls.push([done, total]),
    );
    expect(calls.length).toBeGreaterThan(1);
    for (const [done, total] of calls) {
      expect(total).toBe(280_000);
      expect(done).toBeLessThanOrEqual(total);
    }
  });
});
