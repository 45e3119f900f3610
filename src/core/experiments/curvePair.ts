// The two structures of the fault-cost curves as one pair: curves of different page counts
// brought to a common frame range, and the node-size and list-size rules the pair imposes.

import { quote } from '../quote';
import { parseIntInRange } from '../ranges';
import { MAX_NODE_BYTES, WORD_BYTES } from '../structures/pointer/arena';
import {
  isHeapKind,
  minNodeBytesOf,
  nodeBytesAllowed,
  nodeBytesFloor,
  STRUCTURES,
  type StructureKind,
} from '../structures/registry';
import { formatBytes } from './byteUnits';
import { type CurveSettings, curvesSpec } from './curveSettings';
import { estimateSweepBytes } from './memoryEstimate';
import { LIST_MAX_ITEMS } from './scaling';

/** One side's curves: index f - 1 holds the value with f resident pages, f = 1..pages. */
interface PageCurves {
  pages: number;
  pageIns: Float64Array;
  writeBacks: Float64Array;
}

/**
 * The curves over frame counts 1..pages. A structure whose pages all fit (f >= its own pages)
 * faults no more than it does at its last frame count, so that count's values hold from there
 * on: the shorter side continues flat. Curves already spanning `pages` are returned as they are.
 */
export function padCurves<C extends PageCurves>(curves: C, pages: number): C {
  if (curves.pages >= pages) return curves;
  const last = curves.pages - 1;
  const extend = (values: Float64Array): Float64Array => {
    const out = new Float64Array(pages);
    out.set(values.subarray(0, curves.pages));
    out.fill(last >= 0 ? values[last] : 0, curves.pages);
    return out;
  };
  return {
    ...curves,
    pages,
    pageIns: extend(curves.pageIns),
    writeBacks: extend(curves.writeBacks),
  };
}

/** Both sides over the larger side's frame range, so a chart can plot and divide them pointwise. */
export function padPair<C extends PageCurves>(left: C, right: C): [C, C] {
  const pages = Math.max(left.pages, right.pages);
  return [padCurves(left, pages), padCurves(right, pages)];
}

/** Whether either side is a pointer structure, i.e. whether the node size means anything. */
export function pairUsesNodes(left: StructureKind, right: StructureKind): boolean {
  return !isHeapKind(left) || !isHeapKind(right);
}

type Checked = { ok: true; value: number } | { ok: false; error: string };

/** A node size typed in a control for the pair: a multiple of 8 from the pair's floor to 4096 bytes. */
export function parseNodeBytes(text: string, left: StructureKind, right: StructureKind): Checked {
  const min = nodeBytesFloor(left, right);
  const typed = text.trim();
  const parsed = parseIntInRange('node size (bytes)', typed, { min, max: MAX_NODE_BYTES });
  if (!parsed.ok || parsed.value % WORD_BYTES !== 0) {
    return {
      ok: false,
      error: `node size (bytes) must be ${nodeBytesAllowed(left, right)}, got ${quote(typed, 24)}`,
    };
  }
  return { ok: true, value: parsed.value };
}

/**
 * A node size kept from before that the newly chosen pair refuses (e.g. 32 bytes, fine for the
 * list, with a treap chosen) is raised to the pair's floor; the message says so, or is null.
 */
export function fitNodeBytes(
  nodeBytes: number,
  left: StructureKind,
  right: StructureKind,
): { value: number; message: string | null } {
  const min = nodeBytesFloor(left, right);
  if (nodeBytes >= min || !pairUsesNodes(left, right)) return { value: nodeBytes, message: null };
  const widest = [left, right].find((kind) => !isHeapKind(kind) && minNodeBytesOf(kind) === min);
  const title = widest === undefined ? 'these structures' : STRUCTURES[widest].title;
  return {
    value: min,
    message: `node size ${nodeBytes} bytes is too small for the ${title} (at least ${min}: key, item and its links); using ${min}`,
  };
}

/** The list's insert walks the list, so a pair with a list runs at most LIST_MAX_ITEMS items. */
export function fitListItems(
  items: number,
  left: StructureKind,
  right: StructureKind,
): { value: number; message: string | null } {
  if ((left !== 'list' && right !== 'list') || items <= LIST_MAX_ITEMS)
    return { value: items, message: null };
  return {
    value: LIST_MAX_ITEMS,
    message: `with a sorted list the curves run at most ${LIST_MAX_ITEMS} items (its inserts walk the list), got ${items}; using ${LIST_MAX_ITEMS}`,
  };
}

/**
 * The legend's names for the two sides: the structures' titles, told apart by side when both
 * sides run the same structure.
 */
export function pairTitles(left: StructureKind, right: StructureKind): [string, string] {
  const a = STRUCTURES[left].title;
  const b = STRUCTURES[right].title;
  return a === b ? [`${a} #1`, `${b} #2`] : [a, b];
}

/**
 * Memory one of the page's sweep workers may take: the heap or arena, the stack-distance
 * kernel and the curves (budget.ts estimates them as for the CLI). The largest heap sweep the
 * page offers (2^24 items at 4 per page, about 600 MB) fits; node arenas at tiny pages may not.
 */
export const CURVES_WORKER_BUDGET_BYTES = 2 ** 30;

function sweepBytes(settings: CurveSettings, items: number): number {
  const workload = { kind: settings.workload, items, seed: settings.seed, keyRange: settings.keys };
  return Math.max(
    estimateSweepBytes(curvesSpec(settings, 'left'), workload).bytes,
    estimateSweepBytes(curvesSpec(settings, 'right'), workload).bytes,
  );
}

/**
 * The curves' items brought within a worker's memory: the most that fit (the estimate grows
 * with the items, so a binary search finds them), with a message, or the items as they were.
 */
export function fitCurvesMemory(settings: CurveSettings): {
  value: number;
  message: string | null;
} {
  const needed = sweepBytes(settings, settings.items);
  if (needed <= CURVES_WORKER_BUDGET_BYTES) return { value: settings.items, message: null };
  let low = 1;
  let high = settings.items;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (sweepBytes(settings, mid) <= CURVES_WORKER_BUDGET_BYTES) low = mid;
    else high = mid - 1;
  }
  const node = pairUsesNodes(settings.left, settings.right)
    ? `, ${settings.nodeBytes}-byte nodes`
    : '';
  return {
    value: low,
    message: `${settings.items} items${node} at ${settings.itemsPerPage} per page would need about ${formatBytes(needed)} in a sweep worker; the page allows ${formatBytes(CURVES_WORKER_BUDGET_BYTES)}; using ${low} items, the most that fit (the command line allows more)`,
  };
}
