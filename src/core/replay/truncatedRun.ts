// A run cut after its first operations, counted as the page counts them: after N operations,
// what the page shows at operation N + 1 and `npm run sim -- run --until-op N+1` prints (the
// article's run can then be checked at any operation without running it whole).

import { type PointResult, workloadItems } from '../experiments/sweep';
import { makePager } from '../memory/makePager';
import type { Policy } from '../memory/pager';
import {
  makeQueue,
  type StructureKind,
  type StructureSpec,
  structurePages,
} from '../structures/registry';
import { type Workload, workloadCapacity } from '../workloads/workloads';
import { applyOp } from './opList';
import { recordOps } from './recordOps';
import { recordFuture } from './side';

/** How many operations a workload makes (the range `--until-op` accepts is 0 to this). */
export function workloadOperations(workload: Workload): number {
  return recordOps(workload).ops.length;
}

/**
 * The counters after operations 1..`untilOp` of the workload, for one structure under
 * `policy` with `frames` resident pages (capped at the pages it spans): the operations the page
 * replays, run on a direct pager without events (the page's counters are a direct
 * simulation's, tests/core/replay/truncatedRun.test.ts checks it), so the article's run can be
 * cut anywhere in seconds. OPT sees the whole run's future, as the page's side does.
 */
export function runUntilOp(
  structure: StructureSpec,
  workload: Workload,
  frames: number,
  untilOp: number,
  policy: Policy = 'lru',
): PointResult<StructureKind> {
  const capacity = workloadCapacity(workload);
  const pages = structurePages(structure, capacity);
  const recorded = recordOps(workload);
  const ops = recorded.ops;
  const shown = Math.min(frames, pages);
  const future =
    policy === 'opt' ? recordFuture(structure, capacity, recorded.items, pages, ops) : null;
  const pager = makePager({
    policy,
    frames: shown,
    pageCount: pages,
    itemsPerPage: structure.itemsPerPage,
    future,
  });
  const handleOf = new Int32Array(Math.max(1, recorded.items));
  const queue = makeQueue(structure, {
    capacity,
    memory: pager,
    onHandle: (item, handle) => {
      handleOf[item] = handle;
    },
  });
  const last = Math.min(Math.max(0, untilOp), ops.length);
  for (let k = 0; k < last; k++) applyOp(queue, ops, k, handleOf);
  return {
    layout: structure.kind,
    policy,
    items: workloadItems(workload),
    itemsPerPage: structure.itemsPerPage,
    pages: pager.zeroFills,
    frames,
    operations: last,
    comparisons: queue.comparisons,
    swaps: queue.swaps,
    accesses: queue.accesses,
    nodeBytes: structure.nodeBytes,
    zeroFills: pager.zeroFills,
    hits: pager.hits,
    pageIns: pager.pageIns,
    writeBacks: pager.writeBacks,
  };
}
