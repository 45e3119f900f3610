// The machines `sim kernel`'s cgroup tests plan for, from fixtures of their files: this project's
// (cgroup v1's memory hierarchy, as root) and a systemd laptop (v2, memory delegated to the user).

import { readFileSync } from 'node:fs';
import type { CgroupProbe } from '../../../src/cli/osKernel/cgroup';
import { parseMounts, parseProcCgroup } from '../../../src/cli/osKernel/procFiles';

export const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/osKernel/${name}`, import.meta.url), 'utf8');

/** This project's machine: hybrid, v1's memory hierarchy, v2 with hugetlb only, root. */
export function v1Machine(overrides: Partial<CgroupProbe> = {}): CgroupProbe {
  return {
    platform: 'linux',
    isRoot: true,
    mounts: parseMounts(fixture('v1-mounts')),
    selfCgroup: parseProcCgroup(fixture('v1-proc-self-cgroup')),
    readText: (path) => (path === '/sys/fs/cgroup/unified/cgroup.controllers' ? 'hugetlb\n' : null),
    writable: () => true,
    hasCommand: () => false,
    ...overrides,
  };
}

/** A systemd laptop: v2 only, memory offered at the root and delegated to the user's manager. */
export function v2Laptop(overrides: Partial<CgroupProbe> = {}): CgroupProbe {
  const texts: Record<string, string> = {
    '/sys/fs/cgroup/cgroup.controllers': 'cpuset cpu io memory hugetlb pids rdma misc\n',
    '/sys/fs/cgroup/cgroup.subtree_control': 'cpuset cpu io memory pids\n',
    '/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/cgroup.controllers':
      'cpu memory pids\n',
  };
  return {
    platform: 'linux',
    isRoot: false,
    mounts: parseMounts(fixture('v2-mounts')),
    selfCgroup: parseProcCgroup(fixture('v2-proc-self-cgroup')),
    readText: (path) => texts[path] ?? null,
    writable: () => false,
    hasCommand: (name) => name === 'systemd-run' || name === 'systemctl',
    ...overrides,
  };
}
