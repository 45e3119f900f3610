import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ARTICLE_FRAMES,
  checkPolicyClaims,
  checkStrictClaims,
  frameShift,
  type PolicyComparison,
  policyTable,
} from '../../../src/core/experiments/article';
import type { SweepResult } from '../../../src/core/experiments/sweep';
import type { StructureKind } from '../../../src/core/structures/registry';

/** A sweep result with the given transfers per frame count (all page-ins), 1,000 operations. */
function curve(layout: StructureKind, transfers: readonly number[]): SweepResult<StructureKind> {
  return {
    layout,
    items: 1000,
    itemsPerPage: 512,
    pages: transfers.length,
    operations: 1000,
    comparisons: 0,
    swaps: 0,
    accesses: 0,
    nodeBytes: 48,
    zeroFills: transfers.length,
    pageIns: Float64Array.from(transfers),
    writeBacks: new Float64Array(transfers.length),
  };
}

/** Falling transfers over `pages` frame counts, none once every page is resident. */
const falling = (pages: number): number[] =>
  Array.from({ length: pages }, (_, index) => (pages - 1 - index) * 10);

describe('frameShift', () => {
  it('finds how many more resident pages a curve moved k pages to the right needs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 200 }),
        fc.integer({ min: 0, max: 10 }),
        (pages, k) => {
          const base = curve('bheap', falling(pages));
          // The variant with F + k frames moves what the base moves with F.
          const shifted = curve(
            'bheap-strict',
            Array.from({ length: pages + k }, (_, index) =>
              index < k ? 1e9 : base.pageIns[index - k],
            ),
          );
          for (const frames of [1, 2, Math.floor(pages / 2), pages]) {
            expect(frameShift(base, shifted, frames)).toBe(k);
          }
        },
      ),
    );
  });

  it('is negative for a curve to the left', () => {
    const base = curve('bheap', falling(30));
    const better = curve(
      'bheap-strict',
      falling(30).map((value) => Math.max(0, value - 25)),
    );
    expect(frameShift(base, better, 10)).toBeLessThan(0);
  });
});

describe('checkStrictClaims', () => {
  it('passes a variant with more pages whose curve lies to the right, and names the pages and kB', () => {
    const base = curve('bheap', falling(100));
    const strict = curve('bheap-strict', [1e9, 1e9, ...falling(100)]);
    const claims = checkStrictClaims(base, strict);
    expect(claims.map((claim) => claim.ok)).toEqual([true, true]);
    expect(claims[0].measured).toBe('102 against 100: 2 more (8 kB)');
    expect(claims[1].measured).toMatch(/light pressure \(0-16 pages missing\): 2 pages \(8 kB\)/);
  });

  it('fails a variant no larger, or one whose curve lies to the left somewhere', () => {
    const base = curve('bheap', falling(100));
    const same = checkStrictClaims(base, curve('bheap-strict', falling(100)));
    expect(same.map((claim) => claim.ok)).toEqual([false, false]);
    const left = checkStrictClaims(
      base,
      curve('bheap-strict', [...falling(100).map((value) => Math.max(0, value - 50)), 0]),
    );
    expect(left[1].ok).toBe(false);
  });
});

describe('the policy comparison at the article’s 9 resident pages', () => {
  const comparison = (binaryOpt: number): PolicyComparison => ({
    operations: { binary: 100, bheap: 100 },
    points: {
      binary: [
        { policy: 'lru', pageIns: 600, writeBacks: 582 },
        { policy: 'opt', pageIns: binaryOpt, writeBacks: 0 },
      ],
      bheap: [
        { policy: 'lru', pageIns: 60, writeBacks: 54 },
        { policy: 'opt', pageIns: 40, writeBacks: 42 },
      ],
    },
  });

  it('says no pager saves the binary heap when OPT leaves it above the B-heap under LRU', () => {
    const [claim] = checkPolicyClaims(comparison(700));
    expect(claim.ok).toBe(true);
    expect(claim.measured).toBe(
      "no pager saves the binary heap: even OPT, which knows the future, leaves it at 7.00 transfers per operation (LRU: 11.82), 6.1 times the B-heap's 1.14 under plain LRU; the B-heap under OPT needs 0.82",
    );
  });

  it('says the opposite when the numbers do', () => {
    const [claim] = checkPolicyClaims(comparison(100));
    expect(claim.ok).toBe(false);
    expect(claim.measured).toMatch(
      /^a perfect pager would save the binary heap: under OPT it moves 1.00/,
    );
  });

  it('prints one row per policy with both heaps’ transfers per operation', () => {
    const lines = policyTable(comparison(700));
    expect(lines[0]).toContain(`${ARTICLE_FRAMES} resident pages`);
    expect(lines.slice(1)).toEqual([
      'lru           11.820    1.140',
      'opt            7.000    0.820',
    ]);
  });
});
