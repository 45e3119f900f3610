import { describe, expect, it } from 'vitest';
import { curveFramesAt, scenarioFramesAt } from '../../../src/app/session/framePressure';

describe('frames carried between the curves and the animation', () => {
  it('keep the share of pages resident, from 1 up to every page', () => {
    expect(scenarioFramesAt(512, 1024, 7)).toBe(4);
    expect(scenarioFramesAt(1, 1_000_000, 7)).toBe(1);
    expect(scenarioFramesAt(2000, 1000, 7)).toBe(7);
    expect(curveFramesAt(4, 7, 1400)).toBe(800);
    expect(curveFramesAt(1, 7000, 10)).toBe(1);
  });
});
