// Reads a measurement under the OS kernel's pager back from its JSON (the shipped file, or one a
// user loads in the page), checked like any other input: the first wrong field is named.

import type { Parsed } from '../ranges';
import {
  OS_KERNEL_LAYOUTS,
  OS_KERNEL_SCHEMA,
  OS_KERNEL_WORKLOADS,
  type OsKernelConditions,
  type OsKernelLayout,
  type OsKernelReport,
  type OsKernelRow,
  type OsKernelRunSettings,
  type OsKernelWorkload,
  osKernelRatios,
} from './osKernelReport';

class ReportError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function need(condition: boolean, what: string): void {
  if (!condition) throw new ReportError(what);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isText = (value: unknown, most = 400): value is string =>
  typeof value === 'string' && value.length <= most;

function checkCounts(
  record: Record<string, unknown>,
  names: readonly string[],
  where: string,
): void {
  for (const name of names)
    need(isCount(record[name]), `${where}.${name} must be a whole number ≥ 0`);
}

function checkAmounts(
  record: Record<string, unknown>,
  names: readonly string[],
  where: string,
): void {
  for (const name of names) need(isAmount(record[name]), `${where}.${name} must be a number ≥ 0`);
}

function checkModel(value: unknown, where: string): void {
  need(isRecord(value), `${where} must be an object`);
  const model = value as Record<string, unknown>;
  for (const policy of ['lru', 'clock']) {
    need(isRecord(model[policy]), `${where}.${policy} must be an object`);
    checkCounts(
      model[policy] as Record<string, unknown>,
      ['pageIns', 'writeBacks'],
      `${where}.${policy}`,
    );
  }
}

function checkKernel(value: unknown, where: string): void {
  need(isRecord(value), `${where} must be an object or null`);
  const k = value as Record<string, unknown>;
  checkCounts(
    k,
    [
      'operations',
      'majorFaults',
      'minorFaults',
      'pagesRead',
      'pagesDirtied',
      'dirtyPagesAtEnd',
      'pagesWritten',
      'anonBytesAtEnd',
    ],
    where,
  );
  checkAmounts(k, ['userSeconds', 'systemSeconds', 'cpuSeconds', 'wallSeconds'], where);
  for (const [name, fields] of [
    ['arrayPagesResident', ['min', 'mean', 'max', 'samples']],
    ['heldBesidesArrayBytes', ['atStart', 'median', 'max']],
    ['limitBytes', ['min', 'max']],
  ] as const) {
    need(isRecord(k[name]), `${where}.${name} must be an object`);
    checkAmounts(k[name] as Record<string, unknown>, fields, `${where}.${name}`);
  }
  for (const name of ['kernelBytesAtEnd', 'peakChargedBytes', 'limitHits']) {
    need(
      k[name] === null || isCount(k[name]),
      `${where}.${name} must be a whole number ≥ 0 or null`,
    );
  }
}

function checkRow(value: unknown, index: number): OsKernelRow {
  const where = `rows[${index}]`;
  need(isRecord(value), `${where} must be an object`);
  const row = value as Record<string, unknown>;
  need(
    OS_KERNEL_LAYOUTS.includes(row.layout as OsKernelLayout),
    `${where}.layout must be one of ${OS_KERNEL_LAYOUTS.join(', ')}`,
  );
  checkCounts(row, ['memoryPages', 'arrayPages'], where);
  need(
    ['ok', 'oom-killed', 'timeout', 'failed'].includes(row.outcome as string),
    `${where}.outcome must be ok, oom-killed, timeout or failed`,
  );
  need(row.message === null || isText(row.message), `${where}.message must be text or null`);
  checkModel(row.model, `${where}.model`);
  if (row.outcome === 'ok') checkKernel(row.kernel, `${where}.kernel`);
  else need(row.kernel === null, `${where}.kernel must be null unless the outcome is ok`);
  if (row.partial !== null) {
    need(isRecord(row.partial), `${where}.partial must be an object or null`);
    checkAmounts(
      row.partial as Record<string, unknown>,
      ['operations', 'expectedOperations', 'pagesRead', 'wallSeconds'],
      `${where}.partial`,
    );
  }
  need(
    row.readOverLru === null || isAmount(row.readOverLru),
    `${where}.readOverLru must be a number or null`,
  );
  return row as unknown as OsKernelRow;
}

/** The most rows a report may have: 4 layouts × 16 rooms. */
export const OS_KERNEL_MAX_ROWS = 64;

/**
 * Checks a parsed JSON value as a `sim kernel --format json` report: every field of the schema
 * there with its type and sign; the first problem is named. The ratios are recomputed from the
 * rows, never trusted.
 */
export function parseOsKernelReport(value: unknown): Parsed<OsKernelReport> {
  try {
    need(isRecord(value), 'the report must be a JSON object');
    const report = value as Record<string, unknown>;
    need(report.schema === OS_KERNEL_SCHEMA, `schema must be "${OS_KERNEL_SCHEMA}"`);
    need(isRecord(report.conditions), 'conditions must be an object');
    const c = report.conditions as Record<string, unknown>;
    for (const name of [
      'date',
      'kernelRelease',
      'kernelVersion',
      'cpu',
      'filesystem',
      'device',
      'compiler',
    ])
      need(isText(c[name]), `conditions.${name} must be text`);
    need(
      ['v1', 'v2', 'systemd'].includes(c.cgroup as string),
      'conditions.cgroup must be v1, v2 or systemd',
    );
    need(
      ['two-list', 'multi-gen'].includes(c.lru as string),
      'conditions.lru must be two-list or multi-gen',
    );
    checkCounts(c, ['cpus', 'pageBytes'], 'conditions');
    need(
      Array.isArray(c.compilerFlags) && c.compilerFlags.every((flag) => isText(flag, 40)),
      'conditions.compilerFlags must be a list of text',
    );
    need(isRecord(report.run), 'run must be an object');
    const r = report.run as Record<string, unknown>;
    need(
      OS_KERNEL_WORKLOADS.includes(r.workload as OsKernelWorkload),
      'run.workload must be phk or expiry',
    );
    checkCounts(r, ['items', 'pageItems', 'slotBytes', 'seed', 'timeoutSeconds'], 'run');
    need(Array.isArray(report.rows), 'rows must be a list');
    const list = report.rows as unknown[];
    need(
      list.length >= 1 && list.length <= OS_KERNEL_MAX_ROWS,
      `rows must hold 1 to ${OS_KERNEL_MAX_ROWS} rows`,
    );
    const rows = list.map(checkRow);
    return {
      ok: true,
      value: {
        schema: OS_KERNEL_SCHEMA,
        conditions: c as unknown as OsKernelConditions,
        run: r as unknown as OsKernelRunSettings,
        rows,
        ratios: osKernelRatios(rows),
      },
    };
  } catch (error) {
    if (error instanceof ReportError) return { ok: false, error: error.message };
    throw error;
  }
}
