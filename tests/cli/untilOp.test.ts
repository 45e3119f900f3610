// --until-op's range: the workload's real operations, expiry's counted by recording its run.

import { describe, expect, it } from 'vitest';
import { countedOperations, formulaOperations, readUntilOp } from '../../src/cli/untilOp';
import { recordOps } from '../../src/core/replay/recordOps';
import type { Workload } from '../../src/core/workloads/workloads';

const expiry = (items: number, seed = 1): Workload => ({
  kind: 'expiry',
  items,
  seed,
  keyRange: 2 ** 31,
});

describe('the operations --until-op may name', () => {
  it('come from the formula where it is exact, and from the run for expiry', () => {
    const phk: Workload = { kind: 'phk', items: 100, seed: 1, keyRange: 2 ** 31 };
    const asterisk: Workload = { kind: 'asterisk', items: 100, seed: 1, keyRange: 2 ** 31 };
    expect(formulaOperations(phk)).toBe(400);
    expect(formulaOperations(asterisk)).toBe(200);
    expect(formulaOperations(expiry(100))).toBeNull();
    for (const workload of [phk, asterisk, expiry(100), expiry(37, 5), expiry(1)])
      expect(countedOperations(workload)).toBe(recordOps(workload).ops.length);
  });

  it("expiry's count is its run's, below the 4N bound it used to be given", () => {
    // issue 35: 100 items, seed 1 make 319 operations, not 400.
    expect(countedOperations(expiry(100))).toBe(319);
  });
});

describe('readUntilOp', () => {
  it('takes 1 to the operations and refuses the rest, naming the count', () => {
    expect(readUntilOp('1', 319)).toEqual({ ok: true, value: 1 });
    expect(readUntilOp('319', 319)).toEqual({ ok: true, value: 319 });
    for (const [text, shown] of [
      ['320', '320'],
      ['0', '0'],
      ['99999', '99999'],
      ['abc', '"abc"'],
    ])
      expect(readUntilOp(text, 319)).toEqual({
        ok: false,
        error: `--until-op must be an integer from 1 to 319, got ${shown} (the operations of this workload: 319)`,
      });
  });
});
