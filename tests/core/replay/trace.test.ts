import { describe, expect, it } from 'vitest';
import { Timeline } from '../../../src/core/replay/timeline';
import { TRACE_COLUMNS, traceLines } from '../../../src/core/replay/trace';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  scenarioWorkload,
  sideSpec,
} from '../../../src/core/scenario/scenario';

function traceOf(scenario: Scenario): string[][] {
  const lines = [
    ...traceLines({
      sides: (['left', 'right'] as const).map((name) => ({
        name,
        spec: sideSpec(scenario, name),
      })),
      workload: scenarioWorkload(scenario),
      frames: scenario.frames,
      policy: scenario.policy,
    }),
  ];
  expect(lines[0]).toBe(TRACE_COLUMNS.join(','));
  return lines.slice(1).map((line) => line.split(','));
}

describe('the page-reference trace', () => {
  for (const [left, right, policy] of [
    ['binary', 'bheap', 'lru'],
    ['treap', 'list', 'lru'],
    ['binary', 'bheap', 'clock'],
    ['dary4', 'bheap', 'opt'],
    ['rb', 'binary', 'fifo'],
  ] as const) {
    it(`${left} against ${right} under ${policy}: each row is the reference the page shows at that step, with its distance`, () => {
      const scenario: Scenario = {
        ...DEFAULT_SCENARIO,
        left,
        right,
        items: 20,
        itemsPerPage: 8,
        frames: 2,
        nodeBytes: 48,
        policy,
      };
      const rows = traceOf(scenario);
      const timeline = new Timeline(scenario);
      let references = 0;
      for (const [
        step,
        side,
        ,
        ,
        ,
        address,
        page,
        access,
        outcome,
        evicted,
        writeBack,
        distance,
      ] of rows) {
        const index = side === 'left' ? 0 : 1;
        timeline.seek(Number(step));
        const event = timeline.currentEvents()[index];
        expect(event?.kind, `step ${step} ${side}`).toBe('touch');
        if (event?.kind !== 'touch') continue;
        expect([event.slot, event.page]).toEqual([Number(address), Number(page)]);
        expect(access).toBe(event.write ? 'write' : 'read');
        expect(outcome).toBe(event.outcome);
        expect(evicted).toBe(event.evicted < 0 ? '' : String(event.evicted));
        expect(writeBack).toBe(event.writeBack ? '1' : '0');
        expect(Number(distance)).toBe(timeline.currentDistances()[index]);
        references++;
      }
      // Every reference of the run, and no other.
      timeline.seek(timeline.totalSteps);
      const made = timeline.sides.reduce((sum, side) => sum + side.view.accesses, 0);
      expect(references).toBe(made);
      // In step order.
      const steps = rows.map((row) => Number(row[0]));
      expect(steps).toEqual([...steps].sort((a, b) => a - b));
    });
  }
});
