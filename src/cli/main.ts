// `npm run sim -- sweep|run ...`: the article's experiment from the command line.
// Results go to stdout (JSON or CSV); progress goes to stderr, and only when it is a terminal.

import { availableParallelism } from 'node:os';
import { modelCpuSeconds, NO_CALL_OVERHEAD, REVIEW_CALL_OVERHEAD } from '../core/cost';
import { toCsvReport, toJsonReport, toPointCsvReport, toPointJsonReport } from '../core/report';
import { type ScalingPoint, scalingPoint, toScalingCsv, toScalingJson } from '../core/scaling';
import type { StructureKind } from '../core/structures';
import type { PointResult, SweepResult } from '../core/sweep';
import { type CliOptions, parseArgs, specOf, USAGE } from './args';
import { runJobs } from './pool';
import type { WorkerJob, WorkerReply } from './protocol';

function progressPrinter(
  layouts: readonly StructureKind[],
): (index: number, done: number, total: number) => void {
  if (!process.stderr.isTTY) return () => {};
  const percent = layouts.map(() => 0);
  return (index, done, total) => {
    const next = Math.min(99, Math.floor((100 * done) / Math.max(1, total)));
    if (next === percent[index]) return;
    percent[index] = next;
    process.stderr.write(
      `\r${layouts.map((layout, i) => `${layout} ${percent[i]}%`).join('  ')}   `,
    );
  };
}

function cpuSeconds(
  options: CliOptions,
  result: SweepResult | PointResult,
  bare: number | null,
): number {
  return options.cpu === 'measure' && bare !== null
    ? bare
    : modelCpuSeconds(result.layout, result.items, result.operations, result.accesses);
}

/** `scaling`: every structure at every N, in this thread (each point is one short run). */
function scaling(options: CliOptions): string {
  const points: ScalingPoint[] = [];
  const keyRange = options.workload.kind === 'script' ? 0 : options.workload.keyRange;
  const seed = options.workload.kind === 'script' ? 1 : options.workload.seed;
  for (const kind of options.layouts) {
    for (const items of options.sizes) {
      if (process.stderr.isTTY) process.stderr.write(`\r${kind} N = ${items} …   `);
      points.push(
        scalingPoint(specOf(options, kind), items, {
          seed,
          keyRange,
          now: options.cpu === 'measure' ? () => performance.now() : null,
          overhead: options.overhead === 'review' ? REVIEW_CALL_OVERHEAD : NO_CALL_OVERHEAD,
        }),
      );
    }
  }
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  return options.format === 'json' ? `${toScalingJson(points)}\n` : toScalingCsv(points);
}

async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`sim: ${parsed.message}\n`);
    return 2;
  }
  const options = parsed.options;
  if (options.command === 'scaling') {
    process.stdout.write(scaling(options));
    return 0;
  }
  const timeBare = options.cpu === 'measure';
  const jobs: WorkerJob[] = options.layouts.map((layout) =>
    options.command === 'sweep'
      ? {
          job: 'sweep',
          structure: specOf(options, layout),
          workload: options.workload,
          timeBare,
          // A sweep alone leaves a core free: its stack distances are counted there meanwhile.
          pipelined: options.layouts.length < availableParallelism(),
        }
      : {
          job: 'point',
          structure: specOf(options, layout),
          workload: options.workload,
          frames: options.frames ?? 1,
          timeBare,
        },
  );
  const replies: WorkerReply[] = await runJobs(jobs, progressPrinter(options.layouts));
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');

  // Each reply's run, and its bare time when --cpu measure asked for one.
  const bare = new Map<SweepResult | PointResult, number | null>();
  const reportOptions = {
    ioMs: options.ioMs,
    cpuSeconds: (result: SweepResult | PointResult): number =>
      cpuSeconds(options, result, bare.get(result) ?? null),
  };
  const sweeps: SweepResult[] = [];
  const points: PointResult[] = [];
  for (const reply of replies) {
    if (reply.reply === 'sweep') sweeps.push(reply.result);
    else if (reply.reply === 'point') points.push(reply.result);
    else throw new Error(`unexpected reply ${reply.reply}`);
    bare.set(reply.result, reply.bareSeconds);
  }
  let text: string;
  if (options.command === 'sweep') {
    text =
      options.format === 'json' ? `${toJsonReport(sweeps)}\n` : toCsvReport(sweeps, reportOptions);
  } else {
    text =
      options.format === 'json'
        ? `${toPointJsonReport(points)}\n`
        : toPointCsvReport(points, reportOptions);
  }
  process.stdout.write(text);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sim: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
