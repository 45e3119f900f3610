// Parses and validates the command line of `npm run sim`. Every refusal is one line naming the
// argument and what it accepts; main.ts prints it and exits with code 2.

import { MAX_NODE_BYTES, WORD_BYTES } from '../core/arena';
import { DISK_MS, SSD_MS } from '../core/cost';
import { isValidItemsPerPage, MAX_ITEMS_PER_PAGE, MIN_ITEMS_PER_PAGE } from '../core/layout';
import {
  ITEMS_RANGE,
  KEY_RANGE_RANGE,
  MAX_IO_MS,
  parseIntInRange,
  parseNumberInRange,
  SEED_RANGE,
} from '../core/limits';
import { LIST_MAX_ITEMS } from '../core/scaling';
import { parseScript } from '../core/script';
import {
  DEFAULT_NODE_BYTES,
  isHeapKind,
  minNodeBytesOf,
  pageSizeProblem,
  STRUCTURE_KINDS,
  type StructureKind,
  type StructureSpec,
  structurePages,
} from '../core/structures';
import { FULL_KEY_RANGE, WORKLOAD_KINDS, type Workload, workloadCapacity } from '../core/workloads';

export type Command = 'sweep' | 'run' | 'scaling';
export type OutputFormat = 'json' | 'csv';
export type CpuSource = 'article' | 'measure';

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
  /** Only for `run`. */
  frames: number | null;
  /** Only for `scaling`: the N values, ascending. */
  sizes: number[];
  /** Only for `scaling`: add the review's malloc/free and lock/unlock cost to each call. */
  overhead: 'review' | 'none';
}

/** The N of the Asterisk review's table (seed 002). */
export const REVIEW_SIZES = [100, 500, 1000, 5000, 10_000, 100_000];

/** One structure of the run, with the memory geometry the options give. */
export function specOf(options: CliOptions, kind: StructureKind): StructureSpec {
  return { kind, itemsPerPage: options.itemsPerPage, nodeBytes: options.nodeBytes };
}

export const USAGE = `usage: npm run sim -- <sweep|run|scaling> [options]
  sweep            page-ins and write-backs for every frame count (one pass)
  run              one frame count, by direct LRU simulation (needs --frames)
  scaling          cost per operation against N (Asterisk's add/delete test by default)
options:
  --layout L[,L]   ${STRUCTURE_KINDS.join(', ')} (default: binary,bheap)
  --items N        items, 1 to ${ITEMS_RANGE.max} (default 1000000)
  --sizes N[,N]    for scaling: the N values (default ${REVIEW_SIZES.join(',')})
  --page-items P   8-byte words (heap slots) per page, a power of two from ${MIN_ITEMS_PER_PAGE} to ${MAX_ITEMS_PER_PAGE} (default 512)
  --node-bytes B   node size of list, treap, llrb, rb: a multiple of ${WORD_BYTES} up to ${MAX_NODE_BYTES} (default ${DEFAULT_NODE_BYTES})
  --overhead O     for scaling: review (each add/delete also pays the review's malloc/free and
                   lock/unlock, 3 µs / 0.4 µs) or none (default review)
  --seed S         srandom(3) seed, 0 to ${SEED_RANGE.max} (default 1)
  --workload W     ${WORKLOAD_KINDS.join(', ')} (default phk; scaling: asterisk)
  --ops "..."      the script for --workload script, e.g. "i 5, i 3, i 9, pop, del 2"
  --keys K         keys drawn from [0, K), 2 to 2^31 (default 2^31: raw random(3))
  --frames F       resident pages for run, 1 to the number of pages
  --io-ms T        I/O latency per transfer in ms, 0 to ${MAX_IO_MS} (default ${SSD_MS}; a disk: ${DISK_MS})
  --cpu C          article (the article's calibration) or measure (time it here) (default article)
  --format F       json or csv (default json)`;

