// The memory budget of one command line: its peak from the estimates of each part
// (memoryEstimate.ts, outputEstimate.ts), and why it cannot run, if it cannot, as a reason with
// the numbers involved and what would make it smaller (the CLI words it: cli/refusals.ts).
// Pure: no DOM, no Node APIs.

import type { Policy } from '../memory/pager';
import { MAX_ITEMS_PER_PAGE } from '../structures/heap/indexMaps';
import { arenaWords } from '../structures/pointer/arena';
import {
  isHeapKind,
  minNodeBytesOf,
  type StructureKind,
  type StructureSpec,
} from '../structures/registry';
import { expectedOperations, type Workload, workloadCapacity } from '../workloads/workloads';
import { GIB, MIB } from './byteUnits';
import {
  estimatePolicyBytes,
  estimateRunBytes,
  estimateScalingBytes,
  estimateSweepBytes,
  kernelBytes,
} from './memoryEstimate';
import {
  estimateSweepOutput,
  MAX_STRING_CHARS,
  type OutputEstimate,
  type OutputFormat,
  policyOutput,
} from './outputEstimate';

/**
 * Memory one command line may take in all. The CLI runs on a 24 GB, 2-core machine: a sweep
 * is the main thread plus one worker per layout (or, for one layout, a heap thread and its
 * counter thread), so about two threads' worth of arrays at once. 4 GiB is a sixth of that
 * machine, which leaves room beside it for a second run, the dev server and a browser, or a
 * test suite; it is also what one V8 heap (heap_size_limit 4,144 MiB there) and one
 * WebAssembly kernel (4 GiB, wasm32) can hold, so a run within the budget meets neither limit.
 */
export const CLI_MEMORY_BUDGET_BYTES = 4 * GIB;

/**
 * The process before any array: Node, tsx, the esbuild bundle of the worker script and three
 * V8 isolates, rounded up from the smallest runs' peak memory (docs/performance.md, "Why the
 * code is so").
 */
const PROCESS_BYTES = 160 * MIB;

/** A wasm32 memory holds at most 65,536 pages of 64 KiB; the stack kernel's cannot grow past it. */
const WASM_MAX_BYTES = 2 ** 32;

/** arena.ts refuses an arena of 2^31 words or more (word addresses go through 32-bit shifts). */
const MAX_ARENA_WORDS = 2 ** 31;

// ---- a whole command line -------------------------------------------------------------------

/** What a command line asks for, as far as its size is concerned (the CLI's options fit it). */
export interface CommandPlan {
  command: 'sweep' | 'run' | 'trace' | 'scaling';
  layouts: readonly StructureKind[];
  itemsPerPage: number;
  nodeBytes: number;
  workload: Workload;
  /** run: the frames of the pager. */
  frames: number | null;
  /** scaling: the N values. */
  sizes: readonly number[];
  format: OutputFormat;
  /** 'measure' times a bare run after the measured one (and scaling repeats its runs). */
  cpu: 'article' | 'measure';
  /** sweep and run: the replacement policies (absent: LRU alone). */
  policies?: readonly Policy[];
}

interface CommandEstimate {
  /** Memory of the whole process at its peak, an upper bound. */
  bytes: number;
  /** Most pages any layout spans (0 for scaling). */
  pages: number;
  /** The largest stack kernel a layout needs (0 unless sweep). */
  kernelBytes: number;
  /** The output text (null unless sweep: the others print a line per layout or point). */
  output: OutputEstimate | null;
  /** The part of `bytes` that grows with the pages (pager, kernels, curves, output). */
  pageBytes: number;
}

function specsOf(plan: CommandPlan): StructureSpec<StructureKind>[] {
  return plan.layouts.map((kind) => ({
    kind,
    itemsPerPage: plan.itemsPerPage,
    nodeBytes: plan.nodeBytes,
  }));
}

/**
 * The command's peak: the layouts run at once, one thread each, so their arrays add up, and
 * the output is built in the main thread (counted on top, although the workers end first).
 * Scaling runs its points one after another in one thread: the largest point counts, twice
 * with --cpu measure (the repeated runs' garbage may not be collected yet).
 */
