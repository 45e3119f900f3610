// How messages write sizes and counts: digits grouped by thousands, bytes in GiB or MiB.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, GIB, groupDigits, MIB } from '../../../src/core/experiments/byteUnits';

describe('byteUnits', () => {
  it('numbers in messages', () => {
    expect(groupDigits(2_147_483_776)).toBe('2,147,483,776');
    expect(groupDigits(999)).toBe('999');
    expect(formatBytes(4 * GIB)).toBe('4 GiB');
    expect(formatBytes(41.2 * GIB)).toBe('41 GiB');
    expect(formatBytes(3.25 * GIB)).toBe('3.3 GiB');
    expect(formatBytes(850 * 2 ** 20)).toBe('850 MiB');
  });
});

describe('groupDigits', () => {
  it('reads back as the rounded number, commas every three digits from the right', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2 ** 53 - 1, noNaN: true }), (value) => {
        const text = groupDigits(value);
        expect(text).toMatch(/^\d{1,3}(,\d{3})*$/);
        expect(Number(text.replaceAll(',', ''))).toBe(Math.round(value));
      }),
    );
  });
});

describe('formatBytes', () => {
  it('never says less than 1 MiB, and switches unit at 1 GiB and precision at 10 GiB', () => {
    expect(formatBytes(0)).toBe('1 MiB');
    expect(formatBytes(1)).toBe('1 MiB');
    expect(formatBytes(GIB - MIB)).toBe('1023 MiB');
    expect(formatBytes(GIB)).toBe('1 GiB');
    expect(formatBytes(9.96 * GIB)).toBe('10 GiB');
    expect(formatBytes(10 * GIB)).toBe('10 GiB');
  });

  it('is within half a unit of its last digit of the true size', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIB, max: 2 ** 45 }), (bytes) => {
        const [number, unit] = formatBytes(bytes).split(' ');
        const scale = unit === 'GiB' ? GIB : MIB;
        const step = number.includes('.') ? 0.1 : 1;
        expect(Math.abs(Number(number) - bytes / scale)).toBeLessThanOrEqual(step / 2 + 1e-9);
      }),
    );
  });
});
