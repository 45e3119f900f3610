// Which tour is on, and the links of its scenes (pure): the article's built-in tour, or a
// teacher's own carried packed in the link (tourz).

import { ARTICLE_TOUR } from '../../core/scenario/articleTour';
import { formatScenario } from '../../core/scenario/format';
import { parseScenario } from '../../core/scenario/parse';
import type { Scenario } from '../../core/scenario/scenario';
import { type Tour, unpackTour } from '../../core/scenario/tourFormat';

/** A scene's link must read cleanly and carry no tour of its own (as the link parser checks). */
export function sceneLinkProblem(link: string): string | null {
  const parsed = parseScenario(link);
  if (parsed.given.has('tour') || parsed.given.has('tourz')) {
    return 'a scene must not carry a tour (tour, tourz) itself';
  }
  return parsed.errors[0]?.message ?? null;
}

/** The tour a scenario's link names: its own packed tour if it carries one, else the article's. */
export function activeTour(scenario: Scenario): Tour {
  if (scenario.tourPack === null) return ARTICLE_TOUR;
  const unpacked = unpackTour(scenario.tourPack, sceneLinkProblem);
  return unpacked.ok ? unpacked.tour : ARTICLE_TOUR;
}

/** The link that opens scene `scene` (1-based) of the tour: the scene's state, and where it is. */
export function sceneLink(tour: Tour, scene: number, tourPack: string | null): string {
  const parsed = parseScenario(tour.scenes[scene - 1].link);
  return `?${formatScenario({ ...parsed.scenario, tour: scene, tourPack })}`;
}

/** The scenario a scene opens, as a link would give it (its op still to be placed). */
export function sceneScenario(tour: Tour, scene: number, tourPack: string | null): Scenario {
  return parseScenario(sceneLink(tour, scene, tourPack)).scenario;
}

/**
 * Whether the page still shows the scene as it opened: the same link apart from the cursor,
 * which the visitor may have moved (stepping is part of a scene), so "back to the scene" is
 * offered only when a control, a tab or the chart's settings changed.
 */
export function showsScene(scenario: Scenario, sceneAt: Scenario): boolean {
  const strip = (s: Scenario): string =>
    formatScenario({ ...s, step: 0, op: null, curves: { ...s.curves, readout: null } });
  return strip(scenario) === strip(sceneAt);
}

/** A view of the page as a scene of a tour: its link without the tour's own parameters. */
export function viewAsSceneLink(scenario: Scenario): string {
  return formatScenario({ ...scenario, tour: null, tourPack: null, op: null });
}
