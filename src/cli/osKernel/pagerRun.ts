// One run under the operating system's pager: a fresh file for the heap's array, a fresh memory
// group, the native helper started in it (src/native/bheapNative.c, `pager` mode), its limit set
// once it is ready and kept at "what it holds besides the array + the room" (roomControl.ts), its
// counters and the group's read when it is done. Whatever happens (the run ends, fails, is
// OOM-killed, times out, or Ctrl-C), the helper is ended and the group and the file removed
// before this returns; and if the process itself exits first, its 'exit' handler removes them.

import { type ChildProcess, spawn as nodeSpawn } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type {
  OsKernelCounters,
  OsKernelLayout,
  OsKernelWorkload,
  PagerOutcome,
  PartialRun,
} from '../../core/experiments/osKernelReport';
import type { GroupCounters, MemoryGroup } from './memoryGroup';
import { RoomControl } from './roomControl';

export interface PagerRunSpec {
  layout: OsKernelLayout;
  workload: OsKernelWorkload;
  items: number;
  pageItems: number;
  seed: number;
  /** Room for the array, in pages (the model's frames). */
  memoryPages: number;
  /** Bytes of the array's file: arrayPages × pageBytes. */
  arrayBytes: number;
  pageBytes: number;
  /** The TypeScript core's hash of the removed items: the helper refuses to report otherwise. */
  expectHash: number;
  /** Where the run's directory (and the file in it) is made. */
  dir: string;
  timeoutMs: number;
}

/** What the helper says about twice a second. */
export interface HelperProgress {
  operations: number;
  expectedOperations: number;
  pagesRead: number;
  wallSeconds: number;
  arrayPagesResident: number;
  chargedBytes: number;
}

export interface PagerRunDeps {
  helperPath: string;
  /** Makes the run's group, limited to `ceilingBytes` until the helper is ready. */
  makeGroup: (ceilingBytes: number) => MemoryGroup;
  onProgress?: (progress: HelperProgress) => void;
  /** Aborted (Ctrl-C): the helper is killed, everything removed, and the run rejects. */
  signal?: AbortSignal;
  /** Spawns the helper (tests give a stand-in). */
  spawn?: (file: string, args: readonly string[]) => ChildProcess;
  /** Told when the group exists, before the helper starts (tests inject a failure here). */
  afterGroupCreated?: () => void;
  /** Least time between two limit changes (the systemd group runs systemctl for each). */
  minControlMs?: number;
}

export interface PagerRunResult {
  outcome: PagerOutcome;
  message: string | null;
  kernel: OsKernelCounters | null;
  partial: PartialRun | null;
}

/** The run was interrupted (Ctrl-C): nothing is reported for it. */
export class InterruptedError extends Error {}

/** What may be left to remove if the process ends before a run's own cleanup does. */
const leftovers = new Set<() => void>();
let exitHookInstalled = false;

function onExitRemove(remove: () => void): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const each of [...leftovers]) each();
    });
  }
  leftovers.add(remove);
  return () => leftovers.delete(remove);
}

/** Bytes the helper allocates for itself before its limit is set: the ceiling's share. */
export function bookkeepingBytes(workload: OsKernelWorkload, items: number): number {
  // Expiry: the handle table and positions over 2N ids, the live set over 2N, the due-time bitmap.
  return workload === 'expiry' ? 24 * items + Math.ceil((8 * items + 128) / 8) : 0;
}

/** The group's limit until the helper is ready: its bookkeeping and 64 MiB for everything else. */
export function ceilingBytes(spec: Pick<PagerRunSpec, 'workload' | 'items'>): number {
  return bookkeepingBytes(spec.workload, spec.items) + 64 * 2 ** 20;
}

const PREFIXES = ['ready', 'progress', 'done', 'mismatch', 'error'] as const;
type Prefix = (typeof PREFIXES)[number];

function parseLine(line: string): { kind: Prefix; body: string } | null {
  const space = line.indexOf(' ');
  const head = space < 0 ? line : line.slice(0, space);
  const kind = PREFIXES.find((p) => p === head);
  return kind === undefined ? null : { kind, body: space < 0 ? '' : line.slice(space + 1) };
}

function numbers(body: string): Record<string, number> {
  const value: unknown = JSON.parse(body);
  if (typeof value !== 'object' || value === null) throw new Error(`not a JSON object: ${body}`);
  return value as Record<string, number>;
}

