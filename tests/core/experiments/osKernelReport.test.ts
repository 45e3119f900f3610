// The report of a measurement under the OS kernel's pager: the array's pages (the article's 1,954),
// the binary/B-heap ratios, the three printed forms, and the check a loaded report goes through.

import { describe, expect, it } from 'vitest';
import {
  arrayPagesOf,
  OS_KERNEL_CSV_HEADER,
  OS_KERNEL_SCHEMA,
  type OsKernelCounters,
  type OsKernelReport,
  type OsKernelRow,
  osKernelRatios,
  osKernelText,
  parseOsKernelReport,
  readOverLru,
  toOsKernelCsv,
  toOsKernelJson,
} from '../../../src/core/experiments/osKernelReport';

function counters(pagesRead: number, wallSeconds: number): OsKernelCounters {
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

function row(
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

function report(): OsKernelReport {
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

describe('the report of a run under the pager', () => {
  it('spans the article’s 1,954 pages for a million items at 512 a page, twice that for expiry', () => {
    expect(arrayPagesOf('binary', 'phk', 1_000_000, 512)).toBe(1954);
    expect(arrayPagesOf('bheap', 'phk', 1_000_000, 512)).toBe(1954);
    expect(arrayPagesOf('bheap', 'expiry', 1_000_000, 512)).toBe(3907);
    // The aligned 4-ary heap pads its root to slot 3.
    expect(arrayPagesOf('dary4', 'phk', 1022, 512)).toBe(3);
  });

  it('gives the binary/B-heap ratios only where both finished', () => {
    const ratios = report().ratios;
    expect(ratios).toHaveLength(1);
    expect(ratios[0].memoryPages).toBe(1000);
    expect(ratios[0].pagesRead).toBeCloseTo(1_143_983 / 486_928);
    expect(ratios[0].wallTime).toBeCloseTo(124 / 57);
    expect(ratios[0].modelLru).toBeCloseTo(1_128_996 / 484_856);
    expect(report().rows[2].readOverLru).toBeCloseTo(1_143_983 / 1_128_996);
    expect(report().rows[0].readOverLru).toBeNull();
  });

  it('prints a table with thousands separators, the conditions, the ratios and the outcomes', () => {
    const text = osKernelText(report());
    expect(text).toContain('1,000,000 items, 512 slots of 8 bytes per 4,096-byte page, seed 1');
    expect(text).toContain(
      'Linux 6.18.44 (two-list LRU), AMD EPYC (2 CPUs), cgroup v1, the file on ext4 (/dev/vda)',
    );
    expect(text).toMatch(/Binary heap\s+1,000\s+ok\s+1,145,937\s+1,143,983/);
    expect(text).toContain('101.3%');
    expect(text).toMatch(/B-heap\s+100\s+oom-killed/);
    expect(text).toContain("the group's OOM killer ended it after 3 s");
    expect(text).toContain('1,000 pages of room: 2.35× the pages read, 2.18× the wall time');
  });

  it('writes one CSV row per layout and room, every row as wide as the header', () => {
    const lines = toOsKernelCsv(report()).trimEnd().split('\n');
    expect(lines[0]).toBe(OS_KERNEL_CSV_HEADER);
    expect(lines).toHaveLength(5);
    const width = OS_KERNEL_CSV_HEADER.split(',').length;
    for (const line of lines) expect(line.split(',')).toHaveLength(width);
    const header = OS_KERNEL_CSV_HEADER.split(',');
    const cells = Object.fromEntries(header.map((name, i) => [name, lines[3].split(',')[i]]));
    expect(cells).toMatchObject({
      layout: 'binary',
      memoryPages: '1000',
      outcome: 'ok',
      pagesRead: '1143983',
      lruPageIns: '1128996',
      kernelRelease: '6.18.44',
      cgroup: 'v1',
    });
    expect(lines[1].split(',')[4]).toBe(''); // no counters for a run the OOM killer ended
  });

  it('reads its own JSON back, the ratios recomputed from the rows', () => {
    const written = report();
    const parsed = parseOsKernelReport(JSON.parse(toOsKernelJson(written)));
    expect(parsed).toEqual({ ok: true, value: written });
    const tampered = JSON.parse(toOsKernelJson(written));
    tampered.ratios = [{ memoryPages: 1000, pagesRead: 99 }];
    const reread = parseOsKernelReport(tampered);
    expect(reread.ok && reread.value.ratios).toEqual(written.ratios);
  });

  /** Sets (or, with undefined, deletes) the value at `path` of a parsed JSON value. */
  function spoil(value: unknown, path: readonly (string | number)[], to: unknown): void {
    let at = value as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    const last = path[path.length - 1];
    if (to === undefined) delete at[last];
    else at[last] = to;
  }

  it.each<[string, (string | number)[], unknown, string]>([
    [
      'another schema',
      ['schema'],
      'bheap-lab/os-kernel/0',
      'schema must be "bheap-lab/os-kernel/1"',
    ],
    [
      'a negative count',
      ['rows', 2, 'kernel', 'pagesRead'],
      -1,
      'rows[2].kernel.pagesRead must be a whole number ≥ 0',
    ],
    [
      'an unknown layout',
      ['rows', 0, 'layout'],
      'treap',
      'rows[0].layout must be one of binary, bheap, dary4, dary8',
    ],
    [
      'counters for a killed run',
      ['rows', 0, 'kernel'],
      counters(1, 1),
      'rows[0].kernel must be null unless the outcome is ok',
    ],
    ['no rows', ['rows'], [], 'rows must hold 1 to 64 rows'],
    [
      'a missing model',
      ['rows', 1, 'model', 'clock'],
      undefined,
      'rows[1].model.clock must be an object',
    ],
    [
      'a cgroup kind',
      ['conditions', 'cgroup'],
      'v3',
      'conditions.cgroup must be v1, v2 or systemd',
    ],
    ['text in a number', ['run', 'items'], '1000000', 'run.items must be a whole number ≥ 0'],
    [
      'a huge message',
      ['rows', 0, 'message'],
      'x'.repeat(5000),
      'rows[0].message must be text or null',
    ],
  ])('refuses a report with %s', (_, path, to, message) => {
    const value: unknown = JSON.parse(toOsKernelJson(report()));
    spoil(value, path, to);
    expect(parseOsKernelReport(value)).toEqual({ ok: false, error: message });
  });

  it('refuses what is not a report at all', () => {
    expect(parseOsKernelReport([])).toEqual({
      ok: false,
      error: 'the report must be a JSON object',
    });
    expect(parseOsKernelReport(null)).toEqual({
      ok: false,
      error: 'the report must be a JSON object',
    });
  });
});
