// Which curves the page draws from what it ships, worked out without a page: the tour's curve
// scenes need no sweep and no worker; anything else is computed.

import { describe, expect, it } from 'vitest';
import { isShipped } from '../../../src/app/curves/curvesClient';
import { presetSettings } from '../../../src/core/experiments/curveSettings';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import { parseScenario } from '../../../src/core/scenario/parse';

const scenes = ARTICLE_TOUR.scenes.map((scene) => parseScenario(scene.link).scenario);

describe('the curves the page ships', () => {
  it('answer every curve scene of the tour', () => {
    const curveScenes = scenes.filter((scenario) => scenario.panel === 'curves');
    expect(curveScenes).toHaveLength(5);
    for (const scenario of curveScenes) expect(isShipped(scenario.curves)).toBe(true);
  });

  it('answer every figure, whatever the I/O time, plot or axis; nothing else', () => {
    for (const id of ['fig1', 'fig2', 'fig3', 'fig4'] as const) {
      expect(isShipped(presetSettings(id)), id).toBe(true);
    }
    const fig1 = presetSettings('fig1');
    expect(isShipped({ ...fig1, ioMs: 7, mode: 'transfers', unit: 'kb' })).toBe(true);
    // The pair swapped is the same two sweeps.
    expect(isShipped({ ...fig1, left: 'bheap', right: 'binary' })).toBe(true);
    expect(isShipped({ ...fig1, seed: 2 })).toBe(false);
    expect(isShipped({ ...fig1, items: 999_999 })).toBe(false);
    expect(isShipped({ ...fig1, cpu: 'measure' })).toBe(false);
    expect(isShipped({ ...fig1, floor: true })).toBe(false);
    expect(isShipped({ ...fig1, policy: 'clock' })).toBe(false);
    expect(isShipped({ ...fig1, right: 'dary4' })).toBe(false);
  });
});
