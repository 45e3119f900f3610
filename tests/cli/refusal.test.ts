// A refusal thrown anywhere in a parser comes back as one visible line; other errors pass.

import { describe, expect, it, vi } from 'vitest';
import { answerWithoutWork, fail, refusalOf } from '../../src/cli/refusal';

describe('refusalOf', () => {
  it('returns what the parse returns when nothing is refused', () => {
    expect(refusalOf(() => 7)).toBe(7);
  });

  it('turns a refusal into one line with its control characters made visible', () => {
    expect(refusalOf(() => fail('bad "a\nb\u202e"'))).toEqual({
      kind: 'error',
      message: 'bad "a<U+000A>b<U+202E>"',
    });
  });

  it('lets any other error through: a bug is not a refusal', () => {
    expect(() =>
      refusalOf(() => {
        throw new TypeError('boom');
      }),
    ).toThrow(TypeError);
  });
});

describe('answerWithoutWork', () => {
  it('prints the usage for --help (exit 0) and one line for a refusal (exit 2)', () => {
    const out: string[] = [];
    const err: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      out.push(String(text));
      return true;
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
      err.push(String(text));
      return true;
    });
    try {
      expect(answerWithoutWork({ kind: 'help' }, 'usage: sim')).toBe(0);
      expect(answerWithoutWork({ kind: 'error', message: '--x is given twice' }, 'usage')).toBe(2);
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
    expect(out).toEqual(['usage: sim\n']);
    expect(err).toEqual(['sim: --x is given twice\n']);
  });
});
