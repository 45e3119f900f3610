// Parses and validates the command line of `npm run sim`. Every refusal is one line naming the
// argument and what it accepts; main.ts prints it and exits with code 2.

import { CLI_DEFAULTS } from '../core/experiments/cliDefaults';
import { DISK_MS } from '../core/experiments/cost';
import { REPLAY_FRAME_COUNTS } from '../core/experiments/policySweep';
import { LIST_MAX_ITEMS } from '../core/experiments/scaling';
import { isPolicy, POLICIES, type Policy } from '../core/memory/pager';
import { quote, visible } from '../core/quote';
import {
  ITEMS_RANGE,
  KEY_RANGE_RANGE,
  looseNumber,
  MAX_IO_MS,
  PLAIN_DIGITS_RULE,
  SEED_RANGE,
} from '../core/ranges';
import {
  isValidItemsPerPage,
  MAX_ITEMS_PER_PAGE,
  MIN_ITEMS_PER_PAGE,
} from '../core/structures/heap/indexMaps';
import { MAX_NODE_BYTES, WORD_BYTES } from '../core/structures/pointer/arena';
import {
  isHeapKind,
  minNodeBytesOf,
  nodeBytesRuleText,
  pageSizeProblem,
  STRUCTURE_KINDS,
  type StructureKind,
  type StructureSpec,
  structurePages,
} from '../core/structures/registry';
import { parseScript } from '../core/workloads/script';
import { WORKLOAD_KINDS, type Workload, workloadCapacity } from '../core/workloads/workloads';
import { asksForHelp, type CommandName, missingCommand, unknownCommand } from './commands';
import { PLAIN_INTEGER, parseCliInt, parseCliNumber } from './numbers';
import { OptionValues } from './optionValues';
import { type OptionSet, readOptions, unexpectedArgument } from './readOptions';
import { fail, refusalOf } from './refusal';
import { budgetProblem } from './refusals';
import { scriptProblem } from './scriptCheck';
import { countedOperations, formulaOperations, type OperationCount, readUntilOp } from './untilOp';

/** The commands this parser reads (commands.ts lists them all). */
export const SIMULATION_COMMANDS = [
  'sweep',
  'run',
  'trace',
  'scaling',
] as const satisfies readonly CommandName[];
export type Command = (typeof SIMULATION_COMMANDS)[number];
export type OutputFormat = 'json' | 'csv';
export type CpuSource = 'article' | 'measure';

/** The output format where --format is not given (trace writes CSV only). */
const DEFAULT_FORMAT: OutputFormat = 'json';
/** The page replacement where --policy is not given: the article's. */
const DEFAULT_POLICY: Policy = 'lru';

export interface CliOptions {
  command: Command;
  layouts: StructureKind[];
  itemsPerPage: number;
  /** Bytes per node of the pointer structures. */
  nodeBytes: number;
  workload: Workload;
  format: OutputFormat;
  ioMs: number;
  cpu: CpuSource;
  /** Only for `run` and `trace`. */
  frames: number | null;
  /** Only for `scaling`: the N values, ascending. */
  sizes: number[];
  /** Only for `scaling`: add the review's malloc/free and lock/unlock cost to each call. */
  overhead: 'review' | 'none';
  /**
   * sweep and run: the replacement policies asked with --policy, in the order given; absent
   * when --policy is not given (LRU alone: policiesOf).
   */
  policies?: Policy[];
  /** Only for `sweep` with FIFO or CLOCK: frame counts they must include (--frames). */
  sweepFrames?: number[];
  /**
   * Only for `run`: stop where this operation (from 1) begins (--until-op), as the page shows
   * operation N: operations 1 to N - 1 done.
   */
  untilOp?: number;
}

/** The policies a command line asks for: LRU alone unless --policy says otherwise. */
export function policiesOf(options: CliOptions): readonly Policy[] {
  return options.policies ?? [DEFAULT_POLICY];
}

/** Whether the output is the plain LRU form (no policy column): LRU alone. */
export function lruOnly(options: CliOptions): boolean {
  const policies = policiesOf(options);
  return policies.length === 1 && policies[0] === 'lru';
}

/** One structure of the run, with the memory geometry the options give. */
export function specOf(options: CliOptions, kind: StructureKind): StructureSpec<StructureKind> {
  return { kind, itemsPerPage: options.itemsPerPage, nodeBytes: options.nodeBytes };
}

