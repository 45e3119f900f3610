// Tests validateCommandLine's refusals beyond parseArgs' syntax and ranges.
//
// Scripts that cannot run on a layout, runs that would not fit the memory budget.

import { describe, expect, it } from 'vitest';
import { validateCommandLine } from '../../src/cli/args';
import type { Workload } from '../../src/core/workloads/workloads';

function refusal(argv: string[]): string {
  const outcome = validateCommandLine(argv);
  if (outcome.kind !== 'error') throw new Error(`expected ${argv.join(' ')} to be refused`);
  return outcome.message;
}

function accepted(argv: string[]): void {
  const outcome = validateCommandLine(argv);
  expect(outcome, argv.join(' ')).toMatchObject({ kind: 'ok' });
}

const script = (ops: string, ...rest: string[]): string[] => [
  'sweep',
  '--workload',
  'script',
  '--ops',
  ops,
  '--page-items',
  '8',
  ...rest,
];

describe('validateCommandLine: scripts run on every layout before the run', () => {
  it('a node the list does not hold', () => {
    expect(
      refusal([
        'run',
        '--layout',
        'list',
        '--workload',
        'script',
        '--ops',
        'i 5, i 6, pop, del 1',
        '--frames',
        '1',
      ]),
    ).toBe(
      '--ops: operation 4 (del 1) cannot run on list (scripts name its nodes): delete: node 1 holds no item of this list',
    );
  });

  it('a slot below a d-ary heap’s root, named on the first layout that refuses it', () => {
    expect(refusal(script('i 5, i 6, del 1', '--layout', 'binary,dary4'))).toBe(
      '--ops: operation 3 (del 1) cannot run on dary4 (scripts name its slots): delete: slot must be from 3 to 4, got 1',
    );
    expect(refusal(script('i 5, i 6, re 2 1', '--layout', 'dary8'))).toMatch(
      /^--ops: operation 3 \(re 2 1\) cannot run on dary8 \(scripts name its slots\): /,
    );
  });

  it('scripts every layout can run are accepted, nodes reused after a pop included', () => {
    accepted(script('i 5, i 6, pop, i 7, del 1', '--layout', 'treap,llrb,rb,list'));
    accepted(script('i 5, i 3, i 9, pop, del 2', '--layout', 'binary,bheap'));
  });
});

describe('validateCommandLine: runs that would not fit the memory budget', () => {
  it('the run and the sweep of 2^24 nodes of 4 KiB at 4 words a page', () => {
    const big = ['--node-bytes', '4096', '--page-items', '4', '--items', '16777216'];
    expect(refusal(['run', '--layout', 'rb', ...big, '--frames', '1'])).toBe(
      "--items 16777216 with --layout rb, --node-bytes 4096 and --page-items 4 spans 2,147,483,776 pages and would need about 29 GiB; the command line's budget is 4 GiB (fewer --items, larger --page-items or smaller --node-bytes)",
    );
    expect(refusal(['sweep', '--layout', 'treap', ...big])).toBe(
      "--items 16777216 with --layout treap, --node-bytes 4096 and --page-items 4 spans 2,147,483,776 pages and would need about 202 GiB; the command line's budget is 4 GiB (fewer --items, larger --page-items or smaller --node-bytes)",
    );
  });

  it('scaling: nodes the arena cannot address', () => {
    expect(
      refusal(['scaling', '--layout', 'rb', '--node-bytes', '4096', '--sizes', '16777216']),
    ).toBe(
      "--sizes 16777216 with --layout rb and --node-bytes 4096 spans 8,589,935,104 words of simulated memory; a node's words must have addresses below 2^31 (16 GiB of 8-byte words) (smaller --sizes or smaller --node-bytes)",
    );
  });

  it('the largest runs that fit are accepted', () => {
    accepted(['sweep', '--items', '16777216', '--page-items', '4', '--format', 'csv']);
    accepted([
      'run',
      '--layout',
      'rb',
      '--items',
      '16777216',
      '--page-items',
      '4',
      '--frames',
      '1',
    ]);
    accepted([
      'scaling',
      '--layout',
      'binary,treap,llrb,rb',
      '--sizes',
      '16777216',
      '--cpu',
      'measure',
    ]);
  });

  it('--until-op over the budget is refused before any work: its range comes from the formula', () => {
    const line = ['run', '--items', '16777216', '--layout', 'rb', '--node-bytes', '4096'];
    const argv = [...line, '--page-items', '4', '--frames', '1', '--until-op', '5'];
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const message = refusal(argv);
    const seconds = (performance.now() - started) / 1000;
    const grownBytes = process.memoryUsage().rss - before;
    // The same refusal as without --until-op: the budget speaks first.
    expect(message).toBe(refusal(argv.slice(0, -2)));
    expect(message).toMatch(/would need about 29 GiB; the command line's budget is 4 GiB/);
    // Recording the run's 67 million operations to learn its size took seconds and 1.3 GB.
    expect(seconds).toBeLessThan(1);
    expect(grownBytes).toBeLessThan(200 * 2 ** 20);
  });

  it("expiry's operations are counted only for a run that fits: the budget speaks first", () => {
    const counted: unknown[] = [];
    const count = (workload: Workload): number => {
      counted.push(workload);
      return 10;
    };
    const big = ['run', '--workload', 'expiry', '--items', '16777216', '--layout', 'rb'];
    const argv = [...big, '--node-bytes', '4096', '--page-items', '4', '--frames', '1'];
    expect(validateCommandLine([...argv, '--until-op', '5'], count)).toEqual(
      validateCommandLine(argv, count),
    );
    expect(counted).toEqual([]);
    // A run that fits is counted once, and --until-op read against that count.
    const small = [
      'run',
      '--workload',
      'expiry',
      '--items',
      '100',
      '--page-items',
      '8',
      '--frames',
      '2',
    ];
    expect(validateCommandLine([...small, '--until-op', '11'], count)).toEqual({
      kind: 'error',
      message:
        '--until-op must be an integer from 1 to 10, got 11 (the operations of this workload: 10)',
    });
    expect(counted).toHaveLength(1);
  });
});

describe("validateCommandLine: --until-op against expiry's real operations (issue 35)", () => {
  const line = ['run', '--workload', 'expiry', '--items', '100', '--frames', '2'];
  const untilOp = [...line, '--page-items', '8', '--until-op'];

  it("names the run's own count, 319, where 4N = 400 was said and accepted", () => {
    for (const text of ['99999', '400', '320'])
      expect(refusal([...untilOp, text])).toBe(
        `--until-op must be an integer from 1 to 319, got ${text} (the operations of this workload: 319)`,
      );
  });

  it('takes every operation of the run, the last included', () => {
    for (const text of ['1', '200', '319']) {
      const outcome = validateCommandLine([...untilOp, text]);
      expect(outcome).toMatchObject({ kind: 'ok', options: { untilOp: Number(text) } });
    }
  });
});
