import { describe, expect, it } from 'vitest';
import {
  embedRange,
  landingStep,
  linkedStep,
  operationStep,
} from '../../../src/app/session/cursor';
import { Timeline } from '../../../src/core/replay/timeline';
import { DEFAULT_SCENARIO } from '../../../src/core/scenario/scenario';

describe('a link’s step on a timeline', () => {
  it('lands where it says, at the end for "end", and at 0 with a message past the end', () => {
    expect(landingStep(40, 100)).toEqual({ step: 40, error: null });
    expect(landingStep('end', 100)).toEqual({ step: 100, error: null });
    const past = landingStep(101, 100);
    expect(past.step).toBe(0);
    expect(past.error?.param).toBe('step');
    expect(past.error?.message).toBe(
      'step must be from 0 to 100 for this scenario (or "end"), got 101; using 0',
    );
  });

  it('is written as "end" at the last step of a timeline with steps', () => {
    expect(linkedStep(100, 100)).toBe('end');
    expect(linkedStep(99, 100)).toBe(99);
    expect(linkedStep(0, 0)).toBe(0);
  });
});

describe('operation N, as the page and the CLI both mean it', () => {
  it('lands on the first event of operation N, whose counters hold operations 1 to N - 1', () => {
    const timeline = new Timeline(DEFAULT_SCENARIO);
    const operations = timeline.ops.length;
    for (const op of [1, 2, 49, operations]) {
      const step = operationStep(timeline.stepStart, operations, op);
      expect(timeline.opAt(step)).toBe(op - 1);
      expect(step - timeline.stepStart[op - 1]).toBe(1);
    }
  });

  it('clamps an operation past the end to the last', () => {
    const timeline = new Timeline(DEFAULT_SCENARIO);
    const operations = timeline.ops.length;
    expect(operationStep(timeline.stepStart, operations, operations + 5)).toBe(
      operationStep(timeline.stepStart, operations, operations),
    );
  });
});

describe('an embedded range', () => {
  it('names a from or to past the last step with the range, then clamps it', () => {
    const range = embedRange(40, 9000, 6405);
    expect(range.from).toBe(40);
    expect(range.to).toBe(6405);
    expect(range.errors.map((e) => e.param)).toEqual(['to']);
    expect(range.errors[0].message).toMatch(/^to must be from 0 to 6405 for this scenario/);
    expect(embedRange(null, null, 10).errors).toEqual([]);
  });
});
