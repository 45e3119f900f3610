// One `--name value` or `--name=value` option, as node:util's parseArgs tokenises it, read the
// same way by every command: the name as typed, known, given once, with a value.

/** What an option token of parseArgs carries. */
export interface OptionToken {
  index: number;
  value?: string | undefined;
  inlineValue?: boolean | undefined;
}

/**
 * Puts the option into `values`; returns the one-line refusal instead when it names no option,
 * repeats one, or has no value. The name is read from the argument as typed ("--=5" names no
 * option, where parseArgs reads one called "=5").
 */
export function takeOption<Name extends string>(
  args: readonly string[],
  token: OptionToken,
  values: Map<Name, string>,
  isName: (name: string) => name is Name,
  unknownOption: (name: string) => string,
): string | null {
  const arg = args[token.index];
  const equals = arg.indexOf('=');
  const name = equals >= 0 ? arg.slice(2, equals) : arg.slice(2);
  if (!isName(name)) return unknownOption(name);
  if (values.has(name)) return `--${name} is given twice`;
  const value = token.value;
  if (value === undefined || (!token.inlineValue && value.startsWith('--')))
    return `--${name} needs a value`;
  values.set(name, value);
  return null;
}
