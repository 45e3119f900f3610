// A refusal thrown anywhere in a parser comes back as one visible line; other errors pass.

import { describe, expect, it } from 'vitest';
import { fail, refusalOf } from '../../src/cli/refusal';

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
