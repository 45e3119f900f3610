// One memory group per run of `sim kernel` (the kind cgroup.ts planned): made, its limit set and
// the helper moved into it, its counters read, removed, also after a failure. Its files go through
// CgroupFs, so tests run all of it on a fake tree.

import { execFileSync } from 'node:child_process';
import {
  accessSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { CgroupKind, CgroupPlan } from './cgroup';
import { parseCounters, parseProcCgroup, unifiedPath } from './procFiles';

/** The file operations a group needs: the real ones, or a test's fake tree. */
export interface CgroupFs {
  mkdir(path: string): void;
  rmdir(path: string): void;
  read(path: string): string;
  write(path: string, text: string): void;
  exists(path: string): boolean;
  list(path: string): string[];
}

export const realCgroupFs: CgroupFs = {
  mkdir: (path) => mkdirSync(path),
  rmdir: (path) => rmdirSync(path),
  read: (path) => readFileSync(path, 'utf8'),
  write: (path, text) => writeFileSync(path, text),
  exists(path) {
    try {
      accessSync(path);
      return true;
    } catch {
      return false;
    }
  },
  list: (path) => readdirSync(path),
};

/** A group's counters once its run is done (or killed), before it is removed. */
export interface GroupCounters {
  /** Processes the kernel's OOM killer ended in the group. */
  oomKills: number;
  /** The most the group was charged (v1 memory.max_usage_in_bytes, v2 memory.peak), or null. */
  peakBytes: number | null;
  /** Times the limit was hit (v1 memory.failcnt, v2 memory.events max), or null. */
  limitHits: number | null;
  /** Dirty and under-writeback file pages charged to the group now, in bytes. */
  dirtyBytes: number;
  writebackBytes: number;
  /** Anonymous memory (the process's own heap and stack) charged now, in bytes. */
  anonBytes: number;
  /** Kernel memory charged now (page tables, slab, stacks), in bytes, or null if not reported. */
  kernelBytes: number | null;
}

/** The command that starts a process in the group: file and arguments for spawn. */
export interface GroupCommand {
  file: string;
  args: string[];
}

export interface MemoryGroup {
  readonly kind: CgroupKind;
  /** The group's directory (systemd: known once attached). */
  readonly dir: string | null;
  /** The command that runs `helper args…` in the group. */
  command(helper: string, args: readonly string[]): GroupCommand;
  /** The helper's argument naming where it reads the group's charge. */
  chargeArgument(): string;
  /** Told the started process's pid (systemd: finds its scope's group). */
  attach(pid: number): void;
  /**
   * Empties the per-CPU charge caches (v1: memory.force_empty, which also reclaims what can be),
   * so the charge read next is what the process holds, not what the kernel pre-charged.
   */
  drain(): void;
  /** Bytes charged to the group now (v1 memory.usage_in_bytes, v2 memory.current). */
  charged(): number;
  /** Lets the group hold `bytes` (v2 and systemd: memory.high; memory.max a margin above). */
  setLimit(bytes: number): void;
  counters(): GroupCounters;
  /** Removes the group; safe to call more than once, and after a failed start. */
  remove(): void;
}

/** memory.max above memory.high (v2): room for the kernel to reclaim to high before it kills. */
export const V2_MAX_MARGIN_BYTES = 4 * 1024 * 1024;

/** The name of the n-th group of this process: its pid says whose it is. */
export function groupName(pid: number, index: number): string {
  return `bheap-lab-${pid}-${index}`;
}

/** Removal retries: a group with a process still exiting refuses rmdir (EBUSY) for a moment. */
function removeDir(fs: CgroupFs, dir: string): void {
  let lastError: unknown = null;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (!fs.exists(dir)) return;
    try {
      fs.rmdir(dir);
      return;
    } catch (error) {
      lastError = error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  throw new Error(
    `cannot remove the group ${dir}: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
  );
}

function readCounters(fs: CgroupFs, dir: string, name: string): Map<string, number> {
  return parseCounters(fs.read(join(dir, name)));
}

function readNumber(fs: CgroupFs, path: string): number | null {
  if (!fs.exists(path)) return null;
  const value = Number(fs.read(path).trim());
  return Number.isFinite(value) ? value : null;
}

/** A v1 or v2 group made directly in `parent`. */
class DirectGroup implements MemoryGroup {
  private made = false;
  private removed = false;
  readonly dir: string;

  constructor(
    readonly kind: 'v1' | 'v2',
    parent: string,
    name: string,
    private readonly fs: CgroupFs,
    ceilingBytes: number,
  ) {
    this.dir = join(parent, name);
    fs.mkdir(this.dir);
    this.made = true;
    // No swap for the group: the array is the only thing that pages (without swap, anonymous
    // memory stays anyway; with swap, it would give the array room it was not given).
    if (kind === 'v1') this.tryWrite('memory.swappiness', '0');
    else this.tryWrite('memory.swap.max', '0');
    // A ceiling until the real limit is set: the helper's setup stays bounded.
    this.setLimit(ceilingBytes);
  }

  private tryWrite(file: string, text: string): void {
    const path = join(this.dir, file);
    if (this.fs.exists(path)) this.fs.write(path, text);
  }

  command(helper: string, args: readonly string[]): GroupCommand {
    // The shell joins the group, then becomes the helper: everything it allocates is charged here.
    return {
      file: '/bin/sh',
      args: ['-c', 'echo $$ > "$0" && exec "$@"', join(this.dir, 'cgroup.procs'), helper, ...args],
    };
  }

  chargeArgument(): string {
    return `charge-file=${join(this.dir, this.kind === 'v1' ? 'memory.usage_in_bytes' : 'memory.current')}`;
  }

  attach(): void {}

  drain(): void {
    if (this.kind === 'v1') this.tryWrite('memory.force_empty', '0');
  }

  charged(): number {
    const file = this.kind === 'v1' ? 'memory.usage_in_bytes' : 'memory.current';
    const value = readNumber(this.fs, join(this.dir, file));
    if (value === null) throw new Error(`cannot read ${join(this.dir, file)}`);
    return value;
  }

  setLimit(bytes: number): void {
    const rounded = String(Math.ceil(bytes / 4096) * 4096);
    if (this.kind === 'v1') {
      this.fs.write(join(this.dir, 'memory.limit_in_bytes'), rounded);
      return;
    }
    // Raising: max first, so high never passes max; lowering: high first.
    const max = String(Math.ceil(bytes / 4096) * 4096 + V2_MAX_MARGIN_BYTES);
    const current = readNumber(this.fs, join(this.dir, 'memory.high'));
    if (current === null || current < bytes) {
      this.fs.write(join(this.dir, 'memory.max'), max);
      this.fs.write(join(this.dir, 'memory.high'), rounded);
    } else {
      this.fs.write(join(this.dir, 'memory.high'), rounded);
      this.fs.write(join(this.dir, 'memory.max'), max);
    }
  }

  counters(): GroupCounters {
    const fs = this.fs;
    const stat = readCounters(fs, this.dir, 'memory.stat');
    if (this.kind === 'v1') {
      const oom = readCounters(fs, this.dir, 'memory.oom_control');
      return {
        oomKills: oom.get('oom_kill') ?? 0,
        peakBytes: readNumber(fs, join(this.dir, 'memory.max_usage_in_bytes')),
        limitHits: readNumber(fs, join(this.dir, 'memory.failcnt')),
        dirtyBytes: stat.get('dirty') ?? 0,
        writebackBytes: stat.get('writeback') ?? 0,
        anonBytes: stat.get('rss') ?? 0,
        kernelBytes: readNumber(fs, join(this.dir, 'memory.kmem.usage_in_bytes')),
      };
    }
    return v2Counters(fs, this.dir, stat);
  }

  remove(): void {
    if (!this.made || this.removed) return;
    removeDir(this.fs, this.dir);
    this.removed = true;
  }
}

function v2Counters(fs: CgroupFs, dir: string, stat: Map<string, number>): GroupCounters {
  const events = readCounters(fs, dir, 'memory.events');
  return {
    oomKills: events.get('oom_kill') ?? 0,
    peakBytes: readNumber(fs, join(dir, 'memory.peak')),
    limitHits: events.get('max') ?? null,
    dirtyBytes: stat.get('file_dirty') ?? 0,
    writebackBytes: stat.get('file_writeback') ?? 0,
    anonBytes: stat.get('anon') ?? 0,
    kernelBytes: stat.get('kernel') ?? null,
  };
}

/** Runs a command and returns its stdout; the systemd group's way to its manager. */
export type CommandRunner = (file: string, args: readonly string[]) => string;

export const runCommand: CommandRunner = (file, args) =>
  execFileSync(file, [...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A transient systemd scope: the user's manager makes the group and removes it when it empties. */
class SystemdGroup implements MemoryGroup {
  readonly kind = 'systemd' as const;
  dir: string | null = null;
  private readonly unit: string;

  constructor(
    private readonly mount: string,
    name: string,
    private readonly fs: CgroupFs,
    private readonly run: CommandRunner,
    private readonly ceilingBytes: number,
    private readonly readProcCgroup: (pid: number) => string,
  ) {
    this.unit = `${name}.scope`;
  }

  command(helper: string, args: readonly string[]): GroupCommand {
    const ceiling = Math.ceil(this.ceilingBytes / 4096) * 4096;
    return {
      file: 'systemd-run',
      args: [
        '--user',
        '--scope',
        '--quiet',
        '--collect',
        `--unit=${this.unit}`,
        '-p',
        'MemoryAccounting=yes',
        '-p',
        `MemoryHigh=${ceiling}`,
        '-p',
        `MemoryMax=${ceiling + V2_MAX_MARGIN_BYTES}`,
        '-p',
        'MemorySwapMax=0',
        '--',
        helper,
        ...args,
      ],
    };
  }

  chargeArgument(): string {
    return `charge-cgroup2=${this.mount}`;
  }

  attach(pid: number): void {
    const path = unifiedPath(parseProcCgroup(this.readProcCgroup(pid)));
    if (path === null || !path.endsWith(`/${this.unit}`))
      throw new Error(`the helper (pid ${pid}) is not in the scope ${this.unit}`);
    this.dir = join(this.mount, path);
  }

  drain(): void {}

  private need(): string {
    if (this.dir === null) throw new Error(`the scope ${this.unit} has not started`);
    return this.dir;
  }

  charged(): number {
    const value = readNumber(this.fs, join(this.need(), 'memory.current'));
    if (value === null) throw new Error(`cannot read memory.current of ${this.unit}`);
    return value;
  }

  setLimit(bytes: number): void {
    const high = Math.ceil(bytes / 4096) * 4096;
    this.run('systemctl', [
      '--user',
      'set-property',
      '--runtime',
      this.unit,
      `MemoryHigh=${high}`,
      `MemoryMax=${high + V2_MAX_MARGIN_BYTES}`,
    ]);
  }

  counters(): GroupCounters {
    const dir = this.need();
    return v2Counters(this.fs, dir, readCounters(this.fs, dir, 'memory.stat'));
  }

  remove(): void {
    // The manager removes the scope once its process has gone (--collect: even after a failure);
    // stopping it ends a process that is still there.
    try {
      this.run('systemctl', ['--user', 'stop', this.unit]);
    } catch {
      // Already gone.
    }
  }
}

export interface GroupOptions {
  fs?: CgroupFs;
  run?: CommandRunner;
  readProcCgroup?: (pid: number) => string;
}

/** A fresh group of the plan's kind, with a ceiling until its limit is set. */
export function makeGroup(
  plan: CgroupPlan,
  name: string,
  ceilingBytes: number,
  options: GroupOptions = {},
): MemoryGroup {
  const fs = options.fs ?? realCgroupFs;
  if (plan.kind === 'systemd') {
    return new SystemdGroup(
      plan.mount,
      name,
      fs,
      options.run ?? runCommand,
      ceilingBytes,
      options.readProcCgroup ?? ((pid) => readFileSync(`/proc/${pid}/cgroup`, 'utf8')),
    );
  }
  return new DirectGroup(plan.kind, plan.parent, name, fs, ceilingBytes);
}

/**
 * Removes groups an earlier run left behind when it was killed outright (SIGKILL leaves no time
 * to clean up): ours by name, their process gone, no process in them. Returns their names.
 */
export function removeStaleGroups(
  plan: CgroupPlan,
  alive: (pid: number) => boolean,
  fs: CgroupFs = realCgroupFs,
): string[] {
  if (plan.kind === 'systemd') return [];
  const removed: string[] = [];
  for (const name of fs.list(plan.parent)) {
    const match = /^bheap-lab-([0-9]+)-[0-9]+$/.exec(name);
    if (match === null || alive(Number(match[1]))) continue;
    const dir = join(plan.parent, name);
    if (fs.read(join(dir, 'cgroup.procs')).trim() !== '') continue;
    try {
      fs.rmdir(dir);
      removed.push(name);
    } catch {
      // Still busy: left for the next run.
    }
  }
  return removed;
}
