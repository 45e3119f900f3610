// A link's step against a timeline (pure): where it lands, and how the link records it.

import type { ScenarioError } from '../core/scenario/scenario';

/**
 * The step a link's `step` puts the cursor at: 'end' is the last step; a step past the end is
 * refused (the cursor starts at 0) with a message naming the range.
 */
export function landingStep(
  linked: number | 'end',
  totalSteps: number,
): { step: number; error: ScenarioError | null } {
  const step = linked === 'end' ? totalSteps : linked;
  if (step > totalSteps) {
    return {
      step: 0,
      error: {
        param: 'step',
        message: `step must be from 0 to ${totalSteps} for this scenario (or "end"), got ${step}; using 0`,
      },
    };
  }
  return { step, error: null };
}

/** The link writes the last step as 'end' (a timeline with no steps stays at 0). */
export function linkedStep(step: number, totalSteps: number): number | 'end' {
  return step === totalSteps && step > 0 ? 'end' : step;
}
