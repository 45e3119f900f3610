// The landing the page ships (core/replay/shippedLanding.ts: the tour's scene 12, the article's
// run at operation 2,000,001): which requests it serves, and its module, loaded only for them.

import { decodeLanding, type LandingState } from '../../core/replay/landingState';
import { shippedLandingScenario } from '../../core/replay/shippedLanding';
import type { Scenario } from '../../core/scenario/scenario';
import { afterTask } from '../browser/frames';
import { loadOnce } from '../browser/loadOnce';
import { recordingKey } from './recordingKey';

let shipped: { key: string; op: number } | null = null;

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

/**
 * The shipped landing: its module fetched and read once, and decoded a task after its
 * evaluation (each is a few ms of a phone's first second). A failed fetch is tried again.
 */
export const shippedLanding: () => Promise<LandingState> = loadOnce(() =>
  import('../../core/replay/shippedLanding.generated')
    .then(afterTask)
    .then((module) => decodeLanding(module.SHIPPED_LANDING.join(''))),
);
