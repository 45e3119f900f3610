// The scenario in one line (pure), as the folded controls show it: what runs, at what size.

import { formatCount } from '../../core/explain/numbers';
import { POLICY_TITLES } from '../../core/memory/pager';
import { type Scenario, scenarioPages } from '../../core/scenario/scenario';
import { STRUCTURES } from '../../core/structures/registry';

/** "Binary heap vs B-heap · 48 items · 8 per page · 4 of 7 resident · LRU". */
export function scenarioSummary(scenario: Scenario): string {
  const sides = `${STRUCTURES[scenario.left].title} vs ${STRUCTURES[scenario.right].title}`;
  const size =
    scenario.workload === 'script'
      ? 'a script'
      : `${formatCount(scenario.items)} item${scenario.items === 1 ? '' : 's'}`;
  const pages = scenarioPages(scenario);
  return [
    sides,
    size,
    `${formatCount(scenario.itemsPerPage)} per page`,
    `${formatCount(scenario.frames)} of ${formatCount(pages)} resident`,
    POLICY_TITLES[scenario.policy],
  ].join(' · ');
}
