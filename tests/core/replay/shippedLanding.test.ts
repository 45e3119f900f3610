// The landing the page ships for the tour's scene 12, recomputed: the generated module must hold
// exactly what computeLanding gives now (scripts/data.ts writes it), at the scene's operation.

import { describe, expect, it } from 'vitest';
import { decodeLanding } from '../../../src/core/replay/landingState';
import {
  computeShippedLanding,
  SHIPPED_LANDING_LINK,
  shippedLandingScenario,
} from '../../../src/core/replay/shippedLanding';
import { SHIPPED_LANDING } from '../../../src/core/replay/shippedLanding.generated';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';

describe('the shipped landing', () => {
  it('is the tour’s scene 12, the article’s run at operation 2,000,001', () => {
    const scene = ARTICLE_TOUR.scenes[11];
    const { scenario, op } = shippedLandingScenario();
    expect(scene.link).toBe(SHIPPED_LANDING_LINK);
    expect(scenario.items).toBe(1_000_000);
    expect(op).toBe(2_000_000);
    const landing = decodeLanding(SHIPPED_LANDING.join(''));
    expect(landing.op).toBe(op);
    expect(landing.stepsThrough).toBeGreaterThan(landing.stepsBefore);
  });

  it('is recomputed here line for line', () => {
    expect(computeShippedLanding()).toEqual(SHIPPED_LANDING);
  }, 120_000);
});
