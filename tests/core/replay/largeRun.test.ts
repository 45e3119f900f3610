// A large run's pieces built from the scenario: the plan both sides share, the race samples,
// and the first window the page records by itself (only where operations are drawn as they go).

import { describe, expect, it } from 'vitest';
import { firstWindow, scenarioPlan, scenarioRaceOps } from '../../../src/core/replay/largeRun';
import { Timeline } from '../../../src/core/replay/timeline';
import { DEFAULT_SCENARIO, type Scenario } from '../../../src/core/scenario/scenario';

const base = { ...DEFAULT_SCENARIO, items: 120, itemsPerPage: 8, frames: 3 } as Scenario;
const plan = { denseEvery: 7, sparseEvery: 21, window: 8 };
/** The page's small timeline of the same scenario, made once. */
const small = new Timeline(base);

describe('firstWindow', () => {
  it('is left to the workers where the operations are not drawn as they go', () => {
    for (const workload of ['expiry', 'asterisk', 'script'] as const) {
      expect(firstWindow({ ...base, workload }, plan, 100), workload).toBeNull();
    }
  });

  it('records the first operations of both sides as the small timeline counts them', () => {
    const window = firstWindow(base, plan, 100);
    if (window === null) throw new Error('phk is drawn as it goes');
    expect(window.counted).toBe(100);
    expect(window.complete).toBe(false);
    expect([...window.stepStart.subarray(0, 101)]).toEqual([...small.stepStart.subarray(0, 101)]);
    expect(window.ops.toArray().slice(0, 100)).toEqual(small.ops.toArray().slice(0, 100));
  });

  it('is an empty recording, its arrays laid out, for a window of no operations (a shipped landing)', () => {
    const window = firstWindow(base, plan, 0);
    if (window === null) throw new Error('phk is drawn as it goes');
    expect(window.counted).toBe(0);
    expect(window.ops.length).toBe(small.ops.length);
    expect(window.stepStart.length).toBe(small.stepStart.length);
  });

  it('is the whole recording when the window covers every operation', () => {
    const window = firstWindow(base, plan, 10 ** 9);
    expect(window?.complete).toBe(true);
    expect([...(window?.stepStart ?? [])]).toEqual([...small.stepStart]);
  });
});

describe('scenarioPlan and scenarioRaceOps', () => {
  it('plan the same for a scenario however often asked, a shorter window under FIFO', () => {
    expect(scenarioPlan(base)).toEqual(scenarioPlan({ ...base }));
    expect(scenarioPlan({ ...base, policy: 'fifo' }).window).toBeLessThan(
      scenarioPlan(base).window,
    );
  });

  it('sample the race where the small timeline samples it', () => {
    expect([...scenarioRaceOps(base, small.ops.length)]).toEqual([
      ...small.raceAt(base.frames).ops,
    ]);
  });
});