interface Done {
  operations: number;
  majorFaults: number;
  minorFaults: number;
  readBytes: number;
  writeBytes: number;
  userSeconds: number;
  systemSeconds: number;
  wallSeconds: number;
  arrayPagesResidentMin: number;
  arrayPagesResidentMax: number;
  arrayPagesResidentMean: number;
  arrayPagesResidentSamples: number;
}

function counters(
  done: Done,
  group: GroupCounters,
  control: RoomControl,
  pageBytes: number,
): OsKernelCounters {
  const stats = control.stats();
  const dirtied = Math.round(done.writeBytes / pageBytes);
  const dirtyAtEnd = Math.round(group.dirtyBytes / pageBytes);
  return {
    operations: done.operations,
    majorFaults: done.majorFaults,
    minorFaults: done.minorFaults,
    pagesRead: Math.round(done.readBytes / pageBytes),
    pagesDirtied: dirtied,
    dirtyPagesAtEnd: dirtyAtEnd,
    pagesWritten: Math.max(0, dirtied - dirtyAtEnd),
    userSeconds: done.userSeconds,
    systemSeconds: done.systemSeconds,
    cpuSeconds: done.userSeconds + done.systemSeconds,
    wallSeconds: done.wallSeconds,
    arrayPagesResident: {
      min: done.arrayPagesResidentMin,
      mean: done.arrayPagesResidentMean,
      max: done.arrayPagesResidentMax,
      samples: done.arrayPagesResidentSamples,
    },
    heldBesidesArrayBytes: stats.besides,
    limitBytes: stats.limit,
    anonBytesAtEnd: group.anonBytes,
    kernelBytesAtEnd: group.kernelBytes,
    peakChargedBytes: group.peakBytes,
    limitHits: group.limitHits,
  };
}

function partialOf(progress: HelperProgress | null): PartialRun | null {
  return progress === null
    ? null
    : {
        operations: progress.operations,
        expectedOperations: progress.expectedOperations,
        pagesRead: progress.pagesRead,
        wallSeconds: progress.wallSeconds,
      };
}

function howFar(progress: HelperProgress | null): string {
  if (progress === null) return 'before its first progress report';
  const percent = Math.floor(
    (100 * progress.operations) / Math.max(1, progress.expectedOperations),
  );
  return `after ${progress.wallSeconds.toFixed(0)} s, ${percent}% of the operations and ${progress.pagesRead.toLocaleString('en-US')} pages read`;
}

/** The helper's arguments for a run. */
export function helperArguments(spec: PagerRunSpec, file: string, charge: string): string[] {
  return [
    'pager',
    `layout=${spec.layout}`,
    `page-items=${spec.pageItems}`,
    `workload=${spec.workload}`,
    `items=${spec.items}`,
    `seed=${spec.seed}`,
    `file=${file}`,
    `expect-hash=${spec.expectHash}`,
    charge,
  ];
}

/** Runs one measurement; resolves with its outcome (ok, OOM-killed, timed out, failed). */
export async function pagerRun(spec: PagerRunSpec, deps: PagerRunDeps): Promise<PagerRunResult> {
  let dir: string | null = null;
  let group: MemoryGroup | null = null;
  let child: ChildProcess | null = null;
  const removeNow = (): void => {
    if (child !== null && child.exitCode === null && child.signalCode === null)
      child.kill('SIGKILL');
    try {
      group?.remove();
    } finally {
      if (dir !== null) rmSync(dir, { recursive: true, force: true });
    }
  };
  const forget = onExitRemove(removeNow);
  try {
    dir = mkdtempSync(join(spec.dir, 'bheap-lab-'));
    const file = join(dir, 'heap-array');
    // A sparse file: no block is written until a page is, as the model's first touch is a zero fill.
    const fd = openSync(file, 'wx', 0o600);
    try {
      ftruncateSync(fd, spec.arrayBytes);
    } finally {
      closeSync(fd);
    }
    group = deps.makeGroup(ceilingBytes(spec));
    deps.afterGroupCreated?.();
    const command = group.command(
      deps.helperPath,
      helperArguments(spec, file, group.chargeArgument()),
    );
    const spawn =
      deps.spawn ??
      ((f: string, a: readonly string[]) =>
        nodeSpawn(f, [...a], { stdio: ['pipe', 'pipe', 'pipe'] }));
    child = spawn(command.file, command.args);
    return await converse(child, group, spec, deps);
  } finally {
    if (child !== null) await ended(child);
    forget();
    removeNow();
  }
}

/** Resolves once the process has exited (at once if it already has). */
function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  if (child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => child.once('close', () => resolve()));
}

