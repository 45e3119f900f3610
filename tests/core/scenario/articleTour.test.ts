import { describe, expect, it } from 'vitest';
import { ARTICLE_PAGES } from '../../../src/core/experiments/article';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import { parseScenario } from '../../../src/core/scenario/parse';
import { scenarioPages } from '../../../src/core/scenario/scenario';
import { TOUR_LIMITS } from '../../../src/core/scenario/tourFormat';

describe("the article's tour", () => {
  const scenes = ARTICLE_TOUR.scenes.map((scene) => ({ scene, parsed: parseScenario(scene.link) }));

  it('has the twelve scenes the lecture needs, in the article’s order', () => {
    expect(scenes.map(({ scene }) => scene.source.split(':')[0])).toEqual([
      'The article',
      'Figure 5',
      'Figure 6',
      'The article',
      'The article',
      'The article',
      'Figure 1',
      'Figure 2',
      'Figure 3',
      'Figure 4',
      'The Asterisk review (Review Request #160)',
      'The article',
    ]);
  });

  it('every scene is a link the page reads with no message, and a caption of one to three sentences', () => {
    for (const { scene, parsed } of scenes) {
      expect(parsed.errors, scene.title).toEqual([]);
      expect(scene.caption.length).toBeLessThanOrEqual(TOUR_LIMITS.captionChars);
      const sentences = scene.caption.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
      expect(sentences, scene.title).toBeGreaterThanOrEqual(1);
      expect(sentences, scene.title).toBeLessThanOrEqual(3);
    }
  });

  it('says what its scenes show: 48 items in 7 pages, 3 resident under pressure, the readouts where the figures point', () => {
    const animated = scenes[1].parsed.scenario;
    expect(animated.items).toBe(48);
    expect(scenarioPages(animated)).toBe(7);
    expect(scenes[5].parsed.scenario.frames).toBe(3);
    expect(scenes[5].scene.caption).toContain('3 of the 7 pages');
    // Figure 2 and the claim read at 9 resident pages; Figures 3 and 4 four and one pages missing.
    expect(scenes[0].parsed.scenario.curves.readout).toBe(9);
    expect(scenes[7].parsed.scenario.curves.readout).toBe(9);
    expect(scenes[8].parsed.scenario.curves.readout).toBe(ARTICLE_PAGES - 4);
    expect(scenes[9].parsed.scenario.curves.readout).toBe(ARTICLE_PAGES - 1);
    expect(scenes[9].parsed.scenario.curves.ioMs).toBe(10);
    // The last scene is the article's own run, at a pop in the middle of it.
    const run = scenes[11].parsed.scenario;
    expect([run.items, run.itemsPerPage, run.frames, run.keys]).toEqual([
      1_000_000,
      512,
      9,
      2 ** 31,
    ]);
    expect(run.op).toBe(2_000_001);
  });
});
