// `npm run sim -- kernel …`: Kamp's experiment under the operating system's own pager. Checks
// everything it needs before any work (Linux, a memory cgroup it may make, a C compiler, a disk
// with room, memory to spare) and refuses in one sentence otherwise; then computes the core's hash
// of each layout's removals and the model's page-ins at each room (LRU and CLOCK, sweep.ts
// runAtFrames in worker threads, as `sim run --frames F --policy lru,clock`), then runs each
// layout at each room under the pager, one at a time (pagerRun.ts), and prints the report.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statfsSync, statSync } from 'node:fs';
import { availableParallelism, release, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import {
  arrayPagesOf,
  type ModelPoint,
  OS_KERNEL_SCHEMA,
  type OsKernelConditions,
  type OsKernelLayout,
  type OsKernelReport,
  type OsKernelRow,
  osKernelRatios,
  readOverLru,
} from '../../core/experiments/osKernelReport';
import { osKernelText, toOsKernelCsv, toOsKernelJson } from '../../core/experiments/osKernelText';
import { removedHash } from '../../core/measure/removedHash';
import type { Policy } from '../../core/memory/pager';
import { DEFAULT_NODE_BYTES, type StructureSpec } from '../../core/structures/registry';
import { FULL_KEY_RANGE, type Workload } from '../../core/workloads/workloads';
import { NativeBuildError, type NativeHelper, nativeHelper } from '../native/nativeBuild';
import { JobPool } from '../pool';
import { answerWithoutWork } from '../refusal';
import { type CgroupPlan, planCgroup, systemProbe } from './cgroup';
import { groupName, makeGroup, removeStaleGroups } from './memoryGroup';
import { OS_KERNEL_USAGE, type OsKernelOptions, parseOsKernelArgs } from './osKernelArgs';
import { bookkeepingBytes, InterruptedError, pagerRun } from './pagerRun';
import {
  cpuCount,
  cpuModel,
  MEMORY_FILESYSTEMS,
  memAvailableBytes,
  mountOf,
  parseMounts,
} from './procFiles';

/** Refused before any work: one sentence. */
class Refusal extends Error {}

/** What the checks found: everything a run needs. */
interface Environment {
  plan: CgroupPlan;
  helper: NativeHelper;
  pageBytes: number;
  dir: string;
  conditions: Omit<OsKernelConditions, 'date'>;
}

const MIB = 2 ** 20;

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}

/** The page size the helper sees (sysconf), from its `info` mode. */
function helperPageBytes(helper: NativeHelper): number {
  const out = execFileSync(helper.path, ['info'], { encoding: 'utf8' });
  const info = JSON.parse(out) as { pageBytes: number };
  return info.pageBytes;
}

/** The directory for the array's files: --dir, else the temporary directory, else /var/tmp, on a disk. */
function arrayDir(
  options: OsKernelOptions,
  mountsText: string,
): { dir: string; fs: string; device: string } {
  const mounts = parseMounts(mountsText);
  const candidates = options.dir !== null ? [resolve(options.dir)] : [tmpdir(), '/var/tmp'];
  let problem = '';
  for (const dir of candidates) {
    let isDir = false;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      problem = `${dir} does not exist`;
    }
    if (!isDir) {
      problem ||= `${dir} is not a directory`;
      continue;
    }
    const mount = mountOf(mounts, dir);
    if (mount !== null && MEMORY_FILESYSTEMS.includes(mount.fsType)) {
      problem = `${dir} is on ${mount.fsType}, whose pages live in memory and are never paged to a disk`;
      continue;
    }
    return { dir, fs: mount?.fsType ?? 'unknown', device: mount?.device ?? 'unknown' };
  }
  throw new Refusal(
    `no directory on a disk for the array's file (${problem}): name one with --dir`,
  );
}

