// The curves' x axis speaks the captions' language by default (resident pages); the article's
// axis, the address space not resident, stays a choice, and links say which.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CURVES,
  PRESET_IDS,
  PRESETS,
  PRESSURE_UNITS,
  presetSettings,
} from '../../../src/core/experiments/curveSettings';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import { formatScenario } from '../../../src/core/scenario/format';
import { parseScenario } from '../../../src/core/scenario/parse';

describe('the curves’ x axis', () => {
  it('is in resident pages for every figure and by default', () => {
    expect(DEFAULT_CURVES.unit).toBe('resident');
    for (const id of PRESET_IDS) expect(presetSettings(id).unit, id).toBe('resident');
    expect(parseScenario('panel=curves').scenario.curves.unit).toBe('resident');
  });

  it('offers the address space not resident, in pages or KB, through the link', () => {
    expect(PRESSURE_UNITS).toEqual(['resident', 'pages', 'kb']);
    for (const unit of PRESSURE_UNITS) {
      const parsed = parseScenario(`panel=curves&cunit=${unit}`);
      expect(parsed.errors).toEqual([]);
      expect(parsed.scenario.curves.unit).toBe(unit);
      expect(formatScenario(parsed.scenario)).toContain(`cunit=${unit}`);
    }
    const bad = parseScenario('panel=curves&cunit=furlongs');
    expect(bad.errors.map((error) => error.message).join()).toContain(
      'cunit must be one of resident, pages, kb',
    );
    expect(bad.scenario.curves.unit).toBe('resident');
  });
});

describe('the figures’ titles', () => {
  it('are the tour’s scene titles, so a chart and its scene say the same', () => {
    const titles = new Map(ARTICLE_TOUR.scenes.map((scene) => [scene.source, scene.title]));
    for (const id of PRESET_IDS) {
      const figure = PRESETS[id].title.split(':')[0];
      expect(titles.get(figure), figure).toBe(PRESETS[id].title);
    }
  });

  it('are what every curve scene of the tour shows, with the axis in resident pages', () => {
    for (const scene of ARTICLE_TOUR.scenes) {
      const { curves, panel } = parseScenario(scene.link).scenario;
      if (panel !== 'curves') continue;
      expect(curves.unit, scene.title).toBe('resident');
    }
  });
});
