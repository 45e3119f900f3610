// What the "On this machine" tab shows of a measurement, worked out without the page: the
// chart's data, what the runs show in sentences, the notes on the model and the command line,
// and the CLI's CSV and JSON with their file names.

import { LATENCY_NS } from '../../core/experiments/hierarchy';
import {
  hierarchyText,
  largestPredicted,
  type MachineSettings,
  machineCliCommand,
  PREDICT_PAGE_MAX_BYTES,
} from '../../core/experiments/machine';
import {
  DIVERGENCE_HEADING,
  divergence,
  formatN,
  type MachinePoint,
  type MachinePrediction,
  type MachineRow,
  toMachineCsv,
  toMachineJson,
  VERSUS_HEADING,
  versusBinary,
} from '../../core/experiments/machineReport';
import { FORM_TITLES } from '../../core/measure/machineLayouts';
import type { MachineChartData } from '../../view/machine/machineChart';
import { machineSeries } from '../../view/machine/machineData';

/** What the chart shows: the settings measured, and what has arrived. */
export interface Measured {
  settings: MachineSettings;
  points: MachinePoint[];
  predictions: MachinePrediction[];
  finished: boolean;
}

/** Whether two settings ask for the same runs (the hierarchy is applied afterwards). */
export function sameRuns(a: MachineSettings, b: MachineSettings): boolean {
  return (
    a.layouts.join() === b.layouts.join() &&
    a.sizes.join() === b.sizes.join() &&
    a.form === b.form &&
    a.workload === b.workload &&
    a.reps === b.reps &&
    a.predict === b.predict
  );
}

export function machineChartData(measured: Measured, rows: MachineRow[]): MachineChartData {
  const m = measured.settings;
  return {
    series: machineSeries(rows),
    sizes: m.sizes,
    showModel: m.predict,
    title: `Time per operation on this machine: ${m.workload === 'phk' ? 'the article’s workload' : 'the expiry workload'}`,
    caption: `${FORM_TITLES[m.form]} (8-byte slots) · median of ${m.reps} repetitions, band: fastest–slowest · random(3) keys`,
  };
}

/** What the runs show: each heading with its sentences, the headings without any left out. */
export function summaryOf(rows: MachineRow[]): { heading: string; sentences: string[] }[] {
  return [
    { heading: VERSUS_HEADING, sentences: versusBinary(rows).map((v) => v.sentence) },
    { heading: DIVERGENCE_HEADING, sentences: divergence(rows) },
  ].filter((part) => part.sentences.length > 0);
}

/** The cache model in words, with how far these settings let it trace. */
export function modelHelp(settings: MachineSettings): string {
  const largest = largestPredicted(settings, PREDICT_PAGE_MAX_BYTES);
  return (
    `The model: ${hierarchyText(settings.hierarchy)}, each a fully associative LRU cache of 64-byte lines (the TLB of 4 KB pages), ` +
    `fed one traced run; misses cost ${LATENCY_NS.l2} ns (to L2), ${LATENCY_NS.l3} ns (L3), ${LATENCY_NS.memory} ns (memory), ${LATENCY_NS.pageWalk} ns (page walk); ` +
    'the CPU time per comparison is taken from the smallest N measured. ' +
    (settings.predict
      ? largest > 0
        ? `Traced here up to N = ${formatN(largest)} (heaps of at most ${PREDICT_PAGE_MAX_BYTES / 2 ** 20} MiB, a few seconds each); larger N are measured only.`
        : `No N here is small enough to trace (heaps of at most ${PREDICT_PAGE_MAX_BYTES / 2 ** 20} MiB).`
      : 'Prediction is off.')
  );
}

/** The command line of the runs shown (or about to be), under the hierarchy set now. */
export function machineNote(settings: MachineSettings, measured: Measured | null): string {
  const shown = measured?.settings ?? settings;
  return `Same table from the command line (its times differ run to run): ${machineCliCommand({ ...shown, hierarchy: settings.hierarchy })}`;
}

/** The CLI's table as a file: its body, type and name. */
export function machineFile(
  format: 'csv' | 'json',
  measured: Measured,
  rows: MachineRow[],
  settings: MachineSettings,
): { body: string; type: string; name: string } {
  const m = measured.settings;
  return {
    body: format === 'csv' ? toMachineCsv(rows) : `${toMachineJson(rows, settings.hierarchy)}\n`,
    type: format === 'csv' ? 'text/csv' : 'application/json',
    name: `bheap-machine-${m.workload}-${m.form}.${format}`,
  };
}
