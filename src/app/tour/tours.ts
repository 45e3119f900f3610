// Which tour is on, and the links of its scenes (pure): the article's built-in tour, or a
// teacher's own carried in the link (tourz: packed, or the id of a tour kept in this browser).
// Each is read once: the tour by its link text (core/scenario/linkTours.ts), each scene's link
// the first time the scene is asked for.

import { quote } from '../../core/quote';
import { ARTICLE_TOUR } from '../../core/scenario/articleTour';
import { formatScenario } from '../../core/scenario/format';
import { readLinkTour } from '../../core/scenario/linkTours';
import { parseScenario } from '../../core/scenario/parse';
import type { ParsedScenario, Scenario } from '../../core/scenario/scenario';
import type { Tour } from '../../core/scenario/tourFormat';

/** The tour a scenario's link names: its own if it carries one, else the article's. */
export function activeTour(scenario: Scenario): Tour {
  if (scenario.tourPack === null) return ARTICLE_TOUR;
  const read = readLinkTour(scenario.tourPack);
  return read.ok ? read.tour : ARTICLE_TOUR;
}

/** A scene as the page opens it: its link in the tour, and that link read. */
interface SceneRead {
  link: string;
  parsed: ParsedScenario;
}

/**
 * Scenes read so far, by tour object and then by the tour's link value: a scene with a long
 * script costs one link read and one packing, once. A tour's scenes are read when shown.
 */
const scenesRead = new WeakMap<Tour, Map<string | null, SceneRead[]>>();

function readScene(tour: Tour, scene: number, tourPack: string | null): SceneRead {
  let byPack = scenesRead.get(tour);
  if (byPack === undefined) {
    byPack = new Map();
    scenesRead.set(tour, byPack);
  }
  let reads = byPack.get(tourPack);
  if (reads === undefined) {
    // One tour's link value at a time: another value (the tour edited) reads its scenes again.
    byPack.clear();
    reads = [];
    byPack.set(tourPack, reads);
  }
  const known = reads[scene - 1];
  if (known !== undefined) return known;
  // The scene's link with the tour's own parameters, read once: its messages are the scene's
  // (a tour's scenes are checked only for their form when it opens; links.md, "Tours").
  const own = parseScenario(placedLink(tour.scenes[scene - 1].link, scene, tourPack));
  // What the page writes for it; read back, it would give the same scenario, without messages
  // (the parser's round trip), and with every parameter given.
  const link = `?${formatScenario(own.scenario)}`;
  // A teacher's tour: each message names the tour and the scene, so the scene to mend is known.
  const where = `scene ${scene} (${quote(tour.scenes[scene - 1].title, 40)}) of the tour ${quote(tour.title, 40)} in tourz`;
  const parsed: ParsedScenario = {
    scenario: own.scenario,
    errors:
      tourPack === null
        ? own.errors
        : own.errors.map((error) => ({
            param: error.param,
            message: `${where}: ${error.message}`,
          })),
    given: new Set(parameterNames(link)),
    legacySteps: false,
  };
  const read = { link, parsed };
  reads[scene - 1] = read;
  return read;
}

/** A scene's link as written, with the tour's parameters added: tour in the query, tourz after '#'. */
function placedLink(link: string, scene: number, tourPack: string | null): string {
  const hashAt = link.indexOf('#');
  const query = (hashAt >= 0 ? link.slice(0, hashAt) : link).replace(/^\?/, '');
  const fragment = [
    hashAt >= 0 ? link.slice(hashAt + 1) : '',
    tourPack === null ? '' : `tourz=${tourPack}`,
  ]
    .filter((part) => part !== '')
    .join('&');
  return `?${query === '' ? '' : `${query}&`}tour=${scene}${fragment === '' ? '' : `#${fragment}`}`;
}

/** The parameter names of a link the page wrote (plain names; values may be long). */
function parameterNames(link: string): string[] {
  return link
    .replace(/^\?/, '')
    .split(/[&#]/)
    .map((pair) => pair.slice(0, pair.includes('=') ? pair.indexOf('=') : pair.length))
    .filter((name) => name !== '');
}

/** The link that opens scene `scene` (1-based) of the tour: the scene's state, and where it is. */
export function sceneLink(tour: Tour, scene: number, tourPack: string | null): string {
  return readScene(tour, scene, tourPack).link;
}

/**
 * What scene `scene` opens, as its link gives it, with the messages the scene's own link gave:
 * a copy the page may change.
 */
export function sceneParsed(tour: Tour, scene: number, tourPack: string | null): ParsedScenario {
  return structuredClone(readScene(tour, scene, tourPack).parsed);
}

/** The scenario a scene opens, as a link would give it (its op still to be placed). */
export function sceneScenario(tour: Tour, scene: number, tourPack: string | null): Scenario {
  return sceneParsed(tour, scene, tourPack).scenario;
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
