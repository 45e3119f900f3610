import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockDuration,
  countOf,
  formatCount,
  formatDuration,
} from '../../../src/core/explain/numbers';

describe('numbers for people', () => {
  it('group counts by thousands, and read back to the same number', () => {
    expect(formatCount(12995494)).toBe('12,995,494');
    expect(formatCount(999)).toBe('999');
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (value) => {
        const text = formatCount(value);
        expect(text).toMatch(/^\d{1,3}(,\d{3})*$/);
        expect(Number(text.replaceAll(',', ''))).toBe(value);
      }),
    );
  });

  it('write durations in the unit that reads best, three significant digits', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(0.00902)).toBe('9.02 ms');
    expect(formatDuration(12997.769)).toBe('12,998 s');
    expect(formatDuration(12.34)).toBe('12.3 s');
    expect(formatDuration(4.2e-6)).toBe('4.20 µs');
    expect(formatDuration(0.5)).toBe('500 ms');
    expect(formatDuration(0.9996)).toBe('1.00 s');
  });

  it('say one or many', () => {
    expect(countOf(1, 'resident page')).toBe('1 resident page');
    expect(countOf(1954, 'page')).toBe('1,954 pages');
  });
});

describe('clockDuration', () => {
  it('reads an hour and more on a clock, two days and more in days, nothing under an hour', () => {
    expect(clockDuration(3599)).toBeNull();
    expect(clockDuration(Number.NaN)).toBeNull();
    expect(clockDuration(3600)).toBe('1 h 0 min');
    expect(clockDuration(47_300)).toBe('13 h 8 min');
    expect(clockDuration(47 * 3600 + 59 * 60 + 40)).toBe('48 h 0 min');
    expect(clockDuration(48 * 3600)).toBe('2.0 days');
  });
});
