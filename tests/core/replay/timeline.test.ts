import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runAtFrames } from '../../../src/core/experiments/sweep';
import { NO_MEMORY } from '../../../src/core/memory/observer';
import { recordOps } from '../../../src/core/replay/recordOps';
import { Timeline } from '../../../src/core/replay/timeline';
import { heapItemsHeld } from '../../../src/core/replay/viewState';
import { DEFAULT_SCENARIO, type Scenario } from '../../../src/core/scenario/scenario';
import { structureSpec } from '../../../src/core/structures/registry';
import { runWorkload } from '../../../src/core/workloads/workloads';

const small: Scenario = { ...DEFAULT_SCENARIO, items: 37, itemsPerPage: 4, frames: 3, seed: 11 };

function pageStatesOf(view: Timeline['sides'][number]['view']): number[] {
  const out = new Uint8Array(view.pages);
  view.pageStates(out);
  return Array.from(out);
}

function state(timeline: Timeline): string {
  return JSON.stringify(
    timeline.sides.map((side) => ({
      counters: side.view.counters,
      pages: pageStatesOf(side.view),
      lru: side.view.lruOrder(),
      size: side.view.lastSlot,
      count: side.view.itemCount,
      keys: Array.from(side.view.keys ?? []).slice(0, side.view.lastSlot + 1),
      nodes: side.view.nodes === null ? null : Array.from(side.view.nodes.left),
      event: side.view.lastEvent,
    })),
  );
}

describe('Timeline', () => {
  it('shows the same state at a step whether reached step by step or by any jump', () => {
    const walker = new Timeline(small);
    walker.seek(0);
    const states: string[] = [];
    for (let step = 0; step <= walker.totalSteps; step++) {
      walker.seek(step);
      states.push(state(walker));
    }
    const jumper = new Timeline(small);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: walker.totalSteps }), { minLength: 1, maxLength: 30 }),
        (targets) => {
          for (const target of targets) {
            jumper.seek(target);
            expect(state(jumper)).toBe(states[target]);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('ends with the counts of a direct LRU simulation of the same scenario', () => {
    for (const workload of ['phk', 'expiry'] as const) {
      const scenario = { ...small, workload, items: 61, frames: 4 };
      const timeline = new Timeline(scenario);
      timeline.seek(timeline.totalSteps);
      timeline.sides.forEach((side) => {
        const direct = runAtFrames(
          side.spec,
          { kind: workload, items: 61, seed: 11, keyRange: 1000 },
          4,
        );
        expect(side.view.counters.pageIns).toBe(direct.pageIns);
        expect(side.view.counters.writeBacks).toBe(direct.writeBacks);
        expect(side.view.counters.zeroFills).toBe(direct.zeroFills);
        expect(side.view.counters.comparisons).toBe(direct.comparisons);
        expect(side.view.counters.swaps).toBe(direct.swaps);
        expect(side.view.counters.operations).toBe(direct.operations);
      });
    }
  });

  it('keeps both heaps in the same operation at every step', () => {
    const timeline = new Timeline(small);
    for (let k = 0; k < timeline.ops.length; k++) {
      const longest = Math.max(timeline.eventCounts[0][k], timeline.eventCounts[1][k]);
      expect(timeline.stepStart[k + 1] - timeline.stepStart[k]).toBe(longest);
    }
    timeline.seek(timeline.stepStart[5] + 1);
    expect(timeline.sides.map((side) => side.view.currentOp?.index)).toEqual([5, 5]);
  });

  it('moves by whole operations with the boundary helpers', () => {
    const timeline = new Timeline(small);
    expect(timeline.nextOpBoundary(0)).toBe(timeline.stepStart[1]);
    expect(timeline.nextOpBoundary(timeline.stepStart[1])).toBe(timeline.stepStart[2]);
    expect(timeline.previousOpBoundary(timeline.stepStart[2] + 3)).toBe(timeline.stepStart[2]);
    expect(timeline.previousOpBoundary(timeline.stepStart[2])).toBe(timeline.stepStart[1]);
  });

  it('prepares in slices to the same result as at once', () => {
    const whole = new Timeline(small);
    const sliced = new Timeline(small, { deferred: true });
    let clock = 0;
    let slices = 0;
    while (!sliced.prepareFor(1, () => clock++)) slices++;
    expect(slices).toBeGreaterThan(1);
    expect(Array.from(sliced.stepStart)).toEqual(Array.from(whole.stepStart));
    sliced.seek(123);
    whole.seek(123);
    expect(state(sliced)).toBe(state(whole));
  });
});

describe('Timeline with the other structures', () => {
  const pairs = [
    ['treap', 'rb'],
    ['list', 'llrb'],
    ['dary4', 'dary8'],
    ['bheap-strict', 'bheap'],
  ] as const;

  for (const [left, right] of pairs) {
    it(`${left} against ${right}: any jump shows the state a walk shows`, () => {
      const scenario = { ...small, left, right, nodeBytes: 48, itemsPerPage: 8 };
      const walker = new Timeline(scenario);
      walker.seek(0);
      const states: string[] = [];
      for (let step = 0; step <= walker.totalSteps; step++) {
        walker.seek(step);
        states.push(state(walker));
      }
      const jumper = new Timeline(scenario);
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 0, max: walker.totalSteps }), { minLength: 1, maxLength: 20 }),
          (targets) => {
            for (const target of targets) {
              jumper.seek(target);
              expect(state(jumper)).toBe(states[target]);
            }
          },
        ),
        { numRuns: 25 },
      );
    });

    it(`${left} against ${right}: the end matches a direct LRU run, and the mirror matches the arena`, () => {
      const scenario = {
        ...small,
        left,
        right,
        nodeBytes: 64,
        itemsPerPage: 8,
        workload: 'expiry' as const,
        items: 40,
      };
      const timeline = new Timeline(scenario);
      timeline.seek(timeline.totalSteps);
      timeline.sides.forEach((side) => {
        const direct = runAtFrames(
          side.spec,
          { kind: 'expiry', items: 40, seed: scenario.seed, keyRange: scenario.keys },
          Math.min(scenario.frames, side.view.pages),
        );
        expect(side.view.counters.pageIns).toBe(direct.pageIns);
        expect(side.view.counters.writeBacks).toBe(direct.writeBacks);
        expect(side.view.counters.comparisons).toBe(direct.comparisons);
        expect(side.view.counters.swaps).toBe(direct.swaps);
        expect(side.view.accesses).toBe(direct.accesses);
        expect(side.view.itemCount).toBe(0);
      });
    });
  }
});

