// The one reader of N values: the scaling tab's and the machine tab's refusals, word for word.

import { describe, expect, it } from 'vitest';
import { parseMachineSizes } from '../../../src/core/experiments/machine';
import { parseScalingSizes } from '../../../src/core/experiments/scalingSeries';
import { parseSizes } from '../../../src/core/experiments/sizes';

const LIMITS = { min: 10, max: 1000, most: 3 };

describe('parseSizes', () => {
  it('reads commas and spaces, and writes the list back sorted, each N once', () => {
    expect(parseSizes(' 500, 10 100,10 ', LIMITS)).toEqual({ ok: true, value: [10, 100, 500] });
  });

  it('names what it refuses, in the same words for every list', () => {
    expect(parseSizes(' , ', LIMITS)).toEqual({
      ok: false,
      error: 'N values must list 1 to 3 integers from 10 to 1000, separated by commas; got none',
    });
    expect(parseSizes('10, 9', LIMITS)).toEqual({
      ok: false,
      error: 'each N must be an integer from 10 to 1000, got "9" (N values are comma-separated)',
    });
    expect(parseSizes('10 20 30 40', LIMITS)).toEqual({
      ok: false,
      error: 'N values must list at most 3 distinct integers, got 4',
    });
  });

  it('is the reader of both tabs, each with its own limits', () => {
    expect(parseScalingSizes('')).toEqual({
      ok: false,
      error: 'N values must list 1 to 12 integers from 1 to 2000000, separated by commas; got none',
    });
    expect(parseMachineSizes('', 2 ** 24)).toEqual({
      ok: false,
      error:
        'N values must list 1 to 16 integers from 1024 to 16777216, separated by commas; got none',
    });
  });
});
