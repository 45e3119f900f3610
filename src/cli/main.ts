// `npm run sim -- sweep|run|scaling|measure|kernel ...`: the article's experiment from the command line.
// Results go to stdout (JSON or CSV); progress goes to stderr, and only when it is a terminal.

import { availableParallelism } from 'node:os';
import { errorText } from '../core/errorText';
import { modelCpuSeconds, NO_CALL_OVERHEAD, REVIEW_CALL_OVERHEAD } from '../core/experiments/cost';
import type { PolicySweepResult } from '../core/experiments/policySweep';
import {
  toPointCsvReport,
  toPointJsonReport,
  toPolicyPointCsvReport,
  toPolicyPointJsonReport,
} from '../core/experiments/report';
import {
  type ScalingPoint,
  scalingPoint,
  toScalingCsv,
  toScalingJson,
} from '../core/experiments/scaling';
import type { PointResult, SweepResult } from '../core/experiments/sweep';
import { traceLines } from '../core/replay/trace';
import { runUntilOp } from '../core/replay/truncatedRun';
import type { StructureKind } from '../core/structures/registry';
import { type CliOptions, lruOnly, policiesOf, specOf, USAGE, validateCommandLine } from './args';
import { commandOf } from './commands';
import { measureMain } from './measure';
import { osKernelMain } from './osKernel/osKernelCommand';
import { policyTextPieces, sweepTextPieces } from './output';
import { sweepPoliciesInWorkers } from './policies';
import { runJobs } from './pool';
import { answerWithoutWork } from './refusal';
import type { ThreadReply, ThreadRequest } from './threadProtocol';

/**
 * A reader that went away (`| head -1`) makes the next write fail with EPIPE, which Node reports
 * as an 'error' event: unhandled, it prints a stack trace and exits 1. Unix tools end quietly
 * instead (SIGPIPE), so this does the same, whatever the command and wherever it writes. Another
 * failure to write stdout (a full disk) is one line and exit 1, like any other runtime error.
 */
function endQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    process.stderr.write(`sim: cannot write the output: ${error.message}\n`);
    process.exit(1);
  });
  // Nothing is left to tell the user once stderr is gone: progress and messages are dropped.
  process.stderr.on('error', () => {});
}

