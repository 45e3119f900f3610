// The landings the page ships computed (landingState.ts): the tour's scene 12, the article's run
// at its operation 2,000,001, which the recording reaches only seconds after the page opens.
// `npm run data` (scripts/data.ts) writes it into shippedLanding.generated.ts as text in lines;
// tests/core/replay/shippedLanding.test.ts computes it again and holds the module to it.

import { parseScenario } from '../scenario/parse';
import { ARTICLE_RUN_LINK } from '../scenario/presets';
import type { Scenario } from '../scenario/scenario';
import { computeLanding, encodeLanding } from './landingState';

/** The link whose landing is shipped: its scenario, landing at its `op`. */
export const SHIPPED_LANDING_LINK = ARTICLE_RUN_LINK;

/** Characters of the landing's text a line of the generated module holds. */
const LINE_CHARS = 88;

/** The shipped link's scenario and the operation (from 0) it lands on. */
export function shippedLandingScenario(): { scenario: Scenario; op: number } {
  const { scenario } = parseScenario(SHIPPED_LANDING_LINK);
  if (scenario.op === null) throw new Error('the shipped landing link names no operation');
  return { scenario, op: scenario.op - 1 };
}

/** The shipped landing's text, cut into lines (joined, it is encodeLanding's). */
export function computeShippedLanding(): string[] {
  const { scenario, op } = shippedLandingScenario();
  const text = encodeLanding(computeLanding(scenario, op));
  const lines: string[] = [];
  for (let at = 0; at < text.length; at += LINE_CHARS) lines.push(text.slice(at, at + LINE_CHARS));
  return lines;
}
