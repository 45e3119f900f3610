import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GlibcRandom } from '../../../src/core/workloads/random';

// Every expected value below was produced by the real glibc through Python's ctypes:
//   python3 -c "import ctypes;l=ctypes.CDLL('libc.so.6');l.random.restype=ctypes.c_long;
//               l.srandom(ctypes.c_uint(SEED));a=[l.random() for _ in range(1002)];
//               print(a[:5], a[1000:])"
// `first` are outputs #1..#5, `later` are outputs #1001 and #1002.
const GLIBC_VECTORS: { seed: number; first: number[]; later: number[] }[] = [
  {
    seed: 1,
    first: [1804289383, 846930886, 1681692777, 1714636915, 1957747793],
    later: [981914693, 1375179334],
  },
  {
    seed: 42,
    first: [71876166, 708592740, 1483128881, 907283241, 442951012],
    later: [1963050744, 30553106],
  },
  {
    // Above 2^31: glibc stores the seed into a signed int, so it arrives negative.
    seed: 2147483653,
    first: [902410239, 292943431, 1491539546, 1641990203, 466614789],
    later: [1800294126, 1135938258],
  },
  {
    seed: 2147483648,
    first: [1336741213, 1210407648, 1447044896, 337392383, 82502902],
    later: [1917559864, 300456954],
  },
  {
    seed: 4294967295,
    first: [254925627, 1205188300, 366127624, 1401405153, 76053476],
    later: [1216673817, 55534269],
  },
  {
    seed: 123456789,
    first: [1965102536, 1639725855, 706684578, 1926601937, 71238646],
    later: [372203436, 269369322],
  },
];

function draw(random: GlibcRandom, count: number): number[] {
  return Array.from({ length: count }, () => random.next());
}

describe('GlibcRandom', () => {
  for (const { seed, first, later } of GLIBC_VECTORS) {
    it(`matches glibc random() after srandom(${seed}): outputs 1-5 and 1001-1002`, () => {
      const random = new GlibcRandom(seed);
      expect(draw(random, 5)).toEqual(first);
      draw(random, 995);
      expect(draw(random, 2)).toEqual(later);
    });
  }

  it('treats seed 0 as seed 1, as glibc srandom(0) does', () => {
    expect(draw(new GlibcRandom(0), 1002)).toEqual(draw(new GlibcRandom(1), 1002));
    expect(draw(new GlibcRandom(0), 5)).toEqual(GLIBC_VECTORS[0].first);
  });

  it('yields 31-bit non-negative integers for any valid seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        for (const value of draw(new GlibcRandom(seed), 200)) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(2 ** 31);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('is deterministic: the same seed gives the same stream', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        expect(draw(new GlibcRandom(seed), 50)).toEqual(draw(new GlibcRandom(seed), 50));
      }),
      { numRuns: 30 },
    );
  });

  it('below(bound) is next() % bound and stays in [0, bound)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 1, max: 2 ** 31 }),
        (seed, bound) => {
          const a = new GlibcRandom(seed);
          const b = new GlibcRandom(seed);
          for (let i = 0; i < 20; i++) {
            const value = a.below(bound);
            expect(value).toBe(b.next() % bound);
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThan(bound);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it.each([-1, 1.5, 2 ** 32, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects seed %s with a RangeError',
    (seed) => {
      expect(() => new GlibcRandom(seed)).toThrow(RangeError);
    },
  );
});
