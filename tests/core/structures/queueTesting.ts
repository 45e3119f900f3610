// Helpers the structure tests share: the access log as text, a picked-operation script (random
// by fast-check or replayable from random(3)), a pointer structure's whole state, and what a
// run's events say that state is.

import fc from 'fast-check';
import { expect } from 'vitest';
import type { SimEvent } from '../../../src/core/events';
import type { AccessLog } from '../../../src/core/memory/observer';
import { LINK_FIELDS } from '../../../src/core/structures/pointer/arena';
import type { ArenaQueue } from '../../../src/core/structures/pointer/arenaQueue';
import { NO_HANDLE } from '../../../src/core/structures/queue';
import { GlibcRandom } from '../../../src/core/workloads/random';

/** One reference of the access log as text: R7 reads word (or slot) 7, W7 writes it. */
export function accesses(log: AccessLog, from = 0): string[] {
  return log.slots
    .slice(from)
    .map((word, index) => `${log.writes[from + index] ? 'W' : 'R'}${word}`);
}

/** An operation that picks its victim among the live items (`pick` modulo their count). */
export type PickOp =
  | { op: 'insert'; key: number }
  | { op: 'pop' }
  | { op: 'delete'; pick: number }
  | { op: 'reorder'; pick: number; key: number };

/** Picked operations, mostly inserts, with keys drawn from `key` (a small range gives ties). */
export function pickOps(key: fc.Arbitrary<number>): fc.Arbitrary<PickOp> {
  return fc.oneof(
    { weight: 4, arbitrary: key.map((k) => ({ op: 'insert' as const, key: k })) },
    { weight: 2, arbitrary: fc.constant({ op: 'pop' as const }) },
    { weight: 2, arbitrary: fc.nat().map((pick) => ({ op: 'delete' as const, pick })) },
    {
      weight: 2,
      arbitrary: fc.record({ op: fc.constant('reorder' as const), pick: fc.nat(), key }),
    },
  );
}

export const PICK_OP = pickOps(fc.integer({ min: 0, max: 9 })); // a small range: many ties

/** A deterministic mixed workload from random(3), with keys in a small range. */
export function pickWorkload(seed: number, length: number): PickOp[] {
  const random = new GlibcRandom(seed);
  return Array.from({ length }, (): PickOp => {
    const roll = random.below(10);
    const key = random.below(12);
    const pick = random.below(1000);
    if (roll < 5) return { op: 'insert', key };
    if (roll < 7) return { op: 'pop' };
    if (roll < 8) return { op: 'delete', pick };
    return { op: 'reorder', pick, key };
  });
}

/**
 * Drives a pointer structure beside a plain model of (item, key) entries, keeping each item's
 * node through the structure's onHandle option (pass `onHandle`). A checkpoint covers the
 * structure and the model together; each structure's test adds run() and check().
 */
export abstract class ModelHarness {
  readonly handles = new Map<number, number>();
  readonly model: { item: number; key: number }[] = [];
  protected nextItem = 1000; // items never coincide with node numbers
  protected readonly onHandle = (item: number, node: number): void => {
    if (node === NO_HANDLE) this.handles.delete(item);
    else this.handles.set(item, node);
  };

  abstract get queue(): ArenaQueue;
  /** Runs one operation on both and returns what the structure returned (-1 when skipped). */
  abstract run(op: PickOp): number;
  abstract check(): void;

  checkpoint(): () => void {
    const restoreQueue = this.queue.checkpoint();
    const model = this.model.map((entry) => ({ ...entry }));
    const handles = new Map(this.handles);
    const nextItem = this.nextItem;
    return () => {
      restoreQueue();
      this.model.splice(0, this.model.length, ...model);
      this.handles.clear();
      for (const [item, node] of handles) this.handles.set(item, node);
      this.nextItem = nextItem;
    };
  }
}

/**
 * Runs a workload, takes a checkpoint, runs a second one, restores and runs the second again:
 * the state must come back exactly, the rerun must return the same results (for a treap, its
 * inserts must draw the same priorities) and end where a fresh run of both ends.
 */
export function expectCheckpointRestores(make: () => ModelHarness): void {
  const first = pickWorkload(7, 120);
  const second = pickWorkload(8, 120);
  const harness = make();
  for (const op of first) harness.run(op);
  const atCheckpoint = arenaState(harness.queue);
  const restore = harness.checkpoint();
  const results = second.map((op) => harness.run(op));
  const after = arenaState(harness.queue);
  expect(after).not.toEqual(atCheckpoint);

  restore();
  expect(arenaState(harness.queue)).toEqual(atCheckpoint);
  harness.check();
  expect(second.map((op) => harness.run(op))).toEqual(results);
  expect(arenaState(harness.queue)).toEqual(after);

  const fresh = make();
  for (const op of [...first, ...second]) fresh.run(op);
  expect(arenaState(fresh.queue)).toEqual(after);
}

/** Everything a checkpoint must restore in a pointer structure. */
export function arenaState(queue: ArenaQueue): unknown {
  return {
    arena: queue.arena.snapshot(),
    size: queue.size,
    operations: queue.operations,
    comparisons: queue.comparisons,
    swaps: queue.swaps,
  };
}

/** Each node's links, key, item and liveness as a run's events tell them (node-alloc, node-free, store). */
export interface EventMirror {
  /** Field f of node n at n * LINK_FIELDS.length + f. */
  links: Int32Array;
  keys: Float64Array;
  items: Int32Array;
  /** 1 for a node allocated and not freed since. */
  live: Uint8Array;
}

/**
 * Rebuilds nodes 0..capacity from the events alone, written apart from replay/timeline.ts so the tests
 * check the events against the arena with an oracle of their own.
 */
export function mirrorEvents(events: readonly SimEvent[], capacity: number): EventMirror {
  const mirror: EventMirror = {
    links: new Int32Array((capacity + 1) * LINK_FIELDS.length),
    keys: new Float64Array(capacity + 1),
    items: new Int32Array(capacity + 1),
    live: new Uint8Array(capacity + 1),
  };
  for (const event of events) {
    if (event.kind === 'node-alloc') {
      mirror.live[event.node] = 1;
      mirror.keys[event.node] = event.key;
      mirror.items[event.node] = event.item;
    } else if (event.kind === 'node-free') {
      mirror.live[event.node] = 0;
    } else if (event.kind === 'store') {
      mirror.links[event.node * LINK_FIELDS.length + LINK_FIELDS.indexOf(event.field)] =
        event.value;
    } else if (event.kind === 'op-begin' && event.op === 'reorder') {
      // A reorder's new key reaches the mirror through its op-begin.
      mirror.keys[event.handle] = event.key;
    }
  }
  return mirror;
}
