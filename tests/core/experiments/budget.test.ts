// Tests the command line's memory budget: which commands it refuses, and how each refusal reads.
//
// Each refusal of a command line that would not fit is one line naming its options. The
// estimates it sums are tested against real arrays in memoryEstimate.test.ts and
// outputEstimate.test.ts.

import { describe, expect, it } from 'vitest';
import { budgetProblem } from '../../../src/cli/refusals';
import {
  CLI_MEMORY_BUDGET_BYTES,
  type CommandPlan,
  estimateCommand,
} from '../../../src/core/experiments/budget';
import { GIB } from '../../../src/core/experiments/byteUnits';
import { MAX_STRING_CHARS } from '../../../src/core/experiments/outputEstimate';
import type { Workload } from '../../../src/core/workloads/workloads';
import { phk } from './estimateTesting';

const plan = (over: Partial<CommandPlan>): CommandPlan => ({
  command: 'sweep',
  layouts: ['binary', 'bheap'],
  itemsPerPage: 512,
  nodeBytes: 48,
  workload: phk(1_000_000),
  frames: null,
  sizes: [],
  format: 'json',
  cpu: 'article',
  ...over,
});

describe('budgetProblem', () => {
  it('the budget is 4 GiB, and the defaults and the article’s runs are far within it', () => {
    expect(CLI_MEMORY_BUDGET_BYTES).toBe(4 * GIB);
    expect(budgetProblem(plan({}))).toBeNull();
    expect(estimateCommand(plan({})).bytes).toBeLessThan(GIB / 2);
    expect(budgetProblem(plan({ command: 'run', frames: 9 }))).toBeNull();
    expect(
      budgetProblem(
        plan({
          layouts: ['list', 'binary', 'bheap', 'dary4', 'dary8', 'treap', 'llrb', 'rb'],
          workload: phk(20_000),
          format: 'csv',
        }),
      ),
    ).toBeNull();
  });

  it('the largest heaps at the smallest pages still fit, one layout at a time in the text', () => {
    const big = plan({ itemsPerPage: 4, workload: phk(2 ** 24), format: 'csv' });
    expect(budgetProblem(big)).toBeNull();
    const output = estimateCommand(big).output;
    expect(output?.chars).toBeGreaterThan(MAX_STRING_CHARS);
    expect(output?.longest).toBeLessThan(MAX_STRING_CHARS);
  });

  it('run rb and sweep treap of 2^24 nodes of 4 KiB at 4 words a page: memory', () => {
    const items = phk(2 ** 24);
    const run = budgetProblem(
      plan({
        command: 'run',
        layouts: ['rb'],
        nodeBytes: 4096,
        itemsPerPage: 4,
        workload: items,
        frames: 1,
      }),
    );
    expect(run).toMatch(
      /^--items 16777216 with --layout rb, --node-bytes 4096 and --page-items 4 spans 2,147,483,776 pages and would need about \d+ GiB; the command line's budget is 4 GiB \(fewer --items, larger --page-items or smaller --node-bytes\)$/,
    );
    const sweep = budgetProblem(
      plan({ layouts: ['treap'], nodeBytes: 4096, itemsPerPage: 4, workload: items }),
    );
    expect(sweep).toMatch(
      /^--items 16777216 with --layout treap, --node-bytes 4096 and --page-items 4 spans 2,147,483,776 pages and would need about \d+ GiB; the command line's budget is 4 GiB/,
    );
  });

  it('scaling: the arena cannot address 2^24 nodes of 4 KiB, although their arrays would fit', () => {
    const message = budgetProblem(
      plan({
        command: 'scaling',
        layouts: ['binary', 'rb'],
        nodeBytes: 4096,
        sizes: [100, 2 ** 24],
        workload: { kind: 'asterisk', items: 1, seed: 1, keyRange: 2 ** 31 },
      }),
    );
    expect(message).toBe(
      '--sizes up to 16777216 with --layout binary,rb and --node-bytes 4096 spans 8,589,935,104 words of simulated memory; a node’s words must have addresses below 2^31 (16 GiB of 8-byte words) (smaller --sizes or smaller --node-bytes)'.replace(
        '’',
        "'",
      ),
    );
    expect(
      budgetProblem(
        plan({
          command: 'scaling',
          layouts: ['binary', 'rb'],
          sizes: [2 ** 24],
          cpu: 'measure',
          workload: { kind: 'asterisk', items: 1, seed: 1, keyRange: 2 ** 31 },
        }),
      ),
    ).toBeNull();
  });

  it('expiry at the largest N: its due times are a bitmap, so no Set limit applies', () => {
    const expiry: Workload = { kind: 'expiry', items: 2 ** 24, seed: 1, keyRange: 2 ** 31 };
    expect(budgetProblem(plan({ layouts: ['binary'], workload: expiry }))).toBeNull();
  });

  it('a script names --ops, and every message is one line', () => {
    const ops = Array.from({ length: 100_000 }, (_, key) => ({ op: 'insert' as const, key }));
    const message = budgetProblem(
      plan({
        layouts: ['rb', 'treap', 'llrb', 'list'],
        nodeBytes: 4096,
        itemsPerPage: 4,
        workload: { kind: 'script', ops },
      }),
    );
    expect(message).toMatch(
      /^--ops \(up to 100000 items at once\) with --layout rb,treap,llrb,list, --node-bytes 4096 and --page-items 4 spans 12,800,128 pages and would need about/,
    );
    expect(message).toContain(
      '(a script that holds fewer items, larger --page-items, smaller --node-bytes or fewer --layout)',
    );
    expect(message).not.toContain('\n');
  });
});

describe('the memory of policies other than LRU', () => {
  it('the article’s run fits under every policy, both heaps and the strict one at once', () => {
    const every = plan({
      layouts: ['binary', 'bheap', 'bheap-strict'],
      format: 'csv',
      policies: ['lru', 'opt', 'clock', 'fifo'],
    });
    expect(budgetProblem(every)).toBeNull();
    expect(estimateCommand(every).bytes).toBeGreaterThan(estimateCommand(plan({})).bytes);
    expect(budgetProblem(plan({ command: 'run', frames: 9, policies: ['opt'] }))).toBeNull();
  });

  it('the largest heaps at the smallest pages are refused under OPT, naming the settings', () => {
    const message = budgetProblem(
      plan({ itemsPerPage: 4, workload: phk(2 ** 24), format: 'csv', policies: ['opt'] }),
    );
    expect(message).toMatch(
      /^--items 16777216 with --layout binary,bheap and --page-items 4 spans [\d,]+ pages and would need about \d+ GiB; the command line's budget is 4 GiB/,
    );
  });
});
