// The accepted range of every scenario number, shared by the CLI, the link parser and the
// controls, so each refuses the same inputs with the same words.

export const MAX_ITEMS = 2 ** 24;
export const MAX_SEED = 0xffffffff;
export const MAX_IO_MS = 1000;

export interface IntRange {
  min: number;
  max: number;
}

export const ITEMS_RANGE: IntRange = { min: 1, max: MAX_ITEMS };
export const SEED_RANGE: IntRange = { min: 0, max: MAX_SEED };
export const KEY_RANGE_RANGE: IntRange = { min: 2, max: 2 ** 31 };

/** Parses a decimal integer in range, or explains what was wrong. */
export function parseIntInRange(
  name: string,
  text: string,
  range: IntRange,
): { ok: true; value: number } | { ok: false; error: string } {
  const allowed = `an integer from ${range.min} to ${range.max}`;
  if (!/^-?\d+$/.test(text.trim())) {
    return { ok: false, error: `${name} must be ${allowed}, got "${clip(text)}"` };
  }
  const value = Number(text.trim());
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    return { ok: false, error: `${name} must be ${allowed}, got ${clip(text.trim())}` };
  }
  return { ok: true, value };
}

/** Parses a decimal number (not necessarily an integer) in range. */
export function parseNumberInRange(
  name: string,
  text: string,
  min: number,
  max: number,
): { ok: true; value: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  const value = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isFinite(value) || value < min || value > max) {
    return {
      ok: false,
      error: `${name} must be a number from ${min} to ${max}, got "${clip(text)}"`,
    };
  }
  return { ok: true, value };
}

/** Keeps quoted user input short in messages. */
export function clip(text: string, length = 40): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
