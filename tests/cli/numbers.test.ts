// The CLI reads numbers in plain decimal digits only, and never echoes a control character.

import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args';

function error(argv: string[]): string {
  const outcome = parseArgs(argv);
  if (outcome.kind !== 'error') throw new Error(`expected ${JSON.stringify(argv)} to be refused`);
  return outcome.message;
}

const SMALL = ['--items', '2000', '--page-items', '64'];

describe('numbers in plain decimal digits', () => {
  /** Forms of `value` a generous parser (Number(), trim, parseInt) would read as it. */
  const looseForms = (value: string): string[] => [
    `0${value}`,
    ` ${value}`,
    `${value} `,
    `+${value}`,
    `${value}.0`,
    `\t${value}`,
    `${value[0]}_${value.slice(1)}`,
  ];

  it.each([
    ['sweep', '--items', '25'],
    ['sweep', '--seed', '25'],
    ['sweep', '--keys', '25'],
    ['sweep', '--node-bytes', '64'],
    ['scaling', '--sizes', '25'],
    ['run', '--frames', '25'],
  ])('%s %s refuses %s in another form, saying which form it takes', (command, name, value) => {
    const args = command === 'run' ? [command, ...SMALL] : [command];
    for (const text of looseForms(value)) {
      const message = error([...args, name, text]);
      expect(message, JSON.stringify(text)).toMatch(
        new RegExp(
          `^${name} must be written in plain digits, as ${value} \\(no sign, spaces, leading zeros or separators\\), got "`,
        ),
      );
      expect(message).not.toMatch(/[\t\n]/);
    }
  });

  it('"-0" is 0 written with a sign', () => {
    expect(error(['sweep', '--seed', '-0'])).toBe(
      '--seed must be written in plain digits, as 0 (no sign, spaces, leading zeros or separators), got "-0"',
    );
    expect(error(['sweep', '--items', '-0'])).toMatch(/^--items must be an integer from 1 to /);
  });

  it('numbers in no decimal form at all are refused with the range', () => {
    for (const text of ['0x10', '', ' ', 'Infinity', '٣']) {
      expect(error(['sweep', '--seed', text]), JSON.stringify(text)).toMatch(
        /^--seed must be an integer from 0 to 4294967295, got "/,
      );
    }
  });

  it('a number with an exponent is read, and the plain digits it stands for are named', () => {
    expect(error(['sweep', '--seed', '1e3'])).toBe(
      '--seed must be written in plain digits, as 1000 (no sign, spaces, leading zeros or separators), got "1e3"',
    );
  });

  it('--page-items: a power of two in another form says so', () => {
    for (const text of ['04', ' 4', '4.0', '+512', '0512']) {
      expect(error(['sweep', '--page-items', text]), text).toMatch(
        /^--page-items must be a power of two from 4 to 4096 in plain digits \(no sign, spaces, leading zeros or separators\), got "/,
      );
    }
  });

  it('--io-ms: plain digits and perhaps a fraction, as the number is written back', () => {
    for (const text of ['05', ' 1', '.5', '2.50', '1.', '+3']) {
      expect(error(['sweep', '--io-ms', text]), text).toMatch(
        /^--io-ms must be written in plain digits, as [\d.]+ \(/,
      );
    }
    for (const [text, value] of [
      ['0', 0],
      ['0.5', 0.5],
      ['2.5', 2.5],
      ['1000', 1000],
    ] as const) {
      expect(parseArgs(['sweep', '--io-ms', text])).toMatchObject({ options: { ioMs: value } });
    }
  });
});

describe('echoed input shows its control characters', () => {
  it.each([
    [['sweep', 'x\u202Ey'], 'unexpected argument "x<U+202E>y"; options start with --'],
    [
      ['walk\u0007'],
      'unknown command "walk<U+0007>"; commands: sweep, run, trace, scaling, measure, kernel',
    ],
    [['sweep', '--format', 'cs\nv'], '--format must be one of json, csv, got "cs<U+000A>v"'],
    [['sweep', '--layout', 'bheap,\u2066rb'], /got "<U\+2066>rb"$/],
    [
      ['sweep', '--seed', '5\u200F'],
      /^--seed must be an integer from 0 to 4294967295, got "5<U\+200F>"$/,
    ],
    [['sweep', '--\u061Citems', '5'], /^unknown option --<U\+061C>items; options: /],
    [['sweep', '--cpu', '\u0085'], '--cpu must be one of article, measure, got "<U+0085>"'],
  ])('%j', (argv, expected) => {
    const message = error(argv);
    if (typeof expected === 'string') expect(message).toBe(expected);
    else expect(message).toMatch(expected);
    expect(message).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });

  it('a long value is clipped', () => {
    const message = error(['sweep', '--format', 'x'.repeat(10_000)]);
    expect(message.length).toBeLessThan(120);
  });
});
