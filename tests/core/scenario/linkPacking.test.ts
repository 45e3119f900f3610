import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromBase64Url,
  inflateBounded,
  MAX_PACKED_CHARS,
  MAX_UNPACKED_BYTES,
  packText,
  toBase64Url,
  unpackText,
} from '../../../src/core/scenario/linkPacking';
import { parseScenario } from '../../../src/core/scenario/parse';

/** A zip bomb as a link would carry it: `bytes` of one repeated pattern, deflated by zlib. */
function bomb(bytes: number, pattern = 0): string {
  return toBase64Url(new Uint8Array(deflateRawSync(Buffer.alloc(bytes, pattern), { level: 9 })));
}

/** CPU milliseconds `run` takes in this thread. */
function cpuMs(run: () => void): number {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

describe('packed text in a link', () => {
  it('reads back what packText wrote, or any deflater, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        expect(unpackText('x', packText(text))).toEqual({ ok: true, value: text });
        // zlib's bytes differ from fflate's: these are inflated, not remembered from packText.
        const zlib = toBase64Url(new Uint8Array(deflateRawSync(Buffer.from(text, 'utf8'))));
        expect(unpackText('x', zlib)).toEqual({ ok: true, value: text });
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on any value, and refuses what no deflater wrote', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.uint8Array({ maxLength: 60 }).map(toBase64Url),
          fc.string({ unit: fc.constantFrom(...'AB_-z09'), maxLength: 60 }),
        ),
        (value) => {
          const read = unpackText('x', value);
          if (read.ok) expect(typeof read.value).toBe('string');
          else expect(read.error).toMatch(/^x /);
        },
      ),
      { numRuns: 500 },
    );
    expect(unpackText('x', '')).toEqual({
      ok: false,
      error: 'x is not a packed text this page wrote (it does not inflate)',
    });
  });

  it('base64url reads back whole bytes and refuses any other character', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
      }),
    );
    for (const bad of ['A', 'AB=C', 'AB+/', 'ABé', 'AB C']) expect(fromBase64Url(bad)).toBeNull();
  });

  it('a bomb of any size and pattern is refused at the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_UNPACKED_BYTES + 1, max: 48 * 2 ** 20 }),
        fc.integer({ min: 0, max: 255 }),
        (bytes, pattern) => {
          const read = unpackText('opsz', bomb(bytes, pattern));
          expect(read).toEqual({
            ok: false,
            error: `opsz unpacks to more than ${MAX_UNPACKED_BYTES} bytes`,
          });
        },
      ),
      { numRuns: 12 },
    );
    // Exactly at the limit it reads; one byte more it does not.
    expect(unpackText('x', bomb(MAX_UNPACKED_BYTES, 97))).toMatchObject({ ok: true });
    expect(unpackText('x', bomb(MAX_UNPACKED_BYTES + 1, 97))).toMatchObject({ ok: false });
  });

  it('a 460 MB bomb that fits a link is refused in milliseconds, as a script and as a tour', () => {
    const packed = bomb(460_000_000);
    expect(packed.length).toBeLessThanOrEqual(MAX_PACKED_CHARS);
    const bytes = fromBase64Url(packed) ?? new Uint8Array(0);
    // Warm the inflater: the time asked is the work, not the compiler's.
    inflateBounded(bytes, MAX_UNPACKED_BYTES);
    expect(
      cpuMs(() => expect(inflateBounded(bytes, MAX_UNPACKED_BYTES)).toBe('too-long')),
    ).toBeLessThan(250);
    let script = parseScenario('');
    let tour = parseScenario('');
    const ms = cpuMs(() => {
      script = parseScenario(`workload=script#opsz=${packed}`);
      tour = parseScenario(`tour=1#tourz=${packed}`);
    });
    expect(script.errors.map((error) => error.message)).toEqual([
      `opsz (the packed script) unpacks to more than ${MAX_UNPACKED_BYTES} bytes; using the default script`,
    ]);
    expect(tour.errors[0].message).toBe(
      `tourz (a tour): tourz (the packed tour) unpacks to more than ${MAX_UNPACKED_BYTES} bytes; using the article's tour`,
    );
    // fflate's one-shot inflater took seconds here: it inflated all 460 MB.
    expect(ms).toBeLessThan(500);
  });
});
