// The audited pages come from the tour and the presets, so a new scene or a changed link is
// audited without editing the benchmark.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  choosePages,
  LIGHTHOUSE_PAGES,
  lighthousePages,
  pageUrl,
  README_EMBED_QUERY,
} from '../../../scripts/lighthouse/pages';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import { ARTICLE_RUN_LINK } from '../../../src/core/scenario/presets';

const ids = (pages: readonly { id: string }[]) => pages.map((page) => page.id);

describe('the pages the Lighthouse benchmark audits', () => {
  it('are the first visit, one page per scene of the article’s tour, the bare lab, the article’s run and the embed', () => {
    const scenes = ARTICLE_TOUR.scenes.length;
    expect(LIGHTHOUSE_PAGES).toHaveLength(scenes + 4);
    expect(ids(LIGHTHOUSE_PAGES)).toEqual([
      'first',
      ...ARTICLE_TOUR.scenes.map((_scene, index) => `tour${index + 1}`),
      'bare',
      'article',
      'embed',
    ]);
  });

  it('follow the tour’s length: a tour of 3 scenes gives tour1 to tour3', () => {
    const pages = lighthousePages(3);
    expect(ids(pages)).toEqual(['first', 'tour1', 'tour2', 'tour3', 'bare', 'article', 'embed']);
    expect(pages.find((page) => page.id === 'tour3')?.query).toBe('tour=3');
  });

  it('open the first visit with no query and the bare lab with tour=off', () => {
    const byId = new Map(LIGHTHOUSE_PAGES.map((page) => [page.id, page]));
    expect(byId.get('first')?.query).toBe('');
    expect(byId.get('bare')?.query).toBe('tour=off');
  });

  it('open the article’s run with the preset’s own link (1M items, 512 a page, 9 frames)', () => {
    const article = LIGHTHOUSE_PAGES.find((page) => page.id === 'article');
    expect(article?.query).toBe(ARTICLE_RUN_LINK);
    const params = new URLSearchParams(article?.query);
    expect(params.get('items')).toBe('1000000');
    expect(params.get('page')).toBe('512');
    expect(params.get('frames')).toBe('9');
    expect(params.get('keys')).toBe('2147483648');
  });

  it('open the embed with the link docs/page.md shows in its iframe', () => {
    const readme = readFileSync(new URL('../../../docs/page.md', import.meta.url), 'utf8');
    expect(readme).toContain(`/?${README_EMBED_QUERY}"`);
    expect(LIGHTHOUSE_PAGES.find((page) => page.id === 'embed')?.query).toBe(README_EMBED_QUERY);
  });

  it('are addressed on the preview server, the first visit without a query', () => {
    const [first, tour1] = LIGHTHOUSE_PAGES;
    expect(pageUrl('http://127.0.0.1:4000', first)).toBe('http://127.0.0.1:4000/');
    expect(pageUrl('http://127.0.0.1:4000', tour1)).toBe('http://127.0.0.1:4000/?tour=1');
  });
});

describe('--pages', () => {
  const all = lighthousePages(4);

  it('keeps the table’s order and names each page once', () => {
    const chosen = choosePages(all, 'embed, tour3,first,tour3');
    expect(chosen.ok && ids(chosen.pages)).toEqual(['first', 'tour3', 'embed']);
  });

  it('takes "tours" for every scene of the tour, not the bare lab', () => {
    const chosen = choosePages(all, 'tours,article');
    expect(chosen.ok && ids(chosen.pages)).toEqual(['tour1', 'tour2', 'tour3', 'tour4', 'article']);
  });

  it('refuses an unknown page, naming the ones allowed', () => {
    const chosen = choosePages(all, 'first,tour9');
    expect(chosen.ok).toBe(false);
    if (!chosen.ok) {
      expect(chosen.error).toContain('unknown page "tour9"');
      expect(chosen.error).toContain('first, tour1…tour4, tours, bare, article, embed');
    }
  });

  it('refuses a list that names no page', () => {
    const chosen = choosePages(all, ' , ');
    expect(chosen.ok).toBe(false);
    if (!chosen.ok) expect(chosen.error).toContain('no page named');
  });
});
