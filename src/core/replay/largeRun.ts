// A large heap run's pieces for one side, from the scenario: the plan, the recorder that makes
// the first pass and the server that answers seeks, which a worker builds (worker/sideWorker.ts;
// the tests build them in one thread), and the first window the page records by itself.

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
import { OpList } from './opList';
import { type OpShape, type OpSource, opSource, writeAll } from './opSource';
import { PartialRecording } from './partialRecording';
import { raceSampleOps } from './raceSamples';
import { PartCutter } from './recordedParts';
import { SIDES, type SideName } from './side';
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
 * TypeScript one it is held to. From a source, the kernel's writes each stretch of operations
 * as it comes to it.
 */
export function sideRecorder(
  scenario: Scenario,
  side: SideName,
  ops: OpList | OpSource,
  items: number,
  plan: LargePlan,
  reference = false,
): Recorder {
  const spec = sideSpec(scenario, side);
  const capacity = workloadCapacity(scenarioWorkload(scenario));
  const pages = sidePages(scenario, side);
  const raceOps = scenarioRaceOps(scenario, ops.length);
  const { policy, frames } = scenario;
  if (!reference) {
    return new KernelRecorder(spec, capacity, items, pages, ops, plan, raceOps, policy, frames);
  }
  const list = ops instanceof OpList ? ops : writeAll(ops);
  return new SideRecorder(spec, capacity, items, pages, list, plan, raceOps, policy, frames);
}

/** A side's server: over a whole recording's store, or (given the operations' shape) one to come. */
export function sideServer(
  scenario: Scenario,
  side: SideName,
  ops: OpList | OpShape,
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

/**
 * The recording's start as the page makes it itself, before any worker has begun: its first
 * `operations` drawn and recorded on both sides (the TypeScript recorder: a few hundred
 * operations need no kernel), in a PartialRecording that the workers' stretches then continue.
 * Null when the operations cannot be drawn as they go (only phk's are): the workers' first
 * stretch comes first then.
 */
export function firstWindow(
  scenario: Scenario,
  plan: LargePlan,
  operations: number,
): PartialRecording | null {
  const source = opSource(scenarioWorkload(scenario));
  if (!source.drawn) return null;
  const { length, items } = source;
  const ops = OpList.fromArrays(
    new Uint8Array(length),
    new Int32Array(length),
    new Float64Array(length),
    source.namesItems,
  );
  const recording = new PartialRecording(
    ops,
    items,
    scenarioRaceOps(scenario, length),
    SIDES.map((side) => sidePages(scenario, side)),
    scenarioPages(scenario),
  );
  const until = Math.min(length, operations);
  source.fillTo(ops, until);
  // Recorders of the window alone: its operations, its race samples, a heap of at most as many
  // items. Sized to the whole run, their arrays' first touches cost more than the recording.
  const window = OpList.fromArrays(
    ops.kinds.subarray(0, until),
    ops.handles.subarray(0, until),
    ops.keys.subarray(0, until),
    source.namesItems,
  );
  const samples = recording.raceOps.filter((op) => op <= until);
  const capacity = Math.max(1, Math.min(until, workloadCapacity(scenarioWorkload(scenario))));
  SIDES.forEach((side, index) => {
    const recorder = new SideRecorder(
      sideSpec(scenario, side),
      capacity,
      items,
      sidePages(scenario, side),
      window,
      plan,
      samples,
      scenario.policy,
      scenario.frames,
    );
    recorder.runFor(Number.POSITIVE_INFINITY, () => 0);
    recording.addPart(index, new PartCutter(recorder, index === 0).next().page);
  });
  return recording;
}
