// Which named scenario a scenario is (pure): the preset menu names it, whatever way it was
// reached (the menu, a link, a tour's scene, Back).

import { animationKey } from '../../core/scenario/format';
import { parseScenario } from '../../core/scenario/parse';
import { PRESETS } from '../../core/scenario/presets';
import type { Scenario } from '../../core/scenario/scenario';

/** What runs, frames included: two scenarios with the same key show the same run. */
function runKey(scenario: Scenario): string {
  return `${animationKey(scenario)}&frames=${scenario.frames}`;
}

/**
 * The presets' keys, parsed when first asked for: parsed as the module loaded, they were 5-6 ms
 * of the page's first task (the parser's first calls), before anything was drawn.
 */
let presetKeys: { id: string; key: string }[] | null = null;

/** The id of the preset whose run `scenario` is, or '' for none. */
export function presetOf(scenario: Scenario): string {
  presetKeys ??= PRESETS.map((preset) => ({
    id: preset.id,
    key: runKey(parseScenario(preset.link).scenario),
  }));
  const key = runKey(scenario);
  return presetKeys.find((preset) => preset.key === key)?.id ?? '';
}
