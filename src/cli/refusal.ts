// A refused command line: thrown where a parser finds the problem, caught once at the parser's
// edge and returned as one line with no control character in it (main.ts prints it, exit 2).

import { visible } from '../core/quote';

/** A problem with the command line, worded for the user. */
class ArgumentError extends Error {}

/** Refuses the command line with `message`. */
export function fail(message: string): never {
  throw new ArgumentError(message);
}

/** What `parse` returns, or the refusal it threw with fail(). Other errors are not refusals. */
export function refusalOf<T>(parse: () => T): T | { kind: 'error'; message: string } {
  try {
    return parse();
  } catch (error) {
    // Echoed input is quoted where it is echoed; this is the net under it: one line, no
    // control character (a right-to-left override would reverse the rest of the line).
    if (error instanceof ArgumentError) return { kind: 'error', message: visible(error.message) };
    throw error;
  }
}

/** What a command's parser returns: its options, a request for the usage, or the refusal. */
export type CommandOutcome<Options> =
  | { kind: 'ok'; options: Options }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

/**
 * Answers a command line that asked for the usage (printed, exit 0) or was refused (one line on
 * stderr, exit 2): what every command does before any work. Returns the exit code.
 */
export function answerWithoutWork(
  outcome: { kind: 'help' } | { kind: 'error'; message: string },
  usage: string,
): number {
  if (outcome.kind === 'help') {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  process.stderr.write(`sim: ${outcome.message}\n`);
  return 2;
}
