// The pages `npm run bench:lighthouse` audits, each a query on the built page: the first visit,
// every scene of the article's tour (counted from the tour itself, so a new scene is audited
// without editing this list), the bare lab, the article's run and the README's embed.

import { ARTICLE_TOUR } from '../../src/core/scenario/articleTour';
import { ARTICLE_RUN_LINK } from '../../src/core/scenario/presets';

export interface LighthousePage {
  /** The name `--pages` takes. */
  id: string;
  /** The table's first column. */
  label: string;
  /** The query after `?`; empty for the first visit. */
  query: string;
}

/** The README's embedding example (its <iframe src>); tests/scripts/lighthouse checks it is. */
export const README_EMBED_QUERY = 'items=30&page=4&frames=3&embed=1&from=1510&to=1570&loop=1';

/** `--pages tours` stands for every tour scene. */
export const ALL_TOUR_SCENES = 'tours';

export function lighthousePages(sceneCount: number): LighthousePage[] {
  const scenes: LighthousePage[] = [];
  for (let scene = 1; scene <= sceneCount; scene++) {
    scenes.push({ id: `tour${scene}`, label: `tour scene ${scene}`, query: `tour=${scene}` });
  }
  return [
    { id: 'first', label: 'first visit (tour scene 1)', query: '' },
    ...scenes,
    { id: 'bare', label: 'bare lab (`?tour=off`)', query: 'tour=off' },
    { id: 'article', label: 'the article’s run', query: ARTICLE_RUN_LINK },
    { id: 'embed', label: 'the README’s embed', query: README_EMBED_QUERY },
  ];
}

/** Every page, with the article's tour as it is now. */
export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = lighthousePages(
  ARTICLE_TOUR.scenes.length,
);

export type PageChoice = { ok: true; pages: LighthousePage[] } | { ok: false; error: string };

/**
 * The pages a comma-separated `--pages` names, in the table's order, each once. An unknown name
 * is refused with the names allowed.
 */
export function choosePages(all: readonly LighthousePage[], spec: string): PageChoice {
  const names = spec
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return { ok: false, error: `--pages: no page named; ${allowed(all)}` };
  const wanted = new Set<string>();
  for (const name of names) {
    if (name === ALL_TOUR_SCENES) {
      for (const page of all) if (isTourScene(page)) wanted.add(page.id);
    } else if (all.some((page) => page.id === name)) wanted.add(name);
    else
      return { ok: false, error: `--pages: unknown page "${name.slice(0, 40)}"; ${allowed(all)}` };
  }
  return { ok: true, pages: all.filter((page) => wanted.has(page.id)) };
}

function isTourScene(page: LighthousePage): boolean {
  return /^tour\d+$/.test(page.id);
}

function allowed(all: readonly LighthousePage[]): string {
  const scenes = all.filter(isTourScene);
  const others = all.filter((page) => !isTourScene(page)).map((page) => page.id);
  const sceneText =
    scenes.length > 0 ? `${scenes[0].id}…${scenes[scenes.length - 1].id}, ${ALL_TOUR_SCENES}` : '';
  return `allowed (comma-separated): ${[others[0], sceneText, ...others.slice(1)].filter(Boolean).join(', ')}`;
}

/** The page's address on the preview server. */
export function pageUrl(origin: string, page: LighthousePage): string {
  return page.query === '' ? `${origin}/` : `${origin}/?${page.query}`;
}
