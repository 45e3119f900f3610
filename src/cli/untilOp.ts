// `run --until-op K`: K names an operation of the run, from 1 to the operations it makes, as the
// page's `op` does. Expiry's operations depend on its draws: they are counted by recording the
// run (as the page counts them), so only once the run is known to fit the memory budget.

import type { Parsed } from '../core/ranges';
import { workloadOperations } from '../core/replay/truncatedRun';
import { expectedOperations, type Workload } from '../core/workloads/workloads';
import { parseCliInt } from './numbers';

/** How many operations a workload makes, or null where that needs running it (expiry). */
export type OperationCount = (workload: Workload) => number | null;

/** The count its formula gives where that is exact (phk 4N, asterisk 2N, a script's length). */
export const formulaOperations: OperationCount = (workload) =>
  workload.kind === 'expiry' ? null : expectedOperations(workload);

/** The exact count of every workload: expiry's recorded, the others' by their formula. */
export const countedOperations: OperationCount = (workload) =>
  formulaOperations(workload) ?? workloadOperations(workload);

/** K read from `text` against the run's `operations`, or the refusal naming them. */
export function readUntilOp(text: string, operations: number): Parsed<number> {
  const parsed = parseCliInt('--until-op', text, { min: 1, max: operations });
  return parsed.ok
    ? parsed
    : { ok: false, error: `${parsed.error} (the operations of this workload: ${operations})` };
}
