import { describe, expect, it } from 'vitest';
import {
  runAtFrames,
  sweepLayout,
  timeBareWorkload,
  workloadItems,
} from '../../../src/core/experiments/sweep';
import { type ArticleHeapKind, pagesFor } from '../../../src/core/structures/heap/indexMaps';
import { structureSpec } from '../../../src/core/structures/registry';
import { parseScript } from '../../../src/core/workloads/script';
import type { Workload } from '../../../src/core/workloads/workloads';

const KINDS: ArticleHeapKind[] = ['binary', 'bheap'];
const PHK: Workload = { kind: 'phk', items: 3000, seed: 17, keyRange: 2 ** 31 };
const EXPIRY: Workload = { kind: 'expiry', items: 1500, seed: 4, keyRange: 2 ** 31 };

describe('sweepLayout', () => {
  it('returns arrays of length `pages` and no transfers once every page is resident (phk)', () => {
    for (const kind of KINDS) {
      const result = sweepLayout(structureSpec(kind, 64), PHK);
      // Slots 1..3000 at 64 per page: pages 0..46.
      expect(result.pages).toBe(pagesFor(3000, 64));
      expect(result.pages).toBe(47);
      expect(result.pageIns.length).toBe(result.pages);
      expect(result.writeBacks.length).toBe(result.pages);
      expect(result.pageIns[result.pages - 1]).toBe(0);
      expect(result.writeBacks[result.pages - 1]).toBe(0);
      expect(result.pageIns[0]).toBeGreaterThan(0);
      expect(result.zeroFills).toBe(result.pages);
      expect(result.operations).toBe(12_000);
      expect(result.items).toBe(3000);
      expect(result.itemsPerPage).toBe(64);
      expect(result.layout).toBe(kind);
    }
  });

  it('reports only the pages an expiry run touched, with no transfers at that many frames', () => {
    for (const kind of KINDS) {
      const result = sweepLayout(structureSpec(kind, 64), EXPIRY);
      expect(result.pages).toBe(result.zeroFills);
      expect(result.pages).toBeLessThanOrEqual(pagesFor(3000, 64));
      expect(result.pageIns.length).toBe(result.pages);
      expect(result.writeBacks.length).toBe(result.pages);
      expect(result.pageIns[result.pages - 1]).toBe(0);
      expect(result.writeBacks[result.pages - 1]).toBe(0);
    }
  });

  it('a script reports its largest size as items', () => {
    const parsed = parseScript('i 4, i 2, i 9, pop, i 1');
    if (!parsed.ok) throw new Error(parsed.error);
    const workload: Workload = { kind: 'script', ops: parsed.value.ops };
    expect(workloadItems(workload)).toBe(3);
    const result = sweepLayout(structureSpec('bheap', 4), workload);
    expect(result.items).toBe(3);
    expect(result.pages).toBe(1); // slots 1..3 are all on page 0
    expect(Array.from(result.pageIns)).toEqual([0]);
  });
});

describe('runAtFrames', () => {
  it('equals sweepLayout at the same frame count (phk and expiry, both layouts)', () => {
    for (const workload of [PHK, EXPIRY]) {
      for (const kind of KINDS) {
        const sweep = sweepLayout(structureSpec(kind, 64), workload);
        for (const frames of [1, 2, 3, 5, 9, Math.floor(sweep.pages / 2), sweep.pages]) {
          const point = runAtFrames(structureSpec(kind, 64), workload, frames);
          expect(
            { frames, pageIns: point.pageIns, writeBacks: point.writeBacks },
            `${kind} ${workload.kind}`,
          ).toEqual({
            frames,
            pageIns: sweep.pageIns[frames - 1],
            writeBacks: sweep.writeBacks[frames - 1],
          });
          expect(point.operations).toBe(sweep.operations);
          expect(point.comparisons).toBe(sweep.comparisons);
          expect(point.swaps).toBe(sweep.swaps);
          expect(point.zeroFills).toBe(sweep.zeroFills);
          expect(point.pages).toBe(sweep.pages);
          expect(point.frames).toBe(frames);
        }
      }
    }
  });
});

describe('timeBareWorkload', () => {
  it('measures with the given clock and runs the same operations', () => {
    const ticks = [1000, 3500];
    const result = timeBareWorkload(structureSpec('binary', 64), PHK, () => ticks.shift()!);
    expect(result.seconds).toBe(2.5);
    expect(result.operations).toBe(12_000);
  });
});
