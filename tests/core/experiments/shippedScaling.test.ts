// The timer-queue scene's scaling points the page ships, recomputed: the generated module must
// hold exactly what scalingPoint computes now (scripts/data.ts writes it).

import { describe, expect, it } from 'vitest';
import { computeShippedScaling } from '../../../src/core/experiments/shippedScaling';
import { SHIPPED_SCALING_POINTS } from '../../../src/core/experiments/shippedScaling.generated';

describe('the shipped scaling points', () => {
  it('are the scene’s structures at the default N, recomputed here value for value', () => {
    expect(computeShippedScaling()).toEqual(SHIPPED_SCALING_POINTS);
  });
});
