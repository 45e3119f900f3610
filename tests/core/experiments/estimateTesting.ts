// Shared by the estimates' tests: the article's workload at N items, and the bound every
// estimate must keep (at least what it models, at most 3 times it).

import { expect } from 'vitest';
import type { Workload } from '../../../src/core/workloads/workloads';

export const phk = (items: number): Workload => ({
  kind: 'phk',
  items,
  seed: 1,
  keyRange: 2 ** 31,
});

/** An estimate must cover what it models, and not by more than 3 times. */
export function expectBound(estimate: number, actual: number, what: string): void {
  expect(estimate, `${what}: estimate ${estimate} >= actual ${actual}`).toBeGreaterThanOrEqual(
    actual,
  );
  expect(estimate, `${what}: estimate ${estimate} <= 3 x actual ${actual}`).toBeLessThanOrEqual(
    3 * actual,
  );
}
