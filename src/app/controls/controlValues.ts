// The scenario controls as text (pure): their values, which apply, the scenario they spell.

import { parseScenario } from '../../core/scenario/parse';
import {
  checkScript,
  type ParsedScenario,
  type Scenario,
  scenarioPages,
} from '../../core/scenario/scenario';
import { STRUCTURES } from '../../core/structures/registry';

/** The controls, named as their link parameters, in the order the form shows them. */
export const CONTROL_NAMES = [
  'left',
  'right',
  'node',
  'items',
  'page',
  'frames',
  'policy',
  'io',
  'seed',
  'keys',
  'workload',
  'ops',
] as const;

export type ControlName = (typeof CONTROL_NAMES)[number];

export type ControlValues = Record<ControlName, string>;

/** What each control shows for a scenario, written as a link writes it. */
export function controlValues(scenario: Scenario): ControlValues {
  return {
    left: scenario.left,
    right: scenario.right,
    node: String(scenario.nodeBytes),
    items: String(scenario.items),
    page: String(scenario.itemsPerPage),
    frames: String(scenario.frames),
    policy: scenario.policy,
    io: String(scenario.ioMs),
    seed: String(scenario.seed),
    keys: String(scenario.keys),
    workload: scenario.workload,
    ops: scenario.ops,
  };
}

/** Which controls apply to a scenario, and the most resident pages it can use. */
interface ControlStates {
  /** The script field shows only for the custom script workload. */
  scriptShown: boolean;
  /** A script decides its own item count. */
  itemsDisabled: boolean;
  /** Node bytes matter only to the pointer structures. */
  nodeShown: boolean;
  maxFrames: number;
}

export function controlStates(scenario: Scenario): ControlStates {
  const script = scenario.workload === 'script';
  return {
    scriptShown: script,
    itemsDisabled: script,
    nodeShown: [scenario.left, scenario.right].some(
      (kind) => STRUCTURES[kind].family === 'pointer',
    ),
    maxFrames: scenarioPages(scenario),
  };
}

/**
 * The link the controls spell: every control, trimmed, except the script unless the workload
 * control says script, and node bytes while that control is hidden.
 */
export function controlsLink(values: Readonly<ControlValues>, nodeShown: boolean): string {
  const params = new URLSearchParams();
  for (const name of CONTROL_NAMES) {
    if (name === 'ops' && values.workload !== 'script') continue;
    if (name === 'node' && !nodeShown) continue;
    params.set(name, values[name].trim());
  }
  return params.toString();
}

/**
 * Reads the controls through the link parser, so a control refuses what a link refuses. The
 * step restarts; the tab, the curves and the scaling settings stay as they were in `previous`.
 */
export function readControls(
  values: Readonly<ControlValues>,
  nodeShown: boolean,
  previous: Scenario,
): ParsedScenario {
  const parsed = parseScenario(controlsLink(values, nodeShown));
  // A refused control keeps its previous value rather than jumping to the default.
  const next: Scenario = {
    ...parsed.scenario,
    step: 0,
    panel: previous.panel,
    curves: previous.curves,
    view: previous.view,
    tour: previous.tour,
    tourPack: previous.tourPack,
    embed: previous.embed,
    scaling: previous.scaling,
  };
  for (const error of parsed.errors) {
    if (error.param === 'items') next.items = previous.items;
    if (error.param === 'seed') next.seed = previous.seed;
    if (error.param === 'keys') next.keys = previous.keys;
    if (error.param === 'io') next.ioMs = previous.ioMs;
    // A refused script (only sent with workload=script) keeps the previous one, unless the
    // new sides cannot run that either: then the parser's fallback stands.
    if (error.param === 'ops') {
      const kept = { ...next, workload: 'script' as const, ops: previous.ops };
      if (checkScript(kept) === null) {
        next.ops = kept.ops;
        next.workload = kept.workload;
      }
    }
    if (error.param === 'node') next.nodeBytes = previous.nodeBytes;
    if (error.param === 'policy') next.policy = previous.policy;
  }
  // Fewer pages (a smaller scenario) cannot have more of them resident.
  next.frames = Math.min(next.frames, scenarioPages(next));
  return { scenario: next, errors: parsed.errors, given: parsed.given };
}
