// Tests the curves chart's readout and labels.

import { describe, expect, it } from 'vitest';
import { prepare } from '../../../src/view/curves/prepare';
import {
  chartLabel,
  fileLabel,
  formatKb,
  formatValue,
  readoutText,
  sig3,
  whereText,
} from '../../../src/view/curves/readout';
import { curves, falling } from './fixtures';

describe('the readout numbers', () => {
  it('shows three significant digits, small values with an exponent', () => {
    expect([0, 181234, 4.04444, 0.0123, 0.000123].map(sig3)).toEqual([
      '0',
      '181000',
      '4.04',
      '0.0123',
      '1.23e-4',
    ]);
  });

  it('shows run times under a second in ms, thousands grouped, hours on a clock; transfers per operation as such', () => {
    expect(formatValue('time', 0.5)).toBe('500 ms');
    expect(formatValue('time', 44900)).toBe('44,900 s (12 h 28 min)');
    expect(formatValue('time', 181234)).toBe('181,000 s (2.1 days)');
    expect(formatValue('time', 1234)).toBe('1,230 s');
    expect(formatValue('transfers', 2.5)).toBe('2.50 transfers/op');
  });

  it('prints whole KB as integers, and fractions of a small page to four digits', () => {
    expect([7812, 0.5, 1.234567, 1234.5].map(formatKb)).toEqual(['7812', '0.5', '1.235', '1235']);
  });
});

describe('readoutText', () => {
  it('says the frame count, what is missing, both values and the ratio', () => {
    const p = prepare(curves([40, 20, 10, 0], [8, 4, 2, 0]))!;
    expect(readoutText(p, 1)).toBe(
      '1 resident page (3 missing = 12 KB): Binary heap 42.0 s, B-heap 10.0 s, ratio 4.20',
    );
  });

  it('has no ratio where the right-hand structure makes no transfers', () => {
    const p = prepare(curves([4, 0], [0, 0], { mode: 'transfers' }))!;
    expect(readoutText(p, 2)).toMatch(/ratio n\/a \(no B-heap transfers\)$/);
  });
});

describe('the labels', () => {
  it('names what the chart plots, and the keys, on the page; only what it shows in a file', () => {
    const data = curves([2, 1], [2, 1]);
    expect(chartLabel(data)).toBe(
      'Figure 1. test. Run time of the Binary heap and the B-heap against VM pressure, and ' +
        'their ratio (left / right). Left and right arrows move the readout, Enter picks that ' +
        'number of resident pages.',
    );
    expect(fileLabel(prepare(data), null)).toBe('Figure 1. test');
    expect(fileLabel(null, 'Computing…')).toBe('Computing…');
    expect(fileLabel(null, null)).toBe('VM pressure chart');
  });
});

describe('the readout on the resident-pages axis', () => {
  it('writes one resident page in the singular, and counts grouped by thousands', () => {
    const p = prepare(curves(falling(1954), falling(1954), { unit: 'resident' }))!;
    expect(whereText(p, 1)).toBe('1 resident page (1,953 missing = 7,812 KB)');
    expect(whereText(p, 9)).toBe('9 resident pages (1,945 missing = 7,780 KB)');
    expect(readoutText(p, 1954)).toMatch(/^1,954 resident pages \(0 missing = 0 KB\): /);
  });
});
