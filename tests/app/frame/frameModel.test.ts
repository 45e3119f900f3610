import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  counterDigits,
  counterSize,
  frameModel,
  PRESENTER_LABELS,
  type Stage,
} from '../../../src/app/frame/frameModel';
import { sideNumbers } from '../../../src/app/side/sideNumbers';
import { Timeline } from '../../../src/core/replay/timeline';
import { DEFAULT_SCENARIO, type Scenario } from '../../../src/core/scenario/scenario';
import { NORMAL_LABELS } from '../../../src/view/tree/labels';

const LAPTOP: Stage = { width: 1366, height: 768, presenting: false };

function timelineAt(scenario: Scenario, step: number): Timeline {
  const timeline = new Timeline(scenario);
  timeline.setFrames(scenario.frames);
  timeline.seek(step);
  return timeline;
}

describe('the frame model', () => {
  it('places the cursor in its operation: steps into it and its length, as the transport shows them', () => {
    const scenario = { ...DEFAULT_SCENARIO };
    const timeline = timelineAt(scenario, 0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: timeline.totalSteps }), (step) => {
        timeline.seek(step);
        const model = frameModel(timeline, scenario, LAPTOP);
        expect(model.step).toBe(step);
        expect(model.operation).toBe(timeline.opAt(step));
        if (model.operation < 0) {
          expect(model.event).toBe(0);
          expect(model.events).toBe(0);
          expect(model.opText).toBe('Before the first operation');
        } else {
          expect(model.event).toBeGreaterThanOrEqual(1);
          expect(model.event).toBeLessThanOrEqual(model.events);
          expect(model.opText).toMatch(new RegExp(`^Operation ${model.operation + 1} of `));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('gives each side the numbers and event its timeline holds at the cursor', () => {
    const scenario = { ...DEFAULT_SCENARIO };
    const timeline = timelineAt(scenario, 200);
    const model = frameModel(timeline, scenario, LAPTOP);
    const events = timeline.currentEvents();
    model.sides.forEach((side, sideIndex) => {
      expect(side.event).toEqual(events[sideIndex]);
      expect(side.numbers).toEqual(
        sideNumbers(timeline.sides[sideIndex], scenario, timeline.pages),
      );
      expect(side.atStep.kind).toBe(timeline.sides[sideIndex].kind);
    });
    expect(model.frames).toBe(scenario.frames);
    expect(model.pages).toBe(timeline.pages);
  });

  it('explains hits by stack distance under LRU only', () => {
    const lru = { ...DEFAULT_SCENARIO };
    const fifo: Scenario = { ...DEFAULT_SCENARIO, policy: 'fifo' };
    const lruModel = frameModel(timelineAt(lru, 150), lru, LAPTOP);
    const fifoModel = frameModel(timelineAt(fifo, 150), fifo, LAPTOP);
    for (const side of fifoModel.sides) {
      expect(side.distance).toBeNull();
      expect(side.atStep.distance).toBe(-1);
    }
    const lruDistances = lruModel.sides.map((side) => side.distance);
    expect(lruDistances.some((distance) => distance !== null)).toBe(true);
  });

  it('rings the B-heap’s page entries when the scene highlights them, on that side only', () => {
    const scenario: Scenario = {
      ...DEFAULT_SCENARIO,
      view: { ...DEFAULT_SCENARIO.view, highlight: 'entry' },
    };
    const timeline = timelineAt(scenario, 120);
    const model = frameModel(timeline, scenario, LAPTOP);
    expect(model.sides[0].pointed.size).toBe(0);
    expect(model.sides[1].pointed.has(scenario.itemsPerPage)).toBe(true);
  });

  it('labels the tree larger on a projector', () => {
    const scenario = { ...DEFAULT_SCENARIO };
    const timeline = timelineAt(scenario, 10);
    expect(frameModel(timeline, scenario, LAPTOP).treeLabels).toEqual(NORMAL_LABELS);
    expect(frameModel(timeline, scenario, { ...LAPTOP, presenting: true }).treeLabels).toEqual(
      PRESENTER_LABELS,
    );
  });
});

describe('the counters’ size', () => {
  const numbers = (value: number) => ({
    comparisons: value,
    swaps: 0,
    pageIns: 0,
    writeBacks: 0,
    zeroFills: 0,
    seconds: 0,
  });

  it('follows the most digits on either side', () => {
    expect(counterDigits([numbers(12), numbers(123456)])).toBe(6);
    expect(counterSize([numbers(12), numbers(99999)], false)).toBe('normal');
    expect(counterSize([numbers(12), numbers(123456)], false)).toBe('mid');
    expect(counterSize([numbers(1234567), numbers(1)], false)).toBe('long');
  });

  it('is long from a large run’s first step, whatever its counts then', () => {
    expect(counterSize([numbers(0), numbers(0)], true)).toBe('long');
  });
});
