// The article's curves the page ships, recomputed: the generated module must hold exactly what
// the sweep computes now (scripts/data.ts writes it; the page draws Figures 1-4 from it).

import { describe, expect, it } from 'vitest';
import { computeShippedCurves } from '../../../src/core/experiments/shippedCurves';
import { SHIPPED_CURVES } from '../../../src/core/experiments/shippedCurves.generated';

describe('the shipped article curves', () => {
  it('are the sweeps of the article’s run, recomputed here value for value', () => {
    expect(computeShippedCurves()).toEqual(SHIPPED_CURVES);
  });
});
