// A link's step against a timeline (pure): where it lands, and how the link records it.

import type { ScenarioError } from '../../core/scenario/scenario';

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

/**
 * The step that shows operation `operation` (from 1): its first event, so the page reads
 * "Operation N" and its counters hold operations 1 to N - 1 whole, as `sim run --until-op N`
 * prints them. One convention for "operation N" everywhere (docs/links.md, docs/cli.md).
 */
export function operationStep(
  stepStart: ArrayLike<number>,
  operations: number,
  operation: number,
): number {
  const op = Math.max(1, Math.min(operations, operation));
  if (operations === 0) return 0;
  return stepStart[op - 1] + 1;
}

/**
 * An embedded page's step range against the scenario: a `from` or `to` past its last step is
 * named with the range (docs/links.md), then clamped to it.
 */
export function embedRange(
  from: number | null,
  to: number | null,
  totalSteps: number,
): { from: number | null; to: number | null; errors: ScenarioError[] } {
  const errors: ScenarioError[] = [];
  const clamp = (name: 'from' | 'to', value: number | null): number | null => {
    if (value === null || value <= totalSteps) return value;
    errors.push({
      param: name,
      message: `${name} must be from 0 to ${totalSteps} for this scenario (its last step), got ${value}; using ${totalSteps}`,
    });
    return totalSteps;
  };
  return { from: clamp('from', from), to: clamp('to', to), errors };
}
