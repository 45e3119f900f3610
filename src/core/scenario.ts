// The scenario a link carries: the one module that knows the URL format. It is versioned (v),
// validated parameter by parameter (a bad one falls back to its default, with a message naming
// it and its valid range), and fills in defaults. The page and the CLI share its ranges.

import {
  CURVES_MAX_ITEMS,
  type CurveSettings,
  curvesPages,
  DEFAULT_CURVES,
  PRESET_IDS,
  presetSettings,
} from './curveSettings';
import { isValidItemsPerPage, MAX_ITEMS_PER_PAGE, MIN_ITEMS_PER_PAGE } from './layout';
import {
  clip,
  KEY_RANGE_RANGE,
  MAX_IO_MS,
  parseIntInRange,
  parseNumberInRange,
  SEED_RANGE,
} from './limits';
import { NO_MEMORY } from './memory';
import { LIST_MAX_ITEMS } from './scaling';
import {
  DEFAULT_SCALING,
  parseScalingSizes,
  SCALING_QUANTITIES,
  type ScalingSettings,
} from './scalingSeries';
import { formatScript, parseScript, type ScriptOp } from './script';
import {
  DEFAULT_NODE_BYTES,
  isHeapKind,
  makeQueue,
  nodeBytesFloor,
  pageSizeProblem,
  STRUCTURE_KINDS,
  STRUCTURES,
  type StructureKind,
  type StructureSpec,
  structurePages,
} from './structures';
import { WORKLOAD_KINDS, type Workload, type WorkloadKind, workloadCapacity } from './workloads';

export const SCENARIO_VERSION = 1;

/**
 * Largest heap the page animates. Past this a replay's first pass takes long enough to be felt
 * (about 16k items x 4 operations x ~100 events per side); the CLI has no such limit.
 */
export const PAGE_MAX_ITEMS = 16_384;
/** Longest custom script the page accepts. */
export const PAGE_MAX_SCRIPT_OPS = 20_000;
/**
 * The sorted list's inserts walk the list, one compare and a few page events per node: past
 * this many items the first pass would record tens of millions of events.
 */
export const PAGE_LIST_MAX_ITEMS = 2048;
/** Most pages a side may span on the page grid (the largest heap at 4 items per page). */
export const PAGE_MAX_PAGES = 4097;

export type PanelId = 'step' | 'curves' | 'scaling';
export const PANEL_IDS: readonly PanelId[] = ['step', 'curves', 'scaling'];

export interface Scenario {
  /** The structure on each side of the page. */
  left: StructureKind;
  right: StructureKind;
  /** Bytes per node of the pointer structures (list, treap, trees). */
  nodeBytes: number;
  items: number;
  itemsPerPage: number;
  frames: number;
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
  ioMs: 1,
  seed: 1,
  workload: 'phk',
  ops: 'i 50, i 20, i 80, i 10, i 30, i 60, i 90, i 5, pop, del 3, re 2 1, pop',
  keys: 1000,
  step: 0,
  panel: 'step',
  curves: DEFAULT_CURVES,
  scaling: DEFAULT_SCALING,
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
  'io',
  'seed',
  'workload',
  'ops',
  'keys',
  'step',
  'panel',
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
  'cfrom',
  'cto',
  'skinds',
  'ssizes',
  'squant',
  'sover',
  'smeasure',
] as const;

/** A refused parameter: its name and a message saying what is wrong and what is allowed. */
export interface ScenarioError {
  param: string;
  message: string;
}

