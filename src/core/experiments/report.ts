// The one textual form of sweep results: the CLI prints it and the page exports it, so a CSV
// from the browser and one from `npm run sim` can be compared line by line.

import { isHeapKind, type StructureKind } from '../structures/registry';
import { totalSeconds, transfers } from './cost';
import type { PolicySweepResult } from './policySweep';
import type { PointResult, SweepResult } from './sweep';

export interface ReportOptions<R = SweepResult<StructureKind>> {
  ioMs: number;
  /** CPU seconds for the whole run, per layout. */
  cpuSeconds: (result: R) => number;
}

// The output's field names (writebacks, zeroFill) are the documented format (docs/cli.md) and
// older than the code's names (writeBacks, zeroFills); they stay as they are for existing readers.
export const CSV_HEADER = 'layout,frames,pageIns,writebacks,transfersPerOp,seconds';

/** JSON: one object {"results": [...]}, each entry with three equal-length arrays. */
export function toJsonReport(results: readonly SweepResult<StructureKind>[]): string {
  return JSON.stringify(
    {
      results: results.map((result) => ({
        ...runFields(result),
        frames: Array.from({ length: result.pageIns.length }, (_, index) => index + 1),
        pageIns: Array.from(result.pageIns),
        writebacks: Array.from(result.writeBacks),
      })),
    },
    null,
    0,
  );
}

/** The fields every JSON form starts with: what was run, and its counts. */
function runFields(
  result:
    | SweepResult<StructureKind>
    | PointResult<StructureKind>
    | Omit<PolicySweepResult<StructureKind>, 'curves'>,
) {
  return {
    layout: result.layout,
    items: result.items,
    itemsPerPage: result.itemsPerPage,
    pages: result.pages,
    operations: result.operations,
    comparisons: result.comparisons,
    swaps: result.swaps,
    accesses: result.accesses,
    ...(isHeapKind(result.layout) ? {} : { nodeBytes: result.nodeBytes }),
    zeroFill: result.zeroFills,
  };
}

/** Formats a number without float noise: integers as is, others to 6 significant digits. */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
}

export function toCsvReport<R extends SweepResult<StructureKind>>(
  results: readonly R[],
  options: ReportOptions<R>,
): string {
  const lines = [CSV_HEADER];
  for (const result of results) {
    const cpu = options.cpuSeconds(result);
    for (let index = 0; index < result.pageIns.length; index++) {
      const moved = transfers(result.pageIns[index], result.writeBacks[index]);
      lines.push(
        [
          result.layout,
          index + 1,
          result.pageIns[index],
          result.writeBacks[index],
          formatNumber(moved / result.operations),
          formatNumber(totalSeconds(cpu, moved, options.ioMs)),
        ].join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `run` (one frame count): the sweep's JSON shape, with one-element arrays and the hits. */
export function toPointJsonReport(results: readonly PointResult<StructureKind>[]): string {
  return JSON.stringify({
    results: results.map((result) => ({
      ...runFields(result),
      hits: result.hits,
      frames: [result.frames],
      pageIns: [result.pageIns],
      writebacks: [result.writeBacks],
    })),
  });
}

/** `run` as CSV: the sweep's header, one row per layout. */
export function toPointCsvReport<R extends PointResult<StructureKind>>(
  results: readonly R[],
  options: ReportOptions<R>,
): string {
  const lines = [CSV_HEADER];
  for (const result of results) {
    const moved = transfers(result.pageIns, result.writeBacks);
    lines.push(
      [
        result.layout,
        result.frames,
        result.pageIns,
        result.writeBacks,
        formatNumber(moved / result.operations),
        formatNumber(totalSeconds(options.cpuSeconds(result), moved, options.ioMs)),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

// ---- several policies ------------------------------------------------------------------------
// With --policy other than LRU alone, each row and entry also names its policy. `lru` alone keeps
// the forms above, byte for byte.

/** CSV of a sweep or run under several policies: the policy after the layout. */
export const POLICY_CSV_HEADER = 'layout,policy,frames,pageIns,writebacks,transfersPerOp,seconds';

/**
 * JSON: one entry per layout and policy, in that order, with the run's fields, `policy`, and
 * `frames`, `pageIns` and `writebacks` of equal length: the frame counts the policy has.
 */
export function toPolicyJsonReport(results: readonly PolicySweepResult<StructureKind>[]): string {
  return JSON.stringify({
    results: results.flatMap((result) =>
      result.curves.map((curve) => ({
        ...runFields(result),
        policy: curve.policy,
        frames: curve.frames,
        pageIns: Array.from(curve.pageIns),
        writebacks: Array.from(curve.writeBacks),
      })),
    ),
  });
}

export function toPolicyCsvReport(
  results: readonly PolicySweepResult<StructureKind>[],
  options: ReportOptions<PolicySweepResult<StructureKind>>,
): string {
  const lines = [POLICY_CSV_HEADER];
  for (const result of results) {
    const cpu = options.cpuSeconds(result);
    for (const curve of result.curves) {
      curve.frames.forEach((frames, index) => {
        const moved = transfers(curve.pageIns[index], curve.writeBacks[index]);
        lines.push(
          [
            result.layout,
            curve.policy,
            frames,
            curve.pageIns[index],
            curve.writeBacks[index],
            formatNumber(moved / result.operations),
            formatNumber(totalSeconds(cpu, moved, options.ioMs)),
          ].join(','),
        );
      });
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `run` under several policies, JSON: one entry per layout and policy, with `policy` and the hits. */
export function toPolicyPointJsonReport(results: readonly PointResult<StructureKind>[]): string {
  return JSON.stringify({
    results: results.map((result) => ({
      ...runFields(result),
      policy: result.policy,
      hits: result.hits,
      frames: [result.frames],
      pageIns: [result.pageIns],
      writebacks: [result.writeBacks],
    })),
  });
}

/** `run` under several policies, CSV: the policy sweep's header, one row per layout and policy. */
export function toPolicyPointCsvReport(
  results: readonly PointResult<StructureKind>[],
  options: ReportOptions<PointResult<StructureKind>>,
): string {
  const lines = [POLICY_CSV_HEADER];
  for (const result of results) {
    const moved = transfers(result.pageIns, result.writeBacks);
    lines.push(
      [
        result.layout,
        result.policy,
        result.frames,
        result.pageIns,
        result.writeBacks,
        formatNumber(moved / result.operations),
        formatNumber(totalSeconds(options.cpuSeconds(result), moved, options.ioMs)),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
