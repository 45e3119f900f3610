// Reads a link (the query string and the fragment) into a scenario. Never throws: a bad
// parameter falls back to its default with a message naming it and what is allowed, the rest
// of the link still applies, and a combination too big for the page is brought within its
// limits (fitLimits.ts) before any work starts, so the page never writes a link it refuses.

import { POLICIES } from '../memory/pager';
import { quote } from '../quote';
import {
  KEY_RANGE_RANGE,
  MAX_IO_MS,
  parseIntInRange,
  parseNumberInRange,
  SEED_RANGE,
} from '../ranges';
import { DEFAULT_NODE_BYTES, pageSizeProblem, STRUCTURE_KINDS } from '../structures/registry';
import { formatScript, parseScript } from '../workloads/script';
import { WORKLOAD_KINDS } from '../workloads/workloads';
import { fitPageLimits } from './fitLimits';
import { unpackText } from './linkPacking';
import { parseMachineParams } from './machineParams';
import { itemsCap, PAGE_MAX_SCRIPT_OPS } from './pageLimits';
import { choiceParam, err, parseItemsPerPageParam, parseNodeBytesParam } from './params';
import {
  checkScript,
  DEFAULT_SCENARIO,
  type ParsedScenario,
  READ_VERSIONS,
  rememberScript,
  SCENARIO_PARAMS,
  SCENARIO_VERSION,
  type Scenario,
  type ScenarioError,
  scenarioPages,
} from './scenario';
import { parseCurves, parseScaling } from './sidebarParams';
import { parseViewParams } from './viewParams';

/**
 * The parameters of a link: the query string and the fragment after '#' (where a long script
 * travels), as one list. Accepts "?a=1#b=2", "a=1#b=2" or "a=1".
 */
function linkParams(link: string): URLSearchParams {
  const hashAt = link.indexOf('#');
  const query = hashAt >= 0 ? link.slice(0, hashAt) : link;
  const fragment = hashAt >= 0 ? link.slice(hashAt + 1) : '';
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  for (const [name, value] of new URLSearchParams(fragment)) params.append(name, value);
  return params;
}

