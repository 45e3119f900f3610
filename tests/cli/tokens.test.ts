// Tests the argument cases where node:util's parseArgs reads otherwise than the CLI.
//
// The CLI's words stand: these are the cases its strict mode refuses or reads otherwise.

import { describe, expect, it } from 'vitest';
import { parseArgs, USAGE } from '../../src/cli/args';

const OPTIONS =
  '--layout, --items, --sizes, --node-bytes, --overhead, --page-items, --seed, --workload, --ops, --keys, --frames, --io-ms, --cpu, --format, --policy, --until-op';

function error(argv: string[]): string {
  const outcome = parseArgs(argv);
  if (outcome.kind !== 'error') throw new Error(`expected ${JSON.stringify(argv)} to be refused`);
  return outcome.message;
}

describe('reading the arguments', () => {
  it.each([
    // A value starting with "-" is the option's value (node:util: "ambiguous").
    [['sweep', '--items', '-5'], '--items must be an integer from 1 to 16777216, got -5'],
    [['sweep', '--seed', '-x'], '--seed must be an integer from 0 to 4294967295, got "-x"'],
    // One starting with "--" is the next option: this one has no value.
    [['sweep', '--ops', '--items', '-5'], '--ops needs a value'],
    [['sweep', '--items'], '--items needs a value'],
    // "--" ends nothing here, and "--=5" names no option (node:util: an option "=5").
    [['sweep', '--', '--items', '5'], `unknown option --; options: ${OPTIONS}`],
    [['sweep', '--=5'], `unknown option --; options: ${OPTIONS}`],
    [['sweep', '---x'], `unknown option ---x; options: ${OPTIONS}`],
    // Short options do not exist: "-x" and "-abc" are stray words, before or after the command.
    [
      ['-x', 'sweep'],
      'unknown command "-x"; commands: sweep, run, trace, scaling, measure, kernel',
    ],
    [['sweep', '-abc'], 'unexpected argument "-abc"; options start with --'],
    [['sweep', '-'], 'unexpected argument "-"; options start with --'],
    // The first problem in argument order is the one named.
    [['sweep', '--items', '5', '--items', '6', '--bogus'], '--items is given twice'],
    [
      ['sweep', '--bogus', '--items', '5', '--items', '6'],
      `unknown option --bogus; options: ${OPTIONS}`,
    ],
  ])('%j', (argv, message) => {
    expect(error(argv)).toBe(message);
  });

  it('the unknown-option message names every option the usage lists', () => {
    const listed = [...USAGE.matchAll(/^ {2}(--[a-z-]+)/gm)].map((match) => match[1]);
    expect(listed.length).toBeGreaterThan(10);
    const named = /; options: (.*)$/.exec(error(['sweep', '--bogus']))?.[1].split(', ');
    expect(named?.sort()).toEqual(listed.sort());
  });

  it('an inline value may be empty or hold "=" and "--"', () => {
    expect(error(['sweep', '--items='])).toBe(
      '--items must be an integer from 1 to 16777216, got ""',
    );
    expect(
      parseArgs(['sweep', '--workload=script', '--ops=i 1, i 2', '--page-items=4']),
    ).toMatchObject({
      kind: 'ok',
    });
    expect(error(['sweep', '--format=--csv'])).toBe(
      '--format must be one of json, csv, got "--csv"',
    );
    expect(error(['sweep', '--format=a=b'])).toBe('--format must be one of json, csv, got "a=b"');
  });

  it('--help and -h win wherever they are', () => {
    expect(parseArgs(['sweep', '--bogus', '-h'])).toEqual({ kind: 'help' });
    expect(parseArgs(['--items', '--help'])).toEqual({ kind: 'help' });
  });
});