describe('Timeline with the strict B-heap', () => {
  it('mirrors its tail over the empty positions 0 and 1 of each later page', () => {
    for (const workload of ['phk', 'expiry'] as const) {
      const scenario: Scenario = {
        ...small,
        left: 'bheap-strict',
        right: 'bheap',
        workload,
        items: 40,
        itemsPerPage: 4,
      };
      const timeline = new Timeline(scenario);
      const view = timeline.sides[0].view;
      const shape = view.heap;
      if (shape === null || shape.gaps === undefined) throw new Error('a heap with gaps');
      let crossed = 0;
      for (let k = 1; k <= timeline.ops.length; k++) {
        timeline.seek(timeline.stepStart[k]);
        // Between operations the tail is a used slot, and the slots up to it hold every item.
        // (Empty, the tail is root - 1: slot 0, below every page's gaps.)
        const empty = view.itemCount === 0;
        expect(empty ? view.lastSlot : shape.gaps.isGap(view.lastSlot), `after op ${k}`).toBe(
          empty ? shape.rootSlot - 1 : false,
        );
        expect(heapItemsHeld(shape, view.lastSlot), `after op ${k}`).toBe(view.itemCount);
        if (view.lastSlot >= 2 * scenario.itemsPerPage) crossed++;
        const keys = view.keys ?? new Float64Array(0);
        for (let slot = shape.rootSlot + 1; slot <= view.lastSlot; slot++) {
          if (shape.gaps.isGap(slot)) continue;
          expect(keys[slot]).toBeGreaterThanOrEqual(keys[shape.parent(slot)]);
        }
      }
      expect(crossed, 'the heap grew past its second page').toBeGreaterThan(0);
    }
  });
});

