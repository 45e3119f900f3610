// glibc-compatible random(3)/srandom(3) (the default TYPE_3 additive feedback generator).
// The article's keys came from random(3), so the same seed must give the same keys here.

const DEGREE = 31; // r[i] = r[i-31] + r[i-3]  (glibc TYPE_3: degree 31, separation 3)
const SEPARATION = 3;
const MODULUS = 2147483647; // 2^31 - 1, the Park–Miller modulus used only to spread the seed

/**
 * A stream of 31-bit non-negative integers, bit-identical to glibc's random() after srandom(seed).
 * srandom(1) starts 1804289383, 846930886, 1681692777.
 */
export class GlibcRandom {
  private readonly table = new Int32Array(DEGREE);
  private front = SEPARATION;
  private rear = 0;

  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new RangeError(`seed must be an integer from 0 to 4294967295, got ${seed}`);
    }
    // glibc stores the unsigned seed into an int32 and treats 0 as 1.
    let word = seed === 0 ? 1 : seed | 0;
    this.table[0] = word;
    for (let i = 1; i < DEGREE; i++) {
      // Schrage's method, exactly as glibc writes it: 16807 * word mod (2^31 - 1) without
      // overflowing 32 bits. C's `/` and `%` truncate toward zero, as Math.trunc and JS `%` do,
      // which matters for seeds of 2^31 and above (they arrive here negative).
      const hi = Math.trunc(word / 127773);
      const lo = word % 127773;
      word = 16807 * lo - 2836 * hi;
      if (word < 0) word += MODULUS;
      this.table[i] = word;
    }
    // glibc throws away the first 10 * 31 outputs so the seed's linear start is mixed away.
    for (let i = 0; i < 10 * DEGREE; i++) this.next();
  }

  /** The next value in [0, 2^31). */
  next(): number {
    // Addition wraps modulo 2^32 (uint32 in glibc); Int32Array storage does the same wrap.
    const sum = (this.table[this.front] + this.table[this.rear]) | 0;
    this.table[this.front] = sum;
    // glibc drops the least random low bit: result = (uint32)sum >> 1.
    const result = sum >>> 1;
    if (++this.front >= DEGREE) this.front = 0;
    if (++this.rear >= DEGREE) this.rear = 0;
    return result;
  }

  /** An integer in [0, bound) for bound <= 2^31; modulo bias is negligible at the sizes used here. */
  below(bound: number): number {
    return this.next() % bound;
  }
}
