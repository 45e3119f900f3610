// `sim kernel`'s options: the defaults, every option read, and each refusal in one line naming the
// option and what it accepts. Then the command line itself refuses before any work (exit 2).

import { describe, expect, it } from 'vitest';
import { COMMANDS, commandOf } from '../../../src/cli/commands';
import { OS_KERNEL_DEFAULTS, parseOsKernelArgs } from '../../../src/cli/osKernel/osKernelArgs';
import { refusalLine, simAsync } from '../simProcess';

function refusal(args: string[]): string {
  const outcome = parseOsKernelArgs(args);
  if (outcome.kind !== 'error') throw new Error(`not refused: ${args.join(' ')}`);
  return outcome.message;
}

describe('sim kernel options', () => {
  it('defaults to the article’s run at four rooms', () => {
    const outcome = parseOsKernelArgs(['kernel']);
    expect(outcome).toEqual({
      kind: 'ok',
      options: {
        layouts: ['binary', 'bheap'],
        workload: 'phk',
        items: 1_000_000,
        pageItems: 512,
        seed: 1,
        memoryPages: OS_KERNEL_DEFAULTS.memoryPages,
        timeoutSeconds: 1800,
        dir: null,
        cgroup: 'auto',
        format: 'text',
      },
    });
  });

  it('reads every option, in either form, and sorts the rooms', () => {
    const outcome = parseOsKernelArgs([
      'kernel',
      '--layout',
      'bheap,binary,dary4',
      '--items=20000',
      '--page-items',
      '256',
      '--memory-pages',
      '64,32,48',
      '--workload',
      'expiry',
      '--seed',
      '0',
      '--timeout',
      '60',
      '--dir',
      '/var/tmp',
      '--cgroup',
      'v1',
      '--format',
      'json',
    ]);
    expect(outcome.kind).toBe('ok');
    if (outcome.kind !== 'ok') return;
    expect(outcome.options).toEqual({
      layouts: ['bheap', 'binary', 'dary4'],
      workload: 'expiry',
      items: 20_000,
      pageItems: 256,
      seed: 0,
      memoryPages: [32, 48, 64],
      timeoutSeconds: 60,
      dir: '/var/tmp',
      cgroup: 'v1',
      format: 'json',
    });
  });

  it.each([
    [
      ['--layout', 'binary,treap'],
      '--layout must list layouts from binary, bheap, dary4, dary8, got "treap"',
    ],
    [['--layout', 'binary,binary'], '--layout names a layout twice'],
    [['--items', '999'], '--items must be an integer from 1000 to 16777216, got 999'],
    [['--items', '02000'], '--items must be written in plain digits, as 2000'],
    [['--page-items', '1024'], '--page-items must be an integer from 4 to 512, got 1024'],
    [['--page-items', '384'], '--page-items must be a power of two from 4 to 512, got 384'],
    [
      ['--memory-pages', '8'],
      '--memory-pages must be an integer from 16 to 4194304, got 8 (a comma-separated list of pages)',
    ],
    [['--memory-pages', '64,64'], '--memory-pages names a size twice'],
    [
      ['--memory-pages', Array.from({ length: 17 }, (_, i) => 20 + i).join(',')],
      '--memory-pages lists 17 sizes; at most 16',
    ],
    [['--workload', 'asterisk'], '--workload must be one of phk, expiry, got "asterisk"'],
    [['--timeout', '1'], '--timeout must be an integer from 5 to 86400, got 1'],
    [['--cgroup', 'v3'], '--cgroup must be one of auto, v1, v2, systemd, got "v3"'],
    [['--format', 'xml'], '--format must be one of text, csv, json, got "xml"'],
    [['--dir', ''], '--dir must name a directory'],
    [['--frames', '10'], 'unknown option --frames for kernel; options: --layout, --items'],
    [['--items', '2000', '--items', '3000'], '--items is given twice'],
    [['extra'], 'unexpected argument "extra"; options start with --'],
    [['--items'], '--items needs a value'],
  ])('refuses %j: %s', (args, message) => {
    expect(refusal(['kernel', ...args])).toContain(message);
  });

  it('is chosen by its first word that is no option nor option value, and listed', () => {
    expect(commandOf(['kernel'])).toBe('kernel');
    expect(commandOf(['--format', 'json', 'kernel'])).toBe('kernel');
    expect(commandOf(['measure', 'kernel'])).toBe('measure');
    expect(commandOf(['--items', 'kernel', 'run'])).toBe('run');
    expect(COMMANDS).toContain('kernel');
  });

  it('refuses a flag it does not have, with every option it has', () => {
    expect(refusal(['kernel', '--native'])).toMatch(
      /^unknown option --native for kernel; options: --layout, /,
    );
  });

  it('prints its usage and refuses a bad command line before any work', async () => {
    const help = await simAsync(['kernel', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run sim -- kernel/);
    expect(help.stdout).toContain('--memory-pages F[,F]');
    const line = refusalLine(await simAsync(['kernel', '--page-items', '300']));
    expect(line).toBe('sim: --page-items must be a power of two from 4 to 512, got 300');
  }, 30_000);
});
