// The commands of `npm run sim`, in one list: main.ts dispatches on it, and an unknown or missing
// command is answered with all of it. `measure` and `kernel` have options of their own
// (measureArgs.ts, osKernel/osKernelArgs.ts); the simulation commands share args.ts. A new command is added here, and given its parser in main.ts.

import { quote } from '../core/quote';

export const COMMANDS = ['sweep', 'run', 'trace', 'scaling', 'measure', 'kernel'] as const;

export type CommandName = (typeof COMMANDS)[number];

/**
 * The word a command line names its command with: its first argument that is neither an option
 * nor an option's value ("--name value"; "--name=value" is one argument). Null if there is none.
 */
export function commandOf(argv: readonly string[]): string | null {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (!arg.startsWith('-')) return arg;
    if (arg.startsWith('--') && !arg.includes('=')) index++;
  }
  return null;
}

/** Whether the command line asks for the usage: --help or -h wins wherever it is. */
export function asksForHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

export function unknownCommand(word: string): string {
  return `unknown command ${quote(word)}; commands: ${COMMANDS.join(', ')}`;
}

export function missingCommand(): string {
  return `missing command: ${COMMANDS.slice(0, -1).join(', ')} or ${COMMANDS[COMMANDS.length - 1]} (see --help)`;
}
