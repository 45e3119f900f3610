// Typed reads of option values: the fallback when absent, the value when right, one line naming
// the option and what it takes when wrong.

import { describe, expect, it } from 'vitest';
import { OptionValues } from '../../src/cli/optionValues';
import { refusalOf } from '../../src/cli/refusal';

const values = new OptionValues<'mode' | 'count' | 'absent'>(
  new Map([
    ['mode', 'fast'],
    ['count', '12'],
  ]),
);

describe('OptionValues', () => {
  it('gives the fallback for an absent option, whatever it would have refused', () => {
    expect(values.choice('absent', ['a', 'b'] as const, 'b')).toBe('b');
    expect(values.int('absent', { min: 1, max: 5 }, 3)).toBe(3);
    expect(values.has('absent')).toBe(false);
    expect(values.get('absent')).toBeUndefined();
  });

  it('reads a word from the list and an integer in range', () => {
    expect(values.choice('mode', ['slow', 'fast'] as const, 'slow')).toBe('fast');
    expect(values.int('count', { min: 1, max: 12 }, 1)).toBe(12);
    expect(values.get('count')).toBe('12');
  });

  it('refuses a word off the list and an integer out of range or not in plain digits', () => {
    expect(refusalOf(() => values.choice('mode', ['slow'] as const, 'slow'))).toEqual({
      kind: 'error',
      message: '--mode must be one of slow, got "fast"',
    });
    expect(refusalOf(() => values.int('count', { min: 1, max: 11 }, 1))).toEqual({
      kind: 'error',
      message: '--count must be an integer from 1 to 11, got 12',
    });
    const padded = new OptionValues(new Map([['count', '012']]));
    expect(refusalOf(() => padded.int('count', { min: 1, max: 99 }, 1))).toMatchObject({
      message: /^--count must be written in plain digits, as 12 /,
    });
  });
});
