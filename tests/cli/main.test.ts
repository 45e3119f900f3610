import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real command line: node --import tsx src/cli/main.ts ARGS. */
function sim(args: string[]): Outcome {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 90_000,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface JsonEntry {
  layout: string;
  pages: number;
  operations: number;
  frames: number[];
  pageIns: number[];
  writebacks: number[];
}

const SMALL = ['--items', '2000', '--page-items', '64'];
const PAGES = 32; // slots 1..2000 at 64 per page: pages 0..31

describe('sim command line', () => {
  it.each([
    [['sweep', '--page-items', '500'], '--page-items'],
    [['sweep', '--seed', 'abc'], '--seed'],
    [['run', ...SMALL], '--frames'],
    [['sweep', '--bogus', '1'], '--bogus'],
  ])('a bad argument (%j) exits with code 2 and one line on stderr naming %s', (args, name) => {
    const outcome = sim(args);
    expect(outcome.status).toBe(2);
    expect(outcome.stdout).toBe('');
    const lines = outcome.stderr.split('\n').filter((line) => line.length > 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(outcome.stderr).not.toContain('    at ');
  });

  it('--help prints the usage and exits with code 0', () => {
    const outcome = sim(['--help']);
    expect(outcome.status).toBe(0);
    expect(outcome.stdout).toMatch(/^usage: npm run sim -- <sweep\|run\|trace\|scaling>/);
  });

  it('sweep --format json, sweep --format csv and run --frames 5 agree', () => {
    const json = sim(['sweep', ...SMALL, '--format', 'json']);
    expect(json.status).toBe(0);
    const results: JsonEntry[] = JSON.parse(json.stdout).results;
    expect(results.map((entry) => entry.layout)).toEqual(['binary', 'bheap']);
    for (const entry of results) {
      expect(entry.pages).toBe(PAGES);
      expect(entry.operations).toBe(8000);
      expect(entry.frames).toEqual(Array.from({ length: PAGES }, (_, index) => index + 1));
      expect(entry.pageIns).toHaveLength(PAGES);
      expect(entry.writebacks).toHaveLength(PAGES);
      expect(entry.pageIns[PAGES - 1]).toBe(0);
    }

    const csv = sim(['sweep', ...SMALL, '--format', 'csv']);
    expect(csv.status).toBe(0);
    const lines = csv.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('layout,frames,pageIns,writebacks,transfersPerOp,seconds');
    expect(lines).toHaveLength(1 + 2 * PAGES);
    for (const [index, entry] of results.entries()) {
      const rows = lines.slice(1 + index * PAGES, 1 + (index + 1) * PAGES);
      rows.forEach((row, f) => {
        const [layout, frames, pageIns, writebacks] = row.split(',');
        expect([layout, Number(frames), Number(pageIns), Number(writebacks)]).toEqual([
          entry.layout,
          f + 1,
          entry.pageIns[f],
          entry.writebacks[f],
        ]);
      });
    }

    const run = sim(['run', ...SMALL, '--frames', '5', '--format', 'json']);
    expect(run.status).toBe(0);
    const points: JsonEntry[] = JSON.parse(run.stdout).results;
    expect(points.map((entry) => entry.layout)).toEqual(['binary', 'bheap']);
    points.forEach((point, index) => {
      expect(point.frames).toEqual([5]);
      expect([point.pageIns[0], point.writebacks[0]]).toEqual([
        results[index].pageIns[4],
        results[index].writebacks[4],
      ]);
    });
  });
});

describe('sim sweep of one structure', () => {
  it('counts in a second thread (one layout leaves a core free) and prints the core’s curves', async () => {
    const { sweepLayout } = await import('../../src/core/experiments/sweep');
    const { structureSpec } = await import('../../src/core/structures/registry');
    for (const layout of ['binary', 'treap'] as const) {
      const outcome = sim(['sweep', '--layout', layout, '--items', '3000', '--page-items', '32']);
      expect(outcome.status, outcome.stderr).toBe(0);
      const [entry] = (JSON.parse(outcome.stdout) as { results: JsonEntry[] }).results;
      const direct = sweepLayout(structureSpec(layout, 32), {
        kind: 'phk',
        items: 3000,
        seed: 1,
        keyRange: 2 ** 31,
      });
      expect(entry.layout).toBe(layout);
      expect(entry.pageIns).toEqual(Array.from(direct.pageIns));
      expect(entry.writebacks).toEqual(Array.from(direct.writeBacks));
    }
  }, 120_000);
});
