// A large heap run's pieces for one side, from the scenario: the plan, the recorder that makes
// the first pass and the server that answers seeks. A worker builds these (worker/sideWorker.ts);
// the tests build them in one thread.

import { type LargePlan, largePlan } from '../scenario/largePlan';
import {
  type Scenario,
  scenarioPages,
  scenarioWorkload,
  sidePages,
  sideSpec,
} from '../scenario/scenario';
import { expectedOperations, workloadCapacity } from '../workloads/workloads';
import { KernelRecorder } from './kernelSide';
import type { OpList } from './opList';
import { raceSampleOps } from './raceSamples';
import type { SideName } from './side';
import { type Recorder, SideRecorder, type SideStore } from './sideRecorder';
import { SideServer } from './sideServer';

/** The plan for a scenario: both sides' workers and the page use the same one. */
export function scenarioPlan(scenario: Scenario): LargePlan {
  const workload = scenarioWorkload(scenario);
  return largePlan(
    expectedOperations(workload),
    scenarioPages(scenario),
    workloadCapacity(workload),
    scenario.policy,
  );
}

/** The race samples for a scenario of `operations` operations. */
export function scenarioRaceOps(scenario: Scenario, operations: number): Int32Array {
  return raceSampleOps(operations, scenarioPages(scenario));
}

/**
 * The recording of a side: the replay kernel's (kernelSide.ts), or with `reference` the
 * TypeScript one it is held to.
 */
export function sideRecorder(
  scenario: Scenario,
  side: SideName,
  ops: OpList,
  items: number,
  plan: LargePlan,
  reference = false,
): Recorder {
  return new (reference ? SideRecorder : KernelRecorder)(
    sideSpec(scenario, side),
    workloadCapacity(scenarioWorkload(scenario)),
    items,
    sidePages(scenario, side),
    ops,
    plan,
    scenarioRaceOps(scenario, ops.length),
    scenario.policy,
    scenario.frames,
  );
}

export function sideServer(
  scenario: Scenario,
  side: SideName,
  ops: OpList,
  items: number,
  store: SideStore,
): SideServer {
  return new SideServer(
    sideSpec(scenario, side),
    workloadCapacity(scenarioWorkload(scenario)),
    items,
    sidePages(scenario, side),
    ops,
    store,
    scenario.policy,
    scenario.frames,
  );
}
