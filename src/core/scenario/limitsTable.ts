// The limits table of docs/page.md, written from the constants the code enforces, so it is
// stated once: a unit test fails when its copy in docs/page.md differs (npm run limits prints it).

import { CLI_MEMORY_BUDGET_BYTES } from '../experiments/budget';
import { formatBytes } from '../experiments/byteUnits';
import { CURVES_WORKER_BUDGET_BYTES } from '../experiments/curvePair';
import { CURVES_MAX_ITEMS } from '../experiments/curveSettings';
import { LIST_MAX_ITEMS } from '../experiments/scaling';
import { SCALING_MAX_SIZES, SCALING_PAGE_MAX_ITEMS } from '../experiments/scalingSeries';
import { ITEMS_RANGE } from '../ranges';
import { MAX_ITEMS_PER_PAGE, MIN_ITEMS_PER_PAGE } from '../structures/heap/indexMaps';
import { MAX_NODE_BYTES } from '../structures/pointer/arena';
import { nodeBytesRuleText } from '../structures/registry';
import { MAX_SCRIPT_OPS } from '../workloads/script';
import { MAX_PACKED_CHARS, MAX_UNPACKED_BYTES, QUERY_TEXT_MAX_CHARS } from './linkPacking';
import {
  PAGE_LIST_MAX_ITEMS,
  PAGE_MAX_HEAP_ITEMS,
  PAGE_MAX_ITEMS,
  PAGE_MAX_LARGE_PAGES,
  PAGE_MAX_PAGES,
  PAGE_MAX_SCRIPT_OPS,
  PAGE_MAX_STEP_BOUND,
  PAGE_MEMORY_BUDGET_BYTES,
  PAGE_WORKER_BUDGET_BYTES,
} from './pageLimits';

const n = (value: number): string => value.toLocaleString('en-US');

/** Rows of what, the page's limit, the command line's, and why. */
function limitsRows(): [string, string, string, string][] {
  return [
    [
      'items (N)',
      `animation: 1 to ${n(PAGE_MAX_ITEMS)}, up to ${n(PAGE_MAX_HEAP_ITEMS)} with heaps on both sides, not under OPT (recorded in workers), ${n(PAGE_LIST_MAX_ITEMS)} with a sorted list on a side; curves: 1 to ${n(CURVES_MAX_ITEMS)} (${n(LIST_MAX_ITEMS)} with a list); scaling: up to ${SCALING_MAX_SIZES} N from 1 to ${n(SCALING_PAGE_MAX_ITEMS)}`,
      `1 to ${n(ITEMS_RANGE.max)} (${n(LIST_MAX_ITEMS)} with a list)`,
      "a list's inserts walk the list (N²/4 node visits)",
    ],
    [
      'pages per side',
      `at most ${n(PAGE_MAX_LARGE_PAGES)} with heaps on both sides, not under OPT (the most 2^20 items of any heap take); otherwise ${n(PAGE_MAX_PAGES)}`,
      'as memory allows',
      'the grid draws a cell a page, down to a pixel, then several pages a cell; OPT and the pointer structures keep a cell a page',
    ],
    [
      'steps',
      `a worst-case bound of at most ${n(PAGE_MAX_STEP_BOUND)}, counted before preparing; none for heaps over ${n(PAGE_MAX_ITEMS)} items (their steps are counted, never stored)`,
      'no limit',
      "a small run's first pass replays every event",
    ],
    [
      'script',
      `at most ${n(PAGE_MAX_SCRIPT_OPS)} operations`,
      `at most ${n(MAX_SCRIPT_OPS)} operations`,
      'the same size limits apply to scripts as to every workload',
    ],
    [
      'memory',
      `the animation's timeline ${formatBytes(PAGE_MEMORY_BUDGET_BYTES)}, and each of a large run's two workers ${formatBytes(PAGE_WORKER_BUDGET_BYTES)}; a curves worker ${formatBytes(CURVES_WORKER_BUDGET_BYTES)}`,
      `${formatBytes(CLI_MEMORY_BUDGET_BYTES)} per command`,
      'estimated from the arrays a run allocates, before it starts',
    ],
    [
      'node size (bytes)',
      nodeBytesRuleText(),
      'the same',
      `key, item and links, ${MAX_NODE_BYTES / 8} words at most`,
    ],
    [
      'items per page',
      `a power of two from ${MIN_ITEMS_PER_PAGE} to ${MAX_ITEMS_PER_PAGE} (at least 8 for the 8-ary heap)`,
      'the same',
      "a d-ary heap keeps a node's children on one page",
    ],
    [
      'link length',
      `a script over ${n(QUERY_TEXT_MAX_CHARS)} characters travels packed after '#' (at most ${n(MAX_PACKED_CHARS)} characters, ${formatBytes(MAX_UNPACKED_BYTES)} unpacked)`,
      '—',
      'static servers refuse request lines over about 8 KB',
    ],
    [
      'numbers',
      'plain decimal digits, as the page writes them back',
      'the same',
      '08, -0, " 5" and 1_000 are refused, never read quietly',
    ],
  ];
}

/** The table as Markdown, the form docs/page.md holds. */
export function limitsTable(): string {
  const lines = [
    '| limit | the page | the command line | why |',
    '|---|---|---|---|',
    ...limitsRows().map((row) => `| ${row.join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}
