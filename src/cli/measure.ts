// `npm run sim -- measure …`: the heaps timed on this machine, then the model's prediction beside
// them. One thread, one run at a time: a second thread would share the caches it measures.
// Results go to stdout (a table with what it shows, CSV or JSON); progress to stderr on a terminal.

import { LATENCY_NS } from '../core/experiments/hierarchy';
import {
  hierarchyText,
  type MachineSettings,
  machinePlan,
  predictionPlan,
} from '../core/experiments/machine';
import {
  DIVERGENCE_HEADING,
  divergence,
  formatN,
  type MachinePoint,
  type MachinePrediction,
  type MachineRow,
  machineRows,
  spreadPercent,
  toMachineCsv,
  toMachineJson,
  VERSUS_HEADING,
  versusBinary,
} from '../core/experiments/machineReport';
import { FORM_TITLES, MACHINE_LAYOUT_INFO } from '../core/measure/machineLayouts';
import { traceMisses } from '../core/measure/missCurves';
import { MachineTimer } from '../core/measure/timing';
import { MEASURE_USAGE, type MeasureOptions, parseMeasureArgs } from './measureArgs';

function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`);
}

/** Times every run of the settings, then traces those the prediction covers. */
export function measure(options: MeasureOptions): {
  points: MachinePoint[];
  predictions: MachinePrediction[];
} {
  const { settings } = options;
  const timer = new MachineTimer();
  const points: MachinePoint[] = [];
  const runs = machinePlan(settings);
  runs.forEach((run, index) => {
    const where = `${index + 1}/${runs.length} ${run.layout} N = ${formatN(run.items)}`;
    progress(`timing ${where}…`);
    const timed = timer.measure(run, {
      now: () => performance.now(),
      reps: settings.reps,
      onRep: (done) => progress(`timing ${where}: ${done}/${settings.reps}`),
    });
    points.push({ run, ...timed });
  });
  const predictions: MachinePrediction[] = [];
  const traced = predictionPlan(settings, options.predictBytes);
  traced.forEach((run, index) => {
    progress(`tracing ${index + 1}/${traced.length} ${run.layout} N = ${formatN(run.items)}…`);
    predictions.push({ run, ...traceMisses(run) });
  });
  progress('');
  return { points, predictions };
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

function ns(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

/** The table a person reads, then what it shows in words. */
export function textReport(rows: readonly MachineRow[], settings: MachineSettings): string {
  const lines: string[] = [];
  const { form, workload } = settings;
  lines.push(
    `On this machine: ${workload === 'phk' ? "the article's workload" : 'the expiry workload'}, ${FORM_TITLES[form]}, ns per operation (median of ${settings.reps} repetitions; min–max).`,
  );
  lines.push(
    `Model: ${hierarchyText(settings.hierarchy)}; latencies ${JSON.stringify(LATENCY_NS)} ns.`,
  );
  lines.push('');
  const header = [
    pad('layout', 20),
    pad('N', 6, true),
    pad('median', 8, true),
    pad('min–max', 13, true),
    pad('spread', 7, true),
    pad('model', 7, true),
    pad('L1/op', 7, true),
    pad('L2/op', 7, true),
    pad('L3/op', 7, true),
    pad('TLB/op', 7, true),
  ];
  lines.push(header.join(' '));
  for (const row of rows) {
    const m = row.model;
    lines.push(
      [
        pad(MACHINE_LAYOUT_INFO[row.layout].title, 20),
        pad(formatN(row.items), 6, true),
        pad(ns(row.medianNs), 8, true),
        pad(`${ns(row.minNs)}–${ns(row.maxNs)}`, 13, true),
        pad(`${spreadPercent(row).toFixed(0)}%`, 7, true),
        pad(m === null ? '' : ns(m.predictedNs), 7, true),
        pad(m === null ? '' : m.misses.l1.toFixed(2), 7, true),
        pad(m === null ? '' : m.misses.l2.toFixed(2), 7, true),
        pad(m === null ? '' : m.misses.l3.toFixed(3), 7, true),
        pad(m === null ? '' : m.misses.tlb.toFixed(3), 7, true),
      ].join(' '),
    );
  }
  const versus = versusBinary(rows);
  if (versus.length > 0) {
    lines.push('', VERSUS_HEADING);
    for (const v of versus) lines.push(`  ${v.sentence}`);
  }
  const far = divergence(rows);
  if (far.length > 0) {
    lines.push('', DIVERGENCE_HEADING);
    for (const sentence of far) lines.push(`  ${sentence}`);
  }
  lines.push('');
  lines.push('Other programs and browser tabs disturb the timings: compare the spreads.');
  return `${lines.join('\n')}\n`;
}

/** Runs the command; returns the exit code. */
export async function measureMain(argv: readonly string[]): Promise<number> {
  const parsed = parseMeasureArgs(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(`${MEASURE_USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`sim: ${parsed.message}\n`);
    return 2;
  }
  const { options } = parsed;
  const { points, predictions } = measure(options);
  const rows = machineRows(points, predictions, options.settings.hierarchy);
  const text =
    options.format === 'csv'
      ? toMachineCsv(rows)
      : options.format === 'json'
        ? `${toMachineJson(rows, options.settings.hierarchy)}\n`
        : textReport(rows, options.settings);
  if (!process.stdout.destroyed) process.stdout.write(text);
  return 0;
}
