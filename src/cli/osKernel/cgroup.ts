// Memory cgroups as users have them, for `sim kernel`: which kind this machine offers (planCgroup,
// from its files), and one group per run (makeGroup): made, its limit set and moved, its counters
// read, removed. Three kinds:
// - v1: cgroup v1's memory hierarchy, as root: a group beside the others at its root, limited by
//   memory.limit_in_bytes.
// - v2: cgroup v2 as root, where the root's subtree offers `memory`: limited by memory.max, with
//   memory.high a little below it so the kernel reclaims before it would kill.
// - systemd: cgroup v2 as a user whose systemd --user manager delegates `memory`: the run is a
//   transient scope (systemd-run --user --scope) whose MemoryHigh/MemoryMax systemctl sets.
// The group's files go through CgroupFs, so tests run all of it on a fake tree.

import { execFileSync } from 'node:child_process';
import {
  accessSync,
  constants,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  cgroupV1MemoryMount,
  cgroupV2Mount,
  type Mount,
  type ProcCgroupLine,
  parseCounters,
  parseMounts,
  parseProcCgroup,
  unifiedPath,
} from './procFiles';

export type CgroupKind = 'v1' | 'v2' | 'systemd';
export const CGROUP_CHOICES = ['auto', 'v1', 'v2', 'systemd'] as const;
export type CgroupChoice = (typeof CGROUP_CHOICES)[number];

/** What the machine offers, as read from its files and commands (fixtures in the tests). */
export interface CgroupProbe {
  platform: string;
  isRoot: boolean;
  mounts: readonly Mount[];
  selfCgroup: readonly ProcCgroupLine[];
  /** A file's text, or null when it cannot be read. */
  readText(path: string): string | null;
  /** Whether this process may make a directory in `path`. */
  writable(path: string): boolean;
  /** Whether a command is on the PATH. */
  hasCommand(name: string): boolean;
}

export type CgroupPlan =
  | { kind: 'v1'; parent: string }
  | { kind: 'v2'; parent: string }
  /** `mount`: cgroup v2's mount point, where the scope's group will be found. */
  | { kind: 'systemd'; mount: string };

export type PlanOutcome = { ok: true; plan: CgroupPlan } | { ok: false; refusal: string };

const words = (text: string | null): string[] => (text ?? '').trim().split(/\s+/);

/** The sentence that says what would work, when nothing here does. */
const WHAT_WORKS =
  'run it as root on Linux with a memory cgroup controller (cgroup v2, or v1 mounted with memory), or as a user under systemd with memory delegated (systemd-run --user)';

function v1Plan(probe: CgroupProbe): CgroupPlan | string {
  const mount = cgroupV1MemoryMount(probe.mounts);
  if (mount === null) return "cgroup v1's memory hierarchy is not mounted here";
  if (!probe.writable(mount.mountPoint))
    return `this user cannot make a group in ${mount.mountPoint} (cgroup v1 needs root)`;
  return { kind: 'v1', parent: mount.mountPoint };
}

function v2Plan(probe: CgroupProbe): CgroupPlan | string {
  const mount = cgroupV2Mount(probe.mounts);
  if (mount === null) return 'cgroup v2 is not mounted here';
  const root = mount.mountPoint;
  if (!words(probe.readText(join(root, 'cgroup.controllers'))).includes('memory'))
    return `cgroup v2 at ${root} offers no memory controller`;
  if (!words(probe.readText(join(root, 'cgroup.subtree_control'))).includes('memory'))
    return `cgroup v2 at ${root} does not enable memory for its groups (cgroup.subtree_control)`;
  if (!probe.writable(root))
    return `this user cannot make a group in ${root} (a group at cgroup v2's root needs root)`;
  return { kind: 'v2', parent: root };
}

/** The user manager's group (…/user@UID.service) above this process's own, if there is one. */
function userManagerGroup(probe: CgroupProbe): string | null {
  const path = unifiedPath(probe.selfCgroup);
  if (path === null) return null;
  const parts = path.split('/');
  const at = parts.findIndex((part) => /^user@[0-9]+\.service$/.test(part));
  return at < 0 ? null : parts.slice(0, at + 1).join('/');
}

function systemdPlan(probe: CgroupProbe): CgroupPlan | string {
  const mount = cgroupV2Mount(probe.mounts);
  if (mount === null) return 'cgroup v2 is not mounted here';
  if (!probe.hasCommand('systemd-run') || !probe.hasCommand('systemctl'))
    return 'systemd-run or systemctl is missing';
  const manager = userManagerGroup(probe);
  if (manager === null) return 'this process does not run under a systemd --user manager';
  const controllers = words(probe.readText(join(mount.mountPoint, manager, 'cgroup.controllers')));
  if (!controllers.includes('memory'))
    return 'the systemd --user manager is not delegated the memory controller';
  return { kind: 'systemd', mount: mount.mountPoint };
}

/**
 * The kind of group a run gets: the one asked for, or with `auto` the first that works of v2,
 * v1 and systemd. Where none does, one sentence that says why and what would work.
 */
export function planCgroup(probe: CgroupProbe, choice: CgroupChoice): PlanOutcome {
  if (probe.platform !== 'linux') {
    return {
      ok: false,
      refusal: `sim kernel measures Linux's own pager and this is ${probe.platform}: ${WHAT_WORKS}; \`sim run --frames F\` gives the model's numbers anywhere`,
    };
  }
  const makers = { v2: v2Plan, v1: v1Plan, systemd: systemdPlan };
  if (choice !== 'auto') {
    const plan = makers[choice](probe);
    if (typeof plan !== 'string') return { ok: true, plan };
    return {
      ok: false,
      refusal: `--cgroup ${choice}: ${plan}; --cgroup auto takes whichever works`,
    };
  }
  const reasons: string[] = [];
  for (const kind of ['v2', 'v1', 'systemd'] as const) {
    const plan = makers[kind](probe);
    if (typeof plan !== 'string') return { ok: true, plan };
    reasons.push(plan);
  }
  return {
    ok: false,
    refusal: `no memory cgroup can be made here (${reasons.join('; ')}): ${WHAT_WORKS}`,
  };
}

/** The machine's probe, from its own files. */
export function systemProbe(): CgroupProbe {
  const read = (path: string): string | null => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return null;
    }
  };
  return {
    platform: process.platform,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    mounts: parseMounts(read('/proc/mounts') ?? ''),
    selfCgroup: parseProcCgroup(read('/proc/self/cgroup') ?? ''),
    readText: read,
    writable(path) {
      try {
        accessSync(path, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
    hasCommand(name) {
      try {
        execFileSync('sh', ['-c', 'command -v "$0"', name], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    },
  };
}

// ---- one group per run -------------------------------------------------------------------------

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
