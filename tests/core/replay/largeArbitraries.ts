// Random large-run scenarios and plans, small enough to replay against the small timeline: the
// large timeline's tests and the progressive recording's draw from the same ones.
import fc from 'fast-check';
import type { LargePlan } from '../../../src/core/scenario/largePlan';
import { DEFAULT_SCENARIO, type Scenario } from '../../../src/core/scenario/scenario';

/**
 * Heaps of 256-420 items on 8 or 16 a page under any pager. `phkWeight` repeats phk among the
 * workloads; `keys`, when given, draws the key range too (the default's otherwise).
 */
export function largeScenarios(
  options: { phkWeight?: number; keys?: fc.Arbitrary<number> } = {},
): fc.Arbitrary<Scenario> {
  const phk = Array.from({ length: options.phkWeight ?? 1 }, () => 'phk' as const);
  return fc
    .record({
      left: fc.constantFrom('binary', 'bheap', 'bheap-strict', 'dary4'),
      right: fc.constantFrom('bheap', 'binary', 'dary8'),
      workload: fc.constantFrom(...phk, 'expiry', 'asterisk'),
      items: fc.integer({ min: 256, max: 420 }),
      itemsPerPage: fc.constantFrom(8, 16),
      frames: fc.integer({ min: 1, max: 9 }),
      seed: fc.integer({ min: 1, max: 500 }),
      keys: options.keys ?? fc.constant(DEFAULT_SCENARIO.keys),
      policy: fc.constantFrom('lru', 'lru', 'fifo', 'clock'),
    })
    .map((picked) => ({ ...DEFAULT_SCENARIO, ...picked }) as Scenario);
}

/** Checkpoint spacings and windows of a few operations, from `minWindow` up to 12. */
export function largePlans(minWindow: number): fc.Arbitrary<LargePlan> {
  return fc
    .record({
      denseEvery: fc.integer({ min: 1, max: 9 }),
      sparseTimes: fc.integer({ min: 1, max: 4 }),
      window: fc.integer({ min: minWindow, max: 12 }),
    })
    .map(({ denseEvery, sparseTimes, window }) => ({
      denseEvery,
      sparseEvery: denseEvery * sparseTimes,
      window,
    }));
}
