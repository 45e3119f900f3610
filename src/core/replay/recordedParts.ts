// A side's recording handed on a stretch at a time while it is made (worker/sideWorker.ts): what
// was recorded since the last stretch, cut once for the serving worker (the operations and the
// checkpoints, sideServer.ts's extend) and once for the page (the events per operation and the
// race rows, partialRecording.ts's addPart). Every array is a copy of its own, to transfer.

import type { OpArrays } from './opSource';
import type { DenseCheckpoint, PackedHeap, Recorder } from './sideRecorder';

/** A stretch for the serving worker: operations from..to-1 and the checkpoints taken on them. */
export interface RecordedPart {
  from: number;
  to: number;
  /** The operations from..to-1 (each array to - from long). */
  ops: OpArrays;
  /** The stack images and heap copies taken since the last stretch, in order. */
  dense: DenseCheckpoint[];
  sparse: PackedHeap[];
}

/**
 * A stretch for the page: operations from..to-1's events (and, from one side, the operations
 * themselves), and the race rows from `raceFrom` on that fall on them.
 */
export interface PagePart {
  from: number;
  to: number;
  counts: Uint32Array;
  ops: OpArrays | null;
  raceFrom: number;
  /** Rows as wide as the side's own pages. */
  race: Uint32Array;
}

/** Cuts a recorder's output into stretches, each from where the last one ended. */
export class PartCutter {
  private ops = 0;
  private rows = 0;
  private dense = 0;
  private sparse = 0;

  constructor(
    private readonly recorder: Recorder,
    /** Whether the page's stretches carry the operations (one side's do). */
    private readonly sendOps: boolean,
  ) {}

  /** What was recorded since the last cut (empty stretches when nothing was). */
  next(): { server: RecordedPart; page: PagePart } {
    const recorder = this.recorder;
    const from = this.ops;
    const to = recorder.recorded;
    const { store, pages } = recorder;
    const dense: DenseCheckpoint[] = store.dense.slice(this.dense);
    const sparse: PackedHeap[] = store.sparse.slice(this.sparse);
    const server: RecordedPart = { from, to, ops: opsOf(recorder, from, to), dense, sparse };
    const page: PagePart = {
      from,
      to,
      counts: recorder.eventCounts.slice(from, to),
      ops: this.sendOps ? opsOf(recorder, from, to) : null,
      raceFrom: this.rows,
      race: recorder.race.slice(this.rows * pages, recorder.raceRows * pages),
    };
    this.ops = to;
    this.rows = recorder.raceRows;
    this.dense = store.dense.length;
    this.sparse = store.sparse.length;
    return { server, page };
  }
}

function opsOf(recorder: Recorder, from: number, to: number): OpArrays {
  const ops = recorder.ops;
  return {
    kinds: ops.kinds.slice(from, to),
    handles: ops.handles.slice(from, to),
    keys: ops.keys.slice(from, to),
  };
}