function progressPrinter(
  layouts: readonly string[],
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

type AnyResult =
  | SweepResult<StructureKind>
  | PointResult<StructureKind>
  | PolicySweepResult<StructureKind>;

function cpuSeconds(options: CliOptions, result: AnyResult, bare: number | null): number {
  return options.cpu === 'measure' && bare !== null
    ? bare
    : modelCpuSeconds(result.layout, result.items, result.operations, result.accesses);
}

/** `scaling`: every structure at every N, in this thread (each point is one short run). */
function scaling(options: CliOptions): string {
  const points: ScalingPoint<StructureKind>[] = [];
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
  const argv = process.argv.slice(2);
  // `measure` has options of its own (measureArgs.ts); the simulation commands share args.ts, which
  // also answers a missing or unknown command.
  if (commandOf(argv) === 'measure') return measureMain(argv);
  // `kernel` too (osKernel/osKernelArgs.ts): the experiment under the operating system's pager.
  if (commandOf(argv) === 'kernel') return osKernelMain(argv);
  const parsed = validateCommandLine(argv);
  if (parsed.kind !== 'ok') return answerWithoutWork(parsed, USAGE);
  const options = parsed.options;
  if (options.command === 'scaling') {
    process.stdout.write(scaling(options));
    return 0;
  }
  if (options.command === 'trace') {
    await trace(options);
    return 0;
  }
  // Each run, and its bare time when --cpu measure asked for one.
  const bare = new Map<AnyResult, number | null>();
  const reportOptions = {
    ioMs: options.ioMs,
    cpuSeconds: (result: AnyResult): number =>
      cpuSeconds(options, result, bare.get(result) ?? null),
  };
  if (options.command === 'sweep' && !lruOnly(options)) {
    const runs = await sweepPoliciesInWorkers(options, policyProgress());
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    for (const run of runs) bare.set(run.result, run.bareSeconds);
    writeOut(
      policyTextPieces(
        runs.map((run) => run.result),
        options.format,
        reportOptions,
      ),
    );
    return 0;
  }
  if (options.command === 'run' && options.untilOp !== undefined) {
    writeOut([untilOpReport(options, options.untilOp, reportOptions)]);
    return 0;
  }
  const timeBare = options.cpu === 'measure';
  // `run` makes one job per layout and policy, layout by layout.
  const jobs: ThreadRequest[] = options.layouts.flatMap((layout): ThreadRequest[] =>
    options.command === 'sweep'
      ? [
          {
            kind: 'sweep',
            structure: specOf(options, layout),
            workload: options.workload,
            timeBare,
            // A sweep alone leaves a core free: its stack distances are counted there meanwhile.
            pipelined: options.layouts.length < availableParallelism(),
          },
        ]
      : policiesOf(options).map((policy) => ({
          kind: 'point',
          structure: specOf(options, layout),
          workload: options.workload,
          frames: options.frames ?? 1,
          timeBare,
          ...(policy === 'lru' ? {} : { policy }),
        })),
  );
  const names = jobs.map((job, index) =>
    job.kind === 'point' && !lruOnly(options)
      ? `${options.layouts[Math.floor(index / policiesOf(options).length)]} ${job.policy ?? 'lru'}`
      : options.layouts[index],
  );
  const replies: ThreadReply[] = await runJobs(jobs, progressPrinter(names));
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');

  const sweeps: SweepResult<StructureKind>[] = [];
  const points: PointResult<StructureKind>[] = [];
  for (const reply of replies) {
    if (reply.kind === 'sweep') sweeps.push(reply.result);
    else if (reply.kind === 'point') points.push(reply.result);
    else throw new Error(`unexpected reply ${reply.kind}`);
    bare.set(reply.result, reply.bareSeconds);
  }
  if (options.command === 'sweep') {
    writeOut(sweepTextPieces(sweeps, options.format, reportOptions));
  } else if (lruOnly(options)) {
    writeOut([
      options.format === 'json'
        ? `${toPointJsonReport(points)}\n`
        : toPointCsvReport(points, reportOptions),
    ]);
  } else {
    writeOut([
      options.format === 'json'
        ? `${toPolicyPointJsonReport(points)}\n`
        : toPolicyPointCsvReport(points, reportOptions),
    ]);
  }
  return 0;
}

/**
 * `run --until-op K`: each layout and policy cut where operation K begins, counted as the page
 * counts (the page's side, replayed in this thread), in `run`'s formats: the page's counters at
 * operation K (docs/cli.md, docs/links.md: one convention for "operation K").
 */
function untilOpReport(
  options: CliOptions,
  untilOp: number,
  reportOptions: { ioMs: number; cpuSeconds: (result: AnyResult) => number },
): string {
  const points = options.layouts.flatMap((layout) =>
    policiesOf(options).map((policy) =>
      runUntilOp(
        specOf(options, layout),
        options.workload,
        options.frames ?? 1,
        untilOp - 1,
        policy,
      ),
    ),
  );
  if (lruOnly(options)) {
    return options.format === 'json'
      ? `${toPointJsonReport(points)}\n`
      : toPointCsvReport(points, reportOptions);
  }
  return options.format === 'json'
    ? `${toPolicyPointJsonReport(points)}\n`
    : toPolicyPointCsvReport(points, reportOptions);
}

/** A policy sweep's progress on stderr when it is a terminal: jobs done of those known so far. */
function policyProgress(): (done: number, known: number) => void {
  if (!process.stderr.isTTY) return () => {};
  return (done, known) => {
    process.stderr.write(`\rpolicies: ${done} of ${known} jobs done   `);
  };
}

/**
 * `trace`: the page-reference trace, streamed in blocks of lines; each block waits for stdout to
 * drain, so a million-item run never holds its trace (hundreds of millions of lines).
 */
async function trace(options: CliOptions): Promise<void> {
  const names = ['left', 'right'];
  const lines = traceLines(
    {
      sides: options.layouts.map((kind, index) => ({
        name: names[index],
        spec: { kind, itemsPerPage: options.itemsPerPage, nodeBytes: options.nodeBytes },
      })),
      workload: options.workload,
      frames: options.frames ?? 1,
      policy: policiesOf(options)[0],
    },
    progressPrinter(options.layouts).bind(null, 0),
  );
  let block: string[] = [];
  const flush = async (): Promise<void> => {
    if (process.stdout.destroyed) return;
    const text = `${block.join('\n')}\n`;
    block = [];
    if (!process.stdout.write(text)) {
      await new Promise<void>((resolve) => process.stdout.once('drain', resolve));
    }
  };
  for (const line of lines) {
    block.push(line);
    if (block.length >= 4096) await flush();
    if (process.stdout.destroyed) return;
  }
  if (block.length > 0) await flush();
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
}

/**
 * Writes the pieces in turn, each built only once the previous one is written. Once the reader
 * has gone (EPIPE) the stream is destroyed, and endQuietlyOnClosedPipe ends the process.
 */
function writeOut(pieces: Iterable<string>): void {
  for (const piece of pieces) {
    if (process.stdout.destroyed) return;
    process.stdout.write(piece);
  }
}

endQuietlyOnClosedPipe();
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sim: ${errorText(error)}\n`);
    process.exitCode = 1;
  },
);
