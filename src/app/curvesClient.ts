// Runs the fault-cost sweeps off the main thread: one worker per layout (the two run in parallel
// on two cores), one request in flight each, results cached per parameter set. A new request or
// Cancel terminates running workers, so a stale result is never delivered.

import { articleCpuSeconds } from '../core/cost';
import { type CurveSettings, sweepKey } from '../core/curveSettings';
import { SIDES } from '../core/replay';
import type { SweepResult } from '../core/sweep';
import type { SweepReply, SweepRequest } from '../worker/protocol';
import { recordDuration } from './timing';

export interface CurveResult extends SweepResult {
  cpuSeconds: number;
  sweepSeconds: number;
}

export interface ComputeCallbacks {
  onProgress: (fraction: number) => void;
  onDone: (results: CurveResult[], fromCache: boolean) => void;
  onError: (message: string) => void;
}

export class CurvesClient {
  private readonly workers: (Worker | null)[] = SIDES.map(() => null);
  private readonly cache = new Map<string, CurveResult[]>();
  private nextId = 1;
  private running = false;
  private runningKey = '';
  private callbacks: ComputeCallbacks | null = null;

  get busy(): boolean {
    return this.running;
  }

  cached(settings: CurveSettings): CurveResult[] | undefined {
    return this.cache.get(sweepKey(settings));
  }

  /** Starts both sweeps (cancelling any running ones), or answers from the cache. */
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
    const progress = SIDES.map(() => 0);
    const results: (CurveResult | null)[] = SIDES.map(() => null);
    this.running = true;
    this.runningKey = key;
    this.callbacks = callbacks;
    const started = performance.now();
    SIDES.forEach((layout, index) => {
      const worker = new Worker(new URL('../worker/sweepWorker.ts', import.meta.url), {
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
          const cpuSeconds =
            settings.cpu === 'measure' && reply.bareSeconds !== null
              ? reply.bareSeconds
              : articleCpuSeconds(reply.layout, reply.items, reply.operations);
          results[index] = { ...reply, cpuSeconds };
          if (results.every((result) => result !== null)) {
            this.running = false;
            const done = results as CurveResult[];
            this.cache.set(key, done);
            recordDuration('bheap:sweep', started);
            this.callbacks?.onDone(done, false);
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
        layout,
        itemsPerPage: settings.itemsPerPage,
        workload,
        measureCpu: settings.cpu === 'measure',
      };
      worker.postMessage(request);
    });
  }

  cancel(): void {
    this.workers.forEach((worker, index) => {
      worker?.terminate();
      this.workers[index] = null;
    });
    this.running = false;
    this.runningKey = '';
    this.callbacks = null;
  }
}
