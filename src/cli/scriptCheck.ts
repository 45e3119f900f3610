// Checks that a --ops script can run on every layout, before the real run, so a script that
// names a handle a structure does not hold is refused as input (exit 2, naming --ops), not found
// half-way through the run (exit 1).

import type { StructureKind, StructureSpec } from '../core/structures/registry';
import type { ScriptOp } from '../core/workloads/script';
import { describeRefusal, scriptRefusal } from '../core/workloads/scriptCheck';

/** Why the script cannot run on one of the layouts, naming the operation, or null. */
export function scriptProblem(
  specs: readonly StructureSpec<StructureKind>[],
  ops: readonly ScriptOp[],
): string | null {
  const refusal = scriptRefusal(specs, ops);
  if (refusal === null) return null;
  const spec = specs[refusal.specIndex];
  return `--ops: ${describeRefusal(refusal, spec, spec.kind)}`;
}
