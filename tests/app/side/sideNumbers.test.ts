import { describe, expect, it } from 'vitest';
import { sideNumbers } from '../../../src/app/side/sideNumbers';
import { Timeline } from '../../../src/core/replay/timeline';
import { DEFAULT_SCENARIO } from '../../../src/core/scenario/scenario';

describe('a side’s numbers', () => {
  it('add the I/O latency per page transfer to the modelled CPU time', () => {
    const timeline = new Timeline(DEFAULT_SCENARIO);
    timeline.seek(timeline.totalSteps);
    const side = timeline.sides[0];
    const slow = sideNumbers(side, { ...DEFAULT_SCENARIO, ioMs: 10 }, timeline.pages);
    const fast = sideNumbers(side, { ...DEFAULT_SCENARIO, ioMs: 0 }, timeline.pages);
    const c = side.view.counters;
    expect(slow.pageIns).toBe(c.pageIns);
    expect(slow.writeBacks).toBe(c.writeBacks);
    expect(slow.pageIns + slow.writeBacks).toBeGreaterThan(0);
    expect(slow.seconds - fast.seconds).toBeCloseTo(((c.pageIns + c.writeBacks) * 10) / 1000, 9);
  });
});
