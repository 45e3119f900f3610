// Fuzzes the command line with generated bad argument lists.
//
// Each must be refused with one line naming an option (or the command) it contains, no control
// character, and, through the real process, exit code 2, that line on stderr and nothing on
// stdout. validateCommandLine is the
// whole check main.ts makes before any work, so it is fuzzed in-process with many cases; a
// sample goes through the real process to prove main.ts maps every refusal the same way. The
// option names are the parser's own list, so an option added there is fuzzed too.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SIMULATION_COMMANDS as COMMANDS,
  type Command,
  OPTION_NAMES,
  validateCommandLine,
} from '../../src/cli/args';
import { missingCommand } from '../../src/cli/commands';
import { POLICIES } from '../../src/core/memory/pager';
import { clip, quote, visible } from '../../src/core/quote';
import { simAsync } from './simProcess';

/** One option as the user typed it: `--name value` (two arguments) or `--name=value`. */
function option(name: string, value: string, joined: boolean): string[] {
  return joined ? [`--${name}=${value}`] : [`--${name}`, value];
}

const joined = fc.boolean();

// ---- values ---------------------------------------------------------------------------------

/** C0 and C1 controls and the bidirectional controls a message must never echo raw. */
const CONTROLS = [
  '\u0007',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const control = fc.constantFrom(...CONTROLS);

/** A little text, sometimes with a control character in it. */
const junk = fc.oneof(
  fc.stringMatching(/^[a-zA-Z0-9_.:/ -]{0,12}$/),
  fc
    .tuple(fc.stringMatching(/^[a-z0-9]{0,6}$/), control, fc.stringMatching(/^[a-z0-9]{0,6}$/))
    .map(([a, c, b]) => `${a}${c}${b}`),
);

const small = fc.integer({ min: 1, max: 999 }).map(String);

/** Numbers no integer option takes: each is refused whatever its option's range. */
const badInteger = fc.oneof(
  fc.integer({ min: 1, max: 2 ** 40 }).map((n) => `-${n}`), // negative
  fc.tuple(small, fc.integer({ min: 1, max: 99 })).map(([a, b]) => `${a}.${b}`), // fractional
  fc.bigInt({ min: 10n ** 11n, max: 10n ** 40n }).map(String), // huge
  fc.integer({ min: 0, max: 0xffff }).map((n) => `0x${n.toString(16)}`), // hex
  small.map((n) => `0${n}`), // a leading zero
  fc
    .tuple(small, fc.constantFrom(' ', '\t', '\u00a0', '\u3000'), fc.boolean())
    .map(([n, space, before]) => (before ? `${space}${n}` : `${n}${space}`)), // whitespace
  fc
    .tuple(small, control, fc.boolean())
    .map(([n, c, before]) => (before ? `${c}${n}` : `${n}${c}`)),
  fc.constant(''),
  small.map((n) => `${n}e3`), // exponent
  small.map((n) => `+${n}`), // a sign
  small.map((n) => `${n}_000`), // separators
  fc.constantFrom('-0', 'NaN', 'Infinity', 'one'),
);

/** Numbers --io-ms does not take (a fraction it does: "2.5"). */
const badDecimal = fc.oneof(
  badInteger.filter((text) => !/^[1-9][0-9]*\.[1-9]+$/.test(text) && !/^[0-9]{11,}$/.test(text)),
  fc.bigInt({ min: 1001n, max: 10n ** 20n }).map(String),
  small.map((n) => `${n}.50`),
  small.map((n) => `.${n}`),
);

// ---- valid settings, to surround a defect ---------------------------------------------------

const HEAPS = ['binary', 'bheap', 'dary4'] as const;
const POINTERS = ['treap', 'llrb', 'rb'] as const;

/** Options each command accepts as they are (the extras around a defect), as name and value. */
function validExtras(command: Command): fc.Arbitrary<[string, string][]> {
  const common: fc.Arbitrary<[string, string]>[] = [
    fc
      .subarray([...HEAPS, ...POINTERS], { minLength: 1, maxLength: 3 })
      .map((kinds) => ['layout', kinds.join(',')]),
    fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((n) => ['seed', String(n)]),
    fc.integer({ min: 2, max: 2 ** 31 }).map((n) => ['keys', String(n)]),
    fc.constantFrom('json', 'csv').map((value) => ['format', value]),
    fc.constantFrom('article', 'measure').map((value) => ['cpu', value]),
    fc.constantFrom('0', '1', '2.5', '1000').map((value) => ['io-ms', value]),
    fc.constantFrom('48', '64', '256').map((value) => ['node-bytes', value]),
  ];
  const specific: fc.Arbitrary<[string, string]>[] =
    command === 'scaling'
      ? [
          fc
            .array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 3 })
            .map((sizes) => ['sizes', sizes.join(',')]),
          fc.constantFrom('review', 'none').map((value) => ['overhead', value]),
        ]
      : [
          fc.integer({ min: 1, max: 3000 }).map((n) => ['items', String(n)]),
          fc.constantFrom('8', '64', '512', '4096').map((value) => ['page-items', value]),
          // trace follows one policy; the others take a list.
          (command === 'trace'
            ? fc.constantFrom(...POLICIES)
            : fc.subarray([...POLICIES], { minLength: 1 }).map((names) => names.join(','))
          ).map((value) => ['policy', value]),
        ];
  return fc
    .tuple(...[...common, ...specific].map((arb) => fc.option(arb, { nil: undefined })))
    .map((picked) => picked.filter((entry): entry is [string, string] => entry !== undefined));
}

