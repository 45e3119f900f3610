// The command line with --policy: what sweep and run print, through the real process, against the
// core's one-thread sweep (sweepPolicies) and direct pagers (runAtFrames).

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { frameBatches } from '../../src/cli/policies';
import { sweepPolicies } from '../../src/core/experiments/policySweep';
import { runAtFrames } from '../../src/core/experiments/sweep';
import { structureSpec } from '../../src/core/structures/registry';
import type { Workload } from '../../src/core/workloads/workloads';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sim(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 90_000,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface PolicyEntry {
  layout: string;
  policy: string;
  frames: number[];
  pageIns: number[];
  writebacks: number[];
  operations: number;
}

const SMALL = ['--items', '2000', '--page-items', '64'];
const WORKLOAD: Workload = { kind: 'phk', items: 2000, seed: 1, keyRange: 2 ** 31 };

describe('sim sweep --policy', () => {
  it('prints, per layout and policy, the frame counts and counts the core’s sweep gives (JSON and CSV agree)', () => {
    const policies = ['opt', 'fifo', 'lru', 'clock'];
    const json = sim([
      'sweep',
      ...SMALL,
      '--layout',
      'binary,bheap-strict',
      '--policy',
      policies.join(','),
      '--format',
      'json',
    ]);
    expect(json.status, json.stderr).toBe(0);
    const entries: PolicyEntry[] = JSON.parse(json.stdout).results;
    expect(entries.map((entry) => `${entry.layout} ${entry.policy}`)).toEqual(
      ['binary', 'bheap-strict'].flatMap((layout) =>
        policies.map((policy) => `${layout} ${policy}`),
      ),
    );
    for (const layout of ['binary', 'bheap-strict'] as const) {
      const core = sweepPolicies(structureSpec(layout, 64), WORKLOAD, [
        'opt',
        'fifo',
        'lru',
        'clock',
      ]);
      for (const curve of core.curves) {
        const entry = entries.find((e) => e.layout === layout && e.policy === curve.policy);
        expect(entry?.frames).toEqual(curve.frames);
        expect(entry?.pageIns).toEqual(Array.from(curve.pageIns));
        expect(entry?.writebacks).toEqual(Array.from(curve.writeBacks));
        expect(entry?.operations).toBe(core.operations);
      }
    }
    const csv = sim([
      'sweep',
      ...SMALL,
      '--layout',
      'binary,bheap-strict',
      '--policy',
      policies.join(','),
      '--format',
      'csv',
    ]);
    expect(csv.status, csv.stderr).toBe(0);
    const rows = csv.stdout.trimEnd().split('\n');
    expect(rows[0]).toBe('layout,policy,frames,pageIns,writebacks,transfersPerOp,seconds');
    const fromJson = entries.flatMap((entry) =>
      entry.frames.map((frames, index) =>
        [entry.layout, entry.policy, frames, entry.pageIns[index], entry.writebacks[index]].join(
          ',',
        ),
      ),
    );
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 5).join(','))).toEqual(fromJson);
  }, 120_000);

  it('--policy lru prints exactly what sweep prints without it', () => {
    const plain = sim(['sweep', ...SMALL, '--format', 'csv']);
    const lru = sim(['sweep', ...SMALL, '--format', 'csv', '--policy', 'lru']);
    expect(lru.status).toBe(0);
    expect(lru.stdout).toBe(plain.stdout);
  }, 60_000);
});

describe('sim run --policy', () => {
  it('prints one row per layout and policy, the direct pager’s counts', () => {
    const outcome = sim([
      'run',
      ...SMALL,
      '--frames',
      '7',
      '--policy',
      'clock,opt',
      '--format',
      'csv',
    ]);
    expect(outcome.status, outcome.stderr).toBe(0);
    const rows = outcome.stdout.trimEnd().split('\n');
    expect(rows[0]).toBe('layout,policy,frames,pageIns,writebacks,transfersPerOp,seconds');
    const expected = (['binary', 'bheap'] as const).flatMap((layout) =>
      (['clock', 'opt'] as const).map((policy) => {
        const point = runAtFrames(structureSpec(layout, 64), WORKLOAD, 7, null, policy);
        return [layout, policy, 7, point.pageIns, point.writeBacks].join(',');
      }),
    );
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 5).join(','))).toEqual(expected);
  }, 60_000);
});

describe('frameBatches', () => {
  it('deals the frame counts out so every batch gets small and large ones, none lost', () => {
    const frames = Array.from({ length: 10 }, (_, k) => k + 1);
    expect(frameBatches(frames, 3)).toEqual([
      [1, 4, 7, 10],
      [2, 5, 8],
      [3, 6, 9],
    ]);
    expect(frameBatches([5], 4)).toEqual([[5]]);
  });
});