/** Checks the machine before any work; throws a Refusal naming what would work. */
function environment(options: OsKernelOptions): Environment {
  const probe = systemProbe();
  const planned = planCgroup(probe, options.cgroup);
  if (!planned.ok) throw new Refusal(planned.refusal);
  let helper: NativeHelper;
  try {
    helper = nativeHelper();
  } catch (error) {
    if (error instanceof NativeBuildError) throw new Refusal(error.message);
    throw error;
  }
  const pageBytes = helperPageBytes(helper);
  if (options.pageItems * 8 > pageBytes) {
    throw new Refusal(
      `--page-items ${options.pageItems} needs ${options.pageItems * 8}-byte pages (8 bytes a slot) and this system's pages are ${pageBytes} bytes: use --page-items ${pageBytes / 8} or fewer`,
    );
  }
  const where = arrayDir(options, readOr('/proc/mounts', ''));
  const largest = Math.max(
    ...options.layouts.map(
      (layout) =>
        arrayPagesOf(layout, options.workload, options.items, options.pageItems) * pageBytes,
    ),
  );
  const free = (() => {
    const stats = statfsSync(where.dir);
    return stats.bavail * stats.bsize;
  })();
  if (largest + 64 * MIB > free) {
    throw new Refusal(
      `the array's file needs ${Math.ceil(largest / MIB)} MiB and ${where.dir} has ${Math.floor(free / MIB)} MiB free (64 MiB are kept spare): fewer --items, or another --dir`,
    );
  }
  const available = memAvailableBytes(readOr('/proc/meminfo', ''));
  const most =
    Math.max(...options.memoryPages) * pageBytes +
    bookkeepingBytes(options.workload, options.items);
  if (available !== null && most + 256 * MIB > available) {
    throw new Refusal(
      `--memory-pages ${Math.max(...options.memoryPages)} asks for ${Math.ceil(most / MIB)} MiB and the system has ${Math.floor(available / MIB)} MiB available (256 MiB are kept spare): smaller rooms`,
    );
  }
  const cpuinfo = readOr('/proc/cpuinfo', '');
  const lruGen = readOr('/sys/kernel/mm/lru_gen/enabled', '0x0000').trim();
  return {
    plan: planned.plan,
    helper,
    pageBytes,
    dir: where.dir,
    conditions: {
      kernelRelease: release(),
      kernelVersion: readOr('/proc/version', release()).trim(),
      cpu: cpuModel(cpuinfo) ?? 'unknown',
      cpus: cpuCount(cpuinfo) || availableParallelism(),
      cgroup: planned.plan.kind,
      lru: /^0x0*$/.test(lruGen) || lruGen === '0' ? 'two-list' : 'multi-gen',
      filesystem: where.fs,
      device: where.device,
      pageBytes,
      compiler: helper.compiler,
      compilerFlags: [...helper.flags],
    },
  };
}

