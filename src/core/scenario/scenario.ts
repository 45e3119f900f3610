// What a scenario is: the two structures, the memory geometry, the workload, the cursor and
// the sidebar's settings, with their defaults and the parameters a link may carry. This folder
// is the one owner of the link format: parse.ts reads a link, format.ts writes one, and
// pageLimits.ts says how big a scenario the page animates.
//
// Version 2 (written since the link-length fix) may carry a long script packed in the fragment
// after '#' (opsz); version 1 links, with every parameter in the query, read as before. Version 3
// (since the memory slider) counts a page reference and the eviction it causes as one step, so
// a scenario's steps are the same at every frame count; a version 1 or 2 link's step counted the
// eviction apart, and the page converts it (replay/timeline.ts, stepFromLegacy).

import { type CurveSettings, DEFAULT_CURVES } from '../experiments/curveSettings';
import { DEFAULT_MACHINE, type MachineSettings } from '../experiments/machine';
import { DEFAULT_SCALING, type ScalingSettings } from '../experiments/scalingSeries';
import type { Policy } from '../memory/pager';
import {
  DEFAULT_NODE_BYTES,
  STRUCTURES,
  type StructureKind,
  type StructureSpec,
  structurePages,
} from '../structures/registry';
import { parseScript, type ScriptOp } from '../workloads/script';
import { describeRefusal, scriptRefusal } from '../workloads/scriptCheck';
import { type Workload, type WorkloadKind, workloadCapacity } from '../workloads/workloads';
import {
  type AnimatedRun,
  PAGE_LIST_MAX_ITEMS,
  PAGE_MAX_HEAP_ITEMS,
  PAGE_MAX_ITEMS,
  PAGE_MAX_PAGES,
  PAGE_MAX_SCRIPT_OPS,
} from './pageLimits';

export {
  PAGE_LIST_MAX_ITEMS,
  PAGE_MAX_HEAP_ITEMS,
  PAGE_MAX_ITEMS,
  PAGE_MAX_PAGES,
  PAGE_MAX_SCRIPT_OPS,
};

/** The version links are written in; 1 and 2 are read too (see above). */
export const SCENARIO_VERSION = 3;
export const READ_VERSIONS = ['1', '2', '3'];

export type PanelId = 'step' | 'curves' | 'scaling' | 'machine';
export const PANEL_IDS: readonly PanelId[] = ['step', 'curves', 'scaling', 'machine'];

/** What the tree labels its nodes with: keys, or slot numbers (the order the heap allocates). */
export type TreeLabels = 'keys' | 'slots';
/** Which side a scene is about: the other is dimmed. */
type Focus = 'both' | 'left' | 'right';
/**
 * A part of the structure a scene points at. 'entry': the first two slots of each B-heap page
 * below the first, each with a single child, where "the tree fails to expand for one
 * generation" (the article).
 */
export type Highlight = 'none' | 'entry';

interface ViewOptions {
  tree: TreeLabels;
  focus: Focus;
  highlight: Highlight;
  /**
   * What the view is about when space is short (presenter mode, a phone): the structures' trees,
   * or their pages under pressure (the grids and the race of transfers).
   */
  subject: ViewSubject;
}

/** The part of the stage a view is about. */
type ViewSubject = 'trees' | 'pages';

/** Where the page is in a tour: scene N (1-based), closed ('off'), or not said. */
type TourPosition = number | 'off' | null;

/** The page inside an <iframe>: only the two sides and the step controls; a step range can loop. */
interface EmbedOptions {
  on: boolean;
  /** Steps to play between (null: the whole scenario). */
  from: number | null;
  to: number | null;
  loop: boolean;
}

export interface Scenario {
  /** The structure on each side of the page. */
  left: StructureKind;
  right: StructureKind;
  /** Bytes per node of the pointer structures (list, treap, trees). */
  nodeBytes: number;
  items: number;
  itemsPerPage: number;
  frames: number;
  /** Page replacement: LRU (the article's, answered for every frame count at once) or another. */
  policy: Policy;
  ioMs: number;
  seed: number;
  workload: WorkloadKind;
  /** Custom script (canonical text), used when workload is 'script'. */
  ops: string;
  /** Keys are random() % keys. */
  keys: number;
  /** Event cursor: a lockstep step number, or 'end'. */
  step: number | 'end';
  /** Which sidebar tab is open: the step's explanation, the fault-cost curves or the scaling chart. */
  panel: PanelId;
  /** The curves' own scenario (the article's by default, far larger than the animated one). */
  curves: CurveSettings;
  /** The scaling tab's structures, sizes and choices. */
  scaling: ScalingSettings;
  /** The "On this machine" tab's layouts, sizes, form, workload, repetitions and hierarchy. */
  machine: MachineSettings;
  /** Tree labels, the side a scene is about, and what it highlights. */
  view: ViewOptions;
  /** Which scene of the tour is shown (of the custom tour if the link carries one). */
  tour: TourPosition;
  /** A teacher's own tour, carried packed in the fragment (tourz), or null for the article's. */
  tourPack: string | null;
  /** Embedded in another page (embed=1), with an optional looping step range. */
  embed: EmbedOptions;
  /**
   * Open at the start of this operation (1-based), instead of at `step`: links written by hand
   * (a tour's scenes) name operations; the page then writes the step it lands on.
   */
  op: number | null;
}

/**
 * The article's figures use 8 items per page; 48 items fill 7 pages, 4 of them resident: the
 * binary heap then moves 269 pages to the B-heap's 61, and both trees fit with their keys.
 */
