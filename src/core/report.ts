// The one textual form of sweep results: the CLI prints it and the page exports it, so a CSV
// from the browser and one from `npm run sim` can be compared line by line.

import { totalSeconds, transfers } from './cost';
import { isHeapKind } from './structures';
import type { PointResult, SweepResult } from './sweep';

export interface ReportOptions<R = SweepResult> {
  ioMs: number;
  /** CPU seconds for the whole run, per layout. */
  cpuSeconds: (result: R) => number;
}

export const CSV_HEADER = 'layout,frames,pageIns,writebacks,transfersPerOp,seconds';

/** JSON: one object {"results": [...]}, each entry with three equal-length arrays. */
export function toJsonReport(results: readonly SweepResult[]): string {
  return JSON.stringify(
    {
      results: results.map((result) => ({
        ...runFields(result),
        frames: Array.from({ length: result.pageIns.length }, (_, index) => index + 1),
        pageIns: Array.from(result.pageIns),
        writebacks: Array.from(result.writebacks),
      })),
    },
    null,
    0,
  );
}

/** The fields both JSON forms start with: what was run, and its counts. */
function runFields(result: SweepResult | PointResult) {
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
    zeroFill: result.zeroFill,
  };
}

/** Formats a number without float noise: integers as is, others to 6 significant digits. */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
}

export function toCsvReport(results: readonly SweepResult[], options: ReportOptions): string {
  const lines = [CSV_HEADER];
  for (const result of results) {
    const cpu = options.cpuSeconds(result);
    for (let index = 0; index < result.pageIns.length; index++) {
      const moved = transfers(result.pageIns[index], result.writebacks[index]);
      lines.push(
        [
          result.layout,
          index + 1,
          result.pageIns[index],
          result.writebacks[index],
          formatNumber(moved / result.operations),
          formatNumber(totalSeconds(cpu, moved, options.ioMs)),
        ].join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `run` (one frame count): the sweep's JSON shape, with one-element arrays and the hits. */
export function toPointJsonReport(results: readonly PointResult[]): string {
  return JSON.stringify({
    results: results.map((result) => ({
      ...runFields(result),
      hits: result.hits,
      frames: [result.frames],
      pageIns: [result.pageIns],
      writebacks: [result.writebacks],
    })),
  });
}

/** `run` as CSV: the sweep's header, one row per layout. */
export function toPointCsvReport(
  results: readonly PointResult[],
  options: ReportOptions<PointResult>,
): string {
  const lines = [CSV_HEADER];
  for (const result of results) {
    const moved = transfers(result.pageIns, result.writebacks);
    lines.push(
      [
        result.layout,
        result.frames,
        result.pageIns,
        result.writebacks,
        formatNumber(moved / result.operations),
        formatNumber(totalSeconds(options.cpuSeconds(result), moved, options.ioMs)),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
