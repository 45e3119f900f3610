// Runs the fault-cost sweeps off the main thread: one worker per structure of the pair (the two
// run in parallel on two cores), one request in flight each, results cached per parameter set. A
// new request or Cancel terminates running workers, so a stale result is never delivered.

import { modelCpuSeconds } from '../../core/experiments/cost';
import {
  type CurveSettings,
  curvesPolicies,
  curvesSpec,
  sweepKey,
} from '../../core/experiments/curveSettings';
import { denseCurve, type PolicyCurve } from '../../core/experiments/policySweep';
import type { SweepResult } from '../../core/experiments/sweep';
import type { StructureSpec } from '../../core/structures/registry';
import type { SweepReply, SweepRequest } from '../../worker/sweepProtocol';
import { recordDuration } from '../timing';

export interface CurveResult extends SweepResult {
  cpuSeconds: number;
  sweepSeconds: number;
  /** Each policy's own curve when not LRU alone (the exports write these), else null. */
  curves: PolicyCurve[] | null;
  /** OPT over every frame count, the floor drawn dashed; null unless asked for. */
  floor: { pageIns: Float64Array; writebacks: Float64Array } | null;
}

/** [left, right]; the same object twice when both sides run the same structure. */
export type CurvePair = [CurveResult, CurveResult];

export interface ComputeCallbacks {
  onProgress: (fraction: number) => void;
  onDone: (results: CurvePair, fromCache: boolean) => void;
  onError: (message: string) => void;
}

/** The distinct runs a pair needs: the same structure on both sides is swept once. */
export function runsOf(settings: CurveSettings): StructureSpec[] {
  const left = curvesSpec(settings, 'left');
  return settings.left === settings.right ? [left] : [left, curvesSpec(settings, 'right')];
}

export class CurvesClient {
  private workers: (Worker | null)[] = [];
  private readonly cache = new Map<string, CurvePair>();
  private nextId = 1;
  private running = false;
  private runningKey = '';
  private callbacks: ComputeCallbacks | null = null;

  get busy(): boolean {
    return this.running;
  }

  cached(settings: CurveSettings): CurvePair | undefined {
    return this.cache.get(sweepKey(settings));
  }

  /** Starts the sweeps (cancelling any running ones), or answers from the cache. */
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
      callbacks.onDone(hit, true);
      return;
    }
    const id = this.nextId++;
    const workload = {
      kind: settings.workload,
      items: settings.items,
      seed: settings.seed,
      keyRange: settings.keys,
    } as const;
    const runs = runsOf(settings);
    const progress = runs.map(() => 0);
    const results: (CurveResult | null)[] = runs.map(() => null);
    this.workers = runs.map(() => null);
    this.running = true;
    this.runningKey = key;
    this.callbacks = callbacks;
    const started = performance.now();
    runs.forEach((structure, index) => {
      const worker = new Worker(new URL('../../worker/sweepWorker.ts', import.meta.url), {
        type: 'module',
      });
      this.workers[index] = worker;
      worker.onmessage = (event: MessageEvent<SweepReply>) => {
        const reply = event.data;
        if (reply.id !== id) return;
        if (reply.kind === 'progress') {
          progress[index] = reply.done / Math.max(1, reply.total);
          this.callbacks?.onProgress(progress.reduce((a, b) => a + b, 0) / progress.length);
        } else if (reply.kind === 'error') {
          const current = this.callbacks;
          this.cancel();
          current?.onError(reply.message);
        } else {
          worker.terminate();
          this.workers[index] = null;
          results[index] = curveResult(reply, settings);
          if (results.every((result) => result !== null)) {
            this.running = false;
            const done = results as CurveResult[];
            const pair: CurvePair = [done[0], done[done.length - 1]];
            this.cache.set(key, pair);
            recordDuration('bheap:sweep', started);
            this.callbacks?.onDone(pair, false);
          }
        }
      };
      worker.onerror = (event) => {
        const current = this.callbacks;
        this.cancel();
        current?.onError(event.message || 'the sweep worker failed');
      };
      const request: SweepRequest = {
        id,
        structure,
        workload,
        measureCpu: settings.cpu === 'measure',
        policies: curvesPolicies(settings),
      };
      worker.postMessage(request);
    });
  }

  /** Cancels the running sweep unless it is the one for `key`. */
  cancelUnless(key: string): void {
    if (this.running && this.runningKey !== key) this.cancel();
  }

  cancel(): void {
    for (const worker of this.workers) worker?.terminate();
    this.workers = [];
    this.running = false;
    this.runningKey = '';
    this.callbacks = null;
  }
}

/** A worker's result with its CPU part: measured here, or the model the CLI uses too. */
function curveResult(
  reply: Extract<SweepReply, { kind: 'result' }>,
  settings: CurveSettings,
): CurveResult {
  const { id: _id, kind: _kind, bareSeconds, ...result } = reply;
  const cpuSeconds =
    settings.cpu === 'measure' && bareSeconds !== null
      ? bareSeconds
      : modelCpuSeconds(result.layout, result.items, result.operations, result.accesses);
  const opt = result.curves?.find((curve) => curve.policy === 'opt') ?? null;
  const floor = settings.floor && opt !== null ? denseCurve(opt, result.pages) : null;
  return { ...result, cpuSeconds, floor };
}
