// The native helper pops what the TypeScript core pops: for every layout, both item forms and both
// workloads, its hash of the removed items (in order) equals the core's, at sizes where random(3)
// draws equal keys (so ties break the same way too). Its pager mode, run on a plain file without
// a cgroup, counts the same run and refuses to report when told another hash. Built with the
// system's C compiler; skipped, saying so, where there is none.

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, ftruncateSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCompilers, findCompiler, nativeHelper } from '../../src/cli/native/nativeBuild';
import { arrayPagesOf, type OsKernelLayout } from '../../src/core/experiments/osKernelReport';
import { removedHash } from '../../src/core/measure/removedHash';
import type { StructureKind } from '../../src/core/structures/registry';
import { FULL_KEY_RANGE, type Workload } from '../../src/core/workloads/workloads';

const compiler = findCompiler(defaultCompilers());
if (compiler === null)
  console.log(
    'tests/native/bheapNative.test.ts: no C compiler here (cc, gcc, clang): the native helper is not tested',
  );
const helper = compiler === null ? '' : nativeHelper().path;

const work = mkdtempSync(join(tmpdir(), 'native-helper-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function core(
  kind: StructureKind,
  pageItems: number,
  workload: Workload,
): { operations: number; hash: number } {
  return removedHash({ kind, itemsPerPage: pageItems, nodeBytes: 48 }, workload);
}

function native(args: string[]): { operations: number; hash: number } {
  const out = spawnSync(helper, ['hash', ...args], { encoding: 'utf8' });
  expect(out.status, out.stdout + out.stderr).toBe(0);
  return JSON.parse(out.stdout) as { operations: number; hash: number };
}

const LAYOUTS: readonly OsKernelLayout[] = ['binary', 'bheap', 'dary4', 'dary8'];

describe.skipIf(compiler === null)('the native helper against the core', () => {
  it.each(
    LAYOUTS.flatMap((layout) =>
      (['phk', 'expiry'] as const).flatMap((workload) =>
        [
          { items: 1000, seed: 1, pageItems: 8 },
          { items: 20_000, seed: 7, pageItems: 512 },
        ].map((run) => ({ layout, workload, ...run })),
      ),
    ),
  )(
    '$layout, $workload, N = $items: both forms pop as the core does',
    ({ layout, workload, items, seed, pageItems }) => {
      const expected = core(layout, pageItems, {
        kind: workload,
        items,
        seed,
        keyRange: FULL_KEY_RANGE,
      });
      for (const form of ['key', 'ref']) {
        const got = native([
          `layout=${layout}`,
          `page-log2=${Math.log2(pageItems)}`,
          `form=${form}`,
          `workload=${workload}`,
          `items=${items}`,
          `seed=${seed}`,
        ]);
        expect(got, `${form} form`).toEqual(expected);
      }
    },
  );

  it('breaks ties as the core does (dozens of equal keys among 300,000 over 4,096-slot pages)', () => {
    const workload: Workload = { kind: 'phk', items: 300_000, seed: 3, keyRange: FULL_KEY_RANGE };
    for (const layout of ['binary', 'bheap'] as const) {
      const got = native([
        `layout=${layout}`,
        'page-log2=12',
        'form=key',
        'workload=phk',
        'items=300000',
        'seed=3',
      ]);
      expect(got, layout).toEqual(core(layout, 4096, workload));
    }
  }, 60_000);
});

/** Runs the pager mode on a plain file; answers go and bye; returns its lines and exit code. */
async function pagerMode(args: string[]): Promise<{ lines: string[]; code: number | null }> {
  const child = spawn(helper, ['pager', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (line.startsWith('ready ')) child.stdin.write('go\n');
    if (line.startsWith('done ')) child.stdin.write('bye\n');
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { lines, code };
}

function arrayFile(name: string, bytes: number): string {
  const file = join(work, name);
  const fd = openSync(file, 'wx');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return file;
}

describe.skipIf(compiler === null)('the native helper’s pager mode, on a plain file', () => {
  it('runs the same heap in the mapped file (16-byte slots too), counts it, and unlinks the file', async () => {
    for (const pageItems of [512, 256]) {
      const workload: Workload = { kind: 'expiry', items: 5000, seed: 2, keyRange: FULL_KEY_RANGE };
      const expected = core('bheap', pageItems, workload);
      const pages = arrayPagesOf('bheap', 'expiry', 5000, pageItems);
      const file = arrayFile(`array-${pageItems}`, pages * 4096);
      const { lines, code } = await pagerMode([
        'layout=bheap',
        `page-items=${pageItems}`,
        'workload=expiry',
        'items=5000',
        'seed=2',
        `file=${file}`,
        `expect-hash=${expected.hash}`,
      ]);
      expect(code, lines.join('\n')).toBe(0);
      const ready = JSON.parse(lines[0].replace(/^ready /, '')) as Record<string, number>;
      expect(ready).toMatchObject({
        mapBytes: pages * 4096,
        arrayPages: pages,
        slotBytes: 4096 / pageItems,
        arrayPagesResident: 0,
      });
      const done = JSON.parse(
        (lines.find((l) => l.startsWith('done ')) ?? '').replace(/^done /, ''),
      ) as Record<string, number>;
      expect(done.hash).toBe(expected.hash);
      expect(done.operations).toBe(expected.operations);
      // Without a limit every page stays: nothing is read back, every page was filled once.
      expect(done.readBytes).toBe(0);
      expect(done.arrayPagesResidentMax).toBeLessThanOrEqual(pages);
      expect(existsSync(file)).toBe(false);
    }
  });

  it('refuses to report when its removals differ from the hash it is given', async () => {
    const pages = arrayPagesOf('binary', 'phk', 3000, 512);
    const file = arrayFile('array-mismatch', pages * 4096);
    const expected = core('binary', 512, {
      kind: 'phk',
      items: 3000,
      seed: 1,
      keyRange: FULL_KEY_RANGE,
    });
    const { lines, code } = await pagerMode([
      'layout=binary',
      'page-items=512',
      'workload=phk',
      'items=3000',
      'seed=1',
      `file=${file}`,
      `expect-hash=${(expected.hash + 1) >>> 0}`,
    ]);
    expect(code).toBe(3);
    expect(lines.some((line) => line.startsWith('done '))).toBe(false);
    expect(lines.at(-1)).toBe(
      `mismatch {"hash":${expected.hash},"expectedHash":${(expected.hash + 1) >>> 0},"operations":12000}`,
    );
  });

  it('refuses a file of the wrong size', async () => {
    const file = arrayFile('array-short', 4096);
    const { lines, code } = await pagerMode([
      'layout=binary',
      'page-items=512',
      'workload=phk',
      'items=3000',
      'seed=1',
      `file=${file}`,
      'expect-hash=1',
    ]);
    expect(code).toBe(2);
    expect(lines).toEqual(['error the file has 4096 bytes; the array needs 24576']);
  });
});
