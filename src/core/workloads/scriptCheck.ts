// Whether a script can run on a structure: its handles (slots for a heap, nodes for a pointer
// structure) must name items the structure holds at that point. The link parser and the CLI
// both refuse a script that cannot run, before any real work, with this one check.

import { errorText } from '../errorText';
import { NO_MEMORY } from '../memory/observer';
import {
  isHeapKind,
  makeQueue,
  type StructureKind,
  type StructureSpec,
} from '../structures/registry';
import { formatScript, type ScriptOp } from './script';
import { workloadCapacity } from './workloads';

/** The first operation a structure refuses, and why. */
interface ScriptRefusal {
  /** Which of the specs given refused it. */
  specIndex: number;
  /** 0-based position of the operation in the script. */
  index: number;
  op: ScriptOp;
  reason: string;
}

/**
 * Runs the script bare (no memory model) on each structure in turn and returns the first
 * operation one refuses, or null. parseScript has checked it against a heap's 1..size
 * numbering; a d-ary heap (whose root is not slot 1) and the pointer structures (whose handles
 * are node numbers, reused as nodes are freed) can still refuse it.
 */
export function scriptRefusal(
  specs: readonly StructureSpec<StructureKind>[],
  ops: readonly ScriptOp[],
): ScriptRefusal | null {
  const capacity = workloadCapacity({ kind: 'script', ops });
  for (const [specIndex, spec] of specs.entries()) {
    const queue = makeQueue(spec, { capacity, memory: NO_MEMORY });
    // Items are numbered as runWorkload numbers them, so handles come out the same.
    let item = 0;
    for (const [index, op] of ops.entries()) {
      try {
        if (op.op === 'insert') queue.insert(item++, op.key);
        else if (op.op === 'pop') queue.popMin();
        else if (op.op === 'delete') queue.delete(op.slot);
        else queue.reorder(op.slot, op.key);
      } catch (error) {
        const reason = errorText(error);
        return { specIndex, index, op, reason };
      }
    }
  }
  return null;
}

/** "operation 4 (del 1) cannot run on WHO (scripts name its nodes): REASON". */
export function describeRefusal(
  refusal: ScriptRefusal,
  spec: StructureSpec<StructureKind>,
  who: string,
): string {
  const handles = isHeapKind(spec.kind) ? 'slots' : 'nodes';
  return `operation ${refusal.index + 1} (${formatScript([refusal.op])}) cannot run on ${who} (scripts name its ${handles}): ${refusal.reason}`;
}
