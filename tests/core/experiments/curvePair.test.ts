import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitListItems,
  fitNodeBytes,
  padCurves,
  padPair,
  pairTitles,
  pairUsesNodes,
  parseNodeBytes,
} from '../../../src/core/experiments/curvePair';
import { nodeBytesFloor, STRUCTURE_KINDS } from '../../../src/core/structures/registry';

function curves(pageIns: number[], writeBacks: number[]) {
  return {
    pages: pageIns.length,
    pageIns: Float64Array.from(pageIns),
    writeBacks: Float64Array.from(writeBacks),
    label: 'kept',
  };
}

describe('padding the shorter curve', () => {
  it('continues the last frame count flat up to the larger page count', () => {
    const padded = padCurves(curves([41, 17, 5], [9, 3, 2]), 6);
    expect(padded.pages).toBe(6);
    expect(Array.from(padded.pageIns)).toEqual([41, 17, 5, 5, 5, 5]);
    expect(Array.from(padded.writeBacks)).toEqual([9, 3, 2, 2, 2, 2]);
  });

  it('keeps the other fields and leaves the input arrays alone', () => {
    const input = curves([7, 0], [4, 0]);
    const padded = padCurves(input, 4);
    expect(padded.label).toBe('kept');
    expect(Array.from(input.pageIns)).toEqual([7, 0]);
    expect(input.pages).toBe(2);
  });

  it('returns curves that already span the range unchanged', () => {
    const input = curves([12, 6, 1], [3, 2, 0]);
    expect(padCurves(input, 3)).toBe(input);
    expect(padCurves(input, 2)).toBe(input);
  });

  it('brings a pair to the larger side, whichever side that is', () => {
    const short = curves([8, 2], [5, 1]);
    const long = curves([30, 20, 11, 0], [6, 4, 2, 0]);
    const [paddedLeft, keptRight] = padPair(short, long);
    const [keptLeft, paddedRight] = padPair(long, short);
    expect(keptRight).toBe(long);
    expect(keptLeft).toBe(long);
    for (const padded of [paddedLeft, paddedRight]) {
      expect(padded.pages).toBe(4);
      expect(Array.from(padded.pageIns)).toEqual([8, 2, 2, 2]);
      expect(Array.from(padded.writeBacks)).toEqual([5, 1, 1, 1]);
    }
  });

  it('agrees with the original on its own frames and is constant past them (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 }),
        fc.nat(60),
        (values, extra) => {
          const input = curves(
            values,
            values.map((v) => v >> 1),
          );
          const pages = values.length + extra;
          const padded = padCurves(input, pages);
          expect(padded.pageIns).toHaveLength(pages);
          for (let f = 1; f <= pages; f++) {
            const own = Math.min(f, values.length) - 1;
            expect(padded.pageIns[f - 1]).toBe(values[own]);
            expect(padded.writeBacks[f - 1]).toBe(values[own] >> 1);
          }
        },
      ),
    );
  });
});

describe('node size of a pair', () => {
  it('matters only when a pointer structure is on either side', () => {
    expect(pairUsesNodes('binary', 'bheap')).toBe(false);
    expect(pairUsesNodes('dary4', 'treap')).toBe(true);
    expect(pairUsesNodes('list', 'dary8')).toBe(true);
  });

  it('has the floor of the side with the most links', () => {
    // With no pointer structure the size means nothing; the smallest minimum (the list's) stands.
    expect(nodeBytesFloor('binary', 'bheap')).toBe(32);
    expect(nodeBytesFloor('list', 'binary')).toBe(32);
    expect(nodeBytesFloor('list', 'llrb')).toBe(40);
    expect(nodeBytesFloor('llrb', 'rb')).toBe(48);
  });

  it('accepts multiples of 8 from the floor to 4096', () => {
    expect(parseNodeBytes('40', 'llrb', 'binary')).toEqual({ ok: true, value: 40 });
    expect(parseNodeBytes(' 4096 ', 'treap', 'rb')).toEqual({ ok: true, value: 4096 });
  });

  it('refuses a size off the grid, below the floor, above 4096 or not a number, naming the range', () => {
    for (const text of ['52', '40', '4104', 'big', '']) {
      const parsed = parseNodeBytes(text, 'treap', 'list');
      expect(parsed.ok).toBe(false);
      if (!parsed.ok)
        expect(parsed.error).toMatch(/a multiple of 8 from 48 \(the Treap's .*\) to 4096/);
    }
  });

  it('raises a kept size that the newly chosen pair refuses, and says why', () => {
    expect(fitNodeBytes(32, 'list', 'binary')).toEqual({ value: 32, message: null });
    const raised = fitNodeBytes(32, 'list', 'rb');
    expect(raised.value).toBe(48);
    expect(raised.message).toContain('Red-black tree');
    expect(fitNodeBytes(24, 'binary', 'dary4')).toEqual({ value: 24, message: null });
  });
});

describe('a pair with the sorted list', () => {
  it('runs at most 100000 items, other pairs are not limited', () => {
    expect(fitListItems(250_000, 'treap', 'rb')).toEqual({ value: 250_000, message: null });
    expect(fitListItems(100_000, 'list', 'rb')).toEqual({ value: 100_000, message: null });
    const limited = fitListItems(100_001, 'bheap', 'list');
    expect(limited.value).toBe(100_000);
    expect(limited.message).toContain('at most 100000');
  });
});

describe('titles of a pair', () => {
  it('are the structures’ titles, numbered only when both sides run the same structure', () => {
    expect(pairTitles('treap', 'rb')).toEqual(['Treap', 'Red-black tree']);
    expect(pairTitles('bheap', 'bheap')).toEqual(['B-heap #1', 'B-heap #2']);
    for (const a of STRUCTURE_KINDS) {
      for (const b of STRUCTURE_KINDS) {
        const [x, y] = pairTitles(a, b);
        expect(x).not.toBe(y);
      }
    }
  });
});