export interface ParsedScenario {
  scenario: Scenario;
  /** One message per refused parameter; the scenario holds its default instead. */
  errors: ScenarioError[];
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

export function scenarioScript(scenario: Scenario): ScriptOp[] {
  const parsed = parseScript(scenario.ops);
  return parsed.ok ? parsed.value.ops : [];
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

/** Reads a query string (with or without '?'). Never throws; bad parameters become messages. */
export function parseScenario(query: string): ParsedScenario {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const scenario: Scenario = { ...DEFAULT_SCENARIO };
  const errors: ScenarioError[] = [];

  for (const name of new Set(params.keys())) {
    if (!(SCENARIO_PARAMS as readonly string[]).includes(name)) {
      errors.push(
        err(
          name,
          `unknown parameter "${clip(name, 24)}" was ignored; parameters: ${SCENARIO_PARAMS.join(', ')}`,
        ),
      );
    } else if (params.getAll(name).length > 1) {
      errors.push(err(name, `${name} is given more than once; the first value is used`));
    }
  }
  const get = (name: string): string | null => params.get(name);

  const version = get('v');
  if (version !== null && version !== String(SCENARIO_VERSION)) {
    errors.push(
      err(
        'v',
        `v (link format version) must be ${SCENARIO_VERSION}, got "${clip(version, 12)}"; read as version ${SCENARIO_VERSION}`,
      ),
    );
  }

  const intParam = (
    name: string,
    range: { min: number; max: number },
    apply: (value: number) => void,
    note = '',
  ): void => {
    const text = get(name);
    if (text === null) return;
    const parsed = parseIntInRange(name, text, range);
    if (parsed.ok) apply(parsed.value);
    else errors.push(err(name, `${parsed.error}${note}; using ${String(defaultOf(name))}`));
  };

  choiceParam(get, errors, 'workload', WORKLOAD_KINDS, DEFAULT_SCENARIO.workload, (kind) => {
    scenario.workload = kind;
  });
  for (const side of ['left', 'right'] as const) {
    choiceParam(get, errors, side, STRUCTURE_KINDS, DEFAULT_SCENARIO[side], (kind) => {
      scenario[side] = kind;
    });
  }
  const nodeFloor = nodeBytesFloor(scenario.left, scenario.right);
  intParam(
    'node',
    { min: nodeFloor, max: 4096 },
    (value) => {
      if (value % 8 === 0) scenario.nodeBytes = value;
      else
        errors.push(
          err('node', `node (bytes per node) must be a multiple of 8, got ${value}; using 48`),
        );
    },
    ' (bytes per node, a multiple of 8)',
  );

  const listSide = scenario.left === 'list' || scenario.right === 'list';
  const itemsMax = listSide ? PAGE_LIST_MAX_ITEMS : PAGE_MAX_ITEMS;
  intParam(
    'items',
    { min: 1, max: itemsMax },
    (value) => {
      scenario.items = value;
    },
    listSide
      ? ' (with a sorted list on a side: its inserts walk the list; larger lists: use the command line)'
      : ' (larger heaps: use the command line)',
  );

  const page = parseItemsPerPageParam('page', get('page'), DEFAULT_SCENARIO.itemsPerPage, errors);
  if (page !== null) scenario.itemsPerPage = page;
  for (const side of ['left', 'right'] as const) {
    const problem = pageSizeProblem(scenario[side], scenario.itemsPerPage);
    if (problem !== null) {
      errors.push(err('page', `${problem}; using 8`));
      scenario.itemsPerPage = 8;
    }
  }
  // Node arenas at small pages span many pages: keep the grid drawable by shrinking the run.
  if (scenarioPages(scenario) > PAGE_MAX_PAGES) {
    const wide = sidePages(scenario, 'left') >= sidePages(scenario, 'right') ? 'left' : 'right';
    errors.push(
      err(
        'items',
        `${STRUCTURES[scenario[wide]].title} with ${scenario.items} items spans ${sidePages(scenario, wide)} pages of ${scenario.itemsPerPage} words; the page draws at most ${PAGE_MAX_PAGES}; using ${DEFAULT_SCENARIO.items} items`,
      ),
    );
    scenario.items = DEFAULT_SCENARIO.items;
  }

  intParam('seed', SEED_RANGE, (value) => {
    scenario.seed = value;
  });
  intParam('keys', KEY_RANGE_RANGE, (value) => {
    scenario.keys = value;
  });

  const ioText = get('io');
  if (ioText !== null) {
    const parsed = parseNumberInRange('io (ms per transfer)', ioText, 0, MAX_IO_MS);
    if (parsed.ok) scenario.ioMs = parsed.value;
    else errors.push(err('io', `${parsed.error}; using ${DEFAULT_SCENARIO.ioMs}`));
  }

  const opsText = get('ops');
  if (opsText !== null) {
    const parsed = parseScript(opsText);
    if (!parsed.ok) errors.push(err('ops', `ops: ${parsed.error}; using the default script`));
    else if (parsed.value.ops.length > PAGE_MAX_SCRIPT_OPS) {
      errors.push(
        err(
          'ops',
          `ops has ${parsed.value.ops.length} operations; the page takes at most ${PAGE_MAX_SCRIPT_OPS}; using the default script`,
        ),
      );
    } else scenario.ops = formatScript(parsed.value.ops);
    if (scenario.workload !== 'script') {
      errors.push(
        err(
          'ops',
          `ops applies only to workload=script (workload is ${scenario.workload}); it was kept but is not used`,
        ),
      );
    }
  }

  // A script names handles (slots or nodes): one a side cannot run falls back like a bad one,
  // to the default script, or to the default workload where that one does not fit either (a
  // d-ary heap's slots start at d - 1, and the default script names slot 2).
  const scriptError = checkScript(scenario);
  if (scriptError !== null) {
    const fallback = { ...scenario, ops: DEFAULT_SCENARIO.ops };
    if (checkScript(fallback) === null) {
      scenario.ops = fallback.ops;
      errors.push(err('ops', `${scriptError.message}; using the default script`));
    } else {
      scenario.workload = DEFAULT_SCENARIO.workload;
      errors.push(
        err(
          'ops',
          `${scriptError.message}; the default script does not fit either, so using the ${DEFAULT_SCENARIO.workload} workload`,
        ),
      );
    }
  }

  // The frame range depends on the size, so it is checked last.
  const pages = scenarioPages(scenario);
  intParam(
    'frames',
    { min: 1, max: pages },
    (value) => {
      scenario.frames = value;
    },
    ` (the pages this scenario spans)`,
  );
  if (scenario.frames > pages) scenario.frames = Math.min(DEFAULT_SCENARIO.frames, pages);

  const stepText = get('step');
  if (stepText !== null) {
    if (stepText === 'end') scenario.step = 'end';
    else if (/^\d+$/.test(stepText) && Number.isSafeInteger(Number(stepText)))
      scenario.step = Number(stepText);
    else
      errors.push(
        err(
          'step',
          `step must be a whole number of steps or "end", got "${clip(stepText, 24)}"; using 0`,
        ),
      );
  }
  parseCurves(get, scenario, errors);
  parseScaling(get, scenario, errors);
  return { scenario, errors };
}

/** The scaling tab's parameters: each checked like the rest, each falling back on its own. */
function parseScaling(
  get: (name: string) => string | null,
  scenario: Scenario,
  errors: ScenarioError[],
): void {
  const scaling: ScalingSettings = {
    ...DEFAULT_SCALING,
    kinds: [...DEFAULT_SCALING.kinds],
    sizes: [...DEFAULT_SCALING.sizes],
  };
  const kindsText = get('skinds');
  if (kindsText !== null) {
    const names = kindsText.split(',').map((name) => name.trim());
    const unknown = names.find((name) => !STRUCTURE_KINDS.some((kind) => kind === name));
    if (unknown !== undefined || names.length === 0) {
      errors.push(
        err(
          'skinds',
          `skinds must list structures from ${STRUCTURE_KINDS.join(', ')}, got "${clip(unknown ?? kindsText, 24)}"; using the default set`,
        ),
      );
    } else scaling.kinds = STRUCTURE_KINDS.filter((kind) => names.includes(kind));
  }
  const sizesText = get('ssizes');
  if (sizesText !== null) {
    const parsed = parseScalingSizes(sizesText);
    if (parsed.ok) scaling.sizes = parsed.value;
    else errors.push(err('ssizes', `ssizes: ${parsed.error}; using the review's sizes`));
  }
  const choice = <T extends string>(name: string, allowed: readonly T[], apply: (v: T) => void) =>
    choiceParam(get, errors, name, allowed, allowed[0], apply);
  choice('squant', ['total', ...SCALING_QUANTITIES.filter((q) => q !== 'total')], (value) => {
    scaling.quantity = value;
  });
  choice('sover', ['review', 'none'] as const, (value) => {
    scaling.overhead = value;
  });
  choice('smeasure', ['0', '1'] as const, (value) => {
    scaling.measure = value === '1';
  });
  scenario.scaling = scaling;
}

/** The curve parameters: a preset fills what the link does not say; each is checked like the rest. */
function parseCurves(
  get: (name: string) => string | null,
  scenario: Scenario,
  errors: ScenarioError[],
): void {
  const panel = get('panel');
  if (panel !== null) {
    const found = PANEL_IDS.find((id) => id === panel);
    if (found !== undefined) scenario.panel = found;
    else
      errors.push(
        err(
          'panel',
          `panel must be one of ${PANEL_IDS.join(', ')}, got "${clip(panel, 24)}"; using step`,
        ),
      );
  }
  const presetText = get('preset');
  let curves: CurveSettings = { ...DEFAULT_CURVES };
  if (presetText !== null) {
    const preset = PRESET_IDS.find((id) => id === presetText);
    if (preset !== undefined) curves = presetSettings(preset);
    else if (presetText === 'custom') curves.preset = 'custom';
    else
      errors.push(
        err(
          'preset',
          `preset must be one of ${PRESET_IDS.join(', ')} or custom, got "${clip(presetText, 24)}"; using fig1`,
        ),
      );
  }
  const int = (name: string, min: number, max: number, apply: (value: number) => void): void => {
    const text = get(name);
    if (text === null) return;
    const parsed = parseIntInRange(name, text, { min, max });
    if (parsed.ok) apply(parsed.value);
    else errors.push(err(name, `${parsed.error}; using the preset's value`));
  };
  const choice = <T extends string>(name: string, allowed: readonly T[], apply: (v: T) => void) =>
    choiceParam(get, errors, name, allowed, "the preset's value", apply);
  int('citems', 1, CURVES_MAX_ITEMS, (value) => {
    curves.items = value;
  });
  const page = parseItemsPerPageParam('cpage', get('cpage'), curves.itemsPerPage, errors);
  if (page !== null) curves.itemsPerPage = page;
  const ioText = get('cio');
  if (ioText !== null) {
    const parsed = parseNumberInRange('cio (ms per transfer)', ioText, 0, MAX_IO_MS);
    if (parsed.ok) curves.ioMs = parsed.value;
    else errors.push(err('cio', `${parsed.error}; using ${curves.ioMs}`));
  }
  int('cseed', SEED_RANGE.min, SEED_RANGE.max, (value) => {
    curves.seed = value;
  });
  int('ckeys', KEY_RANGE_RANGE.min, KEY_RANGE_RANGE.max, (value) => {
    curves.keys = value;
  });
  choice('cwork', ['phk', 'expiry'] as const, (value) => {
    curves.workload = value;
  });
  choice('ccpu', ['article', 'measure'] as const, (value) => {
    curves.cpu = value;
  });
  choice('cmode', ['time', 'transfers'] as const, (value) => {
    curves.mode = value;
  });
  choice('cunit', ['pages', 'kb'] as const, (value) => {
    curves.unit = value;
  });
  choice('cleft', STRUCTURE_KINDS, (value) => {
    curves.left = value;
  });
  choice('cright', STRUCTURE_KINDS, (value) => {
    curves.right = value;
  });
  const cnodeFloor = nodeBytesFloor(curves.left, curves.right);
  int('cnode', cnodeFloor, 4096, (value) => {
    if (value % 8 === 0) curves.nodeBytes = value;
    else errors.push(err('cnode', `cnode must be a multiple of 8, got ${value}; using 48`));
  });
  if ((curves.left === 'list' || curves.right === 'list') && curves.items > LIST_MAX_ITEMS) {
    errors.push(
      err(
        'citems',
        `with a sorted list in the curves citems must be at most ${LIST_MAX_ITEMS} (its inserts walk the list), got ${curves.items}; using ${LIST_MAX_ITEMS}`,
      ),
    );
    curves.items = LIST_MAX_ITEMS;
  }
  const pages = curvesPages(curves);
  int('cfrom', 1, pages, (value) => {
    curves.from = value;
  });
  int('cto', 1, pages, (value) => {
    curves.to = value;
  });
  if (curves.from !== null && curves.to !== null && curves.from >= curves.to) {
    errors.push(
      err(
        'cto',
        `cto must be larger than cfrom (${curves.from}), got ${curves.to}; showing the whole range`,
      ),
    );
    curves.from = null;
    curves.to = null;
  }
  scenario.curves = curves;
}

/** An items-per-page parameter (page, cpage): a power of two in range, or a message and null. */
function parseItemsPerPageParam(
  name: string,
  text: string | null,
  fallback: number,
  errors: ScenarioError[],
): number | null {
  if (text === null) return null;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (isValidItemsPerPage(value)) return value;
  errors.push(
    err(
      name,
      `${name} (items per page) must be a power of two from ${MIN_ITEMS_PER_PAGE} to ${MAX_ITEMS_PER_PAGE}, got "${clip(text, 24)}"; using ${fallback}`,
    ),
  );
  return null;
}

/** A parameter that must be one of `allowed`: applied, or named with the choices and what is used. */
function choiceParam<T extends string>(
  get: (name: string) => string | null,
  errors: ScenarioError[],
  name: string,
  allowed: readonly T[],
  fallback: string,
  apply: (value: T) => void,
): void {
  const text = get(name);
  if (text === null) return;
  const found = allowed.find((candidate) => candidate === text);
  if (found !== undefined) apply(found);
  else
    errors.push(
      err(
        name,
        `${name} must be one of ${allowed.join(', ')}, got "${clip(text, 24)}"; using ${fallback}`,
      ),
    );
}

function err(param: string, message: string): ScenarioError {
  return { param, message };
}

function defaultOf(name: string): number | string {
  switch (name) {
    case 'items':
      return DEFAULT_SCENARIO.items;
    case 'seed':
      return DEFAULT_SCENARIO.seed;
    case 'keys':
      return DEFAULT_SCENARIO.keys;
    case 'frames':
      return `${DEFAULT_SCENARIO.frames} (or fewer if the heap spans fewer pages)`;
    default:
      return 'the default';
  }
}

/** The canonical query string for a scenario: every parameter, in a fixed order. */
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
  params.set('io', String(scenario.ioMs));
  params.set('seed', String(scenario.seed));
  params.set('workload', scenario.workload);
  if (scenario.workload === 'script') params.set('ops', scenario.ops);
  params.set('keys', String(scenario.keys));
  params.set('step', String(scenario.step));
  params.set('panel', scenario.panel);
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
  if (curves.from !== null) params.set('cfrom', String(curves.from));
  if (curves.to !== null) params.set('cto', String(curves.to));
  const scaling = scenario.scaling;
  params.set('skinds', scaling.kinds.join(','));
  params.set('ssizes', scaling.sizes.join(','));
  params.set('squant', scaling.quantity);
  params.set('sover', scaling.overhead);
  params.set('smeasure', scaling.measure ? '1' : '0');
  return params.toString();
}

/** The animated part of a link (what a timeline depends on): two scenarios with equal keys share it. */
export function animationKey(scenario: Scenario): string {
  return formatScenario({
    ...scenario,
    step: 0,
    panel: 'step',
    curves: DEFAULT_CURVES,
    scaling: DEFAULT_SCALING,
  });
}

/** The CLI line that computes the same numbers as this scenario. */
export function cliCommandFor(scenario: Scenario): string {
  const workload =
    scenario.workload === 'script'
      ? `--workload script --ops "${scenario.ops}"`
      : `--workload ${scenario.workload} --items ${scenario.items} --seed ${scenario.seed} --keys ${scenario.keys}`;
  const layouts =
    scenario.left === scenario.right ? scenario.left : `${scenario.left},${scenario.right}`;
  const node =
    isHeapKind(scenario.left) && isHeapKind(scenario.right)
      ? ''
      : ` --node-bytes ${scenario.nodeBytes}`;
  return `npm run sim -- run --layout ${layouts} ${workload} --page-items ${scenario.itemsPerPage}${node} --frames ${scenario.frames} --io-ms ${scenario.ioMs}`;
}

/**
 * A script names handles: slots for a heap, nodes for a pointer structure. "del 2" may be fine
 * for a heap yet name a node the list has already freed. Runs the script on both sides (no
 * memory model) and names the first operation a side refuses, so the page never throws
 * mid-replay; the caller says what it uses instead.
 */
export function checkScript(scenario: Scenario): ScenarioError | null {
  if (scenario.workload !== 'script') return null;
  const ops = scenarioScript(scenario);
  const capacity = workloadCapacity({ kind: 'script', ops });
  for (const side of ['left', 'right'] as const) {
    const queue = makeQueue(sideSpec(scenario, side), { capacity, memory: NO_MEMORY });
    let item = 0;
    for (const [index, op] of ops.entries()) {
      try {
        if (op.op === 'insert') queue.insert(item++, op.key);
        else if (op.op === 'pop') queue.popMin();
        else if (op.op === 'delete') queue.delete(op.slot);
        else queue.reorder(op.slot, op.key);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const handles = STRUCTURES[scenario[side]].family === 'heap' ? 'slots' : 'nodes';
        return err(
          'ops',
          `ops: operation ${index + 1} (${formatScript([op])}) cannot run on the ${side} side's ${STRUCTURES[scenario[side]].title} (scripts name its ${handles}): ${reason}`,
        );
      }
    }
  }
  return null;
}
