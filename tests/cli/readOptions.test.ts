// The option reader every command shares, alone: a made-up command with two options.

import { describe, expect, it } from 'vitest';
import { type OptionSet, readOptions } from '../../src/cli/readOptions';
import { refusalOf } from '../../src/cli/refusal';

const SET: OptionSet<'size' | 'name'> = { names: ['size', 'name'], scope: ' for demo' };

/** The values and the other words, or the refusal. */
function read(argv: string[]) {
  const words: string[] = [];
  return refusalOf(() => {
    const values = readOptions(argv, SET, (word) => {
      words.push(word);
    });
    return { values: Object.fromEntries(values), words };
  });
}

describe('readOptions', () => {
  it('reads --name value and --name=value, and hands every other word over in order', () => {
    expect(read(['go', '--size', '5', 'there', '--name=a=b'])).toEqual({
      values: { size: '5', name: 'a=b' },
      words: ['go', 'there'],
    });
  });

  it('reads a value starting with one dash as the value, and one starting with two as none', () => {
    expect(read(['--size', '-5'])).toEqual({ values: { size: '-5' }, words: [] });
    expect(read(['--size', '-'])).toEqual({ values: { size: '-' }, words: [] });
    expect(read(['--size', '--name', 'x'])).toEqual({
      kind: 'error',
      message: '--size needs a value',
    });
    expect(read(['--size=--name'])).toEqual({ values: { size: '--name' }, words: [] });
  });

  it('hands a short option over as one stray word, "-abc" once', () => {
    expect(read(['-abc', '-x'])).toEqual({ values: {}, words: ['-abc', '-x'] });
  });

  it('refuses the first problem in argument order, in one line', () => {
    expect(read(['--size', '1', '--size', '2', '--bogus'])).toEqual({
      kind: 'error',
      message: '--size is given twice',
    });
    expect(read(['--bogus', '--size', '1', '--size', '2'])).toEqual({
      kind: 'error',
      message: 'unknown option --bogus for demo; options: --size, --name',
    });
    expect(read(['--', '--size', '1'])).toEqual({
      kind: 'error',
      message: 'unknown option -- for demo; options: --size, --name',
    });
    expect(read(['--=5'])).toMatchObject({ message: /^unknown option -- for demo/ });
    expect(read(['--name'])).toEqual({ kind: 'error', message: '--name needs a value' });
  });

  it('a word the caller refuses is refused where it stands', () => {
    const outcome = refusalOf(() =>
      readOptions(['--bogus', 'x'], SET, (word) => {
        throw new Error(`never reached: ${word}`);
      }),
    );
    expect(outcome).toMatchObject({ kind: 'error', message: /^unknown option --bogus/ });
  });
});

describe('an unknown option', () => {
  it('is named clipped and made visible, with every option of the set in its order', () => {
    expect(read(['--x\u202ey'])).toEqual({
      kind: 'error',
      message: 'unknown option --x<U+202E>y for demo; options: --size, --name',
    });
    expect(read([`--${'z'.repeat(100)}`])).toMatchObject({
      message: /^unknown option --z{40}… for demo; options: --size, --name$/,
    });
  });
});

describe('readOptions with a flag', () => {
  const FLAGGED: OptionSet<'size' | 'quiet'> = {
    names: ['size', 'quiet'],
    scope: ' for demo',
    flags: ['quiet'],
  };
  function readFlagged(argv: string[]) {
    const words: string[] = [];
    return refusalOf(() => ({
      values: Object.fromEntries(readOptions(argv, FLAGGED, (word) => words.push(word))),
      words,
    }));
  }

  it('reads a flag as present, takes the next word as a word, not its value', () => {
    expect(readFlagged(['--quiet', 'go', '--size', '5'])).toEqual({
      values: { quiet: '', size: '5' },
      words: ['go'],
    });
    expect(readFlagged(['--quiet', '-5'])).toEqual({ values: { quiet: '' }, words: ['-5'] });
  });

  it('refuses a flag given a value, or given twice', () => {
    expect(readFlagged(['--quiet=yes'])).toEqual({
      kind: 'error',
      message: '--quiet takes no value, got "--quiet=yes"',
    });
    expect(readFlagged(['--quiet', '--quiet'])).toEqual({
      kind: 'error',
      message: '--quiet is given twice',
    });
  });
});
