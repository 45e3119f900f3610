// Messages between the CLI and its worker threads (one structure per thread, so both cores work
// and each thread's JIT sees a single layout: monomorphic and fast).

import type { StructureSpec } from '../core/structures';
import type { PointResult, SweepResult } from '../core/sweep';
import type { Workload } from '../core/workloads';

export type WorkerJob =
  | {
      job: 'sweep';
      structure: StructureSpec;
      workload: Workload;
      timeBare: boolean;
      /** Account the page references in a second thread while the heap runs. */
      pipelined: boolean;
    }
  | {
      job: 'point';
      structure: StructureSpec;
      workload: Workload;
      frames: number;
      timeBare: boolean;
    }
  | { job: 'bare'; structure: StructureSpec; workload: Workload };

/** What a job's worker thread is started with (its workerData). */
export interface WorkerStart {
  job: WorkerJob;
  /** The counter worker's script (workerScript.ts), for a pipelined sweep: a worker cannot bundle it. */
  counterScript: string | null;
}

export type WorkerReply =
  | { reply: 'progress'; done: number; total: number }
  | { reply: 'sweep'; result: SweepResult; seconds: number; bareSeconds: number | null }
  | { reply: 'point'; result: PointResult; seconds: number; bareSeconds: number | null }
  | { reply: 'bare'; seconds: number; operations: number }
  | { reply: 'error'; message: string };
