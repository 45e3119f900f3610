// A memory group's life (made, limited, read, removed) on a fake tree for v1 and v2, as systemd
// commands for a --user scope, and the groups an earlier run left behind.

import { describe, expect, it } from 'vitest';
import {
  groupName,
  makeGroup,
  removeStaleGroups,
  V2_MAX_MARGIN_BYTES,
} from '../../../src/cli/osKernel/memoryGroup';
import { FakeCgroupFs, V1_GROUP_FILES, V2_GROUP_FILES } from './fakeCgroupFs';

describe('a v1 group', () => {
  const plan = { kind: 'v1', parent: '/sys/fs/cgroup/memory' } as const;

  it('is made with no swap and a ceiling, runs its helper through a shell that joins it, and is removed', () => {
    const fs = new FakeCgroupFs(['/sys/fs/cgroup/memory'], V1_GROUP_FILES);
    const group = makeGroup(plan, groupName(4242, 0), 64 * 2 ** 20, { fs });
    const dir = '/sys/fs/cgroup/memory/bheap-lab-4242-0';
    expect(group.dir).toBe(dir);
    expect(fs.writes).toEqual([
      { path: `${dir}/memory.swappiness`, text: '0' },
      { path: `${dir}/memory.limit_in_bytes`, text: String(64 * 2 ** 20) },
    ]);
    const command = group.command('/cache/bheap-native', ['pager', 'items=10']);
    expect(command.file).toBe('/bin/sh');
    expect(command.args).toEqual([
      '-c',
      'echo $$ > "$0" && exec "$@"',
      `${dir}/cgroup.procs`,
      '/cache/bheap-native',
      'pager',
      'items=10',
    ]);
    expect(group.chargeArgument()).toBe(`charge-file=${dir}/memory.usage_in_bytes`);
    group.drain();
    expect(fs.writes.at(-1)).toEqual({ path: `${dir}/memory.force_empty`, text: '0' });
    expect(group.charged()).toBe(184_320);
    // Limits are whole pages.
    group.setLimit(184_320 + 1000 * 4096 + 1);
    expect(fs.read(`${dir}/memory.limit_in_bytes`)).toBe(String(184_320 + 1001 * 4096));
    expect(group.counters()).toEqual({
      oomKills: 0,
      peakBytes: 4_280_320,
      limitHits: 515_643,
      dirtyBytes: 3_854_336,
      writebackBytes: 8192,
      anonBytes: 110_592,
      kernelBytes: 73_728,
    });
    group.remove();
    expect(fs.exists(dir)).toBe(false);
    group.remove(); // twice is fine
  });

  it('retries a group whose process is still leaving, and says so when it never empties', () => {
    const fs = new FakeCgroupFs(['/sys/fs/cgroup/memory'], V1_GROUP_FILES);
    const group = makeGroup(plan, 'bheap-lab-1-0', 2 ** 26, { fs });
    // Busy for three tries (the kernel refuses rmdir until the exiting process has left).
    let busy = 3;
    const rmdir = fs.rmdir.bind(fs);
    fs.rmdir = (path) => {
      if (busy-- > 0) throw new Error(`EBUSY: ${path}`);
      rmdir(path);
    };
    group.remove();
    expect(fs.exists(group.dir ?? '')).toBe(false);
    const stuck = makeGroup(plan, 'bheap-lab-1-1', 2 ** 26, { fs });
    fs.files.set(`${stuck.dir}/cgroup.procs`, '999\n');
    expect(() => stuck.remove()).toThrow(/cannot remove the group .*bheap-lab-1-1: EBUSY/);
  });
});

describe('a v2 group', () => {
  it('keeps memory.high at the limit and memory.max a margin above, in the right order', () => {
    const fs = new FakeCgroupFs(['/sys/fs/cgroup'], V2_GROUP_FILES);
    const group = makeGroup({ kind: 'v2', parent: '/sys/fs/cgroup' }, 'bheap-lab-7-1', 2 ** 26, {
      fs,
    });
    const dir = '/sys/fs/cgroup/bheap-lab-7-1';
    expect(fs.writes).toEqual([
      { path: `${dir}/memory.swap.max`, text: '0' },
      { path: `${dir}/memory.max`, text: String(2 ** 26 + V2_MAX_MARGIN_BYTES) },
      { path: `${dir}/memory.high`, text: String(2 ** 26) },
    ]);
    // Lowering: high first, so high never passes max.
    group.setLimit(4096 * 1000);
    expect(fs.writes.slice(-2)).toEqual([
      { path: `${dir}/memory.high`, text: String(4096 * 1000) },
      { path: `${dir}/memory.max`, text: String(4096 * 1000 + V2_MAX_MARGIN_BYTES) },
    ]);
    // Raising: max first.
    group.setLimit(4096 * 1100);
    expect(fs.writes.slice(-2).map((w) => w.path)).toEqual([
      `${dir}/memory.max`,
      `${dir}/memory.high`,
    ]);
    expect(group.chargeArgument()).toBe(`charge-file=${dir}/memory.current`);
    expect(group.charged()).toBe(188_416);
    group.drain(); // nothing to write on v2
    expect(fs.writes).toHaveLength(7);
    expect(group.counters()).toEqual({
      oomKills: 0,
      peakBytes: 4_300_800,
      limitHits: 812,
      dirtyBytes: 40_960,
      writebackBytes: 4096,
      anonBytes: 118_784,
      kernelBytes: 90_112,
    });
    group.remove();
    expect(fs.exists(dir)).toBe(false);
  });
});

