import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Xorshift32 } from '../../../../src/core/structures/pointer/xorshift32';
import { GlibcRandom } from '../../../../src/core/workloads/random';

describe("Xorshift32 (the treap's priorities)", () => {
  function drawXor(random: Xorshift32, count: number): number[] {
    return Array.from({ length: count }, () => random.next());
  }

  it('yields integers in [0, 2^31), the range of random(3), for any seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        for (const value of drawXor(new Xorshift32(seed), 200)) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(2 ** 31);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('seed 1 starts 679752476, 1913858463, 1933218815 (worked by hand below)', () => {
    // state = (1 ^ 0x9e3779b9) >>> 0 = 0x9e3779b8. Each step, as unsigned 32-bit words:
    //   #1: x = 0x9e3779b8; x ^ x<<13 (0xef370000) = 0x710079b8; ^ x>>>17 (0x00003880) =
    //       0x71004138; ^ x<<5 (0x20082700) = 0x51086638; 0x51086638 >>> 1 = 679752476.
    //   #2: x = 0x51086638; ^ 0x0cc70000 = 0x5dcf6638; ^ 0x00002ee7 = 0x5dcf48df;
    //       ^ 0xb9e91be0 = 0xe426533f; >>> 1 = 1913858463.
    //   #3: x = 0xe426533f; ^ 0xca67e000 = 0x2e41b33f; ^ 0x00001720 = 0x2e41a41f;
    //       ^ 0xc83483e0 = 0xe67527ff; >>> 1 = 1933218815.
    const random = new Xorshift32(1);
    expect(random.state).toBe(0x9e3779b8);
    expect(drawXor(random, 3)).toEqual([679752476, 1913858463, 1933218815]);
    // The state keeps the whole word (the output drops its low bit).
    expect(random.state).toBe(0xe67527ff);
  });

  it('seed 0 and the seed that mixes to state 0 both keep moving', () => {
    // 0 is xorshift's fixed point: the seed mix moves seed 0 off it, and `|| 1` catches the one
    // seed (0x9e3779b9) that the mix itself sends to 0.
    for (const seed of [0, 0x9e3779b9]) {
      const random = new Xorshift32(seed);
      expect(random.state).not.toBe(0);
      const values = drawXor(random, 1000);
      expect(new Set(values).size).toBe(values.length);
      expect(random.state).not.toBe(0);
    }
    // From state 1: x = 1 ^ 1<<13 = 0x2001, x>>>17 = 0, ^ 0x2001<<5 = 0x42021; >>> 1 = 135184.
    expect(new Xorshift32(0x9e3779b9).next()).toBe(135184);
  });

  it('different seeds give different first values (seeds 0 to 1000 all differ)', () => {
    expect(new Xorshift32(1).next()).not.toBe(new Xorshift32(2).next());
    const firsts = Array.from({ length: 1001 }, (_, seed) => new Xorshift32(seed).next());
    expect(new Set(firsts).size).toBe(firsts.length);
  });

  it('is not random(3): with the same seed the two streams share no value early on', () => {
    for (const seed of [1, 7, 42]) {
      const random = new GlibcRandom(seed);
      const glibc = new Set(Array.from({ length: 100 }, () => random.next()));
      expect(drawXor(new Xorshift32(seed), 100).filter((value) => glibc.has(value))).toEqual([]);
    }
  });
});
