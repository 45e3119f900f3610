// Parses `npm run sim -- measure [options]`. Every refusal is one line naming the option and what
// it accepts, before any work (main.ts prints it and exits with code 2), as args.ts does for the
// other commands.

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
import { quote } from '../core/quote';
import { asksForHelp } from './commands';
import { parseCliInt } from './numbers';
import { OptionValues } from './optionValues';
import { type OptionSet, readOptions, unexpectedArgument } from './readOptions';
import { type CommandOutcome, fail, refusalOf } from './refusal';

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

export type MeasureOutcome = CommandOutcome<MeasureOptions>;

const OPTIONS: OptionSet<OptionName> = {
  names: MEASURE_OPTION_NAMES,
  scope: ' for measure',
  flags: ['native'],
};

/** The option values after the command; the first problem in argument order is refused. */
function tokenize(argv: readonly string[]): OptionValues<OptionName> {
  let seenCommand = false;
  const values = readOptions(argv, OPTIONS, (word) => {
    if (!seenCommand && word === 'measure') seenCommand = true;
    else fail(unexpectedArgument(word));
  });
  return new OptionValues(values);
}

function parseOrThrow(argv: readonly string[]): MeasureOptions {
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
    values.int(name, KB_RANGE, fallbackBytes / KIB) * KIB;
  const defaults = DEFAULT_MACHINE.hierarchy;
  const settings: MachineSettings = {
    layouts,
    sizes,
    form: values.choice('form', ITEM_FORMS, DEFAULT_MACHINE.form),
    workload: values.choice('workload', MACHINE_WORKLOADS, DEFAULT_MACHINE.workload),
    reps: values.int('reps', MACHINE_REPS_RANGE, DEFAULT_MACHINE.reps),
    predict: values.choice('predict', ['on', 'off'] as const, 'on') === 'on',
    hierarchy: {
      l1Bytes: kb('l1-kb', defaults.l1Bytes),
      l2Bytes: kb('l2-kb', defaults.l2Bytes),
      l3Bytes: kb('l3-kb', defaults.l3Bytes),
      tlbEntries: values.int('tlb', KB_RANGE, defaults.tlbEntries),
    },
  };
  const predictMb = values.int(
    'predict-mb',
    { min: 1, max: PREDICT_CLI_MAX_BYTES / MIB },
    PREDICT_CLI_MAX_BYTES / MIB,
  );
  const format = values.choice('format', ['text', 'csv', 'json'] as const, 'text');
  const memory = machineMemoryProblem(settings, MACHINE_CLI_MEMORY_BYTES, {
    sizes: '--sizes',
    form: '--form',
    workload: '--workload',
  });
  if (memory !== null) fail(memory);
  return { settings, predictBytes: predictMb * MIB, format, native: values.has('native') };
}

/** The measure command line, checked before any work. */
export function parseMeasureArgs(argv: readonly string[]): MeasureOutcome {
  if (asksForHelp(argv)) return { kind: 'help' };
  return refusalOf(() => ({ kind: 'ok', options: parseOrThrow(argv) }));
}
