// A journey: `npm run sim -- kernel` end to end on this machine's own pager, small (50,000 items,
// 98 pages; rooms of 80 and 98 pages; about half a minute). Where no memory cgroup can be made
// (not Linux, no controller, not root and no systemd delegation) or no C compiler exists, it is
// skipped and says why.

import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultCompilers, findCompiler } from '../../../src/cli/native/nativeBuild';
import { osKernelAvailability } from '../../../src/cli/osKernel/osKernelCommand';
import { parseOsKernelReport } from '../../../src/core/experiments/osKernelParse';
import { runAtFrames } from '../../../src/core/experiments/sweep';
import { FULL_KEY_RANGE } from '../../../src/core/workloads/workloads';
import { simAsync } from '../simProcess';

const available = osKernelAvailability();
const compiler = findCompiler(defaultCompilers());
const skip = !available.ok
  ? available.why
  : compiler === null
    ? 'no C compiler (cc, gcc, clang)'
    : null;
if (skip !== null) console.log(`tests/cli/osKernel/osKernelJourney.test.ts skipped: ${skip}`);

/** Our leftovers: groups named after a process that is gone, and run directories. */
function ours(): { groups: string[]; dirs: string[] } {
  let groups: string[] = [];
  for (const parent of ['/sys/fs/cgroup/memory', '/sys/fs/cgroup']) {
    try {
      groups = groups.concat(readdirSync(parent).filter((name) => name.startsWith('bheap-lab-')));
    } catch {
      // Not this kind of machine.
    }
  }
  const alive = (name: string): boolean => {
    try {
      process.kill(Number(name.split('-')[2]), 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    groups: groups.filter((name) => !alive(name)),
    dirs: readdirSync(tmpdir()).filter((name) => name.startsWith('bheap-lab-')),
  };
}

describe.skipIf(skip !== null)('sim kernel under this machine’s pager', () => {
  it('measures both heaps at two rooms, beside the model, and leaves no group or file behind', async () => {
    const before = ours();
    const outcome = await simAsync(
      [
        'kernel',
        '--layout',
        'binary,bheap',
        '--items',
        '50000',
        '--memory-pages',
        '80,98',
        '--timeout',
        '120',
        '--format',
        'json',
      ],
      600_000,
    );
    expect(outcome.status, outcome.stderr).toBe(0);
    const parsed = parseOsKernelReport(JSON.parse(outcome.stdout));
    expect(parsed.ok, parsed.ok ? '' : parsed.error).toBe(true);
    if (!parsed.ok) return;
    const report = parsed.value;
    expect(report.run).toMatchObject({ workload: 'phk', items: 50_000, pageItems: 512, seed: 1 });
    expect(report.conditions.kernelRelease).not.toBe('');
    expect(report.rows.map((r) => `${r.layout}@${r.memoryPages}`)).toEqual([
      'binary@80',
      'bheap@80',
      'binary@98',
      'bheap@98',
    ]);
    for (const row of report.rows) {
      expect(row.arrayPages).toBe(98);
      // An OOM kill is an outcome the report gives, not a failure of the command.
      expect(['ok', 'oom-killed'], `${row.layout}@${row.memoryPages}: ${row.message}`).toContain(
        row.outcome,
      );
      if (row.kernel !== null) {
        expect(row.kernel.operations).toBe(200_000);
        expect(row.kernel.majorFaults).toBeGreaterThanOrEqual(row.kernel.pagesRead);
        expect(row.kernel.arrayPagesResident.max).toBeLessThanOrEqual(98);
        expect(row.kernel.wallSeconds).toBeGreaterThan(0);
      }
    }
    // The model beside each row is `sim run --frames F`'s direct simulation.
    const direct = runAtFrames(
      { kind: 'bheap', itemsPerPage: 512, nodeBytes: 48 },
      { kind: 'phk', items: 50_000, seed: 1, keyRange: FULL_KEY_RANGE },
      80,
    );
    expect(report.rows[1].model.lru).toEqual({
      pageIns: direct.pageIns,
      writeBacks: direct.writeBacks,
    });
    expect(report.rows[3].model.lru.pageIns).toBe(0); // the whole array fits: no pressure
    expect(outcome.stderr).toMatch(/\[4\/4\] bheap, 98 pages of room: /);
    const after = ours();
    // No group of this run is left; one a killed run left before may have been removed by it.
    expect(after.groups.filter((g) => !before.groups.includes(g))).toEqual([]);
    expect(after.dirs.filter((d) => !before.dirs.includes(d))).toEqual([]);
  }, 600_000);
});
