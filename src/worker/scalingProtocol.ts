// The messages between the page and its scaling worker. One request in flight: the page cancels
// by terminating the worker, so a reply to an old request can never arrive.

import type { ScalingPoint } from '../core/scaling';
import type { OverheadChoice, ScalingJob } from '../core/scalingSeries';
import type { StructureKind } from '../core/structures';

export interface ScalingRequest {
  id: number;
  kinds: StructureKind[];
  sizes: number[];
  itemsPerPage: number;
  nodeBytes: number;
  seed: number;
  keyRange: number;
  overhead: OverheadChoice;
  /** Also time the bare adds and deletes with the worker's performance.now(). */
  measure: boolean;
}

export type ScalingReply =
  /** One point finished; `done` of `total` runs are made (skipped runs are not counted). */
  | { id: number; kind: 'progress'; done: number; total: number; point: ScalingPoint }
  /** Every run made; `skipped` are the list sizes past its limit, never run. */
  | { id: number; kind: 'done'; skipped: ScalingJob[]; seconds: number }
  | { id: number; kind: 'error'; message: string };
