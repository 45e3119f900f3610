// The one message protocol between the page and its sweep workers. A worker holds at most one
// request; the page cancels by terminating it, so a stale result can never arrive.

import type { StructureSpec } from '../core/structures';
import type { SweepResult } from '../core/sweep';
import type { Workload } from '../core/workloads';

export interface SweepRequest {
  id: number;
  structure: StructureSpec;
  workload: Workload;
  /** Also time the bare workload (the "measure on this machine" CPU part). */
  measureCpu: boolean;
}

export type SweepReply =
  | { id: number; kind: 'progress'; done: number; total: number }
  | ({
      id: number;
      kind: 'result';
      sweepSeconds: number;
      bareSeconds: number | null;
    } & SweepResult)
  | { id: number; kind: 'error'; message: string };