/** A defect: the arguments that make the command line wrong, and the options they use. */
interface Defect {
  args: string[];
  /** Options the defect sets, so the extras leave them out (a duplicate is its own defect). */
  uses: string[];
  /** The command the defect needs, if any. */
  command?: Command;
  /** No --frames added for run (the defect is about it). */
  noFrames?: boolean;
  /** No command at all. */
  noCommand?: boolean;
}

const INT_OPTIONS = [
  'items',
  'seed',
  'keys',
  'node-bytes',
  'frames',
  'sizes',
  'page-items',
  'until-op',
];

const unknownOption: fc.Arbitrary<Defect> = fc
  .tuple(
    fc.oneof(
      fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/),
      fc.tuple(fc.constantFrom(...OPTION_NAMES), control).map(([name, c]) => `${c}${name}`),
      fc.constantFrom('Items', 'item', 'page_items', 'frame', 'layouts', 'h', 'v', 'version'),
    ),
    fc.option(junk, { nil: undefined }),
    joined,
  )
  .filter(([name]) => !(OPTION_NAMES as readonly string[]).includes(name) && name !== 'help')
  .map(([name, value, join]) => ({
    args: value === undefined ? [`--${name}`] : option(name, value, join),
    uses: [],
  }));

const missingValue: fc.Arbitrary<Defect> = fc
  .tuple(fc.constantFrom(...OPTION_NAMES), fc.constantFrom(...OPTION_NAMES))
  .map(([name, next]) => ({
    // At the very end, or followed by another option: either way it has no value.
    args: name === next ? [`--${name}`] : [`--${name}`, `--${next}`, '1'],
    uses: [name, next],
    noFrames: true,
  }));

const duplicated: fc.Arbitrary<Defect> = fc
  .tuple(fc.constantFrom('items', 'seed', 'keys', 'format', 'layout', 'cpu'), joined, joined)
  .map(([name, firstJoined, secondJoined]) => {
    const value = {
      items: '10',
      seed: '3',
      keys: '100',
      format: 'csv',
      layout: 'rb',
      cpu: 'article',
    }[name];
    return {
      args: [
        ...option(name, value ?? '1', firstJoined),
        ...option(name, value ?? '1', secondJoined),
      ],
      uses: [name],
      command: name === 'items' ? 'sweep' : undefined,
    };
  });

const badNumber: fc.Arbitrary<Defect> = fc.oneof(
  fc.tuple(fc.constantFrom(...INT_OPTIONS), badInteger, joined).map(([name, value, join]) => ({
    args: option(name, value, join),
    uses: [name],
    noFrames: name === 'frames',
  })),
  fc.tuple(badDecimal, joined).map(([value, join]) => ({
    args: option('io-ms', value, join),
    uses: ['io-ms'],
  })),
);

