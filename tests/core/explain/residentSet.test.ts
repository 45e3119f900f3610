// The resident set's row: most recent first, at most so many chips, the referenced page always
// among them with its outcome, the evicted page apart.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { residentRow } from '../../../src/core/explain/residentSet';

describe('residentRow', () => {
  it('shows at most max chips, counts the rest, keeps the referenced page and marks only it', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 40 }),
        fc.nat(),
        fc.constantFrom('hit', 'page-in', 'zero-fill') as fc.Arbitrary<
          'hit' | 'page-in' | 'zero-fill'
        >,
        (resident, max, pick, outcome) => {
          const touched = resident[pick % resident.length];
          const row = residentRow(
            resident,
            (page) => page % 2 === 0,
            { page: touched, outcome, evicted: -1, writeBack: false },
            max,
          );
          expect(row.chips.length).toBe(Math.min(max, resident.length));
          expect(row.hidden).toBe(resident.length - row.chips.length);
          expect(new Set(row.chips.map((chip) => chip.page)).size).toBe(row.chips.length);
          const marked = row.chips.filter((chip) => chip.mark !== null);
          expect(marked).toHaveLength(1);
          expect(marked[0].page).toBe(touched);
          expect(marked[0].mark).toBe(outcome);
          for (const chip of row.chips) {
            expect(resident[chip.rank - 1]).toBe(chip.page);
            expect(chip.dirty).toBe(chip.page % 2 === 0);
          }
          expect(row.evicted).toBeNull();
        },
      ),
    );
  });

  it('a page-in that evicted a dirty page: the new page first and marked, the old one apart, written back', () => {
    const row = residentRow(
      [1953, 0, 977, 488],
      (page) => page !== 977,
      { page: 1953, outcome: 'page-in', evicted: 244, writeBack: true },
      9,
    );
    expect(row.chips.map((chip) => [chip.page, chip.rank, chip.mark, chip.dirty])).toEqual([
      [1953, 1, 'page-in', true],
      [0, 2, null, true],
      [977, 3, null, false],
      [488, 4, null, true],
    ]);
    expect(row.evicted).toEqual({ page: 244, writeBack: true });
    expect(row.hidden).toBe(0);
  });

  it('with no reference at the step, nothing is marked and nothing evicted', () => {
    const row = residentRow([3, 2, 1], () => false, null, 2);
    expect(row.chips.map((chip) => chip.page)).toEqual([3, 2]);
    expect(row.chips.every((chip) => chip.mark === null)).toBe(true);
    expect(row.hidden).toBe(1);
    expect(row.evicted).toBeNull();
  });
});
