// The page grid's colour choices: LRU shades, fill buckets by state, mark colours and badges.

import { describe, expect, it } from 'vitest';
import {
  PAGE_CLEAN,
  PAGE_DIRTY,
  PAGE_OUT,
  PAGE_UNTOUCHED,
} from '../../../src/core/replay/viewState';
import { lruSpan, rampColours, SHADES, shadeOf } from '../../../src/view/pages/colours';
import {
  BUCKET_OUT,
  BUCKET_RESIDENT,
  BUCKET_UNTOUCHED,
  bucketOf,
} from '../../../src/view/pages/fillOrder';
import { BADGE, markColour, type PageMark } from '../../../src/view/pages/pageMarks';
import type { Palette } from '../../../src/view/theme/palette';

describe('LRU shades', () => {
  it('run from shade 0 for rank 1 to the last shade for the last rank', () => {
    const span = lruSpan(4);
    expect(span).toBe(3);
    expect(shadeOf(1, span)).toBe(0);
    expect(shadeOf(4, span)).toBe(SHADES - 1);
    // Rank 2 of 4 is a third of the way: shade 11 / 3, rounded.
    expect(shadeOf(2, span)).toBe(4);
    // One resident page: the strongest shade, no division by zero.
    expect(shadeOf(1, lruSpan(1))).toBe(0);
  });

  it('mix the ramp evenly from the recent colour to the old one', () => {
    const ramp = rampColours([0, 0, 0], [220, 110, 0]);
    expect(ramp).toHaveLength(SHADES);
    expect(ramp[0]).toBe('rgb(0, 0, 0)');
    expect(ramp[SHADES - 1]).toBe('rgb(220, 110, 0)');
    expect(ramp[1]).toBe('rgb(20, 10, 0)');
  });
});

describe('bucketOf', () => {
  it('sorts untouched, paged-out and resident pages (by shade) apart', () => {
    expect(bucketOf(PAGE_UNTOUCHED, 0, 3)).toBe(BUCKET_UNTOUCHED);
    expect(bucketOf(PAGE_OUT, 0, 3)).toBe(BUCKET_OUT);
    expect(bucketOf(PAGE_CLEAN, 1, 3)).toBe(BUCKET_RESIDENT);
    expect(bucketOf(PAGE_DIRTY, 4, 3)).toBe(BUCKET_RESIDENT + SHADES - 1);
  });
});

describe('marks', () => {
  const palette: Palette = {
    background: '#fff',
    untouched: '#eee',
    clean: '#00f',
    cleanOld: '#ccf',
    dirty: '#f80',
    out: '#808',
    outline: '#888',
    text: '#111',
    highlight: '#000',
    hit: 'hit-colour',
    zeroFill: 'zero-colour',
    pageIn: 'in-colour',
    evict: 'evict-colour',
    writeBack: 'wb-colour',
    accentCompare: '#fa0',
    accentSwap: '#07b',
    pageTones: [],
    levels: [],
  };
  const marks: PageMark[] = ['hit', 'zero-fill', 'page-in', 'evict', 'write-back'];

  it('give each kind its own colour', () => {
    expect(marks.map((mark) => markColour(palette, mark))).toEqual([
      'hit-colour',
      'zero-colour',
      'in-colour',
      'evict-colour',
      'wb-colour',
    ]);
  });

  it('badge the kinds that are not a plain hit or a clean eviction', () => {
    expect(marks.filter((mark) => BADGE[mark] !== '')).toEqual([
      'zero-fill',
      'page-in',
      'write-back',
    ]);
  });
});
