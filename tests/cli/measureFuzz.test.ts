// Fuzzes `sim measure` with generated bad command lines, as fuzz.test.ts does the other commands:
// each is refused in one line that names an option it contains (or quotes the stray argument),
// with no control character; a sample through the real process exits 2 with that line on stderr
// and nothing on stdout.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEASURE_OPTION_NAMES, parseMeasureArgs } from '../../src/cli/measureArgs';
import { clip, quote, visible } from '../../src/core/quote';
import { refusalLine, simAsync } from './simProcess';

/** The options that take no value. */
const FLAGS: readonly (typeof MEASURE_OPTION_NAMES)[number][] = ['native'];

const control = fc.constantFrom('\u0007', '\t', '\n', '\u001b', '\u202e', '\u2066', '\u200f');
const junk = fc.oneof(
  fc.stringMatching(/^[a-zA-Z0-9_.:/ -]{0,10}$/),
  fc.tuple(fc.stringMatching(/^[a-z0-9]{0,5}$/), control).map(([a, c]) => `${a}${c}`),
);
const badInteger = fc.oneof(
  fc.integer({ min: 1, max: 999 }).map((n) => `-${n}`),
  fc.integer({ min: 1, max: 999 }).map((n) => `0${n}`),
  fc.integer({ min: 1, max: 99 }).map((n) => `${n}.5`),
  fc.bigInt({ min: 10n ** 12n, max: 10n ** 30n }).map(String),
  fc.constantFrom('', ' 5', '5 ', '1e3', '0x10', '1_000', 'NaN', '0'),
  junk,
);

/** One bad option (its arguments) and the name a refusal may cite. */
const badOption: fc.Arbitrary<{ args: string[]; names: string[] }> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('reps', 'predict-mb', 'l1-kb', 'l2-kb', 'l3-kb', 'tlb', 'sizes'),
      badInteger,
    )
    .map(([name, value]) => ({ args: [`--${name}=${value}`], names: [`--${name}`] })),
  fc
    .tuple(fc.constantFrom('layout', 'form', 'workload', 'predict', 'format'), junk)
    .map(([name, value]) => ({ args: [`--${name}=${value}x`], names: [`--${name}`] })),
  fc
    .stringMatching(/^[a-z][a-z-]{0,8}$/)
    .filter(
      (name) => !(MEASURE_OPTION_NAMES as readonly string[]).includes(name) && name !== 'help',
    )
    .map((name) => ({ args: [`--${name}`, '1'], names: [`--${name}`] })),
  fc
    .constantFrom(...MEASURE_OPTION_NAMES.filter((name) => !FLAGS.includes(name)))
    .map((name) => ({ args: [`--${name}`], names: [`--${name}`] })),
  // A flag takes no value: given one, it is refused; given twice, too.
  fc
    .tuple(fc.constantFrom(...FLAGS), junk)
    .map(([name, value]) => ({ args: [`--${name}=${value}`], names: [`--${name}`] })),
  fc
    .constantFrom(...FLAGS)
    .map((name) => ({ args: [`--${name}`, `--${name}`], names: [`--${name}`] })),
  fc
    .constantFrom('reps', 'form', 'sizes')
    .map((name) => ({ args: [`--${name}=5`, `--${name}=3`], names: [`--${name}`] })),
  junk
    .filter((text) => text !== 'measure' && !text.startsWith('-') && text !== '')
    .map((text) => ({ args: [text], names: [quote(text)] })),
);

const badCommandLine = fc
  .tuple(badOption, fc.boolean())
  .map(([bad, after]) => ({
    argv: after ? ['measure', ...bad.args] : ['measure', '--reps', '3', ...bad.args],
    names: bad.names,
  }))
  .filter(({ argv }) => !argv.includes('--help') && !argv.includes('-h'));

function checkRefusal(argv: string[], names: string[]): string {
  const outcome = parseMeasureArgs(argv);
  if (outcome.kind !== 'error') throw new Error(`not refused: ${JSON.stringify(argv)}`);
  const { message } = outcome;
  expect(message).not.toMatch(/[\n\r\u2028\u2029]/);
  expect(message).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  const cited = names.some(
    (name) => message.includes(name) || message.includes(visible(clip(name))),
  );
  expect(cited, `${JSON.stringify(argv)} -> ${message}`).toBe(true);
  return message;
}

describe('fuzzing sim measure', () => {
  it('refuses every generated bad command line in one line naming what it got', () => {
    fc.assert(
      fc.property(badCommandLine, ({ argv, names }) => {
        checkRefusal(argv, names);
      }),
      { numRuns: 400, seed: 20 },
    );
  });

  it('the real process: exit code 2, that one line on stderr, nothing on stdout', async () => {
    const cases = fc
      .sample(badCommandLine, { numRuns: 12, seed: 20 })
      .filter(({ argv }) => !argv.some((arg) => arg.includes('\u0000')))
      .slice(0, 6);
    for (let index = 0; index < cases.length; index += 2) {
      const batch = cases.slice(index, index + 2);
      const outcomes = await Promise.all(batch.map(({ argv }) => simAsync(argv)));
      outcomes.forEach((outcome, k) => {
        const expected = parseMeasureArgs(batch[k].argv);
        expect(expected.kind).toBe('error');
        if (expected.kind === 'error')
          expect(refusalLine(outcome)).toBe(`sim: ${expected.message}`);
      });
    }
  }, 60_000);
});
