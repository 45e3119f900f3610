// Which memory cgroup a machine offers a run of `sim kernel`, or one sentence saying what would
// work, from the machine's files.

import { describe, expect, it } from 'vitest';
import { planCgroup } from '../../../src/cli/osKernel/cgroup';
import { v1Machine, v2Laptop } from './cgroupMachines';

describe('which memory cgroup a run gets', () => {
  it('takes v1 on a hybrid machine whose v2 has no memory controller, as root', () => {
    expect(planCgroup(v1Machine(), 'auto')).toEqual({
      ok: true,
      plan: { kind: 'v1', parent: '/sys/fs/cgroup/memory' },
    });
  });

  it('takes v2 at the root as root, and a systemd scope as a user with memory delegated', () => {
    expect(planCgroup(v2Laptop({ isRoot: true, writable: () => true }), 'auto')).toEqual({
      ok: true,
      plan: { kind: 'v2', parent: '/sys/fs/cgroup' },
    });
    expect(planCgroup(v2Laptop(), 'auto')).toEqual({
      ok: true,
      plan: { kind: 'systemd', mount: '/sys/fs/cgroup' },
    });
    expect(planCgroup(v2Laptop({ isRoot: true, writable: () => true }), 'systemd')).toEqual({
      ok: true,
      plan: { kind: 'systemd', mount: '/sys/fs/cgroup' },
    });
  });

  it('refuses in one sentence that names what would work', () => {
    const notLinux = planCgroup(v1Machine({ platform: 'darwin' }), 'auto');
    expect(notLinux.ok).toBe(false);
    if (!notLinux.ok) {
      expect(notLinux.refusal).toMatch(
        /^sim kernel measures Linux's own pager and this is darwin: /,
      );
      expect(notLinux.refusal).toContain('sim run --frames F');
    }
    // A user on this machine: v1 needs root, v2 has no memory, no systemd.
    const user = planCgroup(v1Machine({ isRoot: false, writable: () => false }), 'auto');
    expect(user.ok).toBe(false);
    if (!user.ok) {
      expect(user.refusal).toContain(
        'cgroup v2 at /sys/fs/cgroup/unified offers no memory controller',
      );
      expect(user.refusal).toContain(
        'cannot make a group in /sys/fs/cgroup/memory (cgroup v1 needs root)',
      );
      expect(user.refusal).toContain('run it as root on Linux');
      expect(user.refusal).toContain('systemd-run --user');
      expect(user.refusal.split('\n')).toHaveLength(1);
    }
    // A laptop user whose manager is not delegated memory.
    const undelegated = planCgroup(
      v2Laptop({
        readText: (p) =>
          p.endsWith('user@1000.service/cgroup.controllers') ? 'cpu pids' : 'memory',
      }),
      'auto',
    );
    expect(undelegated.ok).toBe(false);
    if (!undelegated.ok)
      expect(undelegated.refusal).toContain('not delegated the memory controller');
    // Asked for one kind that is not there.
    const v1OnLaptop = planCgroup(v2Laptop(), 'v1');
    expect(v1OnLaptop).toEqual({
      ok: false,
      refusal:
        "--cgroup v1: cgroup v1's memory hierarchy is not mounted here; --cgroup auto takes whichever works",
    });
  });
});
