// The landing the page ships (core/replay/shippedLanding.ts: the tour's scene 12, the article's
// run at operation 2,000,001): which requests it serves, and its module, loaded only for them.

import { decodeLanding, type LandingState } from '../../core/replay/landingState';
import { shippedLandingScenario } from '../../core/replay/shippedLanding';
import type { Scenario } from '../../core/scenario/scenario';
import { afterTask } from '../browser/frames';
import { recordingKey } from './recordingKey';

let shipped: { key: string; op: number } | null = null;
let loading: Promise<LandingState> | null = null;

/**
 * Whether the page ships `scenario`'s landing: the same recording (recordingKey: the frame
 * count does not enter under LRU, whose view answers every one) landing on the same operation.
 */
export function shipsLanding(scenario: Scenario, legacySteps: boolean): boolean {
  if (legacySteps || scenario.op === null || scenario.step === 'end') return false;
  if (scenario.embed.on && (scenario.embed.from !== null || scenario.embed.to !== null))
    return false;
  if (shipped === null) {
    const landing = shippedLandingScenario();
    shipped = { key: recordingKey(landing.scenario), op: landing.op };
  }
  return scenario.op - 1 === shipped.op && recordingKey(scenario) === shipped.key;
}

/** The shipped landing (its module fetched and read once). */
export function shippedLanding(): Promise<LandingState> {
  // Decoded a task after the module's evaluation (each is a few ms of a phone's first second).
  loading ??= import('../../core/replay/shippedLanding.generated')
    .then(afterTask)
    .then((module) => decodeLanding(module.SHIPPED_LANDING.join('')));
  // A failed fetch may succeed when asked again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
