// Serves the state of one side of a large heap run before any operation, from the checkpoints
// its recording kept (largePlan.ts): the heap copy before it, the heap run bare to the stack
// image before it, then the operations in between run into the view. A worker runs this; the
// page asks it only for jumps beyond what it can reach by itself. While the side is still being
// recorded, the operations and checkpoints come in parts (extend): it serves any operation the
// recording has passed.

import type { Policy } from '../memory/pager';
import { unpackImage } from '../memory/stackImage';
import type { StructureSpec } from '../structures/registry';
import { KernelHeap } from './kernelSide';
import { OpList } from './opList';
import type { OpShape } from './opSource';
import type { RecordedPart } from './recordedParts';
import { Side, type SideState } from './side';
import type { SideStore } from './sideRecorder';
import { policyStateOfRing } from './viewState';

export class SideServer {
  private readonly side: Side;
  private readonly initial: SideState;
  /** The heap of the bare runs, in the replay kernel (twice as fast as heap.ts there). */
  private readonly bare: KernelHeap;
  private readonly ops: OpList;
  /** The operation the side sits before now (-1: nowhere yet). */
  private at = -1;
  /** Operations recorded so far: any state up to it can be served. */
  private recordedOps: number;

  constructor(
    spec: StructureSpec,
    capacity: number,
    items: number,
    pages: number,
    /** Every operation with every checkpoint in `store`; or their shape, the rest to come (extend). */
    ops: OpList | OpShape,
    private readonly store: SideStore,
    private readonly policy: Policy = 'lru',
    frames = 1,
  ) {
    this.bare = new KernelHeap(spec, capacity, items, pages, ops);
    // The side reads the operations from the kernel's copy: one copy of 4M operations, not two.
    this.ops = this.bare.ops;
    // Under LRU the view's frame count does not matter: the page answers for its own
    // (ViewState.restore); FIFO and CLOCK run with the scenario's.
    this.side = new Side(spec, capacity, items, frames, pages, policy, this.ops);
    if (!this.side.exchangesState) {
      throw new Error('a large run serves heaps too large for the tree, under LRU, FIFO or CLOCK');
    }
    this.initial = this.side.exportState();
    this.recordedOps = ops instanceof OpList ? ops.length : 0;
  }

  /** Operations recorded so far (all of them once the recording is done). */
  get recorded(): number {
    return this.recordedOps;
  }

  /** The recording's next stretch: its operations and checkpoints, from where the last ended. */
  extend(part: RecordedPart): void {
    if (part.from !== this.recordedOps || part.to < part.from || part.to > this.ops.length) {
      throw new RangeError(`a part from ${part.from} to ${part.to} after ${this.recordedOps}`);
    }
    this.ops.kinds.set(part.ops.kinds, part.from);
    this.ops.handles.set(part.ops.handles, part.from);
    this.ops.keys.set(part.ops.keys, part.from);
    for (const checkpoint of part.dense) this.store.dense.push(checkpoint);
    for (const copy of part.sparse) this.store.sparse.push(copy);
    this.recordedOps = part.to;
  }

  /** The side's state before operation `op` (0..recorded). */
  stateAt(op: number): SideState {
    if (!(Number.isInteger(op) && op >= 0 && op <= this.recordedOps)) {
      throw new RangeError(`operation ${op} is outside 0..${this.recordedOps}`);
    }
    this.moveTo(op);
    return this.side.exportState();
  }

  private moveTo(op: number): void {
    const { denseEvery, sparseEvery } = this.store.plan;
    const side = this.side;
    // Close ahead of where the side is: run on (cheaper than any checkpoint).
    if (this.at >= 0 && this.at <= op && op - this.at <= denseEvery) {
      side.advance(this.ops, this.at, op);
      this.at = op;
      return;
    }
    if (op === 0) {
      side.importState(this.initial);
      this.at = 0;
      return;
    }
    // The stack image strictly before `op`, so at least one operation runs into the view and
    // sets what an image does not keep (the latest reference and operation).
    const dense = Math.floor((op - 1) / denseEvery) * denseEvery;
    const sparse = Math.floor(dense / sparseEvery) * sparseEvery;
    // The heap copy before it, run bare in the kernel to the stack image, then into the side.
    const bare = this.bare;
    bare.restore(sparse === 0 ? this.initial.heap : this.store.sparse[sparse / sparseEvery - 1]);
    bare.runBare(sparse, dense);
    side.restoreHeap(bare.snapshot());
    if (dense === 0) {
      side.view.restore(this.initial.view);
      if (this.initial.ring !== null) side.restorePager(this.initial.ring);
    } else {
      const checkpoint = this.store.dense[dense / denseEvery - 1];
      const ring = checkpoint.ring;
      const policy = this.policy;
      const image = unpackImage(checkpoint.image);
      if (ring === null || (policy !== 'fifo' && policy !== 'clock')) {
        side.view.restoreImage(image, checkpoint.scalars);
      } else {
        const mirrored = policyStateOfRing(policy, ring, image.references);
        side.view.restoreImage(image, checkpoint.scalars, mirrored);
        side.restorePager(ring);
      }
    }
    side.advance(this.ops, dense, op);
    this.at = op;
  }
}
