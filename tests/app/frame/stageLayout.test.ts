// The stage's layout from the screen, presenter mode and the scenario: which layout, what is
// folded, the least text size, and whether the memory strip and the tree's legend get room.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stageLayout } from '../../../src/app/frame/stageLayout';
import { DEFAULT_SCENARIO, type Scenario } from '../../../src/core/scenario/scenario';

const scene = (
  panel: Scenario['panel'],
  subject: Scenario['view']['subject'] = 'trees',
): Scenario => ({
  ...DEFAULT_SCENARIO,
  panel,
  view: { ...DEFAULT_SCENARIO.view, subject },
});

const stage = (width: number, height: number, presenting = false) => ({
  width,
  height,
  presenting,
});

describe('stageLayout', () => {
  it('names the screens: a desktop, a laptop or projector, a phone upright or sideways', () => {
    const name = (width: number, height: number) =>
      stageLayout(stage(width, height), scene('step')).name;
    expect(name(1920, 1080)).toBe('wide');
    expect(name(1440, 800)).toBe('wide');
    expect(name(1440, 799)).toBe('laptop');
    expect(name(1280, 720)).toBe('laptop');
    expect(name(390, 844)).toBe('phone');
    expect(name(844, 390)).toBe('phone-landscape');
    expect(name(1024, 480)).toBe('laptop');
  });

  it('folds the controls but on a wide screen, and always when presenting, in larger type', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 320, max: 3840 }),
        fc.integer({ min: 320, max: 2160 }),
        fc.boolean(),
        (w, h, presenting) => {
          const layout = stageLayout(stage(w, h, presenting), scene('step'));
          expect(layout.presenting).toBe(presenting);
          expect(layout.foldControls).toBe(layout.name !== 'wide' || presenting);
          expect(layout.leastText).toBe(presenting ? 18 : 11);
          // A phone or a projector never has room for the tree's legend.
          if (presenting || layout.name.startsWith('phone')) expect(layout.treeLegend).toBe(false);
        },
      ),
    );
  });

  it('takes the subject from the tab and the scene', () => {
    expect(stageLayout(stage(1280, 720), scene('curves')).subject).toBe('chart');
    expect(stageLayout(stage(1280, 720), scene('step', 'pages')).subject).toBe('pages');
    expect(stageLayout(stage(1280, 720), scene('step')).subject).toBe('trees');
  });

  it('gives the memory strip room on a phone or projector only when pages are the subject', () => {
    for (const s of [stage(390, 844), stage(1280, 720, true)]) {
      expect(stageLayout(s, scene('step', 'pages')).strip).toBe(true);
      expect(stageLayout(s, scene('step', 'trees')).strip).toBe(false);
    }
    expect(stageLayout(stage(1920, 1080), scene('step')).strip).toBe(true);
    expect(stageLayout(stage(1280, 699), scene('step')).strip).toBe(false);
    expect(stageLayout(stage(1920, 1080), scene('step')).treeLegend).toBe(true);
    expect(stageLayout(stage(1920, 899), scene('step')).treeLegend).toBe(false);
  });
});