export const USAGE = `usage: npm run sim -- <${SIMULATION_COMMANDS.join('|')}> [options]
  sweep            page-ins and write-backs for every frame count (one pass)
  run              one frame count, by direct simulation (needs --frames)
  trace            one CSV row per page reference, as the page numbers its steps (needs
                   --frames; one or two layouts, named left and right; see docs/trace.md)
  scaling          cost per operation against N (Asterisk's add/delete test by default)
options:
  --layout L[,L]   ${STRUCTURE_KINDS.join(', ')}
                   (default: ${CLI_DEFAULTS.layouts.join(',')})
  --policy P[,P]   page replacement for sweep, run and trace (one): ${POLICIES.join(', ')} (default ${DEFAULT_POLICY});
                   sweep gives lru and opt every frame count, fifo and clock every one where
                   affordable, else ${REPLAY_FRAME_COUNTS} spaced on a log scale and those of --frames
  --items N        items, 1 to ${ITEMS_RANGE.max}, ${LIST_MAX_ITEMS} with a list (default ${CLI_DEFAULTS.items})
  --sizes N[,N]    for scaling: the N values (default ${CLI_DEFAULTS.scaling.sizes.join(',')})
  --page-items P   8-byte words (heap slots) per page, a power of two from ${MIN_ITEMS_PER_PAGE} to ${MAX_ITEMS_PER_PAGE} (default ${CLI_DEFAULTS.itemsPerPage})
  --node-bytes B   node size of list, treap, llrb, rb: ${nodeBytesRuleText()} (default ${CLI_DEFAULTS.nodeBytes})
  --overhead O     for scaling: review (each add/delete also pays the review's malloc/free and
                   lock/unlock, 3 µs / 0.4 µs) or none (default ${CLI_DEFAULTS.scaling.overhead})
  --seed S         srandom(3) seed, 0 to ${SEED_RANGE.max} (default ${CLI_DEFAULTS.seed})
  --workload W     ${WORKLOAD_KINDS.join(', ')} (default ${CLI_DEFAULTS.workload}; scaling: ${CLI_DEFAULTS.scaling.workload})
  --ops "..."      the script for --workload script, e.g. "i 5, i 3, i 9, pop, del 2"
  --keys K         keys drawn from [0, K), 2 to 2^31 (default 2^${Math.log2(CLI_DEFAULTS.keyRange)}: raw random(3))
  --frames F       resident pages for run and trace, 1 to the number of pages; for sweep
                   with fifo or clock, frame counts F[,F] they must include
  --until-op K     for run: stop where operation K begins, 1 to the workload's operations
                   (expiry's, which its draws decide, are counted first): the page's counters at
                   operation K, as "go to operation K" shows them
  --io-ms T        I/O latency per transfer in ms, 0 to ${MAX_IO_MS} (default ${CLI_DEFAULTS.ioMs}; a disk: ${DISK_MS})
  --cpu C          article (the article's calibration) or measure (time it here) (default ${CLI_DEFAULTS.cpu})
  --format F       json or csv (default ${DEFAULT_FORMAT}; trace: csv only)
measure: the heaps timed on this machine beside a cache model; see npm run sim -- measure --help
kernel: the article's run under the operating system's own pager (Linux); see npm run sim -- kernel --help`;

