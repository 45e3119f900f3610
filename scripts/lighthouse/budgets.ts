// The budgets of issue 34's targets, one per column of the table that has one: mobile
// performance ≥ 95, accessibility and best practices 100, desktop performance ≥ 98, CLS ≤ 0.02 on
// both presets, mobile TBT ≤ 150 ms. LCP and desktop TBT are printed without a budget (the
// desktop target is about single tasks, which the long-task list shows).

export type Column =
  | 'mobilePerf'
  | 'tbt'
  | 'lcp'
  | 'cls'
  | 'accessibility'
  | 'bestPractices'
  | 'desktopPerf'
  | 'desktopCls'
  | 'desktopTbt';

export interface Budget {
  /** 'min': the value must be at least the limit; 'max': at most. */
  kind: 'min' | 'max';
  limit: number;
}

export const BUDGETS: Readonly<Partial<Record<Column, Budget>>> = {
  mobilePerf: { kind: 'min', limit: 95 },
  tbt: { kind: 'max', limit: 150 },
  cls: { kind: 'max', limit: 0.02 },
  accessibility: { kind: 'min', limit: 100 },
  bestPractices: { kind: 'min', limit: 100 },
  desktopPerf: { kind: 'min', limit: 98 },
  desktopCls: { kind: 'max', limit: 0.02 },
};

/** Whether a measured value misses its column's budget; a missing value or budget misses nothing. */
export function missesBudget(column: Column, value: number | null): boolean {
  const budget = BUDGETS[column];
  if (budget === undefined || value === null) return false;
  return budget.kind === 'min' ? value < budget.limit : value > budget.limit;
}
