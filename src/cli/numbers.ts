// Reads the command line's numbers, in plain decimal digits only.
//
// "8", never "08", " 8", "+8", "-0", "8.0", "8_000", "0x8" or "8e0": the one form the page's
// links accept too, so nothing is coerced quietly. Plain digits out of range are echoed as they
// are, as the CLI always did; anything else goes through core/ranges.ts, which owns the rule and
// says which form is allowed.

import { clip } from '../core/quote';
import {
  type IntRange,
  notPlainDigits,
  type Parsed,
  parseIntInRange,
  parseNumberInRange,
} from '../core/ranges';

/** "0" or digits without a leading zero. */
export const PLAIN_INTEGER = /^(0|[1-9][0-9]*)$/;
/** A plain integer, then perhaps a fraction ("2.5"; "2.50" is refused: it is written "2.5"). */
const PLAIN_NUMBER = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
/** A minus and plain digits: a number, out of every range the CLI has. */
const PLAIN_NEGATIVE = /^-[1-9][0-9]*$/;

/** An integer option in `range`, written in plain digits. */
export function parseCliInt(name: string, text: string, range: IntRange): Parsed<number> {
  if (PLAIN_INTEGER.test(text) || PLAIN_NEGATIVE.test(text)) {
    const value = Number(text);
    if (Number.isSafeInteger(value) && value >= range.min && value <= range.max)
      return { ok: true, value };
    return {
      ok: false,
      error: `${name} must be an integer from ${range.min} to ${range.max}, got ${clip(text)}`,
    };
  }
  const parsed = parseIntInRange(name, text, range);
  // Refused here whatever ranges.ts accepts: the CLI reads plain digits only.
  return parsed.ok ? { ok: false, error: notPlainDigits(name, text, parsed.value) } : parsed;
}

/** A decimal option from `min` to `max`, in plain digits with perhaps a fraction. */
export function parseCliNumber(
  name: string,
  text: string,
  min: number,
  max: number,
): Parsed<number> {
  const parsed = parseNumberInRange(name, text, min, max);
  if (parsed.ok && !(PLAIN_NUMBER.test(text) && String(parsed.value) === text))
    return { ok: false, error: notPlainDigits(name, text, parsed.value) };
  return parsed;
}