describe('a systemd --user scope', () => {
  it('starts the helper with systemd-run, finds its group from the pid, and limits it with systemctl', () => {
    const fs = new FakeCgroupFs(['/sys/fs/cgroup'], {});
    const scopeDir =
      '/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice/bheap-lab-9-2.scope';
    fs.dirs.add(scopeDir);
    for (const [name, text] of Object.entries(V2_GROUP_FILES))
      fs.files.set(`${scopeDir}/${name}`, text);
    const commands: string[][] = [];
    const group = makeGroup(
      { kind: 'systemd', mount: '/sys/fs/cgroup' },
      'bheap-lab-9-2',
      2 ** 26,
      {
        fs,
        run: (file, args) => {
          commands.push([file, ...args]);
          return '';
        },
        readProcCgroup: () =>
          '0::/user.slice/user-1000.slice/user@1000.service/app.slice/bheap-lab-9-2.scope\n',
      },
    );
    const command = group.command('/cache/bheap-native', ['pager']);
    expect(command.file).toBe('systemd-run');
    expect(command.args).toEqual([
      '--user',
      '--scope',
      '--quiet',
      '--collect',
      '--unit=bheap-lab-9-2.scope',
      '-p',
      'MemoryAccounting=yes',
      '-p',
      `MemoryHigh=${2 ** 26}`,
      '-p',
      `MemoryMax=${2 ** 26 + V2_MAX_MARGIN_BYTES}`,
      '-p',
      'MemorySwapMax=0',
      '--',
      '/cache/bheap-native',
      'pager',
    ]);
    expect(group.chargeArgument()).toBe('charge-cgroup2=/sys/fs/cgroup');
    expect(() => group.charged()).toThrow('has not started');
    group.attach(1234);
    expect(group.dir).toBe(scopeDir);
    expect(group.charged()).toBe(188_416);
    group.setLimit(4096 * 500);
    expect(commands).toEqual([
      [
        'systemctl',
        '--user',
        'set-property',
        '--runtime',
        'bheap-lab-9-2.scope',
        `MemoryHigh=${4096 * 500}`,
        `MemoryMax=${4096 * 500 + V2_MAX_MARGIN_BYTES}`,
      ],
    ]);
    expect(group.counters().limitHits).toBe(812);
    group.remove();
    expect(commands.at(-1)).toEqual(['systemctl', '--user', 'stop', 'bheap-lab-9-2.scope']);
  });

  it('refuses a helper that is not in its scope', () => {
    const group = makeGroup(
      { kind: 'systemd', mount: '/sys/fs/cgroup' },
      'bheap-lab-9-3',
      2 ** 26,
      {
        fs: new FakeCgroupFs([]),
        run: () => '',
        readProcCgroup: () => '0::/user.slice/user-1000.slice/session-2.scope\n',
      },
    );
    expect(() => group.attach(77)).toThrow(
      'the helper (pid 77) is not in the scope bheap-lab-9-3.scope',
    );
  });
});

describe('groups an earlier run left behind', () => {
  it('removes ours whose process is gone and that are empty, and nothing else', () => {
    const fs = new FakeCgroupFs(['/sys/fs/cgroup/memory'], V1_GROUP_FILES);
    for (const name of [
      'bheap-lab-100-0',
      'bheap-lab-100-1',
      'bheap-lab-200-0',
      'other',
      'bheap-lab-300-0',
    ])
      fs.mkdir(`/sys/fs/cgroup/memory/${name}`);
    fs.files.set('/sys/fs/cgroup/memory/bheap-lab-300-0/cgroup.procs', '31337\n');
    const removed = removeStaleGroups(
      { kind: 'v1', parent: '/sys/fs/cgroup/memory' },
      (pid) => pid === 200,
      fs,
    );
    expect(removed.sort()).toEqual(['bheap-lab-100-0', 'bheap-lab-100-1']);
    expect(fs.list('/sys/fs/cgroup/memory').sort()).toEqual([
      'bheap-lab-200-0',
      'bheap-lab-300-0',
      'other',
    ]);
  });
});
