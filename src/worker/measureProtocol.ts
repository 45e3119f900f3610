// The messages between the page and its machine worker. One request in flight: the page cancels
// by terminating the worker, so a reply to an old request can never arrive. Repetitions and miss
// curves travel as typed arrays, transferred.

import type { MachineSettings } from '../core/experiments/machine';
import type { MachinePoint, MachinePrediction } from '../core/experiments/machineReport';

export interface MeasureRequest {
  id: number;
  settings: MachineSettings;
  /** Trace (predict) the runs whose heap spans at most this many bytes. */
  predictBytes: number;
}

export type MeasureReply =
  /** Work under way: `done` of `total` units (a repetition or a traced run), on `label`. */
  | { id: number; kind: 'progress'; done: number; total: number; label: string }
  /** One (layout, N) timed: ns per operation of each repetition (transferred, so typed). */
  | ({ id: number; kind: 'point'; nsPerOp: Float64Array } & Omit<MachinePoint, 'nsPerOp'>)
  /** One (layout, N) traced. */
  | ({ id: number; kind: 'prediction' } & MachinePrediction)
  | { id: number; kind: 'done'; seconds: number }
  | { id: number; kind: 'error'; message: string };
