// One side of the page: a structure, its pager and its view state, run one operation at a time
// with its events sent wherever the replay says, and snapshot for checkpoints.

import type { EventSink, SimEvent } from '../events';
import { makePager } from '../memory/makePager';
import type { MemoryObserver } from '../memory/observer';
import type { Pager, Policy, PolicyView } from '../memory/pager';
import { type PageTrace, PageTraceRecorder } from '../memory/pageTrace';
import type { PriorityQueue } from '../structures/queue';
import { makeQueue, type StructureKind, type StructureSpec } from '../structures/registry';
import type { OpList } from './opList';
import { type ViewSnapshot, ViewState } from './viewState';

/** Forwards events to whichever sink is current (the simulation's sink is fixed at construction). */
class SwitchSink implements EventSink {
  target: EventSink | null = null;
  emit(event: SimEvent): void {
    this.target?.emit(event);
  }
}

export interface SideSnapshot {
  restoreQueue: () => void;
  pager: unknown;
  handleOf: Int32Array;
  view: ViewSnapshot;
}

/** One structure, its pager and its view state. */
export class Side {
  readonly view: ViewState;
  private readonly queue: PriorityQueue;
  private readonly pager: Pager;
  /** Each item's handle (slot or node), kept current by the structure's callback. */
  private readonly handleOf: Int32Array;
  private readonly sink = new SwitchSink();

  /**
   * `policy` chooses the pager (LRU by default); OPT needs the future, so with OPT `ops` (the
   * scenario's operations) are run once first, on a bare copy of the structure, to record it.
   */
  constructor(
    readonly spec: StructureSpec,
    capacity: number,
    items: number,
    frames: number,
    pages: number,
    readonly policy: Policy = 'lru',
    ops: OpList | null = null,
    /** Where the structure's references go instead of the pager (recording OPT's future). */
    recordInto: MemoryObserver | null = null,
  ) {
    const shown = Math.min(frames, pages);
    const future = policy === 'opt' ? recordFuture(spec, capacity, items, pages, ops) : null;
    this.view = new ViewState(spec, pages, capacity, shown, policy, future);
    this.handleOf = new Int32Array(Math.max(1, items));
    this.pager = makePager({
      policy,
      frames: shown,
      pageCount: pages,
      itemsPerPage: spec.itemsPerPage,
      sink: this.sink,
      future,
    });
    this.queue = makeQueue(spec, {
      capacity,
      memory: recordInto ?? this.pager,
      sink: this.sink,
      onHandle: (item, handle) => {
        this.handleOf[item] = handle;
      },
    });
  }

  get kind(): StructureKind {
    return this.spec.kind;
  }

  /** Runs operation k of `ops`, sending its events to `sink`. */
  run(ops: OpList, k: number, sink: EventSink): void {
    this.sink.target = sink;
    const queue = this.queue;
    const handle = ops.handles[k];
    switch (ops.kinds[k]) {
      case 0: // insert
        queue.insert(handle, ops.keys[k]);
        break;
      case 1: // popMin
        queue.popMin();
        break;
      case 2: // deleteItem
        queue.delete(this.handleOf[handle]);
        break;
      case 3: // reorderItem
        queue.reorder(this.handleOf[handle], ops.keys[k]);
        break;
      case 4: // deleteSlot
        queue.delete(handle);
        break;
      case 5: // reorderSlot
        queue.reorder(handle, ops.keys[k]);
        break;
    }
    this.sink.target = null;
  }

  /**
   * Shows the memory with `frames` resident pages (the slider): under LRU the view answers from
   * its stack, while the pager, which only names the references, keeps running as it was
   * prepared. (Another policy's side is prepared again with the new count.)
   */
  setFrames(frames: number): void {
    this.view.setFrames(Math.min(frames, this.view.pages));
  }

  /** What the pager shows of its policy now (after the operations run so far). */
  policyView(): PolicyView {
    return this.pager.policyView();
  }

  snapshot(): SideSnapshot {
    return {
      restoreQueue: this.queue.checkpoint(),
      pager: this.pager.snapshot(),
      handleOf: this.handleOf.slice(),
      view: this.view.snapshot(),
    };
  }

  restore(snapshot: SideSnapshot): void {
    snapshot.restoreQueue();
    this.pager.restore(snapshot.pager);
    this.handleOf.set(snapshot.handleOf);
    this.view.restore(snapshot.view);
  }
}

/** The page's two sides, left and right; each runs the structure the scenario names. */
export const SIDES: readonly SideName[] = ['left', 'right'];
export type SideName = 'left' | 'right';

/** OPT's future: every reference the side will make, from a bare run of its operations. */
function recordFuture(
  spec: StructureSpec,
  capacity: number,
  items: number,
  pages: number,
  ops: OpList | null,
): PageTrace {
  if (ops === null) throw new Error('OPT needs the operations to record its future');
  const recorder = new PageTraceRecorder(pages, spec.itemsPerPage, { merge: false });
  const bare = new Side(spec, capacity, items, 1, pages, 'lru', null, recorder);
  const none = { emit(): void {} };
  for (let k = 0; k < ops.length; k++) bare.run(ops, k, none);
  return recorder.finish();
}
