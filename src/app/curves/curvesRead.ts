// What a change in the curves form means: the settings it asks for, fitted to what a sweep in a
// worker can run, and a message for each value refused or changed on the way. No page needed.

import {
  fitCurvesMemory,
  fitListItems,
  fitNodeBytes,
  pairUsesNodes,
  parseNodeBytes,
} from '../../core/experiments/curvePair';
import {
  CURVES_MAX_ITEMS,
  type CurveSettings,
  PRESETS,
  PRESSURE_UNITS,
  visibleRange,
} from '../../core/experiments/curveSettings';
import { isPolicy } from '../../core/memory/pager';
import { parseIntInRange, parseNumberInRange } from '../../core/ranges';
import { isValidItemsPerPage } from '../../core/structures/heap/indexMaps';
import { isStructureKind } from '../../core/structures/registry';

/**
 * The settings the form's fields ask for, from `settings` (the ones shown); `value` reads a
 * field's trimmed text, `pages` is what the chart spans now (null before a result).
 */
export function readCurveForm(
  value: (name: string) => string,
  settings: CurveSettings,
  pages: number | null,
): { next: CurveSettings; errors: string[] } {
  const next: CurveSettings = { ...settings, preset: 'custom', from: null, to: null };
  const errors: string[] = [];
  const left = value('left');
  const right = value('right');
  if (isStructureKind(left)) next.left = left;
  if (isStructureKind(right)) next.right = right;
  const items = parseIntInRange('curve items', value('items'), { min: 1, max: CURVES_MAX_ITEMS });
  if (items.ok) next.items = items.value;
  else
    errors.push(
      `${items.error} (the sweep runs in this browser; past 2^24 use the CLI); keeping ${settings.items}`,
    );
  const listed = fitListItems(next.items, next.left, next.right);
  next.items = listed.value;
  if (listed.message !== null) errors.push(listed.message);
  const page = Number(value('page'));
  if (isValidItemsPerPage(page)) next.itemsPerPage = page;
  // Heaps have no nodes: the hidden field's value is kept for when a pointer structure returns.
  if (pairUsesNodes(next.left, next.right)) {
    const nodeText = value('node');
    const node = parseNodeBytes(nodeText, next.left, next.right);
    if (node.ok) next.nodeBytes = node.value;
    else if (nodeText !== String(settings.nodeBytes))
      errors.push(`${node.error}; keeping ${settings.nodeBytes}`);
    // A size the previous pair took may be too small for the new one.
    const fitted = fitNodeBytes(next.nodeBytes, next.left, next.right);
    next.nodeBytes = fitted.value;
    if (fitted.message !== null) errors.push(fitted.message);
  }
  // The node size and page size fixed, the run must fit a sweep worker's memory.
  const memory = fitCurvesMemory(next);
  next.items = memory.value;
  if (memory.message !== null) errors.push(memory.message);
  const io = parseNumberInRange('curve I/O ms', value('io'), 0, 1000);
  if (io.ok) next.ioMs = io.value;
  else errors.push(`${io.error}; keeping ${settings.ioMs}`);
  next.cpu = value('cpu') === 'measure' ? 'measure' : 'article';
  next.mode = value('mode') === 'transfers' ? 'transfers' : 'time';
  next.unit = PRESSURE_UNITS.find((unit) => unit === value('unit')) ?? 'resident';
  const policy = value('policy');
  if (isPolicy(policy)) next.policy = policy;
  next.floor = value('floor') === '1';
  // A change of display only (mode, unit, I/O) keeps the preset's zoom.
  const sameRun =
    next.left === settings.left &&
    next.right === settings.right &&
    next.nodeBytes === settings.nodeBytes &&
    next.items === settings.items &&
    next.itemsPerPage === settings.itemsPerPage &&
    next.cpu === settings.cpu &&
    next.policy === settings.policy &&
    next.floor === settings.floor;
  if (sameRun) {
    next.preset = settings.preset;
    next.from = settings.from;
    next.to = settings.to;
    if (next.preset !== 'custom' && next.ioMs !== PRESETS[next.preset].ioMs) next.preset = 'custom';
    if (next.preset === 'custom' && settings.preset !== 'custom' && pages !== null) {
      [next.from, next.to] = visibleRange(settings, pages);
    }
  }
  return { next, errors };
}
