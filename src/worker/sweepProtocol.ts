// The one message protocol between the page and its sweep workers. A worker holds at most one
// request; the page cancels by terminating it, so a stale result can never arrive.

import type { PolicyCurve } from '../core/experiments/policySweep';
import type { SweepResult } from '../core/experiments/sweep';
import type { Policy } from '../core/memory/pager';
import type { StructureSpec } from '../core/structures/registry';
import type { Workload } from '../core/workloads/workloads';

export interface SweepRequest {
  id: number;
  structure: StructureSpec;
  workload: Workload;
  /** Also time the bare workload (the "measure on this machine" CPU part). */
  measureCpu: boolean;
  /**
   * The policies to sweep, the one the chart shows first (curveSettings.ts, curvesPolicies):
   * LRU alone is the one-pass sweep; any other runs policySweep.ts.
   */
  policies: Policy[];
}

export type SweepReply =
  | { id: number; kind: 'progress'; done: number; total: number }
  /** The curves: the last reply, `done` as every job's (app/series/job.ts). */
  | ({
      id: number;
      kind: 'done';
      sweepSeconds: number;
      bareSeconds: number | null;
      /**
       * Each policy's curve at the frame counts it covers (the first is also in pageIns and
       * writeBacks, over every frame count, NaN where it has none); null for LRU alone.
       */
      curves: PolicyCurve[] | null;
    } & SweepResult)
  | { id: number; kind: 'error'; message: string };
