// Messages between the CLI and its worker threads (one structure per thread, so both cores work
// and each thread's JIT sees a single layout: monomorphic and fast).

import type { PolicyCurve, ReplayPolicy } from '../core/experiments/policySweep';
import type { PointResult, SweepResult } from '../core/experiments/sweep';
import type { Policy } from '../core/memory/pager';
import type { ReferenceString } from '../core/memory/referenceString';
import type { StructureKind, StructureSpec } from '../core/structures/registry';
import type { RunStats, Workload } from '../core/workloads/workloads';

export type WorkerJob =
  | {
      job: 'sweep';
      structure: StructureSpec<StructureKind>;
      workload: Workload;
      timeBare: boolean;
      /** Account the page references in a second thread while the heap runs. */
      pipelined: boolean;
    }
  | {
      job: 'point';
      structure: StructureSpec<StructureKind>;
      workload: Workload;
      frames: number;
      timeBare: boolean;
      /** The direct pager's policy (absent: LRU). */
      policy?: Policy;
    }
  | { job: 'bare'; structure: StructureSpec<StructureKind>; workload: Workload }
  /**
   * Records the run's reference string into shared memory, and, when `collapse`, the trace FIFO and
   * CLOCK replay from 2 frames on (policyReplay.ts collapseAlternations).
   */
  | {
      job: 'trace';
      structure: StructureSpec<StructureKind>;
      workload: Workload;
      collapse: boolean;
      timeBare: boolean;
    }
  /** OPT at every frame count, over a recorded trace. */
  | { job: 'opt'; trace: ReferenceString }
  /** FIFO or CLOCK at some frame counts, over a recorded trace (and its collapsed form). */
  | {
      job: 'replay';
      trace: ReferenceString;
      collapsed: ReferenceString | null;
      policy: ReplayPolicy;
      frames: number[];
    };

/** What a job's worker thread is started with (its workerData). */
export interface WorkerStart {
  job: WorkerJob;
  /** The counter worker's script (workerScript.ts), for a pipelined sweep: a worker cannot bundle it. */
  counterScript: string | null;
}

export type WorkerReply =
  | { reply: 'progress'; done: number; total: number }
  | {
      reply: 'sweep';
      result: SweepResult<StructureKind>;
      seconds: number;
      bareSeconds: number | null;
    }
  | {
      reply: 'point';
      result: PointResult<StructureKind>;
      seconds: number;
      bareSeconds: number | null;
    }
  | { reply: 'bare'; seconds: number; operations: number }
  | {
      reply: 'trace';
      trace: ReferenceString;
      collapsed: ReferenceString | null;
      stats: RunStats;
      /** Distinct pages the run touched. */
      pages: number;
      seconds: number;
      bareSeconds: number | null;
    }
  | { reply: 'curve'; curve: PolicyCurve; seconds: number }
  | { reply: 'error'; message: string };
