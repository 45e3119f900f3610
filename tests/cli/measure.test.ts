// `npm run sim -- measure` end to end at small N: the table's shape and sanity (never its
// speed), the help, and refusals before any work (exit 2, one line on stderr, nothing on stdout).

import { describe, expect, it } from 'vitest';
import { defaultCompilers, findCompiler } from '../../src/cli/native/nativeBuild';
import { MACHINE_CSV_HEADER } from '../../src/core/experiments/machineReport';
import { refusalLine, simAsync } from './simProcess';

describe('sim measure', () => {
  it('prints one CSV row per layout and N, each with a sane median, spread and model', async () => {
    const outcome = await simAsync([
      'measure',
      '--layout',
      'binary,bheap64',
      '--sizes',
      '1024,2048',
      '--reps',
      '3',
      '--format',
      'csv',
    ]);
    expect(outcome.status, outcome.stderr).toBe(0);
    const lines = outcome.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(MACHINE_CSV_HEADER);
    expect(lines).toHaveLength(5);
    const header = MACHINE_CSV_HEADER.split(',');
    const rows = lines.slice(1).map((line) => {
      const cells = line.split(',');
      return Object.fromEntries(header.map((name, i) => [name, cells[i]]));
    });
    expect(rows.map((r) => `${r.layout}@${r.items}`)).toEqual([
      'binary@1024',
      'binary@2048',
      'bheap64@1024',
      'bheap64@2048',
    ]);
    for (const row of rows) {
      const [median, min, max] = [row.medianNs, row.minNs, row.maxNs].map(Number);
      expect(min).toBeGreaterThan(0);
      expect(min).toBeLessThanOrEqual(median);
      expect(median).toBeLessThanOrEqual(max);
      expect(Number(row.operations)).toBe(4 * Number(row.items));
      expect(Number(row.reps)).toBe(3);
      expect(Number(row.comparisonsPerOp)).toBeGreaterThan(1);
      expect(Number(row.predictedNs)).toBeGreaterThan(0);
      for (const level of ['l1MissesPerOp', 'l2MissesPerOp', 'l3MissesPerOp', 'tlbMissesPerOp'])
        expect(Number(row[level])).toBeGreaterThanOrEqual(0);
    }
    // Misses never grow from one level to the next (L1 ⊆ L2 ⊆ L3 by size).
    for (const row of rows) {
      expect(Number(row.l2MissesPerOp)).toBeLessThanOrEqual(Number(row.l1MissesPerOp));
      expect(Number(row.l3MissesPerOp)).toBeLessThanOrEqual(Number(row.l2MissesPerOp));
    }
  }, 60_000);

  it('the text table names each layout and says where it stands against the binary heap', async () => {
    const outcome = await simAsync([
      'measure',
      '--layout',
      'binary,dary4',
      '--sizes',
      '1024',
      '--reps',
      '3',
      '--predict',
      'off',
    ]);
    expect(outcome.status, outcome.stderr).toBe(0);
    expect(outcome.stdout).toContain('Binary heap');
    expect(outcome.stdout).toContain('Against the binary heap');
    // A verdict only where the min–max ranges are apart; where they overlap it says so.
    expect(outcome.stdout).toMatch(
      /4-ary heap: (faster|slower|within the spread) at every N measured/,
    );
    expect(outcome.stdout).toMatch(/^CPU: .+ \(\d+ logical CPUs/m);
    expect(outcome.stdout).toContain('disturb the timings');
  }, 60_000);

  it.skipIf(findCompiler(defaultCompilers()) === null)(
    '--native times the same heaps in C in the same rounds: one CSV row per engine, layout and N',
    async () => {
      const outcome = await simAsync(
        [
          'measure',
          '--layout',
          'binary,bheap4k',
          '--sizes',
          '1024',
          '--reps',
          '3',
          '--predict',
          'off',
          '--native',
          '--format',
          'csv',
        ],
        120_000,
      );
      expect(outcome.status, outcome.stderr).toBe(0);
      const lines = outcome.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe(`${MACHINE_CSV_HEADER},engine`);
      const cells = lines.slice(1).map((line) => line.split(','));
      expect(cells.map((c) => `${c[0]}@${c[3]}/${c[c.length - 1]}`)).toEqual([
        'binary@1024/wasm',
        'bheap4k@1024/wasm',
        'binary@1024/native',
        'bheap4k@1024/native',
      ]);
      for (const c of cells) {
        expect(Number(c[6])).toBeGreaterThan(0); // medianNs
        expect(c).toHaveLength(MACHINE_CSV_HEADER.split(',').length + 1);
      }
    },
    120_000,
  );

  it('--help prints its own usage', async () => {
    const outcome = await simAsync(['measure', '--help']);
    expect(outcome.status).toBe(0);
    expect(outcome.stdout).toMatch(/^usage: npm run sim -- measure/);
  }, 30_000);

  it.each([
    [['measure', '--sizes', '512'], '--sizes must be an integer from 1024 to 67108864, got 512'],
    [['measure', '--sizes', '1024,02048'], '--sizes must be written in plain digits, as 2048'],
    [['measure', '--layout', 'binary,bheap'], '--layout must list layouts from binary'],
    [['measure', '--form', 'pointer'], '--form must be one of key, ref, got "pointer"'],
    [['measure', '--reps', '1'], '--reps must be an integer from 3 to 15, got 1'],
    [['measure', '--items', '1024'], 'unknown option --items for measure'],
    [['measure', '--native=yes'], '--native takes no value, got "--native=yes"'],
    [['measure', '--native', '--native'], '--native is given twice'],
    [['measure', '--native', '3'], 'unexpected argument "3"'],
    [['measure', '--tlb', '0'], '--tlb must be an integer from 1 to 1048576, got 0'],
    [
      ['measure', '--sizes', '67108864', '--form', 'ref', '--workload', 'expiry'],
      '--sizes 67108864 with --form ref and --workload expiry needs about',
    ],
  ])(
    'refuses %j before any work: %s',
    async (args, text) => {
      const line = refusalLine(await simAsync(args));
      expect(line).toContain(text);
      expect(line.startsWith('sim: ')).toBe(true);
    },
    30_000,
  );
});