const badLayout: fc.Arbitrary<Defect> = fc
  .tuple(
    fc.oneof(junk, fc.constantFrom('Binary', 'b-heap', 'heap', 'dary2', 'dary16', 'RB', ' rb x')),
    fc.subarray(['binary', 'rb'] as const),
    joined,
  )
  .filter(([name]) => !['list', ...HEAPS, 'dary8', ...POINTERS].includes(name.trim()))
  .map(([name, others, join]) => ({
    args: option('layout', [...others, name].join(','), join),
    uses: ['layout'],
  }));

const badFrames: fc.Arbitrary<Defect> = fc.oneof(
  fc
    .tuple(fc.constantFrom('0', '1000000', '2147483648', '999999999999'), joined)
    .map(([value, join]) => ({
      args: option('frames', value, join),
      uses: ['frames', 'items', 'page-items', 'layout', 'node-bytes'],
      command: 'run' as const,
      noFrames: true,
    })),
  fc.tuple(fc.constantFrom<Command>('sweep', 'scaling'), joined).map(([command, join]) => ({
    args: option('frames', '1', join),
    // A sweep with FIFO or CLOCK takes frame counts.
    uses: ['frames', 'policy'],
    command,
  })),
  fc.constant<Defect>({ args: [], uses: ['frames'], command: 'run', noFrames: true }),
);

/** Scripts that cannot run: unparseable, or naming a handle a structure does not hold. */
const badScript: fc.Arbitrary<Defect> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(
        '',
        'x 5',
        'i -5',
        'i 08',
        'i 5, pop, pop',
        'del 1',
        'i 1, re 0 3',
        'i 1; del 2',
      ),
      fc
        .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 9 }))
        .map(
          ([inserts, extra]) =>
            `${Array.from({ length: inserts }, (_, k) => `i ${k + 1}`).join(', ')}, del ${inserts + extra}`,
        ),
      // Not a tab or a newline: the script's own separators.
      fc
        .tuple(
          control.filter((c) => c.trim() !== ''),
          small,
        )
        .map(([c, key]) => `i ${key}${c}`),
    ),
    fc.constantFrom('binary'),
    joined,
  )
  .map(([ops, layout, join]) => ({
    args: [...option('workload', 'script', join), ...option('ops', ops, join), '--layout', layout],
    uses: ['workload', 'ops', 'layout', 'items', 'sizes', 'overhead'],
    command: 'sweep' as const,
  }));

/** Valid scripts, but their handles are a heap's slots: the list, the trees or a d-ary heap refuse them. */
const scriptBadHandle: fc.Arbitrary<Defect> = fc
  .tuple(
    fc.constantFrom('list', 'treap', 'llrb', 'rb', 'dary4', 'dary8'),
    fc.constantFrom<Command>('sweep', 'run'),
    joined,
  )
  .map(([layout, command, join]) => ({
    // Nodes 1 and 2; the pop frees node 1, which "del 1" then names. A d-ary heap's root is slot 3 or 7.
    args: [
      ...option('workload', 'script', join),
      ...option('ops', 'i 5, i 6, pop, del 1', join),
      ...option('layout', layout, join),
    ],
    uses: ['workload', 'ops', 'layout', 'items', 'sizes', 'overhead', 'page-items', 'node-bytes'],
    command,
  }));

/** Sizes the memory budget (or the arena, or V8's Set) cannot take. */
const overBudget: fc.Arbitrary<Defect> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('treap', 'llrb', 'rb', 'treap,rb'),
      fc.integer({ min: 256, max: 512 }).map((n) => String(8 * n)), // 2,048 to 4,096 bytes
      fc.constantFrom('4', '8'),
      fc.integer({ min: 8_400_000, max: 2 ** 24 }),
      fc.constantFrom<Command>('sweep', 'run'),
    )
    .map(([layout, nodeBytes, pageItems, items, command]) => ({
      args: [
        '--layout',
        layout,
        '--node-bytes',
        nodeBytes,
        '--page-items',
        pageItems,
        '--items',
        String(items),
      ],
      uses: ['layout', 'node-bytes', 'page-items', 'items'],
      command,
    })),
  fc.integer({ min: 4_200_000, max: 2 ** 24 }).map((n) => ({
    args: ['--layout', 'rb', '--node-bytes', '4096', '--sizes', `100,${n}`],
    uses: ['layout', 'node-bytes', 'sizes'],
    command: 'scaling' as const,
  })),
  fc.integer({ min: 100_001, max: 2 ** 24 }).map((n) => ({
    args: ['--layout', 'list,binary', '--items', String(n)],
    uses: ['layout', 'items'],
    command: 'sweep' as const,
  })),
);

