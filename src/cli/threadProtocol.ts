// Messages between the CLI and its worker threads (one structure per thread, so both cores work
// and each thread's JIT sees a single layout: monomorphic and fast). The same words as the
// page's Web Workers (src/worker/*Protocol.ts): a thread is started with a request and answers
// with replies, each told apart by its `kind`; an `error` reply says why it failed.

import type { PolicyCurve, ReplayPolicy } from '../core/experiments/policySweep';
import type { PointResult, SweepResult } from '../core/experiments/sweep';
import type { Policy } from '../core/memory/pager';
import type { ReferenceString } from '../core/memory/referenceString';
import type { FrameCurves } from '../core/memory/stackDistances';
import type { StructureKind, StructureSpec } from '../core/structures/registry';
import type { RunStats, Workload } from '../core/workloads/workloads';

export type ThreadRequest =
  | {
      kind: 'sweep';
      structure: StructureSpec<StructureKind>;
      workload: Workload;
      timeBare: boolean;
      /** Account the page references in a second thread while the heap runs. */
      pipelined: boolean;
    }
  | {
      kind: 'point';
      structure: StructureSpec<StructureKind>;
      workload: Workload;
      frames: number;
      timeBare: boolean;
      /** The direct pager's policy (absent: LRU). */
      policy?: Policy;
    }
  | { kind: 'bare'; structure: StructureSpec<StructureKind>; workload: Workload }
  /**
   * Records the run's reference string into shared memory, and, when `collapse`, the trace FIFO and
   * CLOCK replay from 2 frames on (policyReplay.ts collapseAlternations).
   */
  | {
      kind: 'trace';
      structure: StructureSpec<StructureKind>;
      workload: Workload;
      collapse: boolean;
      timeBare: boolean;
    }
  /** OPT at every frame count, over a recorded trace. */
  | { kind: 'opt'; trace: ReferenceString }
  /** FIFO or CLOCK at some frame counts, over a recorded trace (and its collapsed form). */
  | {
      kind: 'replay';
      trace: ReferenceString;
      collapsed: ReferenceString | null;
      policy: ReplayPolicy;
      frames: number[];
    };

/** What a job's worker thread is started with (its workerData). */
export interface ThreadStart {
  request: ThreadRequest;
  /** The counter worker's script (workerScript.ts), for a pipelined sweep: a worker cannot bundle it. */
  counterScript: string | null;
}

export type ThreadReply =
  | { kind: 'progress'; done: number; total: number }
  | {
      kind: 'sweep';
      result: SweepResult<StructureKind>;
      seconds: number;
      bareSeconds: number | null;
    }
  | {
      kind: 'point';
      result: PointResult<StructureKind>;
      seconds: number;
      bareSeconds: number | null;
    }
  | { kind: 'bare'; seconds: number; operations: number }
  | {
      kind: 'trace';
      trace: ReferenceString;
      collapsed: ReferenceString | null;
      stats: RunStats;
      /** Distinct pages the run touched. */
      pages: number;
      seconds: number;
      bareSeconds: number | null;
    }
  | { kind: 'curve'; curve: PolicyCurve; seconds: number }
  | { kind: 'error'; message: string };

/** What a pipelined sweep's counting thread is started with: the ring it drains and the run's pages. */
export interface CounterStart {
  buffer: SharedArrayBuffer;
  pageCount: number;
  itemsPerPage: number;
}

/** The counting thread's one reply: the curves of every frame count, or why it failed. */
export type CounterReply =
  | { kind: 'curves'; curves: FrameCurves }
  | { kind: 'error'; message: string };
