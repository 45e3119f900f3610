// The sequence a run removes, as one number: FNV-1a (32-bit) over the ids of the removed items
// (popMin and delete), in order, from the instrumented core. The WebAssembly kernel and the native
// helper (src/native/heaps.h) hash their removals the same way, so equal hashes say they ran the
// same heap with the same keys and the same decisions.

import type { SimEvent } from '../events';
import { NO_MEMORY } from '../memory/observer';
import type { StructureKind, StructureSpec } from '../structures/registry';
import { runWorkload, type Workload } from '../workloads/workloads';

export const FNV_OFFSET = 2166136261;
const FNV_PRIME = 16777619;

/** One step of FNV-1a over a 32-bit id. */
export function fnvStep(hash: number, id: number): number {
  return Math.imul(hash ^ id, FNV_PRIME) >>> 0;
}

/** FNV-1a over ids, from the offset basis. */
export function fnvOf(ids: Iterable<number>): number {
  let hash = FNV_OFFSET;
  for (const id of ids) hash = fnvStep(hash, id);
  return hash;
}

/** The core's run: its operations and the hash of the items it removed, in order. */
export function removedHash(
  structure: StructureSpec<StructureKind>,
  workload: Workload,
): { operations: number; hash: number } {
  let hash = FNV_OFFSET;
  const sink = {
    emit(event: SimEvent): void {
      if (event.kind === 'op-begin' && (event.op === 'popMin' || event.op === 'delete'))
        hash = fnvStep(hash, event.item);
    },
  };
  const stats = runWorkload(workload, structure, NO_MEMORY, { sink, opsOnly: true });
  return { operations: stats.operations, hash };
}