/** Reads a link (query and fragment). Never throws; bad parameters become messages. */
export function parseScenario(link: string): ParsedScenario {
  const params = linkParams(link);
  const scenario: Scenario = { ...DEFAULT_SCENARIO };
  const errors: ScenarioError[] = [];

  for (const name of new Set(params.keys())) {
    if (!(SCENARIO_PARAMS as readonly string[]).includes(name)) {
      errors.push(
        err(
          name,
          `unknown parameter ${quote(name, 24)} was ignored; parameters: ${SCENARIO_PARAMS.join(', ')}`,
        ),
      );
    } else if (params.getAll(name).length > 1) {
      errors.push(err(name, `${name} is given more than once; the first value is used`));
    }
  }
  const get = (name: string): string | null => params.get(name);
  const given = (name: string): boolean => params.has(name);

  const version = get('v');
  if (version !== null && !READ_VERSIONS.includes(version)) {
    errors.push(
      err(
        'v',
        `v (link format version) must be one of ${READ_VERSIONS.join(', ')}, got ${quote(version, 12)}; read as version ${SCENARIO_VERSION}`,
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
    else {
      // The note explains the range; a value refused only for its form needs none.
      const why = parsed.error.includes('plain digits') ? '' : note;
      errors.push(err(name, `${parsed.error}${why}; using ${String(defaultOf(name))}`));
    }
  };

  choiceParam(get, errors, 'workload', WORKLOAD_KINDS, DEFAULT_SCENARIO.workload, (kind) => {
    scenario.workload = kind;
  });
  for (const side of ['left', 'right'] as const) {
    choiceParam(get, errors, side, STRUCTURE_KINDS, DEFAULT_SCENARIO[side], (kind) => {
      scenario[side] = kind;
    });
  }
  const nodeText = get('node');
  if (nodeText !== null) {
    const node = parseNodeBytesParam('node', nodeText, scenario.left, scenario.right);
    if (node.ok) scenario.nodeBytes = node.value;
    else errors.push(err('node', `${node.error}; using ${DEFAULT_NODE_BYTES}`));
  }

  // Before the items: how many the page takes depends on it (itemsCap).
  choiceParam(get, errors, 'policy', POLICIES, 'lru', (value) => {
    scenario.policy = value;
  });

  const listSide = scenario.left === 'list' || scenario.right === 'list';
  // The most any combination of these structures takes: past what the policy allows, the
  // size limits below name the combination (fitLimits.ts).
  intParam(
    'items',
    { min: 1, max: itemsCap(scenario.left, scenario.right, 'lru') },
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

  readScript(get, scenario, errors);

  // The size limits first: they are arithmetic, while checking a script's handles runs it.
  fitPageLimits(scenario, errors, given);

  // A script names handles (slots or nodes): one a side cannot run falls back like a bad one,
  // to the default script, or to the default workload where that one does not fit either (a
  // d-ary heap's slots start at d - 1, and the default script names slot 2).
  const scriptError = checkScript(scenario);
  if (scriptError !== null) {
    // Named by what the link gave: its script (plain or packed), or only workload=script.
    const param = given('ops') ? 'ops' : given('opsz') ? 'opsz' : 'workload';
    const reason = scriptError.message.replace(/^ops: /, '');
    const fallback = { ...scenario, ops: DEFAULT_SCENARIO.ops };
    if (param !== 'workload' && checkScript(fallback) === null) {
      scenario.ops = fallback.ops;
      errors.push(err(param, `${param}: ${reason}; using the default script`));
    } else {
      scenario.workload = DEFAULT_SCENARIO.workload;
      const why =
        param === 'workload'
          ? `workload=script with the default script: ${reason}`
          : `${param}: ${reason}; the default script does not fit either`;
      errors.push(err(param, `${why}, so using the ${DEFAULT_SCENARIO.workload} workload`));
      fitPageLimits(scenario, errors, given);
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
    else {
      const parsed = parseIntInRange('step', stepText, { min: 0, max: Number.MAX_SAFE_INTEGER });
      if (parsed.ok) scenario.step = parsed.value;
      else
        errors.push(
          err(
            'step',
            `step must be a whole number of steps (plain digits) or "end", got ${quote(stepText, 24)}; using 0`,
          ),
        );
    }
  }
  parseCurves(get, scenario, errors);
  parseScaling(get, scenario, errors);
  scenario.machine = parseMachineParams(get, errors);
  parseViewParams(get, scenario, errors);
  const legacySteps = version === '1' || version === '2';
  return { scenario, errors, given: new Set(params.keys()), legacySteps };
}

/**
 * The script: `ops` in the query, or `opsz` (packed) in the fragment, where the page puts
 * long ones. Either may be given, not both.
 */
function readScript(
  get: (name: string) => string | null,
  scenario: Scenario,
  errors: ScenarioError[],
): void {
  const plain = get('ops');
  const packed = get('opsz');
  let text = plain;
  let name = 'ops';
  if (packed !== null) {
    if (plain !== null) {
      errors.push(err('opsz', 'ops and opsz both give the script; ops is used'));
    } else {
      name = 'opsz';
      const unpacked = unpackText('opsz (the packed script)', packed);
      if (unpacked.ok) text = unpacked.value;
      else errors.push(err('opsz', `${unpacked.error}; using the default script`));
    }
  }
  if (text === null) return;
  const parsed = parseScript(text);
  if (!parsed.ok) errors.push(err(name, `${name}: ${parsed.error}; using the default script`));
  else if (parsed.value.ops.length > PAGE_MAX_SCRIPT_OPS) {
    errors.push(
      err(
        name,
        `${name} has ${parsed.value.ops.length} operations; the page takes at most ${PAGE_MAX_SCRIPT_OPS}; using the default script`,
      ),
    );
  } else {
    scenario.ops = formatScript(parsed.value.ops);
    rememberScript(scenario.ops, parsed.value.ops);
  }
  if (scenario.workload !== 'script') {
    errors.push(
      err(
        name,
        `${name} applies only to workload=script (workload is ${scenario.workload}); it was kept but is not used`,
      ),
    );
  }
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
