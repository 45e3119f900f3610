// The printed forms of a measurement under the OS kernel's pager: the text table and CSV.

import { describe, expect, it } from 'vitest';
import {
  OS_KERNEL_CSV_HEADER,
  osKernelText,
  toOsKernelCsv,
} from '../../../src/core/experiments/osKernelText';
import { report } from './osKernelFixture';

describe('the printed forms of a run under the pager', () => {
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
});
