// Which large runs share a recording: the key the page keeps a recorded run under.

import type { Scenario } from '../../core/scenario/scenario';

/**
 * What a large run's recording depends on: the structures, sizes, workload and policy, and the
 * frame count under FIFO or CLOCK (LRU's recording answers every frame count). The step, the
 * panels and the view do not enter.
 */
export function recordingKey(scenario: Scenario): string {
  const { left, right, nodeBytes, items, itemsPerPage, policy, ioMs, seed, workload, ops, keys } =
    scenario;
  const frames = policy === 'lru' ? null : scenario.frames;
  const parts: (string | number | null)[] = [left, right, nodeBytes, items, itemsPerPage, policy];
  parts.push(ioMs, seed, workload, ops, keys, frames);
  return JSON.stringify(parts);
}
