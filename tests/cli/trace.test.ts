// `npm run sim -- trace`: the page-reference trace from the command line.

import { describe, expect, it } from 'vitest';
import { refusalLine as refusal, simAsync } from './simProcess';

describe('sim trace', () => {
  it('writes one row per reference, as many as run counts, with the documented columns', async () => {
    const common = [
      '--layout',
      'binary,bheap',
      '--items',
      '40',
      '--page-items',
      '8',
      '--frames',
      '2',
    ];
    const [trace, run] = await Promise.all([
      simAsync(['trace', ...common]),
      simAsync(['run', ...common, '--format', 'json']),
    ]);
    expect(trace.status).toBe(0);
    const lines = trace.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'step,side,operation,kind,unit,address,page,access,outcome,evicted,write_back,stack_distance',
    );
    const rows = lines.slice(1).map((line) => line.split(','));
    // run's JSON gives arrays over its frame counts: one here.
    const results = JSON.parse(run.stdout).results as {
      layout: string;
      accesses: number;
      pageIns: number[];
      writebacks: number[];
    }[];
    for (const [index, side] of ['left', 'right'].entries()) {
      const mine = rows.filter((row) => row[1] === side);
      expect(mine.length).toBe(results[index].accesses);
      expect(mine.filter((row) => row[8] === 'page-in').length).toBe(results[index].pageIns[0]);
      expect(mine.filter((row) => row[10] === '1').length).toBe(results[index].writebacks[0]);
    }
  }, 30_000);

  it('refuses JSON, more than two layouts and a missing frame count, naming the option', async () => {
    const outcomes = await Promise.all([
      simAsync([
        'trace',
        '--items',
        '40',
        '--page-items',
        '8',
        '--frames',
        '2',
        '--format',
        'json',
      ]),
      simAsync(['trace', '--layout', 'binary,bheap,dary4', '--items', '40', '--frames', '1']),
      simAsync(['trace', '--items', '40']),
    ]);
    expect(outcomes.map(refusal)).toEqual([
      'sim: trace writes CSV only: --format must be csv',
      "sim: --layout: trace follows one or two layouts (the page's two sides), got 3",
      'sim: trace needs --frames, from 1 to 1 (the pages this scenario spans)',
    ]);
  }, 30_000);
});
