// Parses `npm run sim -- measure [options]`. Every refusal is one line naming the option and what
// it accepts, before any work (main.ts prints it and exits with code 2), as args.ts does for the
// other commands.

import { parseArgs as nodeParseArgs } from 'node:util';
import { MIB } from '../core/experiments/byteUnits';
import { KIB } from '../core/experiments/hierarchy';
import {
  DEFAULT_MACHINE,
  MACHINE_CLI_MAX_ITEMS,
  MACHINE_CLI_MEMORY_BYTES,
  MACHINE_MAX_SIZES,
  MACHINE_MIN_ITEMS,
  MACHINE_REPS_RANGE,
  type MachineSettings,
  machineMemoryProblem,
  PREDICT_CLI_MAX_BYTES,
  parseMachineLayouts,
  parseMachineSizes,
} from '../core/experiments/machine';
import { ITEM_FORMS, MACHINE_LAYOUTS, MACHINE_WORKLOADS } from '../core/measure/machineLayouts';
import { clip, quote, visible } from '../core/quote';
import { parseCliInt } from './numbers';
import { takeOption } from './optionToken';

export type MeasureFormat = 'text' | 'csv' | 'json';

export interface MeasureOptions {
  settings: MachineSettings;
  /** Runs whose traced heap spans at most this many bytes are also predicted. */
  predictBytes: number;
  format: MeasureFormat;
  /** Also time the native helper (C), in the same rounds (--native). */
  native: boolean;
}

const KB_RANGE = { min: 1, max: 1_048_576 };

export const MEASURE_USAGE = `usage: npm run sim -- measure [options]
  Times the heaps, uninstrumented, in WebAssembly on this machine (ns per operation: the median
  and spread of several repetitions), and predicts their misses per operation at each level of a
  cache hierarchy from one traced run (a fully associative LRU cache of 64-byte lines per level,
  and a TLB of 4 KB pages), with a modelled time. Close other programs: they disturb the timings.
options:
  --layout L[,L]   ${MACHINE_LAYOUTS.join(', ')} (default: all)
  --sizes N[,N]    the N values, ${MACHINE_MIN_ITEMS} to ${MACHINE_CLI_MAX_ITEMS}, at most ${MACHINE_MAX_SIZES} (default ${DEFAULT_MACHINE.sizes.join(',')})
  --form F         key (keys in the heap's 8-byte slots) or ref (8-byte references to objects
                   that hold the key, as Varnish's heap) (default key)
  --workload W     phk (the article's: N inserts, N popMin+insert, N popMin) or expiry (default phk)
  --reps R         timed repetitions, ${MACHINE_REPS_RANGE.min} to ${MACHINE_REPS_RANGE.max} (default ${DEFAULT_MACHINE.reps})
  --predict P      on or off: also trace the runs and model their misses (default on)
  --predict-mb M   trace only runs whose heap spans at most M MiB, 1 to ${PREDICT_CLI_MAX_BYTES / MIB} (default ${PREDICT_CLI_MAX_BYTES / MIB};
                   a traced 2^20-item run of keys takes a few seconds, of references half a minute)
  --l1-kb K        modelled L1 data cache in KB, ${KB_RANGE.min} to ${KB_RANGE.max} (default ${DEFAULT_MACHINE.hierarchy.l1Bytes / KIB})
  --l2-kb K        modelled L2 cache in KB (default ${DEFAULT_MACHINE.hierarchy.l2Bytes / KIB})
  --l3-kb K        modelled L3 cache in KB (default ${DEFAULT_MACHINE.hierarchy.l3Bytes / KIB})
  --tlb E          modelled TLB entries of 4 KB pages, ${KB_RANGE.min} to ${KB_RANGE.max} (default ${DEFAULT_MACHINE.hierarchy.tlbEntries})
  --format F       text (a table and what it shows), csv or json (default text)
  --native         also time the same heaps compiled from C (built on first use with the system's
                   C compiler), in the same rounds: every round times each layout once in each,
                   in an order rotated each round, by CPU time`;

export const MEASURE_OPTION_NAMES = [
  'layout',
  'sizes',
  'form',
  'workload',
  'reps',
  'predict',
  'predict-mb',
  'l1-kb',
  'l2-kb',
  'l3-kb',
  'tlb',
  'format',
  'native',
] as const;
type OptionName = (typeof MEASURE_OPTION_NAMES)[number];

export type MeasureOutcome =
  | { kind: 'ok'; options: MeasureOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

class ArgumentError extends Error {}

function fail(message: string): never {
  throw new ArgumentError(message);
}

function isOptionName(name: string): name is OptionName {
  return (MEASURE_OPTION_NAMES as readonly string[]).includes(name);
}

/** Options that take no value: present or not. */
const FLAGS: readonly OptionName[] = ['native'];

const NODE_OPTIONS = Object.fromEntries(
  MEASURE_OPTION_NAMES.map((name) => [
    name,
    { type: FLAGS.includes(name) ? ('boolean' as const) : ('string' as const) },
  ]),
) as Record<OptionName, { type: 'string' | 'boolean' }>;

/**
 * Whether the command line asks for `measure`: its first argument that is neither an option nor
 * an option's value ("--name value" or "--name=value"). The other commands keep their parser.
 */
export function isMeasureCommand(argv: readonly string[]): boolean {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (!arg.startsWith('-')) return arg === 'measure';
    if (arg.startsWith('--') && !arg.includes('=')) index++;
  }
  return false;
}

