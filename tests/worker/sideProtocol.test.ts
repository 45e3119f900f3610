// What a side worker transfers: every typed array of a state, of some checkpoints and of a stretch
// of operations listed once, so postMessage moves them all and copies none.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sideRecorder, sideServer } from '../../src/core/replay/largeRun';
import { recordOps } from '../../src/core/replay/recordOps';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  scenarioWorkload,
} from '../../src/core/scenario/scenario';
import {
  buffersOf,
  checkpointBuffers,
  checkpointBytes,
  opBuffers,
  stateBuffers,
} from '../../src/worker/sideProtocol';
import { largePlans, largeScenarios } from '../core/replay/largeArbitraries';

/** Every ArrayBuffer under a value, found by walking it (what structured cloning would copy). */
function buffersUnder(
  value: unknown,
  found = new Set<ArrayBuffer>(),
  seen = new Set<object>(),
): Set<ArrayBuffer> {
  if (value === null || typeof value !== 'object' || seen.has(value)) return found;
  seen.add(value);
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) found.add(value.buffer);
    return found;
  }
  if (value instanceof ArrayBuffer) {
    found.add(value);
    return found;
  }
  for (const child of value instanceof Map ? value.values() : Object.values(value)) {
    buffersUnder(child, found, seen);
  }
  return found;
}

/**
 * A side recorded whole in this thread, and its server over the recording (a large run's: more
 * slots than the tree draws).
 */
function recorded(scenario: Scenario, plan: Parameters<typeof sideRecorder>[4]) {
  const { ops, items } = recordOps(scenarioWorkload(scenario));
  const recorder = sideRecorder(scenario, 'left', ops, items, plan);
  recorder.runFor(Number.POSITIVE_INFINITY, () => 0);
  const server = sideServer(scenario, 'left', ops, items, recorder.store);
  return { ops, recorder, server };
}

describe('buffersOf', () => {
  it('lists each buffer once, however many arrays share it', () => {
    const shared = new ArrayBuffer(64);
    const own = new Uint8Array(4);
    expect(buffersOf([new Int32Array(shared, 0, 4), new Float64Array(shared, 16, 2), own])).toEqual(
      [shared, own.buffer],
    );
    expect(buffersOf([])).toEqual([]);
  });
});

/** A large run's scenario under a pager, small enough to record here. */
const scenarioUnder = (policy: Scenario['policy']): Scenario =>
  ({ ...DEFAULT_SCENARIO, items: 300, itemsPerPage: 8, frames: 3, policy }) as Scenario;

/** The buffers under `value` that `listed` leaves out (none when it lists them all). */
function unlisted(value: unknown, listed: ArrayBuffer[]): ArrayBuffer[] {
  const named = new Set(listed);
  return [...buffersUnder(value)].filter((buffer) => !named.has(buffer));
}

describe('stateBuffers', () => {
  it('lists every buffer of a served state, once, and each moves (LRU)', () => {
    fc.assert(
      fc.property(
        largeScenarios().map((scenario) => ({ ...scenario, policy: 'lru' as const })),
        largePlans(2),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (scenario, plan, at) => {
          const { ops, server } = recorded(scenario, plan);
          const state = server.stateAt(Math.floor(at * ops.length));
          const listed = stateBuffers(state);
          expect(new Set(listed).size).toBe(listed.length);
          expect(unlisted(state, listed)).toEqual([]);
          // postMessage's own check: each listed buffer can move, and moves.
          structuredClone(state, { transfer: listed });
          for (const buffer of listed) expect(buffer.byteLength).toBe(0);
        },
      ),
      { numRuns: 10 },
    );
  });

  // Under FIFO and CLOCK a state also holds the ring pager's arrays (state.ring) and the view's
  // policy arrays (state.view.policy): left out, postMessage would copy them instead of moving them.
  it('lists every buffer of a served state under FIFO and CLOCK too', () => {
    for (const policy of ['fifo', 'clock'] as const) {
      const scenario = scenarioUnder(policy);
      const { server } = recorded(scenario, { denseEvery: 40, sparseEvery: 80, window: 4 });
      const state = server.stateAt(500);
      expect(unlisted(state, stateBuffers(state)), policy).toEqual([]);
    }
  });
});

describe('checkpointBuffers and opBuffers', () => {
  it('list every buffer of a recording’s checkpoints (LRU) and of its operations, and count their bytes', () => {
    const { recorder } = recorded(scenarioUnder('lru'), {
      denseEvery: 40,
      sparseEvery: 80,
      window: 4,
    });
    const { dense, sparse } = recorder.store;
    expect(dense.length).toBeGreaterThan(0);
    expect(sparse.length).toBeGreaterThan(0);
    const listed = checkpointBuffers(dense, sparse);
    expect(new Set(listed).size).toBe(listed.length);
    expect(unlisted({ dense, sparse }, listed)).toEqual([]);
    const bytes = listed.reduce((sum, buffer) => sum + buffer.byteLength, 0);
    expect(checkpointBytes(dense, sparse)).toBe(bytes);
    const ops = { kinds: new Uint8Array(3), handles: new Int32Array(3), keys: new Float64Array(3) };
    expect(unlisted(ops, opBuffers(ops))).toEqual([]);
    expect(opBuffers(ops)).toHaveLength(3);
  });

  // Under FIFO and CLOCK each dense checkpoint also holds the ring pager's state (dense[i].ring):
  // left out, its arrays would be copied and checkpointBytes would undercount.
  it('list every buffer of the checkpoints under FIFO and CLOCK too', () => {
    for (const policy of ['fifo', 'clock'] as const) {
      const { recorder } = recorded(scenarioUnder(policy), {
        denseEvery: 40,
        sparseEvery: 80,
        window: 4,
      });
      const { dense, sparse } = recorder.store;
      expect(unlisted({ dense, sparse }, checkpointBuffers(dense, sparse)), policy).toEqual([]);
    }
  });
});
