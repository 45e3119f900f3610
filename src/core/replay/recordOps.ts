// The operations of a scenario, written down once, in terms both sides can run: the replay runs
// them on each side's structure.

import type { EventSink } from '../events';
import { NO_MEMORY } from '../memory/observer';
import { structureSpec } from '../structures/registry';
import { GlibcRandom } from '../workloads/random';
import { drawKey, expectedOperations, runWorkload, type Workload } from '../workloads/workloads';
import { OpList } from './opList';

export type { ReplayOp } from './opList';

/**
 * Runs the workload once (no memory model) and writes down its operations. Workloads that pick
 * items (expiry) are recorded by item, so each heap finds the item in its own slot; scripts name
 * slots and run as written.
 */
export function recordOps(workload: Workload): { ops: OpList; items: number } {
  const ops = new OpList(expectedOperations(workload));
  let items = 0;
  if (workload.kind === 'script') {
    for (const op of workload.ops) {
      if (op.op === 'insert') ops.push({ op: 'insert', item: items++, key: op.key });
      else if (op.op === 'pop') ops.push({ op: 'popMin' });
      else if (op.op === 'delete') ops.push({ op: 'deleteSlot', slot: op.slot });
      else ops.push({ op: 'reorderSlot', slot: op.slot, key: op.key });
    }
    ops.trim();
    return { ops, items };
  }
  if (workload.kind === 'phk') {
    // The article's sequence needs no heap to write down: its draws do not depend on the heap.
    const random = new GlibcRandom(workload.seed);
    const n = workload.items;
    for (let i = 0; i < n; i++)
      ops.push({ op: 'insert', item: items++, key: drawKey(random, workload.keyRange) });
    for (let i = 0; i < n; i++) {
      ops.push({ op: 'popMin' });
      ops.push({ op: 'insert', item: items++, key: drawKey(random, workload.keyRange) });
    }
    for (let i = 0; i < n; i++) ops.push({ op: 'popMin' });
    ops.trim();
    return { ops, items };
  }
  const sink: EventSink = {
    emit(event) {
      if (event.kind !== 'op-begin') return;
      if (event.op === 'insert') {
        ops.push({ op: 'insert', item: event.item, key: event.key });
        items = Math.max(items, event.item + 1);
      } else if (event.op === 'popMin') ops.push({ op: 'popMin' });
      else if (event.op === 'delete') ops.push({ op: 'deleteItem', item: event.item });
      else ops.push({ op: 'reorderItem', item: event.item, key: event.key });
    },
  };
  runWorkload(workload, structureSpec('binary', 4), NO_MEMORY, { sink, opsOnly: true });
  ops.trim();
  return { ops, items };
}