/** Options given to a command they do not apply to. */
const notApplicable: fc.Arbitrary<Defect> = fc.oneof(
  fc.constantFrom<Command>('sweep', 'run').map((command) => ({
    args: ['--sizes', '100'],
    uses: ['sizes'],
    command,
  })),
  fc.constantFrom<Command>('sweep', 'run').map((command) => ({
    args: ['--overhead', 'none'],
    uses: ['overhead'],
    command,
  })),
  fc.constant<Defect>({ args: ['--items', '100'], uses: ['items', 'sizes'], command: 'scaling' }),
  fc.constantFrom<Command>('sweep', 'run').map((command) => ({
    args: ['--ops', 'i 1'],
    uses: ['ops', 'workload'],
    command,
  })),
  fc.constant<Defect>({
    args: ['--workload', 'script', '--ops', 'i 1', '--items', '5'],
    uses: ['workload', 'ops', 'items'],
    command: 'sweep',
  }),
  fc.constantFrom('phk', 'expiry', 'script').map((workload) => ({
    args: ['--workload', workload],
    uses: ['workload', 'ops'],
    command: 'scaling' as const,
  })),
);

const badChoice: fc.Arbitrary<Defect> = fc
  .tuple(fc.constantFrom('format', 'cpu', 'workload', 'overhead'), junk, joined)
  .filter(
    ([, value]) =>
      ![
        'json',
        'csv',
        'article',
        'measure',
        'phk',
        'expiry',
        'asterisk',
        'script',
        'review',
        'none',
      ].includes(value),
  )
  .map(([name, value, join]) => ({
    args: option(name, value, join),
    uses: [name],
    command: name === 'overhead' ? 'scaling' : undefined,
  }));

const badGeometry: fc.Arbitrary<Defect> = fc.oneof(
  fc.constantFrom('3', '5', '12', '500', '2', '8192', '4.0').map((value) => ({
    args: ['--page-items', value],
    uses: ['page-items'],
  })),
  fc.constant<Defect>({
    args: ['--layout', 'dary8', '--page-items', '4'],
    uses: ['layout', 'page-items'],
  }),
  fc.constantFrom('52', '7', '4104', '40').map((value) => ({
    args: ['--layout', 'treap', '--node-bytes', value],
    uses: ['layout', 'node-bytes'],
  })),
);

const strayArgument: fc.Arbitrary<Defect> = fc.oneof(
  fc
    .tuple(
      fc.oneof(junk, fc.constantFrom('run', 'sweep', '-x', '-5', '-', 'help')),
      fc.constantFrom<Command>(...COMMANDS),
    )
    .filter(([stray]) => !stray.startsWith('--') && stray !== '-h')
    .map(([stray, command]) => ({ args: [stray], uses: [], command })),
  fc
    .tuple(junk, fc.constantFrom('Sweep', 'runs', 'scale', '', 'sweep ', 'help'))
    .map(([word, fixed]) => word || fixed)
    .filter(
      (word) => !COMMANDS.includes(word as Command) && !word.startsWith('--') && word !== '-h',
    )
    .map((word) => ({ args: [word], uses: [], noCommand: true })),
  fc.constant<Defect>({ args: [], uses: [], noCommand: true }),
);

/** A --policy value with at least one name that is not a policy. */
const badPolicyValue: fc.Arbitrary<string> = fc
  .tuple(fc.subarray([...POLICIES]), junk, fc.nat())
  .filter(([, name]) => !(POLICIES as readonly string[]).includes(name.trim()))
  .map(([good, name, at]) => {
    const names: string[] = [...good];
    names.splice(at % (names.length + 1), 0, name);
    return names.join(',');
  });

