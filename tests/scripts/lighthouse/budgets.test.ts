// Issue 34's targets as budgets: a value on the limit meets it, one past it misses.

import { describe, expect, it } from 'vitest';
import { missesBudget } from '../../../scripts/lighthouse/budgets';

describe('the budgets', () => {
  it('want mobile performance of at least 95 and desktop of at least 98', () => {
    expect(missesBudget('mobilePerf', 95)).toBe(false);
    expect(missesBudget('mobilePerf', 94)).toBe(true);
    expect(missesBudget('desktopPerf', 98)).toBe(false);
    expect(missesBudget('desktopPerf', 97)).toBe(true);
  });

  it('want accessibility and best practices at 100', () => {
    expect(missesBudget('accessibility', 100)).toBe(false);
    expect(missesBudget('accessibility', 99)).toBe(true);
    expect(missesBudget('bestPractices', 99)).toBe(true);
  });

  it('want mobile TBT of at most 150 ms', () => {
    expect(missesBudget('tbt', 150)).toBe(false);
    expect(missesBudget('tbt', 150.5)).toBe(true);
  });

  it('want CLS of at most 0.02 on both presets', () => {
    expect(missesBudget('cls', 0.02)).toBe(false);
    expect(missesBudget('cls', 0.0201)).toBe(true);
    expect(missesBudget('desktopCls', 0.0201)).toBe(true);
  });

  it('set none for LCP and desktop TBT, and a missing value misses nothing', () => {
    expect(missesBudget('lcp', 60_000)).toBe(false);
    expect(missesBudget('desktopTbt', 5_000)).toBe(false);
    expect(missesBudget('mobilePerf', null)).toBe(false);
  });
});
