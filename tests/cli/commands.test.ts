// The commands of `npm run sim`: which one a command line names, and how a missing or unknown one
// is answered (with every command, from the one list).

import { describe, expect, it } from 'vitest';
import {
  asksForHelp,
  COMMANDS,
  commandOf,
  missingCommand,
  unknownCommand,
} from '../../src/cli/commands';

describe('commandOf', () => {
  it('is the first argument that is no option nor an option value', () => {
    expect(commandOf(['measure'])).toBe('measure');
    expect(commandOf(['--format', 'csv', 'measure'])).toBe('measure');
    expect(commandOf(['--format=csv', 'measure', '--reps', '3'])).toBe('measure');
    expect(commandOf(['sweep', 'measure'])).toBe('sweep');
    expect(commandOf(['--ops', 'measure', 'run'])).toBe('run');
    // A single dash is no option that takes a value: the next word is the command.
    expect(commandOf(['-x', 'measure'])).toBe('measure');
    expect(commandOf(['kernel', '--items', '5'])).toBe('kernel');
    expect(commandOf(['--items', '5'])).toBeNull();
    expect(commandOf([])).toBeNull();
  });
});

describe('a missing or unknown command', () => {
  it('is answered with every command of the list, measure included', () => {
    expect(COMMANDS).toContain('measure');
    expect(unknownCommand('kernal')).toBe(
      `unknown command "kernal"; commands: ${COMMANDS.join(', ')}`,
    );
    expect(unknownCommand('kernal')).toBe(
      'unknown command "kernal"; commands: sweep, run, trace, scaling, measure, kernel',
    );
    expect(missingCommand()).toBe(
      'missing command: sweep, run, trace, scaling, measure or kernel (see --help)',
    );
  });

  it('names every command of the list, whatever it holds', () => {
    for (const command of COMMANDS) {
      expect(unknownCommand('x')).toMatch(new RegExp(`[ ,]${command}(,|$)`));
      expect(missingCommand()).toMatch(new RegExp(`[ ,]${command}( |,)`));
    }
  });

  it('quotes the word it did not know, its control characters made visible', () => {
    expect(unknownCommand('walk\u0007')).toMatch(/^unknown command "walk<U\+0007>"; /);
  });
});

describe('asksForHelp', () => {
  it('--help or -h anywhere, as a whole argument', () => {
    expect(asksForHelp(['sweep', '--bogus', '-h'])).toBe(true);
    expect(asksForHelp(['--items', '--help'])).toBe(true);
    expect(asksForHelp(['sweep', '--help=1'])).toBe(false);
    expect(asksForHelp(['sweep', '-hx'])).toBe(false);
  });
});