const badPolicy: fc.Arbitrary<Defect> = fc
  .tuple(badPolicyValue, fc.constantFrom<Command>('sweep', 'run'), joined)
  .map(([value, command, join]) => ({
    args: option('policy', value, join),
    uses: ['policy'],
    command,
  }));

/** --until-op given to a command that does not take it, or past the run's operations. */
const badUntilOp: fc.Arbitrary<Defect> = fc.oneof(
  fc
    .tuple(fc.constantFrom<Command>('sweep', 'trace', 'scaling'), joined)
    .map(([command, join]) => ({
      args: option('until-op', '1', join),
      uses: ['until-op'],
      command,
    })),
  fc
    .tuple(fc.constantFrom('phk', 'expiry', 'asterisk'), fc.integer({ min: 1, max: 300 }), joined)
    .map(([workload, items, join]) => ({
      // 4N + 1 is past every workload's last operation.
      args: [
        '--workload',
        workload,
        '--items',
        String(items),
        ...option('until-op', String(4 * items + 1), join),
      ],
      uses: ['until-op', 'workload', 'items', 'ops'],
      command: 'run' as const,
    })),
);

const defect: fc.Arbitrary<Defect> = fc.oneof(
  unknownOption,
  missingValue,
  duplicated,
  badNumber,
  badLayout,
  badFrames,
  badScript,
  scriptBadHandle,
  overBudget,
  notApplicable,
  badChoice,
  badGeometry,
  strayArgument,
  badPolicy,
  badUntilOp,
);

/** A bad command line: a defect among valid options, the command anywhere between them. */
const badCommandLine: fc.Arbitrary<string[]> = defect
  .chain((found) =>
    fc
      .constantFrom<Command>(...COMMANDS)
      .map((command) => found.command ?? command)
      .chain((command) =>
        fc.tuple(
          fc.constant(found),
          fc.constant(command),
          validExtras(command),
          fc.nat(),
          fc.boolean(),
        ),
      ),
  )
  .map(([found, command, extras, position, defectFirst]) => {
    const kept = extras.filter(([name]) => !found.uses.includes(name));
    const pairs = kept.map(([name, value]) => [`--${name}`, value]);
    if (
      (command === 'run' || command === 'trace') &&
      !found.noFrames &&
      !found.uses.includes('frames')
    )
      pairs.push(['--frames', '1']);
    // The defect stays whole (a missing value must stay last among its own arguments).
    const parts: string[][] = defectFirst ? [found.args, ...pairs] : [...pairs, found.args];
    if (!found.noCommand) parts.splice(position % (parts.length + 1), 0, [command]);
    if (found.args.length === 1 && found.uses.length > 0 && found.args[0] === `--${found.uses[0]}`)
      return [...parts.filter((part) => part !== found.args).flat(), ...found.args];
    return parts.flat();
  })
  // --help or -h anywhere asks for the usage, which is not a refusal.
  .filter((argv) => !argv.includes('--help') && !argv.includes('-h'));

// ---- the property ---------------------------------------------------------------------------

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `message` names `name` as a whole word (so "--items" is not found in "--items-x"). */
function namesWord(message: string, name: string): boolean {
  return new RegExp(`(^|[^\\w-])${escapeRegExp(name)}(?![\\w-])`).test(message);
}

/** The names a refusal may cite: the options given, the command, a stray argument as echoed. */
function citable(argv: readonly string[]): { words: string[]; quoted: string[] } {
  const words: string[] = [];
  const quoted: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith('--')) {
      const equals = arg.indexOf('=');
      words.push(`--${visible(clip(equals >= 0 ? arg.slice(2, equals) : arg.slice(2)))}`);
    } else if ((COMMANDS as readonly string[]).includes(arg)) words.push(arg);
    else quoted.push(quote(arg));
  }
  return { words, quoted };
}

