// The treap's own random numbers: Marsaglia's xorshift32, apart from the workload's random(3).

/**
 * The treap's priority generator, kept apart from random(3) on purpose: were priorities drawn
 * from random(3) with the workload's seed, each key would equal its priority, the smallest key
 * would also be the most urgent, and the treap would degenerate into a path. Marsaglia's
 * xorshift32 (shift left 13, right 17, left 5: a full-period map on non-zero 32-bit words);
 * its whole state is one number, so a checkpoint just copies it.
 */
export class Xorshift32 {
  state: number;

  constructor(seed: number) {
    // Mixed with a constant so that seed 0 (xorshift's one fixed point) still moves.
    this.state = (seed ^ 0x9e3779b9) >>> 0 || 1;
  }

  /** The next value in [0, 2^31), the range of random(3). */
  next(): number {
    let x = this.state;
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    this.state = x;
    return x >>> 1;
  }
}
