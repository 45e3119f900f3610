// Memory cgroups as users have them, for `sim kernel`: which kind this machine offers (planCgroup,
// from its files; one group per run is memoryGroup.ts's). Three kinds:
// - v1: cgroup v1's memory hierarchy, as root: a group beside the others at its root, limited by
//   memory.limit_in_bytes.
// - v2: cgroup v2 as root, where the root's subtree offers `memory`: limited by memory.max, with
//   memory.high a little below it so the kernel reclaims before it would kill.
// - systemd: cgroup v2 as a user whose systemd --user manager delegates `memory`: the run is a
//   transient scope (systemd-run --user --scope) whose MemoryHigh/MemoryMax systemctl sets.

import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cgroupV1MemoryMount,
  cgroupV2Mount,
  type Mount,
  type ProcCgroupLine,
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