export type ParseOutcome =
  | { kind: 'ok'; options: CliOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

/** Every option, without its leading --, in the order an unknown option's refusal lists them. */
export const OPTION_NAMES = [
  'layout',
  'items',
  'sizes',
  'node-bytes',
  'overhead',
  'page-items',
  'seed',
  'workload',
  'ops',
  'keys',
  'frames',
  'io-ms',
  'cpu',
  'format',
  'policy',
  'until-op',
] as const;

export type OptionName = (typeof OPTION_NAMES)[number];

const OPTIONS: OptionSet<OptionName> = { names: OPTION_NAMES, scope: '' };

/**
 * Everything main.ts refuses with exit code 2, checked before any work: the syntax and ranges
 * (parseArgs), then whether the run fits the memory budget (core/experiments/budget.ts, worded
 * by refusals.ts), then whether a script runs on every layout, and last --until-op against
 * expiry's operations, which are counted by recording the run (`count`): only a run that fits.
 */
export function validateCommandLine(
  argv: readonly string[],
  count: OperationCount = countedOperations,
): ParseOutcome {
  const parsed = parseArgs(argv, formulaOperations);
  if (parsed.kind !== 'ok') return parsed;
  const { options } = parsed;
  const problem =
    budgetProblem(options) ??
    (options.workload.kind === 'script'
      ? scriptProblem(
          options.layouts.map((kind) => specOf(options, kind)),
          options.workload.ops,
        )
      : null);
  if (problem !== null) return { kind: 'error', message: visible(problem) };
  return formulaOperations(options.workload) === null ? parseArgs(argv, count) : parsed;
}

/**
 * The syntax and ranges of the command line. --until-op is read against `count`'s operations
 * of the workload; where it gives null (expiry, under formulaOperations) it is left unread.
 */
export function parseArgs(
  argv: readonly string[],
  count: OperationCount = countedOperations,
): ParseOutcome {
  if (asksForHelp(argv)) return { kind: 'help' };
  return refusalOf(() => ({ kind: 'ok', options: parseOrThrow(argv, count) }));
}

/** The option values and the command, the first problem in argument order refused. */
function tokenize(argv: readonly string[]): {
  values: OptionValues<OptionName>;
  command: Command;
} {
  let command: Command | null = null;
  const values = readOptions(argv, OPTIONS, (word) => {
    if (command !== null) fail(unexpectedArgument(word));
    command = SIMULATION_COMMANDS.find((name) => name === word) ?? fail(unknownCommand(word));
  });
  if (command === null) fail(missingCommand());
  return { values: new OptionValues(values), command };
}

function parseOrThrow(argv: readonly string[], count: OperationCount): CliOptions {
  const { values, command } = tokenize(argv);

  const layoutText = values.get('layout') ?? CLI_DEFAULTS.layouts.join(',');
  const layouts: StructureKind[] = [];
  for (const name of layoutText.split(',').map((part) => part.trim())) {
    // The message's words are pinned by tests/cli/args.test.ts.
    const kind = STRUCTURE_KINDS.find((candidate) => candidate === name);
    if (kind === undefined)
      fail(`--layout must list structures from ${STRUCTURE_KINDS.join(', ')}, got ${quote(name)}`);
    // A trace follows two sides, which may run one structure; elsewhere a repeat says nothing.
    if (!layouts.includes(kind) || command === 'trace') layouts.push(kind);
  }

  const pageText = values.get('page-items') ?? String(CLI_DEFAULTS.itemsPerPage);
  const itemsPerPage = PLAIN_INTEGER.test(pageText) ? Number(pageText) : Number.NaN;
  if (!isValidItemsPerPage(itemsPerPage)) {
    // "04" or " 4" would be a page size read generously: say which form is accepted.
    const form = isValidItemsPerPage(looseNumber(pageText))
      ? ` in plain digits ${PLAIN_DIGITS_RULE}`
      : '';
    fail(
      `--page-items must be a power of two from ${MIN_ITEMS_PER_PAGE} to ${MAX_ITEMS_PER_PAGE}${form}, got ${quote(pageText)}`,
    );
  }

  const nodeBytes = values.int(
    'node-bytes',
    { min: WORD_BYTES, max: MAX_NODE_BYTES },
    CLI_DEFAULTS.nodeBytes,
  );
  if (nodeBytes % WORD_BYTES !== 0)
    fail(`--node-bytes must be a multiple of ${WORD_BYTES}, got ${nodeBytes}`);
  for (const kind of layouts) {
    const problem = pageSizeProblem(kind, itemsPerPage);
    if (problem !== null) fail(`--page-items: ${problem}`);
    if (!isHeapKind(kind) && nodeBytes < minNodeBytesOf(kind)) {
      fail(
        `--node-bytes must be at least ${minNodeBytesOf(kind)} for ${kind} (key, item and its links), got ${nodeBytes}`,
      );
    }
  }

  const workloadKind = values.choice(
    'workload',
    WORKLOAD_KINDS,
    command === 'scaling' ? CLI_DEFAULTS.scaling.workload : CLI_DEFAULTS.workload,
  );
  const seed = values.int('seed', SEED_RANGE, CLI_DEFAULTS.seed);
  const keyRange = values.int('keys', KEY_RANGE_RANGE, CLI_DEFAULTS.keyRange);
  let workload: Workload;
  if (workloadKind === 'script') {
    const text =
      values.get('ops') ?? fail('--workload script needs --ops, e.g. --ops "i 5, i 3, pop"');
    const parsed = parseScript(text);
    if (!parsed.ok) fail(`--ops: ${parsed.error}`);
    if (values.has('items'))
      fail('--items does not apply to --workload script (the script sets the size)');
    workload = { kind: 'script', ops: parsed.value.ops };
  } else {
    if (values.has('ops')) fail(`--ops applies only to --workload script, not ${workloadKind}`);
    if (command === 'scaling' && values.has('items'))
      fail('--items does not apply to scaling; give the N values with --sizes');
    const items = values.int('items', ITEMS_RANGE, CLI_DEFAULTS.items);
    workload = { kind: workloadKind, items, seed, keyRange };
  }
  if (command === 'scaling' && workload.kind !== 'asterisk')
    fail(
      `scaling runs the Asterisk review's add/delete test: --workload must be asterisk, got ${workload.kind}`,
    );

  let sizes: number[] = [];
  if (command === 'scaling') {
    const text = values.get('sizes') ?? CLI_DEFAULTS.scaling.sizes.join(',');
    sizes = text.split(',').map((part) => {
      const parsed = parseCliInt('--sizes', part, ITEMS_RANGE);
      return parsed.ok ? parsed.value : fail(`${parsed.error} (a comma-separated list of N)`);
    });
    sizes = [...new Set(sizes)].sort((a, b) => a - b);
  } else if (values.has('sizes')) {
    fail('--sizes applies only to scaling');
  }
  if (command !== 'scaling' && values.has('overhead')) fail('--overhead applies only to scaling');
  const overhead = values.choice(
    'overhead',
    ['review', 'none'] as const,
    CLI_DEFAULTS.scaling.overhead,
  );
  const largest = command === 'scaling' ? Math.max(...sizes) : workloadCapacity(workload);
  if (layouts.includes('list') && largest > LIST_MAX_ITEMS) {
    fail(
      `the list's insert walks the list (N^2/4 node visits in all): N must be at most ${LIST_MAX_ITEMS} when --layout includes list, got ${largest}`,
    );
  }

  const ioText = values.get('io-ms');
  let ioMs: number = CLI_DEFAULTS.ioMs;
  if (ioText !== undefined) {
    const parsed = parseCliNumber('--io-ms', ioText, 0, MAX_IO_MS);
    ioMs = parsed.ok ? parsed.value : fail(parsed.error);
  }

  let policies: Policy[] | undefined;
  const policyText = values.get('policy');
  if (policyText !== undefined) {
    if (command === 'scaling')
      fail('--policy applies only to sweep, run and trace; scaling does not take it');
    policies = [];
    for (const name of policyText.split(',').map((part) => part.trim())) {
      if (!isPolicy(name))
        fail(`--policy must list policies from ${POLICIES.join(', ')}, got ${quote(name)}`);
      if (!policies.includes(name)) policies.push(name);
    }
  }
  if (command === 'trace' && policies !== undefined && policies.length > 1)
    fail(
      `--policy: trace follows one policy (the page's), got ${policies.length}: ${policies.join(',')}`,
    );
  const replays = (policies ?? []).some((policy) => policy === 'fifo' || policy === 'clock');

  let frames: number | null = null;
  let sweepFrames: number[] | undefined;
  const capacity = workloadCapacity(workload);
  const pages = Math.max(
    ...layouts.map((kind) => structurePages({ kind, itemsPerPage, nodeBytes }, capacity)),
  );
  if (command === 'run' || command === 'trace') {
    if (!values.has('frames'))
      fail(`${command} needs --frames, from 1 to ${pages} (the pages this scenario spans)`);
    frames = values.int('frames', { min: 1, max: pages }, 1);
  } else if (command === 'sweep' && replays && values.has('frames')) {
    sweepFrames = (values.get('frames') ?? '').split(',').map((part) => {
      const parsed = parseCliInt('--frames', part, { min: 1, max: pages });
      return parsed.ok
        ? parsed.value
        : fail(`${parsed.error} (a comma-separated list of frame counts)`);
    });
    sweepFrames = [...new Set(sweepFrames)].sort((a, b) => a - b);
  } else if (values.has('frames')) {
    fail(
      command === 'sweep'
        ? '--frames applies only to run and trace, and to sweep with --policy fifo or clock (frame counts they must include)'
        : `--frames applies only to run and trace; ${command} does not take it`,
    );
  }
  let untilOp: number | undefined;
  const untilOpText = values.get('until-op');
  if (untilOpText !== undefined) {
    if (command !== 'run') fail(`--until-op applies only to run; ${command} does not take it`);
    const operations = count(workload);
    if (operations !== null) {
      const parsed = readUntilOp(untilOpText, operations);
      untilOp = parsed.ok ? parsed.value : fail(parsed.error);
    }
  }
  if (command === 'trace') {
    if (layouts.length > 2)
      fail(
        `--layout: trace follows one or two layouts (the page's two sides), got ${layouts.length}`,
      );
    if (values.get('format') === 'json') fail('trace writes CSV only: --format must be csv');
  }

  return {
    command,
    layouts,
    itemsPerPage,
    nodeBytes,
    workload,
    format: values.choice(
      'format',
      ['json', 'csv'] as const,
      command === 'trace' ? 'csv' : DEFAULT_FORMAT,
    ),
    ioMs,
    cpu: values.choice('cpu', ['article', 'measure'] as const, CLI_DEFAULTS.cpu),
    frames,
    sizes,
    overhead,
    ...(policies === undefined ? {} : { policies }),
    ...(sweepFrames === undefined ? {} : { sweepFrames }),
    ...(untilOp === undefined ? {} : { untilOp }),
  };
}