describe('recordOps', () => {
  it('writes down the same phk operations a heap run makes', () => {
    const workload = { kind: 'phk' as const, items: 300, seed: 5, keyRange: 97 };
    const recorded: unknown[] = [];
    runWorkload(workload, structureSpec('bheap', 8), NO_MEMORY, {
      sink: {
        emit(event) {
          if (event.kind !== 'op-begin') return;
          recorded.push(
            event.op === 'insert'
              ? { op: 'insert', item: event.item, key: event.key }
              : { op: 'popMin' },
          );
        },
      },
      opsOnly: true,
    });
    expect(recordOps(workload).ops.toArray()).toEqual(recorded);
  });

  it('records expiry by item, the same whichever layout runs it', () => {
    const workload = { kind: 'expiry' as const, items: 200, seed: 3, keyRange: 50 };
    const ops = recordOps(workload).ops.toArray();
    expect(ops.some((op) => op.op === 'deleteItem')).toBe(true);
    expect(ops.some((op) => op.op === 'reorderItem')).toBe(true);
    const timeline = new Timeline({
      ...DEFAULT_SCENARIO,
      workload: 'expiry',
      items: 200,
      seed: 3,
      keys: 50,
      itemsPerPage: 8,
    });
    expect(timeline.ops.toArray()).toEqual(ops);
  });
});

describe('Timeline: the memory slider', () => {
  const pairs = [
    ['binary', 'bheap'],
    ['treap', 'list'],
  ] as const;

  for (const [left, right] of pairs) {
    it(`${left} against ${right}: a new frame count at any step shows what a timeline prepared with it shows`, () => {
      const base: Scenario = {
        ...small,
        left,
        right,
        nodeBytes: 48,
        itemsPerPage: 8,
        items: 30,
        frames: 2,
      };
      const moved = new Timeline(base);
      const fresh = new Map<number, Timeline>();
      const freshAt = (frames: number): Timeline => {
        let timeline = fresh.get(frames);
        if (timeline === undefined) {
          timeline = new Timeline({ ...base, frames });
          fresh.set(frames, timeline);
        }
        return timeline;
      };
      // Steps do not depend on the frame count: each page reference is one step, evicting or not.
      expect(Array.from(freshAt(moved.pages).stepStart)).toEqual(Array.from(moved.stepStart));
      fc.assert(
        fc.property(
          fc.array(
            fc.tuple(
              fc.integer({ min: 0, max: moved.totalSteps }),
              fc.integer({ min: 1, max: moved.pages }),
            ),
            { minLength: 1, maxLength: 12 },
          ),
          (moves) => {
            for (const [step, frames] of moves) {
              moved.seek(step);
              moved.setFrames(frames);
              const want = freshAt(frames);
              want.seek(step);
              expect(state(moved), `step ${step} at ${frames} frames`).toBe(state(want));
              expect(moved.currentEvents()).toEqual(want.currentEvents());
              expect(moved.currentDistances()).toEqual(want.currentDistances());
            }
          },
        ),
        { numRuns: 30 },
      );
    });
  }

  it('reads the race of transfers at any frame count from one pass', () => {
    const scenario: Scenario = { ...small, items: 40, frames: 2 };
    const timeline = new Timeline(scenario);
    for (const frames of [1, 2, 5, timeline.pages]) {
      const race = timeline.raceAt(frames);
      const check = new Timeline({ ...scenario, frames });
      race.ops.forEach((ops, i) => {
        check.seek(ops === 0 ? 0 : check.stepStart[ops]);
        check.sides.forEach((side, index) => {
          const c = side.view.counters;
          expect(race.values[index][i], `${frames} frames, after ${ops} operations`).toBe(
            c.pageIns + c.writeBacks,
          );
        });
      });
    }
  });
});

describe('Timeline: steps of older links', () => {
  it('maps a version 2 step (evictions counted apart) into the same operation', () => {
    const scenario: Scenario = { ...small, items: 30, frames: 2 };
    const timeline = new Timeline(scenario, { legacySteps: true });
    // The old numbering, rebuilt from a run that counts each side's evictions per operation.
    const perOp = timeline.sides.map(() => [] as number[]);
    const counting = new Timeline(scenario);
    for (let k = 0; k < counting.ops.length; k++) {
      counting.seek(counting.stepStart[k]);
      const before = counting.sides.map((side) => side.view.counters.evictions);
      counting.seek(counting.stepStart[k + 1]);
      counting.sides.forEach((side, i) => {
        perOp[i].push(side.view.counters.evictions - before[i]);
      });
    }
    let oldStart = 0;
    for (let k = 0; k < timeline.ops.length; k++) {
      const length = Math.max(
        ...timeline.sides.map((_, i) => timeline.eventCounts[i][k] + perOp[i][k]),
      );
      for (let offset = 1; offset <= length; offset++) {
        const mapped = timeline.stepFromLegacy(oldStart + offset);
        expect(mapped, `old step ${oldStart + offset}`).toBeGreaterThan(timeline.stepStart[k]);
        expect(mapped).toBeLessThanOrEqual(timeline.stepStart[k + 1]);
      }
      oldStart += length;
      // The end of an operation is the end of the same operation.
      expect(timeline.stepFromLegacy(oldStart)).toBe(timeline.stepStart[k + 1]);
    }
    expect(timeline.stepFromLegacy(0)).toBe(0);
  });
});

