// Runs the fault-cost sweeps off the main thread: one job per structure of the pair (the two run
// in parallel on two cores), results cached per parameter set. A new request or Cancel
// terminates running workers (series/job.ts), so a stale result is never delivered. The
// article's run is shipped with the page (core/experiments/shipped.ts): its curves are loaded,
// not swept, so the tour's chart scenes draw at once.

import { modelCpuSeconds } from '../../core/experiments/cost';
import {
  type CurveSettings,
  curvesPolicies,
  curvesSpec,
  sweepKey,
} from '../../core/experiments/curveSettings';
import { denseCurve, type PolicyCurve } from '../../core/experiments/policySweep';
import { type CurveRun, shippedCurveIndex, unpackCurve } from '../../core/experiments/shipped';
import type { SweepResult } from '../../core/experiments/sweep';
import type { StructureSpec } from '../../core/structures/registry';
import type { SweepReply, SweepRequest } from '../../worker/sweepProtocol';
import { recordDuration } from '../browser/timing';
import { WorkerJob } from '../series/job';

export interface CurveResult extends SweepResult {
  cpuSeconds: number;
  sweepSeconds: number;
  /** Each policy's own curve when not LRU alone (the exports write these), else null. */
  curves: PolicyCurve[] | null;
  /** OPT over every frame count, the floor drawn dashed; null unless asked for. */
  floor: { pageIns: Float64Array; writeBacks: Float64Array } | null;
}

/** [left, right]; the same object twice when both sides run the same structure. */
export type CurvePair = [CurveResult, CurveResult];

/** Where a result came from: swept now, kept from before, or shipped with the page. */
export type CurveSource = 'sweep' | 'cache' | 'shipped';

interface ComputeCallbacks {
  onProgress: (fraction: number) => void;
  onDone: (results: CurvePair, source: CurveSource) => void;
  onError: (message: string) => void;
}

/** The distinct runs a pair needs: the same structure on both sides is swept once. */
function runsOf(settings: CurveSettings): StructureSpec[] {
  const left = curvesSpec(settings, 'left');
  return settings.left === settings.right ? [left] : [left, curvesSpec(settings, 'right')];
}

/** Each run as its worker is asked for it. */
function curveRuns(settings: CurveSettings): CurveRun[] {
  const workload = {
    kind: settings.workload,
    items: settings.items,
    seed: settings.seed,
    keyRange: settings.keys,
  } as const;
  const policies = curvesPolicies(settings);
  return runsOf(settings).map((structure) => ({ structure, workload, policies }));
}

/**
 * Whether the page ships these settings' curves: every run is shipped, and the CPU part is the
 * article's calibration (measuring it here needs the workload run here).
 */
export function isShipped(settings: CurveSettings): boolean {
  return (
    settings.cpu === 'article' && curveRuns(settings).every((run) => shippedCurveIndex(run) >= 0)
  );
}

export class CurvesClient {
  /** One job per side; the same structure on both sides runs once, in the first. */
  private readonly jobs = [0, 1].map(
    () =>
      new WorkerJob<SweepRequest, SweepReply>(
        () =>
          new Worker(new URL('../../worker/sweepWorker.ts', import.meta.url), { type: 'module' }),
        'the sweep worker failed',
        null,
      ),
  );
  private readonly cache = new Map<string, CurvePair>();
  private running = false;
  private runningKey = '';
  private callbacks: ComputeCallbacks | null = null;
  /** Counts requests: a shipped result loading for an older one is dropped. */
  private request = 0;
  /** The shipped curves' module, once asked for (fetched once, kept by the module loader). */
  private shippedModule: Promise<
    typeof import('../../core/experiments/shippedCurves.generated')
  > | null = null;

  get busy(): boolean {
    return this.running;
  }

  cached(settings: CurveSettings): CurvePair | undefined {
    return this.cache.get(sweepKey(settings));
  }

