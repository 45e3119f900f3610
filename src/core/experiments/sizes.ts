// The N values of a series against N ("100, 1000 10000"): one reader for the scaling tab, the
// machine tab, their links and the measure CLI, so each refuses the same text in the same words.

import { type IntRange, type Parsed, parseIntInRange } from '../ranges';

/** Each N's range, and how many distinct N a list may hold. */
interface SizeLimits extends IntRange {
  most: number;
}

/**
 * Parses N values: plain integers in range, separated by commas or spaces, at most `most`
 * distinct ones; the list is written back sorted, each N once.
 */
export function parseSizes(text: string, limits: SizeLimits): Parsed<number[]> {
  const range = { min: limits.min, max: limits.max };
  const parts = text.split(/[,\s]+/).filter((part) => part !== '');
  if (parts.length === 0) {
    return {
      ok: false,
      error: `N values must list 1 to ${limits.most} integers from ${range.min} to ${range.max}, separated by commas; got none`,
    };
  }
  const sizes: number[] = [];
  for (const part of parts) {
    const parsed = parseIntInRange('each N', part, range);
    if (!parsed.ok) return { ok: false, error: `${parsed.error} (N values are comma-separated)` };
    sizes.push(parsed.value);
  }
  const unique = [...new Set(sizes)].sort((a, b) => a - b);
  if (unique.length > limits.most) {
    return {
      ok: false,
      error: `N values must list at most ${limits.most} distinct integers, got ${unique.length}`,
    };
  }
  return { ok: true, value: unique };
}
