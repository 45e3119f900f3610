// The values a command line gave its options, read as the parser needs them: a word from a list
// or an integer in a range, the fallback when the option is absent, and a one-line refusal
// naming the option and what it accepts when the value is wrong.

import { quote } from '../core/quote';
import type { IntRange } from '../core/ranges';
import { parseCliInt } from './numbers';
import { fail } from './refusal';

export class OptionValues<Name extends string> {
  constructor(private readonly values: ReadonlyMap<Name, string>) {}

  has(name: Name): boolean {
    return this.values.has(name);
  }

  /** The value as typed, or undefined when the option is absent. */
  get(name: Name): string | undefined {
    return this.values.get(name);
  }

  /** One of `allowed`, exactly as written. */
  choice<T extends string>(name: Name, allowed: readonly T[], fallback: T): T {
    const text = this.values.get(name);
    if (text === undefined) return fallback;
    const found = allowed.find((candidate) => candidate === text);
    return found ?? fail(`--${name} must be one of ${allowed.join(', ')}, got ${quote(text)}`);
  }

  /** An integer in `range`, in plain digits (numbers.ts). */
  int(name: Name, range: IntRange, fallback: number): number {
    const text = this.values.get(name);
    if (text === undefined) return fallback;
    const parsed = parseCliInt(`--${name}`, text, range);
    return parsed.ok ? parsed.value : fail(parsed.error);
  }
}
