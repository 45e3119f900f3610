// The messages between the page and its scaling worker. One request in flight: the page cancels
// by terminating the worker, so a reply to an old request can never arrive.

import type { ScalingPoint } from '../core/experiments/scaling';
import type { ScalingCommand, ScalingJob } from '../core/experiments/scalingSeries';

/**
 * A scaling run's settings (scalingSeries.ts), numbered for its replies, with the runs to make:
 * the plan's, less those the page ships (app/scaling/scalingView.ts, splitShipped).
 */
export interface ScalingRequest extends ScalingCommand {
  id: number;
  jobs: ScalingJob[];
}

export type ScalingReply =
  /** One point finished; `done` of the request's `total` jobs are made. */
  | { id: number; kind: 'progress'; done: number; total: number; point: ScalingPoint }
  /** Every run made; `skipped` are the list sizes past its limit, never run. */
  | { id: number; kind: 'done'; skipped: ScalingJob[]; seconds: number }
  | { id: number; kind: 'error'; message: string };
