// The one message protocol between the page and its sweep workers. A worker holds at most one
// request; the page cancels by terminating it, so a stale result can never arrive.

import type { StructureKind, StructureSpec } from '../core/structures';
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
  | {
      id: number;
      kind: 'result';
      layout: StructureKind;
      pages: number;
      itemsPerPage: number;
      operations: number;
      comparisons: number;
      swaps: number;
      /** Words read or written: the CPU model of the structures the article did not time. */
      accesses: number;
      nodeBytes: number;
      zeroFill: number;
      items: number;
      pageIns: Float64Array;
      writebacks: Float64Array;
      sweepSeconds: number;
      bareSeconds: number | null;
    }
  | { id: number; kind: 'error'; message: string };
