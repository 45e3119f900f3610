// The Asterisk review's claims on scaling points: the checks pass a review-shaped table and fail
// one where the heap never wins; the tie at N = 100 is calibration, shown with its inputs.

import { describe, expect, it } from 'vitest';
import { checkedClaims } from '../../../src/core/experiments/article';
import { REVIEW_CALL_OVERHEAD, SECONDS_PER_ACCESS } from '../../../src/core/experiments/cost';
import { checkReviewClaims } from '../../../src/core/experiments/review';
import type { ScalingPoint } from '../../../src/core/experiments/scaling';

/** A point of `add` and `del` word accesses per call, plus `perCall` seconds on each call. */
function point(
  layout: 'list' | 'binary',
  items: number,
  add: number,
  del: number,
  perCall = { addSeconds: 0, deleteSeconds: 0 },
): ScalingPoint {
  return {
    layout,
    items,
    addAccesses: add * items,
    deleteAccesses: del * items,
    addSeconds: items * (add * SECONDS_PER_ACCESS + perCall.addSeconds),
    deleteSeconds: items * (del * SECONDS_PER_ACCESS + perCall.deleteSeconds),
    measuredAddSeconds: null,
    measuredDeleteSeconds: null,
  };
}

describe('checkReviewClaims', () => {
  it('passes the review-shaped table and fails a table where the heap never wins', () => {
    const good = [
      point('list', 100, 60, 6),
      point('binary', 100, 7, 11),
      point('list', 100_000, 50_000, 6),
      point('binary', 100_000, 8, 7),
    ];
    const claims = checkReviewClaims(good);
    expect(claims.map((claim) => (claim.kind === 'check' ? claim.ok : claim.kind))).toEqual([
      'calibration',
      true,
      true,
      true,
      true,
    ]);
    // Without the call overhead there is no tie: 66 accesses against 18, the list 3.7x dearer.
    expect(claims[0].measured).toMatch(/^list \/ heap = 3\.67; /);
    const flat = [
      point('list', 100, 9, 6),
      point('binary', 100, 7, 11),
      point('list', 100_000, 9, 6),
      point('binary', 100_000, 8, 13),
    ];
    const outcome = checkReviewClaims(flat).map((claim) => claim.kind === 'check' && claim.ok);
    expect(outcome[1]).toBe(false);
    expect(outcome[2]).toBe(false);
    expect(checkedClaims(checkReviewClaims(flat))).toHaveLength(4);
  });

  it('labels the tie at N = 100 calibration: the overhead fitted to that row is most of the cost', () => {
    const perCall = REVIEW_CALL_OVERHEAD;
    const points = [
      point('list', 100, 60, 6, perCall),
      point('binary', 100, 7, 11, perCall),
      point('list', 100_000, 50_000, 6, perCall),
      point('binary', 100_000, 8, 7, perCall),
    ];
    const [tie] = checkReviewClaims(points);
    expect(tie.kind).toBe('calibration');
    expect(tie.claim).toMatch(/^at N = 100 the list's add\+delete cost is within 2x of the heap's/);
    const share = (add: number, del: number): number => {
      const calls = perCall.addSeconds + perCall.deleteSeconds;
      return Math.round((100 * calls) / (calls + (add + del) * SECONDS_PER_ACCESS));
    };
    const ratio = (66 * SECONDS_PER_ACCESS + 3.4e-6) / (18 * SECONDS_PER_ACCESS + 3.4e-6);
    expect(tie.measured).toBe(
      `list / heap = ${ratio.toPrecision(3)}; the per-call overhead is ${share(7, 11)}% of the heap's cost and ${share(60, 6)}% of the list's`,
    );
    if (tie.kind === 'calibration')
      expect(tie.inputs).toBe(
        "the per-call overhead (3 µs per add, 0.4 µs per delete), fitted to the review's own N = 100 heap row (0.3 ms for 100 adds, 0.040 ms for 100 deletes)",
      );
  });
});

describe('checkReviewClaims, what each check says', () => {
  it('names the point it needs and does not have', () => {
    const table = [
      point('list', 100, 60, 6),
      point('binary', 100, 7, 11),
      point('list', 100_000, 50_000, 6),
    ];
    expect(() => checkReviewClaims(table)).toThrow(new RangeError('no binary point at N = 100000'));
  });

  it('states each check with its measured ratio', () => {
    const claims = checkReviewClaims([
      point('list', 100, 9, 9),
      point('binary', 100, 9, 9),
      point('list', 100_000, 8991, 9),
      point('binary', 100_000, 9, 9),
    ]);
    const checks = claims.filter((claim) => claim.kind === 'check');
    expect(checks.map((claim) => claim.measured)).toEqual([
      'list / heap = 500',
      'x999',
      'x1.00 against x2.50',
      'heap / list per delete = 1.00',
    ]);
    // A delete as cheap as the list's is not "a little slower".
    expect(checks.map((claim) => claim.kind === 'check' && claim.ok)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
