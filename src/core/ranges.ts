// The accepted range of every scenario number, shared by the CLI, the link parser and the
// controls, so each refuses the same inputs with the same words. A number is accepted only in
// the form it is written back in (plain decimal digits), so nothing is ever coerced quietly.

import { quote } from './quote';

export const MAX_ITEMS = 2 ** 24;
const MAX_SEED = 0xffffffff;
export const MAX_IO_MS = 1000;

export interface IntRange {
  min: number;
  max: number;
}

export const ITEMS_RANGE: IntRange = { min: 1, max: MAX_ITEMS };
export const SEED_RANGE: IntRange = { min: 0, max: MAX_SEED };
export const KEY_RANGE_RANGE: IntRange = { min: 2, max: 2 ** 31 };

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Parses a decimal integer in range, or explains what was wrong. The text must be exactly how
 * the number is written back ("8", never "08", " 8", "+8", "8.0" or "8_000"): a link that says
 * something else is refused, with the canonical form named when the value itself was fine.
 */
export function parseIntInRange(name: string, text: string, range: IntRange): Parsed<number> {
  const allowed = `an integer from ${range.min} to ${range.max}`;
  const value = looseNumber(text);
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    return { ok: false, error: `${name} must be ${allowed}, got ${quote(text)}` };
  }
  if (String(value) !== text) return { ok: false, error: notPlainDigits(name, text, value) };
  return { ok: true, value };
}

/** Parses a decimal number (not necessarily an integer) in range, in its canonical form. */
export function parseNumberInRange(
  name: string,
  text: string,
  min: number,
  max: number,
): Parsed<number> {
  const value = looseNumber(text);
  if (!Number.isFinite(value) || value < min || value > max) {
    return {
      ok: false,
      error: `${name} must be a number from ${min} to ${max}, got ${quote(text)}`,
    };
  }
  if (String(value) !== text) return { ok: false, error: notPlainDigits(name, text, value) };
  return { ok: true, value };
}

/** What "plain digits" leaves out, as every refusal of another form says it. */
export const PLAIN_DIGITS_RULE = '(no sign, spaces, leading zeros or separators)';

/**
 * What a numeral would mean if read generously (spaces, signs, leading zeros, separators, an
 * exponent), or NaN: used only to tell "out of range" from "in range but not written plainly".
 * The plain form is the number as JavaScript writes it, which below 1e-6 has an exponent
 * ("1e-7"): read generously, that form is then accepted as written.
 */
export function looseNumber(text: string): number {
  const trimmed = text.trim().replace(/_/g, '');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}

/** The refusal of a number that is fine but written in another form than plain digits. */
export function notPlainDigits(name: string, text: string, value: number): string {
  return `${name} must be written in plain digits, as ${value} ${PLAIN_DIGITS_RULE}, got ${quote(text)}`;
}
