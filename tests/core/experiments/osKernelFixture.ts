// A measurement under the OS kernel's pager to test with: the issue's own numbers at 1,000 pages
// of room, one row that did not finish, the ratios computed as the report computes them.

import {
  OS_KERNEL_SCHEMA,
  type OsKernelCounters,
  type OsKernelReport,
  type OsKernelRow,
  osKernelRatios,
  readOverLru,
} from '../../../src/core/experiments/osKernelReport';

export function counters(pagesRead: number, wallSeconds: number): OsKernelCounters {
  return {
    operations: 4_000_000,
    majorFaults: pagesRead + 1954,
    minorFaults: 2 * pagesRead,
    pagesRead,
    pagesDirtied: 2 * pagesRead,
    dirtyPagesAtEnd: 400,
    pagesWritten: 2 * pagesRead - 400,
    userSeconds: 2.5,
    systemSeconds: wallSeconds / 4,
    cpuSeconds: 2.5 + wallSeconds / 4,
    wallSeconds,
    arrayPagesResident: { min: 900, mean: 962.5, max: 1000, samples: 240 },
    heldBesidesArrayBytes: { atStart: 184_320, median: 221_184, max: 450_560 },
    limitBytes: { min: 4_280_320, max: 4_337_664 },
    anonBytesAtEnd: 110_592,
    kernelBytesAtEnd: 81_920,
    peakChargedBytes: 4_337_664,
    limitHits: 515_643,
  };
}

export function row(
  layout: 'binary' | 'bheap',
  memoryPages: number,
  kernel: OsKernelCounters | null,
  lru: number,
): OsKernelRow {
  const model = {
    lru: { pageIns: lru, writeBacks: lru - 1000 },
    clock: { pageIns: lru + 500, writeBacks: lru },
  };
  return {
    layout,
    memoryPages,
    arrayPages: 1954,
    outcome: kernel === null ? 'oom-killed' : 'ok',
    message:
      kernel === null
        ? "the group's OOM killer ended it after 3 s, 2% of the operations and 1,120 pages read"
        : null,
    kernel,
    partial:
      kernel === null
        ? { operations: 80_000, expectedOperations: 4_000_000, pagesRead: 1120, wallSeconds: 3 }
        : null,
    model,
    readOverLru: readOverLru(kernel, model.lru),
  };
}

export function report(): OsKernelReport {
  const rows = [
    row('binary', 100, null, 9_000_000),
    row('bheap', 100, null, 2_000_000),
    row('binary', 1000, counters(1_143_983, 124), 1_128_996),
    row('bheap', 1000, counters(486_928, 57), 484_856),
  ];
  return {
    schema: OS_KERNEL_SCHEMA,
    conditions: {
      date: '2026-11-28T13:05:00.000Z',
      kernelRelease: '6.18.44',
      kernelVersion: 'Linux version 6.18.44 (gcc 15.3.0) #1 SMP PREEMPT_DYNAMIC',
      cpu: 'AMD EPYC',
      cpus: 2,
      cgroup: 'v1',
      lru: 'two-list',
      filesystem: 'ext4',
      device: '/dev/vda',
      pageBytes: 4096,
      compiler: 'cc (Debian 12.2.0-14+deb12u1) 12.2.0',
      compilerFlags: ['-O2', '-std=c11'],
    },
    run: {
      workload: 'phk',
      items: 1_000_000,
      pageItems: 512,
      slotBytes: 8,
      seed: 1,
      timeoutSeconds: 1800,
    },
    rows,
    ratios: osKernelRatios(rows),
  };
}
