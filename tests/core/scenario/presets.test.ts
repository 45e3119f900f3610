// The scenarios offered by name: each link reads with no message, and each title says what its
// run is (its items, its page size, its pages and the frames resident).

import { describe, expect, it } from 'vitest';
import { recordOps } from '../../../src/core/replay/recordOps';
import { parseScenario } from '../../../src/core/scenario/parse';
import { ARTICLE_RUN_LINK, FIGURE_HEAPS, PRESETS } from '../../../src/core/scenario/presets';
import { scenarioPages, scenarioWorkload } from '../../../src/core/scenario/scenario';

const read = (link: string) => parseScenario(link);

describe('the presets', () => {
  it('each read without a message, under distinct ids', () => {
    for (const link of [...PRESETS.map((preset) => preset.link), FIGURE_HEAPS, ARTICLE_RUN_LINK]) {
      expect(read(link).errors, link).toEqual([]);
    }
    expect(new Set(PRESETS.map((preset) => preset.id)).size).toBe(PRESETS.length);
  });

  it('say in their titles the items, pages and frames their links run', () => {
    for (const preset of PRESETS) {
      const { scenario } = read(preset.link);
      const pages = scenarioPages(scenario);
      const numbers = (preset.title.match(/\d[\d,]*M?/g) ?? []).map((n) =>
        n.endsWith('M') ? Number(n.slice(0, -1)) * 1e6 : Number(n.replaceAll(',', '')),
      );
      const said = new Set(numbers);
      const shown =
        preset.id === 'article'
          ? [scenario.items, scenario.frames, pages]
          : preset.id === 'figures'
            ? [scenario.items, scenario.itemsPerPage]
            : [scenario.frames, pages];
      for (const n of shown) expect(said, `${preset.title}: ${n}`).toContain(n);
    }
  });

  it('open the figures’ scenes at a popMin after the heap is full', () => {
    for (const id of ['figures', 'pressure']) {
      const preset = PRESETS.find((p) => p.id === id);
      if (preset === undefined) throw new Error(id);
      const { scenario } = read(preset.link);
      const { ops } = recordOps(scenarioWorkload(scenario));
      const op = scenario.op ?? 0;
      // op counts from 1: operation op is the one at index op - 1.
      expect(op).toBeGreaterThan(scenario.items);
      expect(ops.name(op - 1), id).toBe('popMin');
    }
  });
});
