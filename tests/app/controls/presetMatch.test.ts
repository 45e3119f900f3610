// Which named scenario a scenario is, whatever way it was reached: the preset menu names it.

import { describe, expect, it } from 'vitest';
import { presetOf } from '../../../src/app/controls/presetMatch';
import { parseScenario } from '../../../src/core/scenario/parse';
import { PRESETS } from '../../../src/core/scenario/presets';

describe('the preset a scenario is', () => {
  it('is named whatever way the scenario came, and none for another run', () => {
    for (const preset of PRESETS) {
      expect(presetOf(parseScenario(preset.link).scenario)).toBe(preset.id);
      // The cursor, the tab and the tour do not change which run it is.
      const moved = parseScenario(
        `${preset.link.replace(/&op=\d+/, '')}&step=3&panel=curves&tour=2`,
      );
      expect(presetOf(moved.scenario)).toBe(preset.id);
    }
    expect(presetOf(parseScenario('?items=47&page=8&frames=4').scenario)).toBe('');
  });

  it('tells runs apart by their frame count and their policy, not by their view', () => {
    const figures = PRESETS.find((preset) => preset.id === 'figures');
    if (figures === undefined) throw new Error('the figures preset');
    const scenario = parseScenario(figures.link).scenario;
    expect(presetOf({ ...scenario, frames: scenario.frames + 1 })).toBe('');
    expect(presetOf({ ...scenario, policy: 'clock' })).toBe('');
    expect(presetOf({ ...scenario, view: { ...scenario.view, tree: 'slots' } })).toBe('figures');
  });
});
