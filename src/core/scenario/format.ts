// Writes the canonical link for a scenario, its animation key, and the CLI line that computes
// the same numbers.

import { DEFAULT_CURVES } from '../experiments/curveSettings';
import { DEFAULT_MACHINE } from '../experiments/machine';
import { DEFAULT_SCALING } from '../experiments/scalingSeries';
import { isHeapKind } from '../structures/registry';
import { packText, QUERY_TEXT_MAX_CHARS, queryLength } from './linkPacking';
import { writeMachineParams } from './machineParams';
import { DEFAULT_SCENARIO, SCENARIO_VERSION, type Scenario } from './scenario';

/**
 * The canonical link for a scenario: every parameter, in a fixed order, as a query string;
 * a script too long for a request line goes packed into a fragment ("query#opsz=…").
 */
export function formatScenario(scenario: Scenario): string {
  const params = new URLSearchParams();
  params.set('v', String(SCENARIO_VERSION));
  params.set('left', scenario.left);
  params.set('right', scenario.right);
  if (!isHeapKind(scenario.left) || !isHeapKind(scenario.right))
    params.set('node', String(scenario.nodeBytes));
  params.set('items', String(scenario.items));
  params.set('page', String(scenario.itemsPerPage));
  params.set('frames', String(scenario.frames));
  params.set('policy', scenario.policy);
  params.set('io', String(scenario.ioMs));
  params.set('seed', String(scenario.seed));
  params.set('workload', scenario.workload);
  const fragment = new URLSearchParams();
  if (scenario.workload === 'script') {
    if (queryLength(scenario.ops) <= QUERY_TEXT_MAX_CHARS) params.set('ops', scenario.ops);
    else fragment.set('opsz', packText(scenario.ops));
  }
  params.set('keys', String(scenario.keys));
  // A cursor still to be placed at an operation's start (a scene's link) is written as such.
  if (scenario.op !== null) params.set('op', String(scenario.op));
  else params.set('step', String(scenario.step));
  params.set('panel', scenario.panel);
  params.set('tree', scenario.view.tree);
  params.set('focus', scenario.view.focus);
  params.set('hl', scenario.view.highlight);
  params.set('subject', scenario.view.subject);
  if (scenario.tour !== null) params.set('tour', String(scenario.tour));
  if (scenario.tourPack !== null) fragment.set('tourz', scenario.tourPack);
  if (scenario.embed.on) {
    params.set('embed', '1');
    if (scenario.embed.from !== null) params.set('from', String(scenario.embed.from));
    if (scenario.embed.to !== null) params.set('to', String(scenario.embed.to));
    params.set('loop', scenario.embed.loop ? '1' : '0');
  }
  const curves = scenario.curves;
  params.set('preset', curves.preset);
  params.set('citems', String(curves.items));
  params.set('cpage', String(curves.itemsPerPage));
  params.set('cio', String(curves.ioMs));
  params.set('cseed', String(curves.seed));
  params.set('cwork', curves.workload);
  params.set('ckeys', String(curves.keys));
  params.set('cleft', curves.left);
  params.set('cright', curves.right);
  if (!isHeapKind(curves.left) || !isHeapKind(curves.right))
    params.set('cnode', String(curves.nodeBytes));
  params.set('ccpu', curves.cpu);
  params.set('cmode', curves.mode);
  params.set('cunit', curves.unit);
  params.set('cpolicy', curves.policy);
  params.set('cfloor', curves.floor ? '1' : '0');
  if (curves.from !== null) params.set('cfrom', String(curves.from));
  if (curves.to !== null) params.set('cto', String(curves.to));
  if (curves.readout !== null) params.set('cread', String(curves.readout));
  const scaling = scenario.scaling;
  params.set('skinds', scaling.kinds.join(','));
  params.set('ssizes', scaling.sizes.join(','));
  params.set('squant', scaling.quantity);
  params.set('sover', scaling.overhead);
  params.set('smeasure', scaling.measure ? '1' : '0');
  writeMachineParams(params, scenario.machine);
  const hash = fragment.toString();
  return hash === '' ? params.toString() : `${params.toString()}#${hash}`;
}

/** The animated part of a link (what a timeline depends on): two scenarios with equal keys share it. */
export function animationKey(scenario: Scenario): string {
  return formatScenario({
    ...scenario,
    // Under LRU one pass answers every frame count (replay/viewState.ts): the slider prepares
    // nothing. Another policy's pager runs again.
    frames: scenario.policy === 'lru' ? 1 : scenario.frames,
    step: 0,
    panel: 'step',
    curves: DEFAULT_CURVES,
    scaling: DEFAULT_SCALING,
    machine: DEFAULT_MACHINE,
    view: DEFAULT_SCENARIO.view,
    tour: null,
    tourPack: null,
    embed: DEFAULT_SCENARIO.embed,
    op: null,
  });
}

/**
 * The command-line arguments (after `npm run sim --`) that compute this scenario's numbers:
 * `run` (its counters at its frame count) or `trace` (its page references, row for row as the
 * page exports them).
 */
export function cliArgsFor(scenario: Scenario, command: 'run' | 'trace' = 'run'): string[] {
  const workload =
    scenario.workload === 'script'
      ? ['--workload', 'script', '--ops', scenario.ops]
      : [
          '--workload',
          scenario.workload,
          '--items',
          String(scenario.items),
          '--seed',
          String(scenario.seed),
          '--keys',
          String(scenario.keys),
        ];
  // A trace names its two sides left and right, even when they run one structure.
  const layouts =
    scenario.left === scenario.right && command === 'run'
      ? scenario.left
      : `${scenario.left},${scenario.right}`;
  const node =
    isHeapKind(scenario.left) && isHeapKind(scenario.right)
      ? []
      : ['--node-bytes', String(scenario.nodeBytes)];
  const tail = command === 'run' ? ['--io-ms', String(scenario.ioMs)] : [];
  const policy = scenario.policy === 'lru' ? [] : ['--policy', scenario.policy];
  return [
    command,
    '--layout',
    layouts,
    ...workload,
    '--page-items',
    String(scenario.itemsPerPage),
    ...node,
    '--frames',
    String(scenario.frames),
    ...policy,
    ...tail,
  ];
}

/** The CLI line that computes the same numbers as this scenario (a shell quotes the script). */
export function cliCommandFor(scenario: Scenario, command: 'run' | 'trace' = 'run'): string {
  const words = cliArgsFor(scenario, command).map((word) =>
    /^[\w,.=/-]+$/.test(word) ? word : `"${word.replace(/["\\$`]/g, '\\$&')}"`,
  );
  return `npm run sim -- ${words.join(' ')}`;
}
