// The accepted form of every scenario number: plain decimal digits, one rule and one message.

import { describe, expect, it } from 'vitest';
import {
  looseNumber,
  notPlainDigits,
  PLAIN_DIGITS_RULE,
  parseIntInRange,
  parseNumberInRange,
} from '../../src/core/ranges';

describe('looseNumber', () => {
  it('reads what a generous parser would, so a refusal can say which form is meant', () => {
    expect(looseNumber(' 08 ')).toBe(8);
    expect(looseNumber('+5')).toBe(5);
    expect(looseNumber('8_000')).toBe(8000);
    expect(looseNumber('2.50')).toBe(2.5);
    expect(looseNumber('.5')).toBe(0.5);
  });

  it('is NaN for what no decimal form writes', () => {
    for (const text of ['', ' ', '0x10', '1e3', 'Infinity', '٣', '5-', '1.2.3'])
      expect(looseNumber(text), JSON.stringify(text)).toBeNaN();
  });
});

describe('notPlainDigits', () => {
  it('names the option, the plain form of the value and the rule, the input quoted', () => {
    expect(notPlainDigits('items', '\t08', 8)).toBe(
      `items must be written in plain digits, as 8 ${PLAIN_DIGITS_RULE}, got "<U+0009>08"`,
    );
    expect(PLAIN_DIGITS_RULE).toBe('(no sign, spaces, leading zeros or separators)');
  });
});

describe('parseIntInRange and parseNumberInRange', () => {
  it('accept the plain form in range only', () => {
    expect(parseIntInRange('n', '8', { min: 1, max: 9 })).toEqual({ ok: true, value: 8 });
    expect(parseNumberInRange('t', '2.5', 0, 10)).toEqual({ ok: true, value: 2.5 });
  });

  it('refuse another form of a value in range with the plain-digits message', () => {
    expect(parseIntInRange('n', '08', { min: 1, max: 9 })).toEqual({
      ok: false,
      error: notPlainDigits('n', '08', 8),
    });
    expect(parseNumberInRange('t', '2.50', 0, 10)).toEqual({
      ok: false,
      error: notPlainDigits('t', '2.50', 2.5),
    });
  });

  it('refuse a value out of range, or no number at all, with the range', () => {
    expect(parseIntInRange('n', '10', { min: 1, max: 9 })).toEqual({
      ok: false,
      error: 'n must be an integer from 1 to 9, got "10"',
    });
    expect(parseIntInRange('n', 'x', { min: 1, max: 9 })).toEqual({
      ok: false,
      error: 'n must be an integer from 1 to 9, got "x"',
    });
    expect(parseNumberInRange('t', '11', 0, 10)).toEqual({
      ok: false,
      error: 't must be a number from 0 to 10, got "11"',
    });
  });
});