/** Splits the arguments into option values (each once) after the command; the first problem is refused. */
function tokenize(argv: readonly string[]): Map<OptionName, string> {
  const { tokens } = nodeParseArgs({
    args: [...argv],
    options: NODE_OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values = new Map<OptionName, string>();
  let seenCommand = false;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (!seenCommand && token.value === 'measure') seenCommand = true;
      else fail(`unexpected argument ${quote(token.value)}; options start with --`);
    } else if (token.kind === 'option-terminator') fail(unknownOption(''));
    else if (!token.rawName.startsWith('--')) {
      fail(`unexpected argument ${quote(argv[token.index])}; options start with --`);
    } else if (
      FLAGS.includes(token.name as OptionName) &&
      argv[token.index] === `--${token.name}`
    ) {
      if (values.has(token.name as OptionName)) fail(`--${token.name} is given twice`);
      values.set(token.name as OptionName, '');
    } else if (FLAGS.includes(token.name as OptionName)) {
      fail(`--${token.name} takes no value, got ${quote(argv[token.index])}`);
    } else {
      const refused = takeOption(argv, token, values, isOptionName, unknownOption);
      if (refused !== null) fail(refused);
    }
  }
  return values;
}

function unknownOption(name: string): string {
  return `unknown option --${visible(clip(name))} for measure; options: ${MEASURE_OPTION_NAMES.map((n) => `--${n}`).join(', ')}`;
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
  return found ?? fail(`--${name} must be one of ${allowed.join(', ')}, got ${quote(text)}`);
}

function int(
  values: Map<OptionName, string>,
  name: OptionName,
  range: { min: number; max: number },
  fallback: number,
): number {
  const text = values.get(name);
  if (text === undefined) return fallback;
  const parsed = parseCliInt(`--${name}`, text, range);
  return parsed.ok ? parsed.value : fail(parsed.error);
}

function parseOrThrow(argv: readonly string[]): MeasureOutcome {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const values = tokenize(argv);
  let layouts = [...DEFAULT_MACHINE.layouts];
  const layoutText = values.get('layout');
  if (layoutText !== undefined) {
    const parsed = parseMachineLayouts(layoutText);
    if (!parsed.ok)
      fail(`--layout ${parsed.error.replace(/"([^"]*)"$/, (_, name: string) => quote(name))}`);
    layouts = parsed.value;
  }
  let sizes = [...DEFAULT_MACHINE.sizes];
  const sizesText = values.get('sizes');
  if (sizesText !== undefined) {
    // Plain digits only, each checked as the CLI checks every number.
    for (const part of sizesText.split(',')) {
      const parsed = parseCliInt('--sizes', part, {
        min: MACHINE_MIN_ITEMS,
        max: MACHINE_CLI_MAX_ITEMS,
      });
      if (!parsed.ok) fail(`${parsed.error} (a comma-separated list of N)`);
    }
    const parsed = parseMachineSizes(sizesText, MACHINE_CLI_MAX_ITEMS);
    if (!parsed.ok) fail(`--sizes: ${parsed.error}`);
    sizes = parsed.value;
  }
  const kb = (name: OptionName, fallbackBytes: number): number =>
    int(values, name, KB_RANGE, fallbackBytes / KIB) * KIB;
  const defaults = DEFAULT_MACHINE.hierarchy;
  const settings: MachineSettings = {
    layouts,
    sizes,
    form: choice(values, 'form', ITEM_FORMS, DEFAULT_MACHINE.form),
    workload: choice(values, 'workload', MACHINE_WORKLOADS, DEFAULT_MACHINE.workload),
    reps: int(values, 'reps', MACHINE_REPS_RANGE, DEFAULT_MACHINE.reps),
    predict: choice(values, 'predict', ['on', 'off'] as const, 'on') === 'on',
    hierarchy: {
      l1Bytes: kb('l1-kb', defaults.l1Bytes),
      l2Bytes: kb('l2-kb', defaults.l2Bytes),
      l3Bytes: kb('l3-kb', defaults.l3Bytes),
      tlbEntries: int(values, 'tlb', KB_RANGE, defaults.tlbEntries),
    },
  };
  const predictMb = int(
    values,
    'predict-mb',
    { min: 1, max: PREDICT_CLI_MAX_BYTES / MIB },
    PREDICT_CLI_MAX_BYTES / MIB,
  );
  const format = choice(values, 'format', ['text', 'csv', 'json'] as const, 'text');
  const memory = machineMemoryProblem(settings, MACHINE_CLI_MEMORY_BYTES, {
    sizes: '--sizes',
    form: '--form',
    workload: '--workload',
  });
  if (memory !== null) fail(memory);
  return {
    kind: 'ok',
    options: { settings, predictBytes: predictMb * MIB, format, native: values.has('native') },
  };
}

/** The measure command line, checked before any work. */
export function parseMeasureArgs(argv: readonly string[]): MeasureOutcome {
  try {
    return parseOrThrow(argv);
  } catch (error) {
    if (error instanceof ArgumentError) return { kind: 'error', message: visible(error.message) };
    throw error;
  }
}
