// The numbers one side shows at the cursor: its counters and its simulated time (pure).

import { modelCpuSeconds } from '../../core/experiments/cost';
import type { Side } from '../../core/replay/side';
import type { Scenario } from '../../core/scenario/scenario';

export interface SideNumbers {
  comparisons: number;
  swaps: number;
  pageIns: number;
  writeBacks: number;
  zeroFills: number;
  seconds: number;
}

/**
 * The simulated time uses the article's CPU calibration for its two heaps and the access model
 * (17.8 ns per word) for the other structures, plus the I/O latency per page transfer.
 * `timelinePages` is the scenario's page count, which sizes a script's heap.
 */
export function sideNumbers(side: Side, scenario: Scenario, timelinePages: number): SideNumbers {
  const c = side.view.counters;
  // A script has no item count of its own: the cost model sees the memory it spans.
  const items =
    scenario.workload === 'script'
      ? Math.max(2, timelinePages * scenario.itemsPerPage)
      : scenario.items;
  const cpu = modelCpuSeconds(side.kind, items, c.operations, side.view.accesses);
  return {
    comparisons: c.comparisons,
    swaps: c.swaps,
    pageIns: c.pageIns,
    writeBacks: c.writeBacks,
    zeroFills: c.zeroFills,
    seconds: cpu + ((c.pageIns + c.writeBacks) * scenario.ioMs) / 1000,
  };
}
