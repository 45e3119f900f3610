// `npm run sim -- measure …`: the heaps timed on this machine, then the model's prediction beside
// them. One thread, one run at a time: a second thread would share the caches it measures. At each
// N every layout is timed in rounds by CPU time (core/measure/rounds.ts), and with --native the
// same heaps compiled from C are timed in the same rounds (native/nativeEngine.ts).
// Results go to stdout (a table with what it shows, CSV or JSON); progress to stderr on a terminal.

import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { LATENCY_NS } from '../core/experiments/hierarchy';
import {
  hierarchyText,
  type MachineSettings,
  machineRun,
  predictionPlan,
} from '../core/experiments/machine';
import {
  DIVERGENCE_HEADING,
  divergence,
  type EngineRatio,
  engineRatios,
  formatN,
  MACHINE_CSV_HEADER,
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
import { instantiateHeapKernel } from '../core/measure/kernel/heapKernel';
import { FORM_TITLES, MACHINE_LAYOUT_INFO, type MachineRun } from '../core/measure/machineLayouts';
import { traceMisses } from '../core/measure/missCurves';
import { type Contestant, timeInRounds, WasmEngine } from '../core/measure/rounds';
import { kernelCodes } from '../core/measure/timing';
import { MEASURE_USAGE, type MeasureOptions, parseMeasureArgs } from './measureArgs';
import { NativeBuildError, type NativeHelper, nativeHelper } from './native/nativeBuild';
import { NativeEngine } from './native/nativeEngine';
import { cpuCount, cpuModel } from './osKernel/procFiles';
import { answerWithoutWork } from './refusal';

function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`);
}

/** This process's CPU time in ms: the WebAssembly runs' clock (other processes' time is not counted). */
function cpuNow(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** The CPU as /proc/cpuinfo names it now (else as Node does), and how many logical CPUs. */
export function cpuText(): string {
  let info = '';
  try {
    info = readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    // Not Linux: Node's own name for it.
  }
  const model = cpuModel(info) ?? cpus()[0]?.model ?? 'unknown CPU';
  const count = cpuCount(info) || cpus().length;
  return `${model.trim()} (${count} logical CPUs${info === '' ? '' : ', /proc/cpuinfo'})`;
}

/** What the native timings need besides the engine: its compiler, for the report. */
interface NativeSide {
  engine: NativeEngine;
  helper: NativeHelper;
}

/**
 * The native helper must remove the same items as the WebAssembly kernel (itself checked against
 * the core, tests/core/measure/heapKernel.test.ts) before its times mean anything: each layout's
 * run at the smallest N is hashed by both.
 */
async function checkNative(options: MeasureOptions, native: NativeEngine): Promise<string | null> {
  const { settings } = options;
  const kernel = instantiateHeapKernel(null);
  const items = settings.sizes[0];
  for (const layout of settings.layouts) {
    const run = machineRun(settings, layout, items);
    const c = kernelCodes(run);
    kernel.init(c.layout, c.pageLog2, c.form, c.workload, items);
    const operations = kernel.run(0, run.seed);
    const hash = kernel.removedHash() >>> 0;
    await native.init(run, items);
    const got = await native.hash(run.seed);
    if (got.hash !== hash || got.operations !== operations) {
      return `the native helper removes other items than the WebAssembly kernel for ${layout} at N = ${items} (hash ${got.hash}, the kernel's ${hash}): no native timings are reported`;
    }
  }
  return null;
}