export const DEFAULT_SCENARIO: Readonly<Scenario> = {
  left: 'binary',
  right: 'bheap',
  nodeBytes: DEFAULT_NODE_BYTES,
  items: 48,
  itemsPerPage: 8,
  frames: 4,
  policy: 'lru',
  ioMs: 1,
  seed: 1,
  workload: 'phk',
  ops: 'i 50, i 20, i 80, i 10, i 30, i 60, i 90, i 5, pop, del 3, re 2 1, pop',
  keys: 1000,
  step: 0,
  panel: 'step',
  curves: DEFAULT_CURVES,
  scaling: DEFAULT_SCALING,
  machine: DEFAULT_MACHINE,
  view: { tree: 'keys', focus: 'both', highlight: 'none', subject: 'trees' },
  tour: null,
  tourPack: null,
  embed: { on: false, from: null, to: null, loop: false },
  op: null,
};

/** Every query parameter the page understands, in the order links write them. */
export const SCENARIO_PARAMS = [
  'v',
  'left',
  'right',
  'node',
  'items',
  'page',
  'frames',
  'policy',
  'io',
  'seed',
  'workload',
  'ops',
  'opsz',
  'keys',
  'step',
  'op',
  'panel',
  'tree',
  'focus',
  'hl',
  'subject',
  'tour',
  'tourz',
  'embed',
  'from',
  'to',
  'loop',
  'preset',
  'citems',
  'cpage',
  'cio',
  'cseed',
  'cwork',
  'ckeys',
  'cleft',
  'cright',
  'cnode',
  'ccpu',
  'cmode',
  'cunit',
  'cpolicy',
  'cfloor',
  'cfrom',
  'cto',
  'cread',
  'skinds',
  'ssizes',
  'squant',
  'sover',
  'smeasure',
  'mlayouts',
  'msizes',
  'mform',
  'mwork',
  'mreps',
  'mpredict',
  'ml1',
  'ml2',
  'ml3',
  'mtlb',
  'mpart',
] as const;

/**
 * The parameters that say what the animation runs, or where its cursor stands (a link naming
 * none of them opens the animation where the two sides already differ).
 */
export const ANIMATION_PARAMS: readonly string[] = SCENARIO_PARAMS.slice(
  SCENARIO_PARAMS.indexOf('left'),
  SCENARIO_PARAMS.indexOf('op') + 1,
);

/** A refused parameter: its name and a message saying what is wrong and what is allowed. */
export interface ScenarioError {
  param: string;
  message: string;
}

export interface ParsedScenario {
  scenario: Scenario;
  /** One message per refused parameter; the scenario holds its default instead. */
  errors: ScenarioError[];
  /** The parameters the link gave (the rest are defaults). */
  given: ReadonlySet<string>;
  /** A version 1 or 2 link: its step counts evictions as steps of their own. */
  legacySteps?: boolean;
}

/** The structure on one side, with the scenario's memory geometry. */
export function sideSpec(scenario: Scenario, side: 'left' | 'right'): StructureSpec {
  return {
    kind: scenario[side],
    itemsPerPage: scenario.itemsPerPage,
    nodeBytes: scenario.nodeBytes,
  };
}

/** Pages one side's structure spans. */
export function sidePages(scenario: Scenario, side: 'left' | 'right'): number {
  return structurePages(sideSpec(scenario, side), workloadCapacity(scenarioWorkload(scenario)));
}

/** Pages the larger side spans (the frame range is 1..this; each side caps it at its own). */
export function scenarioPages(scenario: Scenario): number {
  return Math.max(sidePages(scenario, 'left'), sidePages(scenario, 'right'));
}

/** The last script read, kept: a 20,000-operation script is asked for several times a parse. */
let lastScript: { text: string; ops: readonly ScriptOp[] } = { text: '', ops: [] };

/** Tells scenarioScript a script just parsed, so it is not parsed again. */
export function rememberScript(text: string, ops: readonly ScriptOp[]): void {
  lastScript = { text, ops };
}

export function scenarioScript(scenario: Scenario): readonly ScriptOp[] {
  if (scenario.ops !== lastScript.text) {
    const parsed = parseScript(scenario.ops);
    lastScript = { text: scenario.ops, ops: parsed.ok ? parsed.value.ops : [] };
  }
  return lastScript.ops;
}

export function scenarioWorkload(scenario: Scenario): Workload {
  if (scenario.workload === 'script') return { kind: 'script', ops: scenarioScript(scenario) };
  return {
    kind: scenario.workload,
    items: scenario.items,
    seed: scenario.seed,
    keyRange: scenario.keys,
  };
}

/** The scenario's run, as the page's size limits see it. */
export function animatedRun(scenario: Scenario): AnimatedRun {
  return {
    left: scenario.left,
    right: scenario.right,
    itemsPerPage: scenario.itemsPerPage,
    nodeBytes: scenario.nodeBytes,
    workload: scenarioWorkload(scenario),
    policy: scenario.policy,
  };
}

/**
 * A script names handles: slots for a heap, nodes for a pointer structure. "del 2" may be fine
 * for a heap yet name a node the list has already freed. Runs the script on both sides (no
 * memory model) and names the first operation a side refuses, so the page never throws
 * mid-replay; the caller says what it uses instead.
 */
export function checkScript(scenario: Scenario): ScenarioError | null {
  if (scenario.workload !== 'script') return null;
  const specs = [sideSpec(scenario, 'left'), sideSpec(scenario, 'right')];
  const refusal = scriptRefusal(specs, scenarioScript(scenario));
  if (refusal === null) return null;
  const side = refusal.specIndex === 0 ? 'left' : 'right';
  const who = `the ${side} side's ${STRUCTURES[scenario[side]].title}`;
  return {
    param: 'ops',
    message: `ops: ${describeRefusal(refusal, specs[refusal.specIndex], who)}`,
  };
}
