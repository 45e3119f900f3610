// A measurement under the OS kernel's pager read back from its JSON, and what is refused.

import { describe, expect, it } from 'vitest';
import { parseOsKernelReport } from '../../../src/core/experiments/osKernelParse';
import { toOsKernelJson } from '../../../src/core/experiments/osKernelText';
import { counters, report } from './osKernelFixture';

describe('reading a run under the pager back', () => {
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