export function estimateCommand(plan: CommandPlan): CommandEstimate {
  const specs = specsOf(plan);
  const measure = plan.cpu === 'measure';
  if (plan.command === 'scaling') {
    let largest = 0;
    for (const spec of specs) {
      for (const items of plan.sizes) {
        largest = Math.max(largest, estimateScalingBytes(spec, items).bytes);
      }
    }
    return {
      bytes: PROCESS_BYTES + (measure ? 2 : 1) * largest,
      pages: 0,
      kernelBytes: 0,
      output: null,
      pageBytes: 0,
    };
  }
  let bytes = PROCESS_BYTES;
  let pages = 0;
  let kernel = 0;
  let pageBytes = 0;
  const policies = plan.policies ?? ['lru'];
  // A sweep without LRU runs no LRU counter; a run makes one pager per policy, one at a time.
  const lru = plan.command === 'run' || policies.includes('lru');
  for (const spec of specs) {
    // A trace holds what a run holds (its own extra is added below).
    const command = plan.command === 'sweep' ? 'sweep' : 'run';
    const policy = estimatePolicyBytes(spec, plan.workload, policies, command);
    bytes += policy.bytes;
    pageBytes += policy.parts.trace + policy.parts.pager + policy.parts.curves;
    pages = Math.max(pages, policy.pages);
    if (!lru) continue;
    const layout =
      plan.command === 'sweep'
        ? estimateSweepBytes(spec, plan.workload)
        : estimateRunBytes(spec, plan.workload, plan.frames);
    // --cpu measure runs the workload again, bare, while the measured run's arrays may remain.
    const bare = measure ? layout.parts.structure + layout.parts.workload : 0;
    bytes += layout.bytes + bare;
    pageBytes += layout.parts.pager + layout.parts.kernel + layout.parts.curves;
    pages = Math.max(pages, layout.pages);
    if (plan.command === 'sweep') kernel = Math.max(kernel, kernelBytes(layout.pages));
  }
  if (plan.command === 'trace') {
    // The trace writes down the operations once (replay/opList.ts: 13 bytes each) and keeps a
    // recency stack per side (memory/stackMemory.ts: about 40 bytes a page).
    bytes += 13 * expectedOperations(plan.workload) + 40 * pages * specs.length;
  }
  let output: OutputEstimate | null = null;
  if (plan.command === 'sweep') {
    output = estimateSweepOutput(specs, plan.workload, plan.format);
    if (policies.length > 1 || !lru) output = policyOutput(output, policies.length);
  }
  if (output !== null) {
    bytes += output.bytes;
    pageBytes += output.bytes;
  }
  return { bytes, pages, kernelBytes: kernel, output, pageBytes };
}

// ---- why a command cannot run ---------------------------------------------------------------

/**
 * What would make a command smaller, in the order a refusal lists them: its size (N, the
 * scaling sizes or the script), larger pages, smaller nodes, fewer layouts.
 */
export type BudgetRemedy = 'size' | 'page-items' | 'node-bytes' | 'layouts';

/** The limit a command passes, with the numbers a refusal names, and what would help. */
type BudgetExcess = { remedies: BudgetRemedy[] } & (
  | { limit: 'memory'; bytes: number; budget: number; pages: number }
  | { limit: 'kernel'; kernelBytes: number; pages: number }
  | { limit: 'string'; chars: number }
  | { limit: 'arena'; words: number }
);

/**
 * What would make it smaller, among the settings that apply: larger pages only where the pages
 * weigh, smaller nodes only where the nodes do.
 */
function remediesFor(plan: CommandPlan, weigh: { pages: boolean; nodes: boolean }): BudgetRemedy[] {
  const fixes: BudgetRemedy[] = ['size'];
  if (weigh.pages && plan.command !== 'scaling' && plan.itemsPerPage < MAX_ITEMS_PER_PAGE)
    fixes.push('page-items');
  const pointers = plan.layouts.filter((kind) => !isHeapKind(kind));
  if (
    weigh.nodes &&
    pointers.length > 0 &&
    plan.nodeBytes > Math.max(...pointers.map(minNodeBytesOf))
  )
    fixes.push('node-bytes');
  if (plan.command !== 'scaling' && plan.layouts.length > 1) fixes.push('layouts');
  return fixes;
}

/**
 * Which limit the command would pass, within `budget` bytes or the hard limits of V8 and
 * WebAssembly, checked in that order; null if it fits them all.
 */
export function budgetExcess(
  plan: CommandPlan,
  budget: number = CLI_MEMORY_BUDGET_BYTES,
): BudgetExcess | null {
  const estimate = estimateCommand(plan);
  // Pages weigh when they are a quarter of the memory or more; a node's size sets the pages.
  const pages = 4 * estimate.pageBytes >= estimate.bytes;
  const both = { pages: true, nodes: true };
  if (estimate.bytes > budget) {
    const weigh = { pages, nodes: pages || plan.command === 'scaling' };
    return {
      limit: 'memory',
      bytes: estimate.bytes,
      budget,
      pages: estimate.pages,
      remedies: remediesFor(plan, weigh),
    };
  }
  if (estimate.kernelBytes > WASM_MAX_BYTES) {
    return {
      limit: 'kernel',
      kernelBytes: estimate.kernelBytes,
      pages: estimate.pages,
      remedies: remediesFor(plan, both),
    };
  }
  const output = estimate.output;
  if (output !== null && output.longest > MAX_STRING_CHARS) {
    return { limit: 'string', chars: output.longest, remedies: remediesFor(plan, both) };
  }
  const largest =
    plan.command === 'scaling' ? Math.max(...plan.sizes) : workloadCapacity(plan.workload);
  if (plan.layouts.some((kind) => !isHeapKind(kind))) {
    const words = arenaWords(largest, plan.nodeBytes);
    if (words >= MAX_ARENA_WORDS) {
      return { limit: 'arena', words, remedies: remediesFor(plan, { pages: false, nodes: true }) };
    }
  }
  return null;
}
