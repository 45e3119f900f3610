import { describe, expect, it } from 'vitest';
import type { CurvePair } from '../../../src/app/curves/curvesClient';
import { computingStatus, doneStatus, sweepOutline } from '../../../src/app/curves/curvesStatus';
import { type CurveSettings, sweepKey } from '../../../src/core/experiments/curveSettings';
import { parseScenario } from '../../../src/core/scenario/parse';

const settings = (query: string): CurveSettings => parseScenario(query).scenario.curves;

describe('sweepOutline', () => {
  it('takes one worker when both sides run one structure, two otherwise, and keys the sweep', () => {
    const pair = settings('?panel=curves');
    expect(sweepOutline(pair, () => false)).toEqual({
      key: sweepKey(pair),
      shipped: false,
      workers: pair.left === pair.right ? 1 : 2,
    });
    const same = { ...pair, right: pair.left };
    expect(sweepOutline(same, () => true)).toMatchObject({ shipped: true, workers: 1 });
  });
});

describe('computingStatus', () => {
  it('says LRU and OPT take one pass, FIFO and CLOCK a simulation per frame count, and where', () => {
    const base = settings('?panel=curves');
    const two = sweepOutline(
      { ...base, right: base.left === 'binary' ? 'bheap' : 'binary' },
      () => false,
    );
    const one = { ...two, workers: 1 as const };
    expect(computingStatus({ ...base, policy: 'lru', floor: false }, two)).toBe(
      'Computing LRU at every frame count in one pass, in two workers…',
    );
    expect(computingStatus({ ...base, policy: 'clock', floor: true }, one)).toBe(
      'Computing CLOCK, one simulation per frame count and the OPT floor, in a worker…',
    );
  });
});

describe('doneStatus', () => {
  it('names where the curves came from, and the slower side’s time for a sweep', () => {
    const pair = [{ sweepSeconds: 1.24 }, { sweepSeconds: 3.06 }] as unknown as CurvePair;
    expect(doneStatus(pair, 'sweep')).toBe('Computed in 3.1 s.');
    expect(doneStatus(pair, 'cache')).toBe('From the cache.');
    expect(doneStatus(pair, 'shipped')).toMatch(
      /^The article’s run, computed when the page was built/,
    );
  });
});
