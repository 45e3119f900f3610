// The accepted form of every scenario number: plain decimal digits, one rule and one message.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ITEMS_RANGE,
  looseNumber,
  notPlainDigits,
  PLAIN_DIGITS_RULE,
  parseIntInRange,
  parseNumberInRange,
  SEED_RANGE,
} from '../../src/core/ranges';

describe('looseNumber', () => {
  it('reads what a generous parser would, so a refusal can say which form is meant', () => {
    expect(looseNumber(' 08 ')).toBe(8);
    expect(looseNumber('+5')).toBe(5);
    expect(looseNumber('8_000')).toBe(8000);
    expect(looseNumber('2.50')).toBe(2.5);
    expect(looseNumber('.5')).toBe(0.5);
    expect(looseNumber('1e3')).toBe(1000);
    expect(looseNumber('1e-7')).toBe(1e-7);
  });

  it('is NaN for what no decimal form writes', () => {
    for (const text of ['', ' ', '0x10', 'Infinity', '٣', '5-', '1.2.3'])
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

const RANGE = { min: 2, max: 5000 };

describe('parseIntInRange over any input', () => {
  it('takes every integer in range written plainly, as itself', () => {
    fc.assert(
      fc.property(fc.integer(RANGE), (value) => {
        expect(parseIntInRange('keys', String(value), RANGE)).toEqual({ ok: true, value });
      }),
    );
    expect(parseIntInRange('seed', '4294967295', SEED_RANGE)).toEqual({
      ok: true,
      value: 4294967295,
    });
  });

  it('refuses a value out of range, naming the range and quoting the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e6, max: RANGE.min - 1 }), fc.integer({ min: RANGE.max + 1 })),
        (value) => {
          expect(parseIntInRange('keys', String(value), RANGE)).toEqual({
            ok: false,
            error: `keys must be an integer from 2 to 5000, got "${value}"`,
          });
        },
      ),
    );
    expect(parseIntInRange('items', String(2 ** 24 + 1), ITEMS_RANGE)).toMatchObject({
      ok: false,
    });
  });

  it('refuses an in-range value written any other way, naming its plain form', () => {
    fc.assert(
      fc.property(
        fc.integer(RANGE),
        fc.constantFrom(
          (v: number) => `0${v}`,
          (v: number) => ` ${v}`,
          (v: number) => `${v} `,
          (v: number) => `+${v}`,
          (v: number) => `${v}.0`,
          (v: number) => `${v}.`,
          (v: number) => `${String(v)[0]}_${String(v).slice(1)}`,
        ),
        (value, write) => {
          const text = write(value);
          fc.pre(text !== String(value));
          const parsed = parseIntInRange('keys', text, RANGE);
          expect(parsed.ok).toBe(false);
          if (!parsed.ok) {
            expect(parsed.error).toMatch(
              new RegExp(`^keys must be written in plain digits, as ${value} \\(`),
            );
          }
        },
      ),
    );
  });

  it('refuses what is no number at all, and fractions, as out of range', () => {
    for (const text of ['', 'x', '0x10', 'NaN', 'Infinity', '2.5', '--3', '9'.repeat(40)]) {
      const parsed = parseIntInRange('keys', text, RANGE);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error, text).toMatch(/^keys must be an integer from 2 to 5000/);
    }
  });

  it('reads an exponent, in range, as a number written in another form', () => {
    const parsed = parseIntInRange('keys', '1e3', RANGE);
    expect(parsed).toEqual({ ok: false, error: notPlainDigits('keys', '1e3', 1000) });
    const tooBig = parseIntInRange('keys', '1e9', RANGE);
    expect(tooBig.ok).toBe(false);
    if (!tooBig.ok) expect(tooBig.error).toMatch(/^keys must be an integer from 2 to 5000/);
  });

  it('shows an echoed control character instead of obeying it', () => {
    const parsed = parseIntInRange('seed', '\u202E12', SEED_RANGE);
    expect(parsed).toEqual({
      ok: false,
      error: 'seed must be an integer from 0 to 4294967295, got "<U+202E>12"',
    });
  });
});

describe('parseNumberInRange over any input', () => {
  it('takes a decimal in range in its plain form', () => {
    expect(parseNumberInRange('io', '0.5', 0, 1000)).toEqual({ ok: true, value: 0.5 });
    expect(parseNumberInRange('io', '1000', 0, 1000)).toEqual({ ok: true, value: 1000 });
    expect(parseNumberInRange('io', '0', 0, 1000)).toEqual({ ok: true, value: 0 });
  });

  it('refuses other forms of a number in range, naming its plain form', () => {
    for (const [text, plain] of [
      ['.5', '0.5'],
      ['0.50', '0.5'],
      ['05', '5'],
      ['5.', '5'],
    ]) {
      const parsed = parseNumberInRange('io', text, 0, 1000);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok)
        expect(parsed.error).toContain(`io must be written in plain digits, as ${plain}`);
    }
  });

  it('refuses a number out of range, naming the range', () => {
    expect(parseNumberInRange('io', '1000.5', 0, 1000)).toEqual({
      ok: false,
      error: 'io must be a number from 0 to 1000, got "1000.5"',
    });
    expect(parseNumberInRange('io', '-1', 0, 1000).ok).toBe(false);
  });

  it('reads back every finite number in range it writes', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), (value) => {
        // Below 1e-6 JavaScript writes an exponent, which no form accepts (the case below).
        fc.pre(!Object.is(value, -0) && !String(value).includes('e'));
        expect(parseNumberInRange('io', String(value), 0, 1000)).toEqual({ ok: true, value });
      }),
    );
  });

  // Reported: a number in range below 1e-6 is refused in every form. Its "plain form" is
  // String(value), "1e-7", which the parser refuses as no number, so the message sends the user
  // to a form that is refused in turn.
  it('names a plain form it then accepts, for a number in range below 1e-6', () => {
    const parsed = parseNumberInRange('io', '0.0000001', 0, 1000);
    expect(parsed.ok).toBe(false);
    const named = parsed.ok ? '' : (/as (\S+) \(/.exec(parsed.error)?.[1] ?? '');
    expect(parseNumberInRange('io', named, 0, 1000)).toEqual({ ok: true, value: 1e-7 });
  });
});
