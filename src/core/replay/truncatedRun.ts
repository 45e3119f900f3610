// A run cut after its first operations, counted as the page counts them: what
// `npm run sim -- run --until-op N` prints, and what the page shows at the start of operation
// N + 1 (the article's run can then be checked at any operation without running it whole).

import { type PointResult, workloadItems } from '../experiments/sweep';
import type { Policy } from '../memory/pager';
import { type StructureKind, type StructureSpec, structurePages } from '../structures/registry';
import { type Workload, workloadCapacity } from '../workloads/workloads';
import { recordOps } from './recordOps';
import { Side } from './side';

/** How many operations a workload makes (the range `--until-op` accepts is 0 to this). */
export function workloadOperations(workload: Workload): number {
  return recordOps(workload).ops.length;
}

/**
 * The counters after operations 1..`untilOp` of the workload, for one structure under
 * `policy` with `frames` resident pages (capped at the pages it spans). OPT sees the whole
 * run's future, as the page's side does.
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
  const side = new Side(structure, capacity, recorded.items, shown, pages, policy, ops);
  const last = Math.min(Math.max(0, untilOp), ops.length);
  // The view is the sink: it counts each event as the page's replay does.
  for (let k = 0; k < last; k++) side.run(ops, k, side.view);
  const c = side.view.counters;
  return {
    layout: structure.kind,
    policy,
    items: workloadItems(workload),
    itemsPerPage: structure.itemsPerPage,
    pages: c.zeroFills,
    frames,
    operations: c.operations,
    comparisons: c.comparisons,
    swaps: c.swaps,
    accesses: side.view.accesses,
    nodeBytes: structure.nodeBytes,
    zeroFill: c.zeroFills,
    hits: c.hits,
    pageIns: c.pageIns,
    writebacks: c.writebacks,
  };
}
