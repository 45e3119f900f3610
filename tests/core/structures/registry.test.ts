// The structures by name: what makeQueue builds for each, the pages its address space spans
// (every word a run touches lies within them), the node sizes a pair accepts, and the page sizes
// a d-ary heap needs.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryObserver } from '../../../src/core/memory/observer';
import { Heap } from '../../../src/core/structures/heap/heap';
import { ArenaQueue } from '../../../src/core/structures/pointer/arenaQueue';
import {
  heapLayout,
  isHeapKind,
  isStructureKind,
  makeQueue,
  minNodeBytesOf,
  nodeBytesAllowed,
  nodeBytesFloor,
  pageSizeProblem,
  STRUCTURE_KINDS,
  STRUCTURES,
  structurePages,
  structureSpec,
} from '../../../src/core/structures/registry';
import {
  runWorkload,
  type Workload,
  workloadCapacity,
} from '../../../src/core/workloads/workloads';

/** The highest slot or word a run reads or writes. */
class HighestWord implements MemoryObserver {
  highest = -1;
  read(word: number): void {
    this.highest = Math.max(this.highest, word);
  }
  write(word: number): void {
    this.highest = Math.max(this.highest, word);
  }
}

describe('the structures by name', () => {
  it('knows exactly its kinds, each with a title, a family and a source', () => {
    for (const kind of STRUCTURE_KINDS) {
      expect(isStructureKind(kind)).toBe(true);
      expect(STRUCTURES[kind].title.length).toBeGreaterThan(0);
      expect(STRUCTURES[kind].short.length).toBeLessThanOrEqual(STRUCTURES[kind].title.length);
      // Heaps have no links; every pointer structure has some.
      expect(STRUCTURES[kind].linkFields === 0).toBe(isHeapKind(kind));
    }
    for (const name of ['heap', 'Binary', 'toString', ''])
      expect(isStructureKind(name)).toBe(false);
  });

  it('makes a heap over its layout for the heaps and an arena for the pointer structures', () => {
    for (const kind of STRUCTURE_KINDS) {
      const queue = makeQueue(structureSpec(kind, 8, 64), {
        capacity: 4,
        memory: { read() {}, write() {} },
      });
      expect(queue instanceof Heap).toBe(isHeapKind(kind));
      expect(queue instanceof ArenaQueue).toBe(!isHeapKind(kind));
      if (!isHeapKind(kind)) expect(() => heapLayout(structureSpec(kind, 8))).toThrow(RangeError);
    }
  });
});

describe('structurePages', () => {
  it('spans every slot or word a run touches, for every structure, page and node size', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STRUCTURE_KINDS),
        fc.constantFrom(8, 16, 64),
        fc.constantFrom(0, 8, 72),
        fc.record({
          kind: fc.constantFrom('phk' as const, 'expiry' as const, 'asterisk' as const),
          items: fc.integer({ min: 1, max: 300 }),
          seed: fc.integer({ min: 1, max: 1000 }),
          keyRange: fc.constantFrom(10, 2 ** 31),
        }),
        (kind, itemsPerPage, extraBytes, workload: Workload) => {
          const spec = structureSpec(kind, itemsPerPage, minNodeBytesOf(kind) + extraBytes);
          const highest = new HighestWord();
          runWorkload(workload, spec, highest);
          const pages = structurePages(spec, workloadCapacity(workload));
          expect(Math.floor(highest.highest / itemsPerPage)).toBeLessThan(pages);
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('node sizes', () => {
  it('floor a pair at its larger pointer structure’s minimum, and name that structure', () => {
    expect(nodeBytesFloor('treap', 'list')).toBe(
      Math.max(minNodeBytesOf('treap'), minNodeBytesOf('list')),
    );
    expect(nodeBytesFloor('binary', 'llrb')).toBe(minNodeBytesOf('llrb'));
    expect(nodeBytesAllowed('binary', 'llrb')).toBe(
      `a multiple of 8 from ${minNodeBytesOf('llrb')} (the Left-leaning RB tree's key, item and 3 links) to 4096`,
    );
    expect(nodeBytesAllowed('binary', 'bheap')).toMatch(
      /from \d+ \(it applies only when a side holds a pointer structure\) to 4096$/,
    );
  });

  it('a pointer structure runs at its minimum node: key, item and links, a word each', () => {
    for (const kind of STRUCTURE_KINDS.filter((k) => !isHeapKind(k))) {
      expect(minNodeBytesOf(kind)).toBe(8 * (2 + STRUCTURES[kind].linkFields));
      const spec = structureSpec(kind, 8, minNodeBytesOf(kind));
      expect(() =>
        runWorkload({ kind: 'asterisk', items: 50, seed: 1, keyRange: 100 }, spec, {
          read() {},
          write() {},
        }),
      ).not.toThrow();
    }
  });
});

describe('pageSizeProblem', () => {
  it('asks a d-ary heap for a page of at least its arity, and nothing of the rest', () => {
    expect(pageSizeProblem('dary8', 4)).toBe(
      'the 8-ary heap keeps its 8 children on one page, so it needs at least 8 items per page, got 4',
    );
    expect(pageSizeProblem('dary8', 8)).toBeNull();
    expect(pageSizeProblem('dary4', 4)).toBeNull();
    for (const kind of ['binary', 'bheap', 'treap', 'list'] as const)
      expect(pageSizeProblem(kind, 4)).toBeNull();
  });
});
