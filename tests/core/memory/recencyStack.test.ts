import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_TOUCH, RecencyStack } from '../../../src/core/memory/recencyStack';

/** The textbook recency stack: a list, most recent first, searched from the front. */
function naiveDistances(pages: readonly number[]): { distances: number[]; order: number[] } {
  const order: number[] = [];
  const distances = pages.map((page) => {
    const at = order.indexOf(page);
    if (at >= 0) order.splice(at, 1);
    order.unshift(page);
    return at < 0 ? FIRST_TOUCH : at + 1;
  });
  return { distances, order };
}

const trace = fc.integer({ min: 1, max: 40 }).chain((pages) =>
  fc.record({
    pages: fc.constant(pages),
    refs: fc.array(fc.integer({ min: 0, max: pages - 1 }), { maxLength: 2000 }),
  }),
);

describe('RecencyStack', () => {
  it('gives every reference the distance a move-to-front list gives, through renumbering', () => {
    fc.assert(
      fc.property(trace, ({ pages, refs }) => {
        const stack = new RecencyStack(pages);
        const distances = refs.map((page) => stack.reference(page));
        const naive = naiveDistances(refs);
        expect(distances).toEqual(naive.distances);
        // Ranks and the page at each rank agree with the list's final order.
        naive.order.forEach((page, index) => {
          expect(stack.rank(page)).toBe(index + 1);
          expect(stack.pageAt(index + 1)).toBe(page);
        });
        expect(stack.touchedPages).toBe(naive.order.length);
        expect(stack.pageAt(naive.order.length + 1)).toBe(-1);
      }),
      { numRuns: 300 },
    );
  });

  it('says 0 for a page never used, and FIRST_TOUCH for its first reference', () => {
    const stack = new RecencyStack(8);
    expect(stack.rank(3)).toBe(0);
    expect(stack.reference(3)).toBe(FIRST_TOUCH);
    expect(stack.reference(3)).toBe(1);
    expect(stack.reference(5)).toBe(FIRST_TOUCH);
    expect(stack.reference(3)).toBe(2);
  });

  it('goes back exactly to a snapshot', () => {
    fc.assert(
      fc.property(trace, fc.nat(), ({ pages, refs }, cutSeed) => {
        const cut = refs.length === 0 ? 0 : cutSeed % refs.length;
        const stack = new RecencyStack(pages);
        for (const page of refs.slice(0, cut)) stack.reference(page);
        const snapshot = stack.snapshot();
        const after = refs.slice(cut).map((page) => stack.reference(page));
        stack.restore(snapshot);
        expect(refs.slice(cut).map((page) => stack.reference(page))).toEqual(after);
      }),
      { numRuns: 100 },
    );
  });
});
