// User text as messages echo it: clipped to whole characters, control and format characters made
// visible, in double quotes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clip, quote, visible } from '../../src/core/quote';

describe('clip', () => {
  it('keeps text of up to the length whole, and cuts longer text with an ellipsis', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcd', 3)).toBe('abc…');
    expect(clip('x'.repeat(40))).toBe('x'.repeat(40));
    expect(clip('x'.repeat(41))).toBe(`${'x'.repeat(40)}…`);
  });

  it('never cuts a surrogate pair in half', () => {
    expect(clip('😀😀😀', 2)).toBe('😀😀…');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.nat(20), (text, length) => {
        const clipped = clip(text, length);
        // A lone surrogate would not survive a round trip through UTF-8.
        expect(new TextDecoder().decode(new TextEncoder().encode(clipped))).toBe(clipped);
        const chars = Array.from(text);
        if (chars.length <= length) expect(clipped).toBe(text);
        else {
          expect(clipped.endsWith('…')).toBe(true);
          expect(text.startsWith(clipped.slice(0, -1))).toBe(true);
          expect(Array.from(clipped)).toHaveLength(length + 1);
        }
      }),
    );
  });
});

/** Any code points, controls and format characters often (fast-check's 'binary' unit is slow). */
const anyText = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x2100 }), fc.integer({ min: 0, max: 0x10ffff })), {
    maxLength: 40,
  })
  .map((points) => String.fromCodePoint(...points.filter((p) => p < 0xd800 || p > 0xdfff)));

describe('visible', () => {
  it('writes controls, bidi overrides and line separators as <U+XXXX>', () => {
    expect(visible('a\u0000b')).toBe('a<U+0000>b');
    expect(visible('\u202E12345')).toBe('<U+202E>12345');
    expect(visible('x\u2028y\u2029')).toBe('x<U+2028>y<U+2029>');
    expect(visible('\u200Dz')).toBe('<U+200D>z');
    expect(visible('\n')).toBe('<U+000A>');
  });

  it('leaves printable text alone, and leaves no control or format character in anything', () => {
    expect(visible('items=08 ü 😀')).toBe('items=08 ü 😀');
    fc.assert(
      fc.property(anyText, (text) => {
        expect(visible(text)).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
      }),
    );
  });
});

describe('quote', () => {
  it('clips, then makes visible, then quotes', () => {
    expect(quote('5')).toBe('"5"');
    expect(quote('\u202Eabcdef', 3)).toBe('"<U+202E>ab…"');
    expect(quote('')).toBe('""');
  });
});
