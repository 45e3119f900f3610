// Estimates a sweep's output text: its rows, its characters (one JavaScript string can hold only
// so many) and the memory of building and writing it, for the budget (budget.ts).

import { WORD_BYTES } from '../structures/pointer/arena';
import {
  isHeapKind,
  type StructureKind,
  type StructureSpec,
  structureInfo,
  structurePages,
} from '../structures/registry';
import { type Workload, workloadCapacity } from '../workloads/workloads';
import { referenceBound } from './memoryEstimate';

/** V8's String::kMaxLength on 64-bit (2^29 - 24): one output text cannot be longer. */
export const MAX_STRING_CHARS = 2 ** 29 - 24;

/** Decimal digits of a non-negative integer. */
function digits(value: number): number {
  return String(Math.max(0, Math.floor(value))).length;
}

/** Total digits of 1, 2, ..., n (the frames column). */
export function digitsUpTo(n: number): number {
  let total = 0;
  for (let width = 1, low = 1; low <= n; width++, low *= 10) {
    total += width * (Math.min(n, low * 10 - 1) - low + 1);
  }
  return total;
}

/**
 * report.ts formatNumber: 6 significant digits as JavaScript prints them; the longest is
 * "0.00000123457" (below 1e-6 it switches to "1.23457e-7").
 */
const FLOAT_CHARS = 13;
/** report.ts CSV_HEADER and its newline. */
const CSV_HEADER_CHARS = 56;
/** The JSON fields before a sweep entry's arrays (report.ts runFields), generously. */
const JSON_ENTRY_CHARS = 400;
/**
 * Memory of the output text per character: the rows' own strings, the layout's joined text,
 * its copy flattened when written and the buffer stdout writes from. Each layout's text is
 * written before the next is built (main.ts), but all are counted: a platform where stdout
 * writes asynchronously keeps them queued.
 */
const OUTPUT_COPIES = 4;
/** Per CSV row: its string's header and rounding (24 bytes) and its slot in the lines array (12). */
const CSV_ROW_BYTES = 36;
/** Per page and layout of the JSON: three JS arrays (frames, pageIns, writeBacks) of 8-byte elements. */
const JSON_PAGE_BYTES = 3 * 8;

export type OutputFormat = 'json' | 'csv';

export interface OutputEstimate {
  /** Characters of the whole text, an upper bound (the real text is about 1.4 times shorter). */
  chars: number;
  /** Characters of the longest layout's text: the CLI builds and writes one layout at a time. */
  longest: number;
  /** Rows (CSV) or array entries (JSON): one per page per layout. */
  rows: number;
  /** Memory of building and writing it. */
  bytes: number;
}

/**
 * Rows a sweep prints for one layout: one per page it touched (sweepResultOf in sweep.ts). A heap
 * fills its slots densely, so every page it spans; a pointer structure touches only its nodes'
 * key, item and link words, which for large nodes is a few pages of each node's many.
 */
export function outputPages(spec: StructureSpec<StructureKind>, capacity: number): number {
  const pages = structurePages(spec, capacity);
  if (isHeapKind(spec.kind)) return pages;
  const nodeWords = spec.nodeBytes / WORD_BYTES;
  const usedWords = 2 + structureInfo(spec.kind).linkFields;
  // A node that starts on a page boundary spans ceil(used / page) pages; any other, one more.
  const perNode =
    Math.ceil(usedWords / spec.itemsPerPage) + (nodeWords % spec.itemsPerPage === 0 ? 0 : 1);
  return Math.min(pages, (capacity + 1) * perNode);
}

/** A sweep's output: one row per page of each layout (report.ts toCsvReport, toJsonReport). */
export function estimateSweepOutput(
  specs: readonly StructureSpec<StructureKind>[],
  workload: Workload,
  format: OutputFormat,
): OutputEstimate {
  let chars = 0;
  let longest = 0;
  let rows = 0;
  let bytes = 0;
  for (const spec of specs) {
    const pages = outputPages(spec, workloadCapacity(workload));
    const count = digits(referenceBound(spec.kind, workload));
    let layoutChars: number;
    rows += pages;
    if (format === 'csv') {
      // layout,frames,pageIns,writeBacks,transfersPerOp,seconds: 5 commas and a newline; the
      // seconds can be as long as a count (1 s per transfer at --io-ms 1000).
      const fixed = spec.kind.length + 2 * count + FLOAT_CHARS + Math.max(FLOAT_CHARS, count + 1);
      layoutChars = CSV_HEADER_CHARS + pages * (fixed + 6) + digitsUpTo(pages);
      bytes += CSV_ROW_BYTES * pages;
    } else {
      layoutChars = JSON_ENTRY_CHARS + pages * (2 * (count + 1) + 1) + digitsUpTo(pages);
      bytes += JSON_PAGE_BYTES * pages;
    }
    chars += layoutChars;
    longest = Math.max(longest, layoutChars);
  }
  return { chars, longest, rows, bytes: bytes + OUTPUT_COPIES * chars };
}

/** A policy name and its comma in each CSV row (report.ts POLICY_CSV_HEADER), or its JSON field. */
const POLICY_COLUMN_CHARS = 20;

/**
 * The output of a sweep under `policies` policies (report.ts toPolicyCsvReport, toPolicyJsonReport):
 * at most the LRU text's rows per policy, each with the policy named.
 */
export function policyOutput(single: OutputEstimate, policies: number): OutputEstimate {
  const rows = single.rows * policies;
  const chars = (single.chars + POLICY_COLUMN_CHARS * single.rows) * policies;
  const longest = single.longest * policies + POLICY_COLUMN_CHARS * rows;
  return {
    chars,
    longest,
    rows,
    bytes: single.bytes * policies + OUTPUT_COPIES * (chars - single.chars),
  };
}