function status(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`);
}

const grouped = (value: number): string => Math.round(value).toLocaleString('en-US');

function workloadOf(options: OsKernelOptions): Workload {
  return {
    kind: options.workload,
    items: options.items,
    seed: options.seed,
    keyRange: FULL_KEY_RANGE,
  };
}

function specOf(options: OsKernelOptions, layout: OsKernelLayout): StructureSpec {
  return { kind: layout, itemsPerPage: options.pageItems, nodeBytes: DEFAULT_NODE_BYTES };
}

/** The model at every (layout, room), LRU and CLOCK, by direct simulation in worker threads. */
async function modelPoints(
  options: OsKernelOptions,
): Promise<Map<string, { lru: ModelPoint; clock: ModelPoint }>> {
  const pool = new JobPool(availableParallelism());
  const policies: Policy[] = ['lru', 'clock'];
  const jobs = options.layouts.flatMap((layout) =>
    options.memoryPages.flatMap((frames) => policies.map((policy) => ({ layout, frames, policy }))),
  );
  let finished = 0;
  const results = await Promise.all(
    jobs.map(async ({ layout, frames, policy }) => {
      const reply = await pool.run({
        kind: 'point',
        structure: specOf(options, layout),
        workload: workloadOf(options),
        frames,
        timeBare: false,
        ...(policy === 'lru' ? {} : { policy }),
      });
      finished++;
      status(`model: ${finished} of ${jobs.length} runs`);
      if (reply.kind !== 'point') throw new Error(`unexpected reply ${reply.kind}`);
      return { key: `${layout}/${frames}/${policy}`, point: reply.result };
    }),
  );
  const byKey = new Map(results.map((r) => [r.key, r.point]));
  const points = new Map<string, { lru: ModelPoint; clock: ModelPoint }>();
  for (const layout of options.layouts) {
    for (const frames of options.memoryPages) {
      const at = (policy: Policy): ModelPoint => {
        const point = byKey.get(`${layout}/${frames}/${policy}`);
        if (point === undefined) throw new Error(`no model point for ${layout} at ${frames}`);
        return { pageIns: point.pageIns, writeBacks: point.writeBacks };
      };
      points.set(`${layout}/${frames}`, { lru: at('lru'), clock: at('clock') });
    }
  }
  return points;
}

/** The whole measurement; rejects with InterruptedError on Ctrl-C (after cleaning up). */
async function measure(options: OsKernelOptions, env: Environment): Promise<OsKernelReport> {
  const date = new Date().toISOString();
  removeStaleGroups(env.plan, (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  const hashes = new Map<OsKernelLayout, number>();
  for (const layout of options.layouts) {
    status(`the core's run of ${layout}, for its hash…`);
    hashes.set(layout, removedHash(specOf(options, layout), workloadOf(options)).hash);
  }
  const model = await modelPoints(options);
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const rows: OsKernelRow[] = [];
  const total = options.layouts.length * options.memoryPages.length;
  let index = 0;
  let groups = 0;
  try {
    for (const memoryPages of options.memoryPages) {
      for (const layout of options.layouts) {
        index++;
        const arrayPages = arrayPagesOf(layout, options.workload, options.items, options.pageItems);
        const where = `[${index}/${total}] ${layout}, ${grouped(memoryPages)} pages of room`;
        status(`${where}: starting…`);
        const result = await pagerRun(
          {
            layout,
            workload: options.workload,
            items: options.items,
            pageItems: options.pageItems,
            seed: options.seed,
            memoryPages,
            arrayBytes: arrayPages * env.pageBytes,
            pageBytes: env.pageBytes,
            expectHash: hashes.get(layout) ?? 0,
            dir: env.dir,
            timeoutMs: options.timeoutSeconds * 1000,
          },
          {
            helperPath: env.helper.path,
            makeGroup: (ceiling) => makeGroup(env.plan, groupName(process.pid, groups++), ceiling),
            signal: controller.signal,
            onProgress: (p) => {
              const fraction = p.operations / Math.max(1, p.expectedOperations);
              const left = fraction > 0.02 ? (p.wallSeconds * (1 - fraction)) / fraction : null;
              status(
                `${where}: ${Math.floor(100 * fraction)}% of the operations, ${grouped(p.pagesRead)} pages read${left === null ? '' : `, about ${Math.ceil(left)} s left`}`,
              );
            },
          },
        );
        const points = model.get(`${layout}/${memoryPages}`);
        if (points === undefined) throw new Error(`no model for ${layout} at ${memoryPages}`);
        rows.push({
          layout,
          memoryPages,
          arrayPages,
          outcome: result.outcome,
          message: result.message,
          kernel: result.kernel,
          partial: result.partial,
          model: points,
          readOverLru: readOverLru(result.kernel, points.lru),
        });
        const summary =
          result.kernel !== null
            ? `ok, ${grouped(result.kernel.pagesRead)} pages read (the model's LRU: ${grouped(points.lru.pageIns)}) in ${result.kernel.wallSeconds.toFixed(1)} s`
            : `${result.outcome}: ${result.message}`;
        if (process.stderr.isTTY) status('');
        process.stderr.write(`sim kernel: ${where}: ${summary}\n`);
      }
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return {
    schema: OS_KERNEL_SCHEMA,
    conditions: { date, ...env.conditions },
    run: {
      workload: options.workload,
      items: options.items,
      pageItems: options.pageItems,
      slotBytes: env.pageBytes / options.pageItems,
      seed: options.seed,
      timeoutSeconds: options.timeoutSeconds,
    },
    rows,
    ratios: osKernelRatios(rows),
  };
}

/** Runs the command; returns the exit code. */
export async function osKernelMain(argv: readonly string[]): Promise<number> {
  const parsed = parseOsKernelArgs(argv);
  if (parsed.kind !== 'ok') return answerWithoutWork(parsed, OS_KERNEL_USAGE);
  const { options } = parsed;
  let env: Environment;
  try {
    env = environment(options);
  } catch (error) {
    if (error instanceof Refusal) {
      process.stderr.write(`sim: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  let report: OsKernelReport;
  try {
    report = await measure(options, env);
  } catch (error) {
    if (error instanceof InterruptedError) {
      status('');
      process.stderr.write('sim: interrupted; the run’s group and file are removed\n');
      return 130;
    }
    throw error;
  }
  const text =
    options.format === 'json'
      ? `${toOsKernelJson(report)}\n`
      : options.format === 'csv'
        ? toOsKernelCsv(report)
        : osKernelText(report);
  if (!process.stdout.destroyed) process.stdout.write(text);
  return 0;
}

/** For the benchmark and tests: whether this machine can run `sim kernel` at all, and why not. */
export function osKernelAvailability(): { ok: true } | { ok: false; why: string } {
  const planned = planCgroup(systemProbe(), 'auto');
  if (!planned.ok) return { ok: false, why: planned.refusal };
  if (!existsSync('/proc/self/io')) return { ok: false, why: '/proc/self/io is missing' };
  return { ok: true };
}
