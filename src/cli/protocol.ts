// Messages between the CLI and its worker threads (one layout per thread, so both cores work
// and each thread's JIT sees a single layout: monomorphic and fast).

import type { LayoutKind } from '../core/layout';
import type { PointResult, SweepResult } from '../core/sweep';
import type { Workload } from '../core/workloads';

export type WorkerJob =
  | {
      job: 'sweep';
      layout: LayoutKind;
      itemsPerPage: number;
      workload: Workload;
      timeBare: boolean;
    }
  | {
      job: 'point';
      layout: LayoutKind;
      itemsPerPage: number;
      workload: Workload;
      frames: number;
      timeBare: boolean;
    }
  | { job: 'bare'; layout: LayoutKind; itemsPerPage: number; workload: Workload };

export type WorkerReply =
  | { reply: 'progress'; done: number; total: number }
  | { reply: 'sweep'; result: SweepResult; seconds: number; bareSeconds: number | null }
  | { reply: 'point'; result: PointResult; seconds: number; bareSeconds: number | null }
  | { reply: 'bare'; seconds: number; operations: number }
  | { reply: 'error'; message: string };