/** Times every run of the settings in rounds, then traces those the prediction covers. */
export async function measure(
  options: MeasureOptions,
  native: NativeEngine | null = null,
): Promise<{
  points: MachinePoint[];
  nativePoints: MachinePoint[];
  predictions: MachinePrediction[];
}> {
  const { settings } = options;
  const wasm = new WasmEngine(cpuNow);
  const points: MachinePoint[] = [];
  const nativePoints: MachinePoint[] = [];
  for (const items of settings.sizes) {
    const runs: MachineRun[] = settings.layouts.map((layout) =>
      machineRun(settings, layout, items),
    );
    const contestants: Contestant[] = [
      ...runs.map((run) => ({ engine: wasm, run })),
      ...(native === null ? [] : runs.map((run) => ({ engine: native, run }))),
    ];
    const name = (index: number): string =>
      `${contestants[index].run.layout}${index >= runs.length ? ' (native)' : ''}`;
    const where = `N = ${formatN(items)}`;
    const timed = await timeInRounds(contestants, {
      reps: settings.reps,
      onPrepare: (index) => progress(`${where}: preparing ${name(index)}…`),
      onBatch: (round, index) =>
        progress(`${where}: round ${round + 1}/${settings.reps}, ${name(index)}`),
    });
    timed.forEach((t, index) => {
      (index < runs.length ? points : nativePoints).push({ run: contestants[index].run, ...t });
    });
  }
  const predictions: MachinePrediction[] = [];
  const traced = predictionPlan(settings, options.predictBytes);
  traced.forEach((run, index) => {
    progress(`tracing ${index + 1}/${traced.length} ${run.layout} N = ${formatN(run.items)}…`);
    predictions.push({ run, ...traceMisses(run) });
  });
  progress('');
  return { points, nativePoints, predictions };
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

function ns(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

/** A timed row's first cells: the layout, N, the median and the min–max range, the spread. */
function timingCells(row: MachineRow): string[] {
  return [
    pad(MACHINE_LAYOUT_INFO[row.layout].title, 20),
    pad(formatN(row.items), 6, true),
    pad(ns(row.medianNs), 8, true),
    pad(`${ns(row.minNs)}–${ns(row.maxNs)}`, 13, true),
    pad(`${spreadPercent(row).toFixed(0)}%`, 7, true),
  ];
}

/** The table a person reads, then what it shows in words. */
export function textReport(
  rows: readonly MachineRow[],
  settings: MachineSettings,
  cpu: string = cpuText(),
): string {
  const lines: string[] = [];
  const { form, workload } = settings;
  lines.push(
    `On this machine: ${workload === 'phk' ? "the article's workload" : 'the expiry workload'}, ${FORM_TITLES[form]}, ns per operation (median of ${settings.reps} repetitions; min–max).`,
  );
  lines.push(
    `CPU: ${cpu}. Timed in WebAssembly, every layout once per round, in an order rotated each round, by this process's CPU time.`,
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
        ...timingCells(row),
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

function ratioRange(ratio: EngineRatio): string {
  return `${ratio.median.toFixed(2)}× (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})`;
}

/** The native timings, beside the WebAssembly ones of the same rounds. */
export function nativeText(
  wasmRows: readonly MachineRow[],
  nativeRows: readonly MachineRow[],
  helper: Pick<NativeHelper, 'compiler' | 'flags'>,
): string {
  const ratios = engineRatios(wasmRows, nativeRows);
  const lines = [
    '',
    `Native: the same heaps in C (${helper.compiler}, ${helper.flags.join(' ')}), timed in the same rounds by the helper's own CPU time.`,
    'native ÷ WebAssembly: the median of the rounds’ ratios (round k of each ran together), and their least and most.',
    '',
    [
      pad('layout', 20),
      pad('N', 6, true),
      pad('median', 8, true),
      pad('min–max', 13, true),
      pad('spread', 7, true),
      pad('native ÷ WebAssembly', 24, true),
    ].join(' '),
  ];
  for (const row of nativeRows) {
    const ratio = ratios.find((r) => r.layout === row.layout && r.items === row.items);
    lines.push(
      [...timingCells(row), pad(ratio === undefined ? '' : ratioRange(ratio), 24, true)].join(' '),
    );
  }
  const versus = versusBinary(nativeRows);
  if (versus.length > 0) {
    lines.push('', `Natively, ${VERSUS_HEADING[0].toLowerCase()}${VERSUS_HEADING.slice(1)}`);
    for (const v of versus) lines.push(`  ${v.sentence}`);
  }
  return `${lines.join('\n')}\n`;
}

/** CSV with an engine column: the WebAssembly rows, then the native ones. */
function csvWithEngines(
  wasmRows: readonly MachineRow[],
  nativeRows: readonly MachineRow[],
): string {
  const body = (rows: readonly MachineRow[], engine: string): string[] =>
    toMachineCsv(rows)
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => `${line},${engine}`);
  return `${[`${MACHINE_CSV_HEADER},engine`, ...body(wasmRows, 'wasm'), ...body(nativeRows, 'native')].join('\n')}\n`;
}

/** The native side, started and checked; a refusal (one line) when it cannot be had. */
async function startNative(options: MeasureOptions): Promise<NativeSide | string> {
  let helper: NativeHelper;
  try {
    helper = nativeHelper();
  } catch (error) {
    if (error instanceof NativeBuildError) return `--native: ${error.message}`;
    throw error;
  }
  const engine = new NativeEngine(helper.path);
  const problem = await checkNative(options, engine);
  if (problem !== null) {
    engine.close();
    return problem;
  }
  return { engine, helper };
}

/** Runs the command; returns the exit code. */
export async function measureMain(argv: readonly string[]): Promise<number> {
  const parsed = parseMeasureArgs(argv);
  if (parsed.kind !== 'ok') return answerWithoutWork(parsed, MEASURE_USAGE);
  const { options } = parsed;
  let native: NativeSide | null = null;
  if (options.native) {
    const started = await startNative(options);
    if (typeof started === 'string') {
      process.stderr.write(`sim: ${started}\n`);
      return started.startsWith('--native:') ? 2 : 1;
    }
    native = started;
  }
  const cpu = cpuText();
  let measured: Awaited<ReturnType<typeof measure>>;
  try {
    measured = await measure(options, native?.engine ?? null);
  } finally {
    native?.engine.close();
  }
  const { points, nativePoints, predictions } = measured;
  const rows = machineRows(points, predictions, options.settings.hierarchy);
  const nativeRows = machineRows(nativePoints, [], options.settings.hierarchy);
  const nativeFields =
    native === null
      ? {}
      : {
          native: {
            compiler: native.helper.compiler,
            flags: native.helper.flags,
            results: nativeRows,
            versusWasm: engineRatios(rows, nativeRows),
          },
        };
  const text =
    options.format === 'csv'
      ? native === null
        ? toMachineCsv(rows)
        : csvWithEngines(rows, nativeRows)
      : options.format === 'json'
        ? `${toMachineJson(rows, options.settings.hierarchy, LATENCY_NS, {
            cpu,
            clock: 'process CPU time, in rounds',
            ...nativeFields,
          })}\n`
        : textReport(rows, options.settings, cpu) +
          (native === null ? '' : nativeText(rows, nativeRows, native.helper));
  if (!process.stdout.destroyed) process.stdout.write(text);
  return 0;
}
