// A kernel measurement file opened in the machine tab: a good one is read, anything else is
// refused with a message naming the file, what is wrong and what the page opens.

import { describe, expect, it } from 'vitest';
import {
  KERNEL_FILE_MAX_BYTES,
  kernelFileTooLarge,
  readKernelFile,
} from '../../../src/app/machine/kernelFile';
import measurement from '../../../src/core/experiments/osKernelMeasurement.json';

const text = (value: unknown): string => JSON.stringify(value);
const shipped = (): Record<string, unknown> =>
  structuredClone(measurement) as Record<string, unknown>;

function refusal(name: string, body: string): string {
  const read = readKernelFile(name, body);
  if (read.ok) throw new Error(`${name} was accepted`);
  return read.message;
}

describe('a kernel measurement file', () => {
  it('is read when it is what sim kernel --format json prints, its ratios recomputed from its rows', () => {
    const file = shipped();
    (file.conditions as Record<string, unknown>).date = '2027-01-02T03:04:05.000Z';
    file.ratios = [];
    const read = readKernelFile('mine.json', text(file));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.report.conditions.date).toBe('2027-01-02T03:04:05.000Z');
    expect(read.report.ratios).toHaveLength(4);
  });

  it('is refused when it is not JSON, naming the file and what the page opens', () => {
    const message = refusal('notes.txt', 'rows: 3');
    expect(message).toBe(
      '"notes.txt" is not JSON. The page opens what `npm run sim -- kernel --format json` prints (a JSON object, schema "bheap-lab/os-kernel/1"). The measurement drawn is unchanged.',
    );
  });

  it('is refused naming the first field that is wrong and what it must be', () => {
    const wrongSchema = shipped();
    wrongSchema.schema = 'bheap-lab/machine/1';
    expect(refusal('a.json', text(wrongSchema))).toContain(
      '"a.json" is not a kernel measurement: schema must be "bheap-lab/os-kernel/1".',
    );
    const negative = shipped();
    const rows = negative.rows as Record<string, Record<string, unknown>>[];
    rows[2].kernel.pagesRead = -5;
    expect(refusal('b.json', text(negative))).toContain(
      'rows[2].kernel.pagesRead must be a whole number ≥ 0',
    );
    expect(refusal('c.json', text([1, 2]))).toContain('the report must be a JSON object');
  });

  it('is refused when no run finished: there is nothing to draw', () => {
    const file = shipped();
    for (const row of file.rows as Record<string, unknown>[]) {
      row.outcome = 'oom-killed';
      row.kernel = null;
      row.readOverLru = null;
    }
    expect(refusal('oom.json', text(file))).toContain('has no run that finished');
  });

  it('quotes a hostile name safely and refuses a file too large before reading it', () => {
    const message = refusal('<img src=x onerror=alert(1)>\u202e.json', '{');
    expect(message.startsWith('"<img src=x onerror=alert(1)><U+202E>.json" is not JSON.')).toBe(
      true,
    );
    expect(kernelFileTooLarge('big.json', KERNEL_FILE_MAX_BYTES)).toBeNull();
    expect(kernelFileTooLarge('big.json', KERNEL_FILE_MAX_BYTES + 1)).toContain(
      'a kernel measurement file is at most 1024 KB',
    );
    expect(refusal('big.json', ' '.repeat(KERNEL_FILE_MAX_BYTES + 1))).toContain('at most 1024 KB');
  });
});
