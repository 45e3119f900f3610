// The messages between the page and its machine worker. One request in flight: the page cancels
// by terminating the worker, so a reply to an old request can never arrive. Repetitions and miss
// curves travel as typed arrays, transferred.

import type { MachineSettings } from '../core/experiments/machine';
import type { MachineRun } from '../core/measure/machineLayouts';
import type { MissCurve } from '../core/measure/trace';

export interface MeasureRequest {
  id: number;
  settings: MachineSettings;
  /** Trace (predict) the runs whose heap spans at most this many bytes. */
  predictBytes: number;
}

export type MeasureReply =
  /** Work under way: `done` of `total` units (a repetition or a traced run), on `label`. */
  | { id: number; kind: 'progress'; done: number; total: number; label: string }
  /** One (layout, N) timed: ns per operation of each repetition. */
  | {
      id: number;
      kind: 'point';
      run: MachineRun;
      operations: number;
      batchRuns: number;
      nsPerOp: Float64Array;
    }
  /** One (layout, N) traced. */
  | {
      id: number;
      kind: 'prediction';
      run: MachineRun;
      operations: number;
      comparisons: number;
      references: number;
      lines: MissCurve;
      pages: MissCurve;
    }
  | { id: number; kind: 'done'; seconds: number }
  | { id: number; kind: 'error'; message: string };