function converse(
  child: ChildProcess,
  group: MemoryGroup,
  spec: PagerRunSpec,
  deps: PagerRunDeps,
): Promise<PagerRunResult> {
  const control = new RoomControl(spec.memoryPages * spec.pageBytes, spec.pageBytes);
  const minControlMs = deps.minControlMs ?? (group.kind === 'systemd' ? 2000 : 0);
  let lastControl = 0;
  let progress: HelperProgress | null = null;
  let done: Done | null = null;
  let doneCounters: GroupCounters | null = null;
  let mismatch: Record<string, number> | null = null;
  let failure: string | null = null;
  let timedOut = false;
  let aborted = false;
  let stderr = '';

  const kill = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const fail = (message: string): void => {
    failure ??= message;
    kill();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, spec.timeoutMs);
  const onAbort = (): void => {
    aborted = true;
    kill();
  };
  deps.signal?.addEventListener('abort', onAbort);
  if (deps.signal?.aborted) onAbort();

  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString('utf8');
  });
  // A helper that died has closed its stdin: writes then fail, which is not this run's error.
  child.stdin?.on('error', () => {});

  const handle = (line: string): void => {
    const parsed = parseLine(line);
    if (parsed === null) return;
    if (parsed.kind === 'error') {
      fail(`the native helper stopped: ${parsed.body}`);
      return;
    }
    if (parsed.kind === 'mismatch') {
      mismatch = numbers(parsed.body);
      return;
    }
    const body = numbers(parsed.body);
    if (parsed.kind === 'ready') {
      if (body.mapBytes !== spec.arrayBytes) {
        fail(`the helper maps ${body.mapBytes} bytes, the model's array spans ${spec.arrayBytes}`);
        return;
      }
      if (child.pid !== undefined) group.attach(child.pid);
      group.drain();
      group.setLimit(control.start(group.charged()));
      lastControl = Date.now();
      child.stdin?.write('go\n');
    } else if (parsed.kind === 'progress') {
      progress = body as unknown as HelperProgress;
      const limit = control.sample(progress.chargedBytes, progress.arrayPagesResident);
      if (limit !== null && Date.now() - lastControl >= minControlMs) {
        lastControl = Date.now();
        try {
          group.setLimit(limit);
          control.accept(limit);
        } catch {
          // The kernel could not reclaim down to it just now (v1 answers EBUSY): the limit stays,
          // and the next sample proposes again.
        }
      }
      deps.onProgress?.(progress);
    } else if (parsed.kind === 'done') {
      done = body as unknown as Done;
      doneCounters = group.counters();
      child.stdin?.write('bye\n');
    }
  };

  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    lines.on('line', (line) => {
      try {
        handle(line);
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    });
    child.on('error', (error) => fail(`cannot start the native helper: ${error.message}`));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      deps.signal?.removeEventListener('abort', onAbort);
      if (aborted) return reject(new InterruptedError('interrupted'));
      const partial = partialOf(progress);
      const result = (outcome: PagerOutcome, message: string | null): PagerRunResult => ({
        outcome,
        message,
        kernel: null,
        partial,
      });
      if (mismatch !== null) {
        return resolve(
          result(
            'failed',
            `the native helper removed other items than the TypeScript core (hash ${mismatch.hash}, the core's ${mismatch.expectedHash}): its counters are not reported`,
          ),
        );
      }
      if (timedOut)
        return resolve(
          result(
            'timeout',
            `stopped by --timeout (${spec.timeoutMs / 1000} s) ${howFar(progress)}`,
          ),
        );
      if (failure !== null) return resolve(result('failed', failure));
      if (done !== null && doneCounters !== null && code === 0) {
        return resolve({
          outcome: 'ok',
          message: null,
          kernel: counters(done, doneCounters, control, spec.pageBytes),
          partial: null,
        });
      }
      let oomKills = 0;
      try {
        oomKills = group.counters().oomKills;
      } catch {
        // The group's counters are gone (systemd collected the scope): judged by the signal alone.
      }
      if (signal === 'SIGKILL' && oomKills > 0) {
        return resolve(result('oom-killed', `the group's OOM killer ended it ${howFar(progress)}`));
      }
      const how = signal !== null ? `signal ${signal}` : `exit code ${code}`;
      const said = stderr.trim().split('\n')[0] ?? '';
      resolve(
        result(
          'failed',
          `the native helper ended with ${how} ${howFar(progress)}${said ? `: ${said}` : ''}`,
        ),
      );
    });
  });
}
