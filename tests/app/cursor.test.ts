import { describe, expect, it } from 'vitest';
import { landingStep, linkedStep } from '../../src/app/cursor';

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
