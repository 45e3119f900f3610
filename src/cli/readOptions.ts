// Splits a command line into its options' values and its other words, the same way for every
// command: node:util's parseArgs tokenises it, optionToken.ts reads each option, and the first
// problem in argument order is refused in one line (refusal.ts).

import { parseArgs } from 'node:util';
import { clip, quote, visible } from '../core/quote';
import { takeOption } from './optionToken';
import { fail } from './refusal';

/** The options a command takes. */
export interface OptionSet<Name extends string> {
  /** Every option, without its leading --, in the order an unknown option's refusal lists them. */
  names: readonly Name[];
  /** Said after an unknown option's name, e.g. " for measure". */
  scope: string;
  /** Options that take no value (present or not): read as "" when given. */
  flags?: readonly Name[];
}

/** The refusal of an option `set` does not hold ("" for a bare "--"), with every one it does. */
function unknownOption<Name extends string>(name: string, set: OptionSet<Name>): string {
  return `unknown option --${visible(clip(name))}${set.scope}; options: ${set.names.map((n) => `--${n}`).join(', ')}`;
}

/** The refusal of a word where none is expected. */
export function unexpectedArgument(word: string): string {
  return `unexpected argument ${quote(word)}; options start with --`;
}

/** "-x" or "-abc": short options to node:util, a stray word to this CLI ("-" is a positional). */
function isShortWord(arg: string): boolean {
  return arg.length > 1 && arg.startsWith('-') && !arg.startsWith('--');
}

function isName<Name extends string>(set: OptionSet<Name>): (name: string) => name is Name {
  return (name): name is Name => (set.names as readonly string[]).includes(name);
}

/**
 * "--items -5" reads -5 as the value of --items (and refuses it with the range), as the CLI
 * always has; node:util's strict mode calls a value that starts with "-" ambiguous instead, so
 * such a pair is passed to it as "--items=-5". A value starting with "--" stays apart: that is
 * an option without its value.
 */
function joinDashValues(argv: readonly string[], known: (name: string) => boolean): string[] {
  const args: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const next = argv[index + 1];
    if (
      arg.startsWith('--') &&
      known(arg.slice(2)) &&
      next?.startsWith('-') &&
      !next.startsWith('--')
    ) {
      args.push(`${arg}=${next}`);
      index++;
    } else args.push(arg);
  }
  return args;
}

/**
 * The options' values, each given once, with node:util's parseArgs in strict mode. Its errors
 * (ERR_PARSE_ARGS_UNKNOWN_OPTION, ERR_PARSE_ARGS_INVALID_OPTION_VALUE) are English paragraphs
 * naming only the first problem it met; the CLI names the first problem in argument order, in
 * one line, so the tokens (which parseArgs also gives for a command line its strict mode
 * refuses) are walked for it. Every other word goes to `word`, in order: a positional, or an
 * argument such as "-x" or "-abc" (this CLI has no short options: a stray word, given once).
 * "--" ends nothing: it is an unknown option.
 */
export function readOptions<Name extends string>(
  argv: readonly string[],
  set: OptionSet<Name>,
  word: (arg: string) => void,
): Map<Name, string> {
  const known = isName(set);
  const flags: readonly string[] = set.flags ?? [];
  const args = joinDashValues(argv, (name) => known(name) && !flags.includes(name));
  const options = Object.fromEntries(
    set.names.map((name) => [
      name,
      { type: flags.includes(name) ? ('boolean' as const) : ('string' as const) },
    ]),
  );
  let strictError: Error | null = null;
  try {
    // Short-option words are `word`'s to judge, as positionals are.
    const long = args.filter((arg) => !isShortWord(arg));
    parseArgs({ args: long, options, strict: true, allowPositionals: true });
  } catch (error) {
    strictError = error instanceof Error ? error : new Error(String(error));
  }
  const { tokens } = parseArgs({
    args,
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values = new Map<Name, string>();
  const refuseUnknown = (name: string): string => unknownOption(name, set);
  let lastShort = -1; // "-abc" is three tokens of one argument
  for (const token of tokens) {
    if (token.kind === 'positional') word(token.value);
    else if (token.kind === 'option-terminator') fail(refuseUnknown(''));
    else if (!token.rawName.startsWith('--')) {
      if (token.index !== lastShort) word(args[token.index]);
      lastShort = token.index;
    } else if (flags.includes(token.name) && known(token.name)) {
      // A flag: "--native" alone; "--native=yes" gives it a value it does not take.
      if (args[token.index] !== `--${token.name}`)
        fail(`--${token.name} takes no value, got ${quote(args[token.index])}`);
      if (values.has(token.name)) fail(`--${token.name} is given twice`);
      values.set(token.name, '');
    } else {
      const refused = takeOption(args, token, values, known, refuseUnknown);
      if (refused !== null) fail(refused);
    }
  }
  // Every error of the strict parse is one of the above; this only keeps a surprise to one line.
  if (strictError !== null) fail(`cannot read the arguments: ${strictError.message}`);
  return values;
}