export type ParseOutcome =
  | { kind: 'ok'; options: CliOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

const OPTION_NAMES = [
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
] as const;
type OptionName = (typeof OPTION_NAMES)[number];

function isOptionName(name: string): name is OptionName {
  return (OPTION_NAMES as readonly string[]).includes(name);
}

class ArgumentError extends Error {}

function fail(message: string): never {
  throw new ArgumentError(message);
}

function intOption(
  values: Map<OptionName, string>,
  name: OptionName,
  range: { min: number; max: number },
  fallback: number,
): number {
  const text = values.get(name);
  if (text === undefined) return fallback;
  const parsed = parseIntInRange(`--${name}`, text, range);
  return parsed.ok ? parsed.value : fail(parsed.error);
}

function choice<T extends string>(
  values: Map<OptionName, string>,
  name: OptionName,
  allowed: readonly T[],
  fallback: T,
): T {
  const text = values.get(name);
  if (text === undefined) return fallback;
  const found = allowed.find((candidate) => candidate === text);
  return found ?? fail(`--${name} must be one of ${allowed.join(', ')}, got "${text}"`);
}

export function parseArgs(argv: readonly string[]): ParseOutcome {
  try {
    return parseOrThrow(argv);
  } catch (error) {
    if (error instanceof ArgumentError) return { kind: 'error', message: error.message };
    throw error;
  }
}

function parseOrThrow(argv: readonly string[]): ParseOutcome {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const values = new Map<OptionName, string>();
  let command: Command | null = null;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg.startsWith('--')) {
      const equals = arg.indexOf('=');
      const name = equals >= 0 ? arg.slice(2, equals) : arg.slice(2);
      if (!isOptionName(name))
        fail(`unknown option --${name}; options: ${OPTION_NAMES.map((n) => `--${n}`).join(', ')}`);
      if (values.has(name)) fail(`--${name} is given twice`);
      let value: string | undefined;
      if (equals >= 0) value = arg.slice(equals + 1);
      else {
        value = argv[index + 1];
        index++;
      }
      if (value === undefined || (value.startsWith('--') && equals < 0))
        fail(`--${name} needs a value`);
      values.set(name, value);
    } else if (command === null) {
      if (arg !== 'sweep' && arg !== 'run' && arg !== 'scaling')
        fail(`unknown command "${arg}"; commands: sweep, run, scaling`);
      command = arg;
    } else {
      fail(`unexpected argument "${arg}"; options start with --`);
    }
  }
  if (command === null) fail('missing command: sweep, run or scaling (see --help)');

  const layoutText = values.get('layout') ?? 'binary,bheap';
  const layouts: StructureKind[] = [];
  for (const name of layoutText.split(',').map((part) => part.trim())) {
    const kind = STRUCTURE_KINDS.find((candidate) => candidate === name);
    if (kind === undefined)
      fail(`--layout must list structures from ${STRUCTURE_KINDS.join(', ')}, got "${name}"`);
    if (!layouts.includes(kind)) layouts.push(kind);
  }

  const pageText = values.get('page-items') ?? '512';
  const itemsPerPage = /^\d+$/.test(pageText) ? Number(pageText) : Number.NaN;
  if (!isValidItemsPerPage(itemsPerPage)) {
    fail(
      `--page-items must be a power of two from ${MIN_ITEMS_PER_PAGE} to ${MAX_ITEMS_PER_PAGE}, got "${pageText}"`,
    );
  }

  const nodeBytes = intOption(
    values,
    'node-bytes',
    { min: WORD_BYTES, max: MAX_NODE_BYTES },
    DEFAULT_NODE_BYTES,
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

  const workloadKind = choice(
    values,
    'workload',
    WORKLOAD_KINDS,
    command === 'scaling' ? 'asterisk' : 'phk',
  );
  const seed = intOption(values, 'seed', SEED_RANGE, 1);
  const keyRange = intOption(values, 'keys', KEY_RANGE_RANGE, FULL_KEY_RANGE);
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
    const items = intOption(values, 'items', ITEMS_RANGE, 1_000_000);
    workload = { kind: workloadKind, items, seed, keyRange };
  }
  if (command === 'scaling' && workload.kind !== 'asterisk')
    fail(
      `scaling runs the Asterisk review's add/delete test: --workload must be asterisk, got ${workload.kind}`,
    );

  let sizes: number[] = [];
  if (command === 'scaling') {
    const text = values.get('sizes') ?? REVIEW_SIZES.join(',');
    sizes = text.split(',').map((part) => {
      const parsed = parseIntInRange('--sizes', part, ITEMS_RANGE);
      return parsed.ok ? parsed.value : fail(`${parsed.error} (a comma-separated list of N)`);
    });
    sizes = [...new Set(sizes)].sort((a, b) => a - b);
  } else if (values.has('sizes')) {
    fail('--sizes applies only to scaling');
  }
  if (command !== 'scaling' && values.has('overhead')) fail('--overhead applies only to scaling');
  const overhead = choice(values, 'overhead', ['review', 'none'] as const, 'review');
  const largest = command === 'scaling' ? Math.max(...sizes) : workloadCapacity(workload);
  if (layouts.includes('list') && largest > LIST_MAX_ITEMS) {
    fail(
      `the list's insert walks the list (N^2/4 node visits in all): N must be at most ${LIST_MAX_ITEMS} when --layout includes list, got ${largest}`,
    );
  }

  const ioText = values.get('io-ms');
  let ioMs: number = SSD_MS;
  if (ioText !== undefined) {
    const parsed = parseNumberInRange('--io-ms', ioText, 0, MAX_IO_MS);
    ioMs = parsed.ok ? parsed.value : fail(parsed.error);
  }

  let frames: number | null = null;
  const capacity = workloadCapacity(workload);
  const pages = Math.max(
    ...layouts.map((kind) => structurePages({ kind, itemsPerPage, nodeBytes }, capacity)),
  );
  if (command === 'run') {
    if (!values.has('frames'))
      fail(`run needs --frames, from 1 to ${pages} (the pages this scenario spans)`);
    frames = intOption(values, 'frames', { min: 1, max: pages }, 1);
  } else if (values.has('frames')) {
    fail(`--frames applies only to run; ${command} does not take it`);
  }

  return {
    kind: 'ok',
    options: {
      command,
      layouts,
      itemsPerPage,
      nodeBytes,
      workload,
      format: choice(values, 'format', ['json', 'csv'] as const, 'json'),
      ioMs,
      cpu: choice(values, 'cpu', ['article', 'measure'] as const, 'article'),
      frames,
      sizes,
      overhead,
    },
  };
}
