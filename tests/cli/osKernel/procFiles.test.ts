// The Linux files `sim kernel` reads, against fixtures copied from real machines: cgroup v1's
// memory.stat and memory.oom_control (this project's machine), cgroup v2's memory.stat and
// memory.events (a systemd laptop), /proc/self/io, /proc/self/cgroup and /proc/mounts of both.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cgroupV1MemoryMount,
  cgroupV2Mount,
  counter,
  cpuCount,
  cpuModel,
  memAvailableBytes,
  mountOf,
  parseCounters,
  parseMounts,
  parseProcCgroup,
  unifiedPath,
} from '../../../src/cli/osKernel/procFiles';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/osKernel/${name}`, import.meta.url), 'utf8');

describe('the cgroup and /proc files', () => {
  it('reads cgroup v1 memory.stat and memory.oom_control as counters', () => {
    const stat = parseCounters(fixture('v1-memory.stat'));
    expect(stat.get('rss')).toBe(99_594_240);
    expect(stat.get('dirty')).toBe(69_632);
    expect(stat.get('writeback')).toBe(0);
    expect(stat.get('pgmajfault')).toBe(162);
    // A limit of "unlimited" is 2^63 - 4096, which a double holds exactly.
    expect(stat.get('hierarchical_memory_limit')).toBe(2 ** 63 - 4096);
    expect(parseCounters(fixture('v1-memory.oom_control')).get('oom_kill')).toBe(0);
  });

  it('reads cgroup v2 memory.stat and memory.events', () => {
    const stat = parseCounters(fixture('v2-memory.stat'));
    expect(stat.get('anon')).toBe(1_126_400);
    expect(stat.get('kernel')).toBe(421_888);
    expect(stat.get('file_dirty')).toBe(1_200_128);
    expect(stat.get('file_writeback')).toBe(81_920);
    const events = parseCounters(fixture('v2-memory.events'));
    expect(events.get('oom_kill')).toBe(1);
    expect(events.get('max')).toBe(812);
    expect(events.get('high')).toBe(5120);
  });

  it('reads /proc/self/io ("name: value") and names a missing counter with its file', () => {
    const io = parseCounters(fixture('proc-self-io'));
    expect(counter(io, 'read_bytes', '/proc/self/io')).toBe(2_156_253_184);
    expect(counter(io, 'write_bytes', '/proc/self/io')).toBe(4_286_939_136);
    expect(counter(io, 'cancelled_write_bytes', '/proc/self/io')).toBe(12_288);
    expect(() => counter(io, 'syscfs', '/proc/self/io')).toThrow(
      '/proc/self/io has no syscfs line',
    );
    // A line that is not "name value" is skipped, not misread.
    expect(parseCounters('rchar: 12\ngarbage here\nwchar 7 8\n')).toEqual(new Map([['rchar', 12]]));
  });

  it('reads /proc/self/cgroup on a v1 (hybrid) machine and on a v2 one', () => {
    const v1 = parseProcCgroup(fixture('v1-proc-self-cgroup'));
    expect(v1.find((line) => line.controllers.includes('memory'))?.path).toBe('/session/42');
    expect(v1.find((line) => line.id === 9)?.controllers).toEqual(['name=systemd']);
    expect(unifiedPath(v1)).toBe('/');
    const v2 = parseProcCgroup(fixture('v2-proc-self-cgroup'));
    expect(v2).toHaveLength(1);
    expect(unifiedPath(v2)).toBe(
      '/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.gnome.Terminal.slice/vte-spawn-5c1f.scope',
    );
  });

  it('finds the memory hierarchies in /proc/mounts', () => {
    const v1 = parseMounts(fixture('v1-mounts'));
    expect(cgroupV1MemoryMount(v1)?.mountPoint).toBe('/sys/fs/cgroup/memory');
    expect(cgroupV2Mount(v1)?.mountPoint).toBe('/sys/fs/cgroup/unified');
    const v2 = parseMounts(fixture('v2-mounts'));
    expect(cgroupV1MemoryMount(v2)).toBeNull();
    expect(cgroupV2Mount(v2)?.mountPoint).toBe('/sys/fs/cgroup');
  });

  it('finds the filesystem a path lies on, escapes and all', () => {
    const v2 = parseMounts(fixture('v2-mounts'));
    expect(mountOf(v2, '/tmp')?.fsType).toBe('tmpfs');
    expect(mountOf(v2, '/tmp/bheap')?.fsType).toBe('tmpfs');
    // /tmpfoo is not under /tmp.
    expect(mountOf(v2, '/tmpfoo')?.fsType).toBe('ext4');
    expect(mountOf(v2, '/home/ada/runs')?.fsType).toBe('btrfs');
    expect(mountOf(v2, '/var/tmp')?.device).toBe('/dev/nvme0n1p2');
    expect(mountOf(v2, '/media/ada/usb stick/runs')?.fsType).toBe('vfat');
    const v1 = parseMounts(fixture('v1-mounts'));
    expect(mountOf(v1, '/tmp')?.fsType).toBe('ext4');
    expect(mountOf(v1, '/dev/shm/x')?.fsType).toBe('tmpfs');
  });

  it('reads the CPU and the memory available', () => {
    const cpuinfo =
      'processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 9B14\n\nprocessor\t: 1\nmodel name\t: AMD EPYC 9B14\n';
    expect(cpuModel(cpuinfo)).toBe('AMD EPYC 9B14');
    expect(cpuCount(cpuinfo)).toBe(2);
    // An ARM board names its hardware instead.
    expect(cpuModel('processor\t: 0\nBogoMIPS\t: 108.00\nHardware\t: BCM2835\n')).toBe('BCM2835');
    expect(cpuModel('')).toBeNull();
    expect(memAvailableBytes('MemTotal:       24683656 kB\nMemAvailable:   22298380 kB\n')).toBe(
      22_298_380 * 1024,
    );
    expect(memAvailableBytes('MemTotal: 1 kB\n')).toBeNull();
  });
});