  /** Starts the sweeps (cancelling any running ones), or answers from the cache or the page. */
  compute(settings: CurveSettings, callbacks: ComputeCallbacks): void {
    const key = sweepKey(settings);
    // Asking again for the sweep already running (e.g. a preset's button pressed while its own
    // sweep computes) keeps it and hands its result to the newest caller, instead of throwing
    // away seconds of work and starting two workers again.
    if (this.running && key === this.runningKey) {
      this.callbacks = callbacks;
      return;
    }
    this.cancel();
    const hit = this.cache.get(key);
    if (hit !== undefined) {
      callbacks.onDone(hit, 'cache');
      return;
    }
    this.running = true;
    this.runningKey = key;
    this.callbacks = callbacks;
    if (isShipped(settings)) this.load(settings, key);
    else this.sweep(settings, key);
  }

  /**
   * Starts fetching the shipped curves' module: the page's own, a separate file loaded only
   * where a chart needs it. Asking again returns the same fetch.
   */
  prefetch(): Promise<typeof import('../../core/experiments/shippedCurves.generated')> {
    if (this.shippedModule === null) {
      const loading = import('../../core/experiments/shippedCurves.generated');
      // A failed fetch is not kept (asked again, it is fetched again); load() says it failed.
      loading.catch(() => {
        if (this.shippedModule === loading) this.shippedModule = null;
      });
      this.shippedModule = loading;
    }
    return this.shippedModule;
  }

  /** The shipped curves, unpacked for these settings' runs. */
  private load(settings: CurveSettings, key: string): void {
    const request = this.request;
    const started = performance.now();
    this.prefetch().then(
      ({ SHIPPED_CURVES }) => {
        if (request !== this.request) return;
        const results = curveRuns(settings).map((run) => {
          const shipped = unpackCurve(SHIPPED_CURVES[shippedCurveIndex(run)]);
          return curveResult({ ...shipped, sweepSeconds: 0, curves: null }, null, settings);
        });
        recordDuration('bheap:shipped', started);
        this.finish(key, results, 'shipped');
      },
      (error: unknown) => {
        if (request === this.request) this.fail(`the page could not load its curves: ${error}`);
      },
    );
  }

  private sweep(settings: CurveSettings, key: string): void {
    const runs = curveRuns(settings);
    const progress = runs.map(() => 0);
    const results: (CurveResult | null)[] = runs.map(() => null);
    const started = performance.now();
    runs.forEach((run, index) => {
      const request = {
        ...run,
        policies: [...run.policies],
        measureCpu: settings.cpu === 'measure',
      };
      this.jobs[index].start(request, {
        step: (reply) => {
          if (reply.kind !== 'progress') return;
          progress[index] = reply.done / Math.max(1, reply.total);
          this.callbacks?.onProgress(progress.reduce((a, b) => a + b, 0) / progress.length);
        },
        done: (reply) => {
          if (reply.kind !== 'done') return;
          const { id: _id, kind: _kind, bareSeconds, ...result } = reply;
          results[index] = curveResult(result, bareSeconds, settings);
          if (results.some((result) => result === null)) return;
          recordDuration('bheap:sweep', started);
          this.finish(key, results as CurveResult[], 'sweep');
        },
        error: (message) => this.fail(message),
      });
    });
  }

  private finish(key: string, results: CurveResult[], source: CurveSource): void {
    this.running = false;
    const pair: CurvePair = [results[0], results[results.length - 1]];
    this.cache.set(key, pair);
    this.callbacks?.onDone(pair, source);
  }

  private fail(message: string): void {
    const current = this.callbacks;
    this.cancel();
    current?.onError(message);
  }

  /** Cancels the running sweep unless it is the one for `key`. */
  cancelUnless(key: string): void {
    if (this.running && this.runningKey !== key) this.cancel();
  }

  cancel(): void {
    this.request++;
    for (const job of this.jobs) job.cancel();
    this.running = false;
    this.runningKey = '';
    this.callbacks = null;
  }
}

/** A sweep's result with its CPU part: measured here, or the model the CLI uses too. */
function curveResult(
  result: SweepResult & { sweepSeconds: number; curves: PolicyCurve[] | null },
  bareSeconds: number | null,
  settings: CurveSettings,
): CurveResult {
  const cpuSeconds =
    settings.cpu === 'measure' && bareSeconds !== null
      ? bareSeconds
      : modelCpuSeconds(result.layout, result.items, result.operations, result.accesses);
  const opt = result.curves?.find((curve) => curve.policy === 'opt') ?? null;
  const floor = settings.floor && opt !== null ? denseCurve(opt, result.pages) : null;
  return { ...result, cpuSeconds, floor };
}