describe('Timeline: peeking for predict mode', () => {
  it('shows the events of another step without moving the cursor or changing the state', () => {
    const timeline = new Timeline(small);
    const reference = new Timeline(small);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: timeline.totalSteps }),
        fc.integer({ min: 0, max: timeline.totalSteps }),
        (here, there) => {
          timeline.seek(here);
          const before = state(timeline);
          const seen = timeline.peek(there);
          expect(timeline.step).toBe(here);
          expect(state(timeline)).toBe(before);
          reference.seek(there);
          expect(seen.events).toEqual(reference.currentEvents());
          expect(seen.distances).toEqual(reference.currentDistances());
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('Timeline under FIFO, CLOCK and OPT', () => {
  for (const policy of ['fifo', 'clock', 'opt'] as const) {
    it(`${policy}: every step's counters, and the end equals a direct run of the pager`, () => {
      const scenario: Scenario = { ...small, items: 40, frames: 3, policy };
      const timeline = new Timeline(scenario);
      timeline.seek(timeline.totalSteps);
      timeline.sides.forEach((side) => {
        const direct = runAtFrames(
          side.spec,
          { kind: 'phk', items: 40, seed: scenario.seed, keyRange: scenario.keys },
          3,
          null,
          policy,
        );
        expect(side.view.counters.pageIns).toBe(direct.pageIns);
        expect(side.view.counters.writeBacks).toBe(direct.writeBacks);
        expect(side.view.counters.zeroFills).toBe(direct.zeroFills);
        expect(side.view.counters.hits).toBe(direct.hits);
      });
      // A jump shows what a walk shows, the policy's mirror included.
      const walker = new Timeline(scenario);
      const mirror = (t: Timeline): string =>
        JSON.stringify([state(t), t.sides.map((side) => side.view.policyState)]);
      const states: string[] = [];
      for (let step = 0; step <= walker.totalSteps; step += 7) {
        walker.seek(step);
        states.push(mirror(walker));
      }
      for (let i = states.length - 1; i >= 0; i -= 3) {
        timeline.seek(i * 7);
        expect(mirror(timeline)).toBe(states[i]);
      }
    });
  }

  it("CLOCK: the mirrored hand and reference bits are the pager's", () => {
    const scenario: Scenario = { ...small, items: 30, frames: 3, policy: 'clock' };
    const timeline = new Timeline(scenario);
    for (let step = 0; step <= timeline.totalSteps; step += 11) {
      timeline.seek(step);
      const k = timeline.opAt(step);
      if (k < 0 || step !== timeline.stepStart[k + 1]) continue;
      // At an operation's end the view has every event the pager sent.
      timeline.sides.forEach((side) => {
        const pager = side.policyView();
        const mirror = side.view.policyState;
        if (pager.policy !== 'clock' || mirror === null) throw new Error('a clock side');
        expect(mirror.hand).toBe(pager.hand);
        expect(pager.frames.map((f) => f.page)).toEqual([...mirror.pageInFrame]);
        expect(pager.frames.map((f) => (f.referenced ? 1 : 0))).toEqual([...mirror.referenced]);
      });
    }
  });
});

describe('Timeline: the last step', () => {
  it('shows the last operation there whether the timeline was just prepared or came by seeking', () => {
    const fresh = new Timeline(small);
    fresh.seek(fresh.totalSteps);
    const travelled = new Timeline(small);
    travelled.seek(3);
    travelled.seek(travelled.totalSteps);
    expect(fresh.currentEvents()).toEqual(travelled.currentEvents());
    expect(fresh.currentEvents().some((event) => event !== null)).toBe(true);
  });
});

describe('Timeline: the race under another policy', () => {
  it("holds the counts the policy's pager reported, operation by operation", () => {
    const scenario: Scenario = { ...small, items: 30, frames: 2, policy: 'fifo' };
    const timeline = new Timeline(scenario);
    const race = timeline.raceAt(2);
    race.ops.forEach((ops, i) => {
      timeline.seek(ops === 0 ? 0 : timeline.stepStart[ops]);
      timeline.sides.forEach((side, index) => {
        const c = side.view.counters;
        expect(race.values[index][i]).toBe(c.pageIns + c.writeBacks);
      });
    });
  });
});
