// One run under the pager, its conversation with the helper and its cleanup, with a stand-in
// helper (fakeHelper.mjs) and a fake cgroup tree: a run that ends, one the OOM killer ends, one
// out of time, one interrupted, one whose helper fails or removes other items, and a failure
// injected once the group exists. Whatever happens, the group and the file are gone after.

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeGroup } from '../../../src/cli/osKernel/memoryGroup';
import {
  InterruptedError,
  type PagerRunDeps,
  type PagerRunSpec,
  pagerRun,
} from '../../../src/cli/osKernel/pagerRun';
import { FakeCgroupFs, V1_GROUP_FILES } from './fakeCgroupFs';

const FAKE_HELPER = fileURLToPath(new URL('./fakeHelper.mjs', import.meta.url));
const PARENT = '/sys/fs/cgroup/memory';
const GROUP = `${PARENT}/bheap-lab-test-0`;

let dir = '';
let fs: FakeCgroupFs;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pager-run-test-'));
  fs = new FakeCgroupFs([PARENT], V1_GROUP_FILES);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function spec(overrides: Partial<PagerRunSpec> = {}): PagerRunSpec {
  return {
    layout: 'bheap',
    workload: 'phk',
    items: 20_000,
    pageItems: 512,
    seed: 1,
    memoryPages: 100,
    arrayBytes: 40 * 4096,
    pageBytes: 4096,
    expectHash: 5,
    dir,
    timeoutMs: 20_000,
    ...overrides,
  };
}

/** Deps whose helper is the stand-in in `mode`: the group's shell wrapper is skipped. */
function deps(mode: string, overrides: Partial<PagerRunDeps> = {}): PagerRunDeps {
  return {
    helperPath: '/unused/bheap-native',
    makeGroup: (ceiling) =>
      makeGroup({ kind: 'v1', parent: PARENT }, 'bheap-lab-test-0', ceiling, { fs }),
    // args: -c, script, procs file, helper, …helper's arguments
    spawn: (_file, args) =>
      spawn(process.execPath, [FAKE_HELPER, mode, ...args.slice(5)], {
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    ...overrides,
  };
}

/** Nothing left: no group, nothing in the run's directory. */
function expectCleanedUp(): void {
  expect(fs.exists(GROUP)).toBe(false);
  expect(readdirSync(dir)).toEqual([]);
}

describe('a run under the pager', () => {
  it('sets the limit once ready, follows what is held besides the array, and reports the counters', async () => {
    const progress: number[] = [];
    const result = await pagerRun(
      spec(),
      deps('ok', { onProgress: (p) => progress.push(p.operations) }),
    );
    expect(result.outcome).toBe('ok');
    expect(result.message).toBeNull();
    expect(progress).toEqual([1000, 2000, 2001, 2002, 2003, 2004, 2005]);
    const limits = fs.writes
      .filter((w) => w.path === `${GROUP}/memory.limit_in_bytes`)
      .map((w) => Number(w.text));
    // The ceiling, then 184,320 held at the start + 100 pages, then 360 KiB held + 100 pages.
    expect(limits[0]).toBe(64 * 2 ** 20);
    expect(limits[1]).toBe(184_320 + 100 * 4096);
    expect(limits.at(-1)).toBe(368_640 + 100 * 4096);
    // Drained before the charge was read.
    const drain = fs.writes.findIndex((w) => w.path.endsWith('memory.force_empty'));
    expect(drain).toBeGreaterThan(0);
    expect(drain).toBeLessThan(fs.writes.findIndex((w) => w.text === String(184_320 + 100 * 4096)));
    const k = result.kernel;
    expect(k).not.toBeNull();
    if (k === null) return;
    expect(k.pagesRead).toBe(53); // 217,088 bytes
    expect(k.pagesDirtied).toBe(100);
    expect(k.dirtyPagesAtEnd).toBe(941); // the fake group's 3,854,336 dirty bytes
    expect(k.pagesWritten).toBe(0); // never negative
    expect(k.cpuSeconds).toBeCloseTo(0.75);
    expect(k.majorFaults).toBe(58);
    expect(k.arrayPagesResident).toEqual({ min: 20, mean: 28.5, max: 32, samples: 7 });
    expect(k.heldBesidesArrayBytes).toEqual({ atStart: 184_320, median: 368_640, max: 368_640 });
    expect(k.limitBytes).toEqual({ min: 184_320 + 100 * 4096, max: 368_640 + 100 * 4096 });
    expect(k.peakChargedBytes).toBe(4_280_320);
    expect(k.anonBytesAtEnd).toBe(110_592);
    expectCleanedUp();
  });

  it('reports an OOM kill as an outcome, with how far the run came', async () => {
    fs = new FakeCgroupFs([PARENT], {
      ...V1_GROUP_FILES,
      'memory.oom_control': 'oom_kill_disable 0\nunder_oom 0\noom_kill 1\n',
    });
    const result = await pagerRun(spec(), deps('oom'));
    expect(result.outcome).toBe('oom-killed');
    expect(result.kernel).toBeNull();
    expect(result.message).toMatch(
      /^the group's OOM killer ended it after 1 s, 50% of the operations and 20 pages read$/,
    );
    expect(result.partial).toEqual({
      operations: 2005,
      expectedOperations: 4000,
      pagesRead: 20,
      wallSeconds: 1,
    });
    expectCleanedUp();
  });

  it('stops a run at its timeout', async () => {
    const result = await pagerRun(spec({ timeoutMs: 1500 }), deps('hang'));
    expect(result.outcome).toBe('timeout');
    expect(result.message).toContain('stopped by --timeout (1.5 s)');
    expectCleanedUp();
  });

  it('refuses to report a run that removed other items than the core', async () => {
    const result = await pagerRun(spec({ expectHash: 123 }), deps('mismatch'));
    expect(result.outcome).toBe('failed');
    expect(result.kernel).toBeNull();
    expect(result.message).toBe(
      "the native helper removed other items than the TypeScript core (hash 1, the core's 123): its counters are not reported",
    );
    expectCleanedUp();
  });

  it('reports a helper that fails, in its words', async () => {
    const failed = await pagerRun(spec(), deps('fail'));
    expect(failed.outcome).toBe('failed');
    expect(failed.message).toContain('exit code 7');
    expect(failed.message).toContain('bheap-native: something broke');
    expectCleanedUp();
    const error = await pagerRun(spec(), deps('error'));
    expect(error.outcome).toBe('failed');
    expect(error.message).toBe(
      'the native helper stopped: cannot open the file: No such file or directory',
    );
    expectCleanedUp();
  });

  it('removes the group and the file when it fails right after the group is made', async () => {
    let groupExisted = false;
    let fileExisted = false;
    await expect(
      pagerRun(
        spec(),
        deps('ok', {
          afterGroupCreated: () => {
            groupExisted = fs.exists(GROUP);
            fileExisted = readdirSync(dir).length === 1;
            throw new Error('injected failure');
          },
        }),
      ),
    ).rejects.toThrow('injected failure');
    expect(groupExisted).toBe(true);
    expect(fileExisted).toBe(true);
    expectCleanedUp();
  });

  it('ends the helper and removes everything when interrupted', async () => {
    const controller = new AbortController();
    const run = pagerRun(
      spec(),
      deps('hang', {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.operations === 2005) controller.abort();
        },
      }),
    );
    await expect(run).rejects.toBeInstanceOf(InterruptedError);
    expectCleanedUp();
  });
});
