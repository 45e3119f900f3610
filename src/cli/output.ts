// Builds a sweep's printed text one layout at a time.
//
// Byte for byte report.ts's text, but no string ever holds every layout, so V8's string limit
// (2^29 - 24 characters) and the text's memory apply per layout (core/experiments/
// outputEstimate.ts counts them so).

import type { PolicySweepResult } from '../core/experiments/policySweep';
import {
  CSV_HEADER,
  POLICY_CSV_HEADER,
  type ReportOptions,
  toCsvReport,
  toJsonReport,
  toPolicyCsvReport,
  toPolicyJsonReport,
} from '../core/experiments/report';
import type { SweepResult } from '../core/experiments/sweep';
import type { StructureKind } from '../core/structures/registry';

/** toJsonReport's text around its entries. */
const JSON_OPEN = '{"results":[';
const JSON_CLOSE = ']}';

/**
 * The pieces of toJsonReport(results) + "\n" (json) or toCsvReport(results, options) (csv), in
 * order: each layout's text is built only when the previous one has been taken.
 */
export function* sweepTextPieces(
  results: readonly SweepResult<StructureKind>[],
  format: 'json' | 'csv',
  options: ReportOptions,
): Generator<string> {
  if (format === 'json') {
    yield JSON_OPEN;
    for (const [index, result] of results.entries()) {
      const whole = toJsonReport([result]);
      const entry = whole.slice(JSON_OPEN.length, whole.length - JSON_CLOSE.length);
      yield index === 0 ? entry : `,${entry}`;
    }
    yield `${JSON_CLOSE}\n`;
    return;
  }
  for (const [index, result] of results.entries()) {
    const whole = toCsvReport([result], options);
    yield index === 0 ? whole : whole.slice(CSV_HEADER.length + 1);
  }
}

/** The same for a sweep under several policies (report.ts toPolicyJsonReport, toPolicyCsvReport). */
export function* policyTextPieces(
  results: readonly PolicySweepResult<StructureKind>[],
  format: 'json' | 'csv',
  options: ReportOptions<PolicySweepResult<StructureKind>>,
): Generator<string> {
  if (format === 'json') {
    yield JSON_OPEN;
    for (const [index, result] of results.entries()) {
      const whole = toPolicyJsonReport([result]);
      const entries = whole.slice(JSON_OPEN.length, whole.length - JSON_CLOSE.length);
      yield index === 0 ? entries : `,${entries}`;
    }
    yield `${JSON_CLOSE}\n`;
    return;
  }
  for (const [index, result] of results.entries()) {
    const whole = toPolicyCsvReport([result], options);
    yield index === 0 ? whole : whole.slice(POLICY_CSV_HEADER.length + 1);
  }
}
