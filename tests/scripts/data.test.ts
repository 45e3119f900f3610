// Every shipped data module against its sources: the page draws the tour's charts from them, so
// a stale one (the core changed without `npm run data`) would show numbers the core no longer
// computes. The numbers themselves are recomputed in tests/core/experiments/shipped*.test.ts.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtDataStamp, CURVES_DATA, DATA, dataStamp, SCALING_DATA } from '../../scripts/data';

const core = (relative: string): string =>
  fileURLToPath(new URL(`../../src/core/${relative}`, import.meta.url));

describe('the shipped data modules', () => {
  it.each(DATA.map((spec) => [spec.name, spec] as const))(
    'the %s were computed from the current sources (else: npm run data)',
    async (_name, spec) => {
      const generated: Record<string, unknown> = await import(spec.module);
      const stamp = generated[`${spec.prefix}_STAMP`];
      expect(stamp).toBe(dataStamp(spec));
      expect(builtDataStamp(spec)).toBe(stamp);
    },
  );

  it('are stamped with every source their numbers come from', () => {
    // The sweep's structures, its memory model and the kernel it runs; the scaling's list count.
    for (const file of [
      'structures/heap/heap.ts',
      'memory/stackDistances.ts',
      'memory/kernel/stackKernel.generated.ts',
      'workloads/random.ts',
      'experiments/shipped.ts',
    ]) {
      expect(CURVES_DATA.imports, file).toContain(core(file));
    }
    for (const file of ['experiments/listCount.ts', 'structures/pointer/treap.ts']) {
      expect(SCALING_DATA.imports, file).toContain(core(file));
    }
    for (const spec of DATA) {
      // The stamp changes with an imported source, not only with the entry file.
      expect(dataStamp({ ...spec, imports: [] })).not.toBe(dataStamp(spec));
    }
  });
});
