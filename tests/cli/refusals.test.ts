// Tests that the real process refuses what it cannot run, before any work.
//
// Exit code 2, one line on stderr naming the options, nothing on stdout.

import { describe, expect, it } from 'vitest';
import { refusalLine as refusal, simAsync } from './simProcess';

describe('sim refuses what it cannot run, before running it', () => {
  it('a script that deletes a node the list does not hold names --ops and the operation', async () => {
    const line = refusal(
      await simAsync([
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
    );
    expect(line).toBe(
      'sim: --ops: operation 4 (del 1) cannot run on list (scripts name its nodes): delete: node 1 holds no item of this list',
    );
  }, 30_000);

  it('runs and sweeps whose memory would pass the budget, with the pages and the memory they need', async () => {
    const [run, sweep] = await Promise.all([
      simAsync([
        'run',
        '--layout',
        'rb',
        '--node-bytes',
        '4096',
        '--page-items',
        '4',
        '--items',
        '16777216',
        '--frames',
        '1',
      ]),
      simAsync([
        'sweep',
        '--layout',
        'treap',
        '--node-bytes',
        '4096',
        '--page-items',
        '4',
        '--items',
        '16777216',
      ]),
    ]);
    for (const [outcome, layout] of [
      [run, 'rb'],
      [sweep, 'treap'],
    ] as const) {
      const line = refusal(outcome);
      expect(line).toMatch(
        new RegExp(
          `^sim: --items 16777216 with --layout ${layout}, --node-bytes 4096 and --page-items 4 spans 2,147,483,776 pages and would need about [\\d.]+ GiB; the command line's budget is 4 GiB \\(`,
        ),
      );
      expect(outcome.seconds).toBeLessThan(15);
    }
  }, 30_000);
});

describe('sim refuses a bad --policy before running anything', () => {
  it('an unknown policy, with the allowed ones', async () => {
    const line = refusal(await simAsync(['sweep', '--policy', 'lru,lfu']));
    expect(line).toBe('sim: --policy must list policies from lru, fifo, clock, opt, got "lfu"');
  }, 30_000);

  it('--policy with scaling, and sweep frame counts without FIFO or CLOCK', async () => {
    const [scaling, frames] = await Promise.all([
      simAsync(['scaling', '--policy', 'opt']),
      simAsync(['sweep', '--policy', 'opt', '--frames', '9']),
    ]);
    expect(refusal(scaling)).toBe(
      'sim: --policy applies only to sweep, run and trace; scaling does not take it',
    );
    expect(refusal(frames)).toBe(
      'sim: --frames applies only to run and trace, and to sweep with --policy fifo or clock (frame counts they must include)',
    );
  }, 30_000);
});