/** Checks one refusal; returns its message. */
function checkRefusal(argv: readonly string[]): string {
  const outcome = validateCommandLine(argv);
  if (outcome.kind !== 'error') throw new Error(`not refused: ${JSON.stringify(argv)}`);
  const { message } = outcome;
  expect(message, JSON.stringify(argv)).not.toMatch(/[\n\r\u2028\u2029]/);
  expect(message, JSON.stringify(argv)).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  const { words, quoted } = citable(argv);
  const hasCommand = argv.some((arg) => (COMMANDS as readonly string[]).includes(arg));
  const cites =
    words.some((word) => namesWord(message, word)) ||
    quoted.some((text) => message.includes(text)) ||
    (!hasCommand && message === missingCommand());
  expect(cites, `${JSON.stringify(argv)} -> ${message}`).toBe(true);
  return message;
}

// A property over every draw, so each run draws anew; the seed is printed, and FUZZ_SEED=<n>
// replays a run (FUZZ_RUNS=100000 explores further).
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
console.info(`fuzz.test.ts: FUZZ_SEED=${SEED}`);

describe('fuzzing the command line', () => {
  it('validateCommandLine refuses every generated bad command line in one line naming what it got', () => {
    fc.assert(
      fc.property(badCommandLine, (argv) => {
        checkRefusal(argv);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('the real process: exit code 2, the same one line on stderr, nothing on stdout', async () => {
    // Arguments cannot carry NUL through exec: those cases stay in-process.
    const cases = fc
      .sample(badCommandLine, { numRuns: 40, seed: SEED })
      .filter((argv) => !argv.some((arg) => arg.includes('\u0000')))
      .slice(0, 20);
    expect(cases).toHaveLength(20);
    const outcomes: { argv: string[]; status: number | null; stdout: string; stderr: string }[] =
      [];
    // Two at a time: the machine has two cores.
    for (let index = 0; index < cases.length; index += 2) {
      const batch = cases.slice(index, index + 2);
      const results = await Promise.all(batch.map((argv) => simAsync(argv)));
      results.forEach((result, k) => {
        outcomes.push({ argv: batch[k], ...result });
      });
    }
    for (const { argv, status, stdout, stderr } of outcomes) {
      const message = checkRefusal(argv);
      expect({ argv, status, stdout, stderr }).toEqual({
        argv,
        status: 2,
        stdout: '',
        stderr: `sim: ${message}\n`,
      });
    }
  }, 60_000);
});

// ---- --policy -------------------------------------------------------------------------------

const badPolicyLine: fc.Arbitrary<string[]> = fc
  .tuple(fc.constantFrom<Command>('sweep', 'run'), badPolicyValue, joined, fc.boolean())
  .chain(([command, value, join, first]) =>
    validExtras(command).map((extras) => {
      const pairs = extras
        .filter(([name]) => name !== 'policy')
        .flatMap(([name, text]) => [`--${name}`, text]);
      if (command === 'run') pairs.push('--frames', '1');
      const policy = option('policy', value, join);
      return first ? [command, ...policy, ...pairs] : [command, ...pairs, ...policy];
    }),
  )
  .filter((argv) => !argv.includes('--help') && !argv.includes('-h'));

describe('fuzzing --policy', () => {
  it('refuses every bad policy list in one line naming --policy and the allowed policies', () => {
    fc.assert(
      fc.property(badPolicyLine, (argv) => {
        const message = checkRefusal(argv);
        // Another option may be refused first (it is named then); a policy refusal lists them
        // all, or says the value is missing (one starting with -- is the next option).
        if (message.startsWith('--policy'))
          expect(message).toMatch(
            /^--policy (must list policies from lru, fifo, clock, opt, got "|needs a value$)/,
          );
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('the real process: exit code 2, the one line on stderr, nothing on stdout', async () => {
    const cases = fc
      .sample(badPolicyLine, { numRuns: 20, seed: SEED })
      .filter((argv) => !argv.some((arg) => arg.includes('\u0000')))
      .slice(0, 6);
    for (let index = 0; index < cases.length; index += 2) {
      const batch = cases.slice(index, index + 2);
      const results = await Promise.all(batch.map((argv) => simAsync(argv)));
      results.forEach((result, k) => {
        const message = checkRefusal(batch[k]);
        expect(result).toMatchObject({ status: 2, stdout: '', stderr: `sim: ${message}\n` });
      });
    }
  }, 60_000);
});
