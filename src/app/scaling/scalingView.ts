// What the scaling tab shows of a run, worked out without the page: the chart's data at the
// quantity and overhead chosen now, the note under it, and the CLI's CSV and its file name.

import { CLI_DEFAULTS } from '../../core/experiments/cliDefaults';
import {
  NO_CALL_OVERHEAD,
  REVIEW_CALL_OVERHEAD,
  SECONDS_PER_ACCESS,
} from '../../core/experiments/cost';
import { LIST_MAX_ITEMS, type ScalingPoint, toScalingCsv } from '../../core/experiments/scaling';
import {
  csvOrder,
  formatItems,
  formatSeconds,
  QUANTITY_LABELS,
  type ScalingCommand,
  type ScalingJob,
  type ScalingSettings,
  scalingCliCommand,
  scalingPlan,
  scalingSeries,
  withOverhead,
} from '../../core/experiments/scalingSeries';
import { shippedScalingPoint } from '../../core/experiments/shipped';
import { SHIPPED_SCALING_POINTS } from '../../core/experiments/shippedScaling.generated';
import { STRUCTURE_KINDS } from '../../core/structures/registry';
import type { ScalingChartData } from '../../view/scaling/scalingChart';

/** The run the chart shows: what was asked, and the points received so far. */
export interface Computed {
  command: ScalingCommand;
  points: ScalingPoint[];
  skipped: ScalingJob[];
  finished: boolean;
}

/** The run the settings ask for, as the worker and the CLI take it. */
export function scalingCommand(settings: ScalingSettings): ScalingCommand {
  return {
    kinds: STRUCTURE_KINDS.filter((kind) => settings.kinds.includes(kind)),
    sizes: [...settings.sizes],
    // The CLI's defaults, so the page's CSV is the one `npm run sim -- scaling` prints.
    itemsPerPage: CLI_DEFAULTS.itemsPerPage,
    nodeBytes: CLI_DEFAULTS.nodeBytes,
    seed: CLI_DEFAULTS.seed,
    keyRange: CLI_DEFAULTS.keyRange,
    overhead: settings.overhead,
    measure: settings.measure,
  };
}

/** Whether two runs make the same points (the overhead is applied afterwards). */
export function sameRun(a: ScalingCommand, b: ScalingCommand): boolean {
  return (
    a.kinds.join() === b.kinds.join() &&
    a.sizes.join() === b.sizes.join() &&
    a.measure === b.measure
  );
}

/** The per-call cost an overhead choice stands for. */
function costOf(overhead: ScalingSettings['overhead']) {
  return overhead === 'review' ? REVIEW_CALL_OVERHEAD : NO_CALL_OVERHEAD;
}

/**
 * The runs of a plan split in two: the points the page ships (core/experiments/shipped.ts: the
 * timer-queue scene's, so it draws at once), and the jobs left for the worker, in plan order.
 */
export function splitShipped(
  command: ScalingCommand,
  jobs: readonly ScalingJob[],
): { points: ScalingPoint[]; jobs: ScalingJob[] } {
  const points: ScalingPoint[] = [];
  const left: ScalingJob[] = [];
  for (const job of jobs) {
    const point = shippedScalingPoint(
      SHIPPED_SCALING_POINTS,
      command,
      job,
      costOf(command.overhead),
    );
    if (point === null) left.push(job);
    else points.push(point);
  }
  return { points, jobs: left };
}

/** The received points, with the model seconds for the overhead chosen now. */
function shownPoints(computed: Computed, settings: ScalingSettings): ScalingPoint[] {
  const cost = costOf(settings.overhead);
  return computed.points.map((point) => withOverhead(point, cost));
}

export function scalingChartData(
  computed: Computed,
  settings: ScalingSettings,
  showMeasured: boolean,
): ScalingChartData {
  const points = shownPoints(computed, settings);
  const { quantity, overhead } = settings;
  const perCall =
    overhead === 'review'
      ? ` + ${formatSeconds(REVIEW_CALL_OVERHEAD.addSeconds)}/${formatSeconds(REVIEW_CALL_OVERHEAD.deleteSeconds)} per add/delete`
      : '';
  return {
    model: scalingSeries(points, quantity, 'model'),
    measured: computed.command.measure ? scalingSeries(points, quantity, 'measured') : [],
    showMeasured,
    quantity,
    sizes: computed.command.sizes,
    title: `Time per ${QUANTITY_LABELS[quantity]} against N (the Asterisk review’s sched test)`,
    caption:
      `N adds, then N deletes · model ${formatSeconds(SECONDS_PER_ACCESS)} per word access${perCall}` +
      ` · ${CLI_DEFAULTS.itemsPerPage} words/page · seed ${CLI_DEFAULTS.seed}`,
  };
}

/** The note under the chart: the list's limit, the command line, and what measuring means. */
export function scalingNote(settings: ScalingSettings, computed: Computed | null): string {
  const parts: string[] = [];
  const asked = scalingCommand(settings);
  const skipped = scalingPlan(asked.kinds, asked.sizes).skipped;
  if (skipped.length > 0) {
    parts.push(
      `The sorted list stops at N = ${formatItems(LIST_MAX_ITEMS)}: each add walks the list ` +
        `(N²/4 node visits for N adds), so ${skipped.map((job) => formatItems(job.items)).join(', ')} ` +
        'is not run for it.',
    );
  }
  const shown = computed?.command ?? asked;
  parts.push(
    `Same CSV from the command line: ${scalingCliCommand({ ...shown, overhead: settings.overhead })}`,
  );
  if (shown.measure) {
    parts.push(
      '(Measured times vary from run to run. This page times batches of runs, since its clock ' +
        'ticks every 100 µs; the CLI times single runs.)',
    );
  }
  return parts.join(' ');
}

/** The CSV file the page exports: the CLI's bytes, and its name. */
export function scalingCsvFile(
  computed: Computed,
  settings: ScalingSettings,
): { text: string; name: string } {
  return {
    text: toScalingCsv(csvOrder(shownPoints(computed, settings))),
    name: `bheap-scaling-${settings.overhead}${computed.command.measure ? '-measured' : ''}.csv`,
  };
}
