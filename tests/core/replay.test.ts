import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_MEMORY } from '../../src/core/memory';
import { recordOps, Timeline } from '../../src/core/replay';
import { DEFAULT_SCENARIO, type Scenario } from '../../src/core/scenario';
import { structureSpec } from '../../src/core/structures';
import { runAtFrames } from '../../src/core/sweep';
import { runWorkload } from '../../src/core/workloads';

const small: Scenario = { ...DEFAULT_SCENARIO, items: 37, itemsPerPage: 4, frames: 3, seed: 11 };

function state(timeline: Timeline): string {
  return JSON.stringify(
    timeline.sides.map((side) => ({
      counters: side.view.counters,
      pages: Array.from(side.view.pageState),
      frames: Array.from(side.view.frameOf),
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
        expect(side.view.counters.writebacks).toBe(direct.writebacks);
        expect(side.view.counters.zeroFills).toBe(direct.zeroFill);
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
        expect(side.view.counters.writebacks).toBe(direct.writebacks);
        expect(side.view.counters.comparisons).toBe(direct.comparisons);
        expect(side.view.counters.swaps).toBe(direct.swaps);
        expect(side.view.accesses).toBe(direct.accesses);
        expect(side.view.itemCount).toBe(0);
      });
    });
  }
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
    expect(recordOps(workload).ops).toEqual(recorded);
  });

  it('records expiry by item, the same whichever layout runs it', () => {
    const workload = { kind: 'expiry' as const, items: 200, seed: 3, keyRange: 50 };
    const { ops } = recordOps(workload);
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
    expect(timeline.ops).toEqual(ops);
  });
});
