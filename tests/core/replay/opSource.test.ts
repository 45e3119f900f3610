// A scenario's operations handed out a stretch at a time: the article's drawn as they go, any
// other workload's from recordOps's list, and either way recordOps's operations.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpList } from '../../../src/core/replay/opList';
import { opSource, writeAll } from '../../../src/core/replay/opSource';
import { recordOps } from '../../../src/core/replay/recordOps';
import { type Scenario, scenarioWorkload } from '../../../src/core/scenario/scenario';
import type { Workload } from '../../../src/core/workloads/workloads';
import { largeScenarios } from './largeArbitraries';

const scenarios: fc.Arbitrary<Scenario> = largeScenarios({
  phkWeight: 2,
  keys: fc.constantFrom(5, 1000, 2 ** 31),
});

const arrays = (length: number) => ({
  kinds: new Uint8Array(length),
  handles: new Int32Array(length),
  keys: new Float64Array(length),
});

describe('opSource', () => {
  it('draws the operations recordOps writes down, in stretches of any length', () => {
    fc.assert(
      fc.property(
        scenarios,
        fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 12 }),
        (scenario, cuts) => {
          const whole = recordOps(scenarioWorkload(scenario));
          const source = opSource(scenarioWorkload(scenario));
          const drawn = writeAll(opSource(scenarioWorkload(scenario)));
          const stretched = OpList.fromArrays(
            new Uint8Array(source.length),
            new Int32Array(source.length),
            new Float64Array(source.length),
          );
          for (const cut of [...cuts].sort((a, b) => a - b)) source.fillTo(stretched, cut);
          source.fillTo(stretched, source.length);
          expect(source.items).toBe(whole.items);
          expect(source.namesItems).toBe(whole.ops.namesItems);
          expect(drawn.toArray()).toEqual(whole.ops.toArray());
          expect(stretched.toArray()).toEqual(whole.ops.toArray());
        },
      ),
      { numRuns: 40 },
    );
  });

  it('draws only the article’s workload as it goes, and knows its shape before any is written', () => {
    const phk: Workload = { kind: 'phk', items: 50, seed: 1, keyRange: 2 ** 31 };
    const drawn = opSource(phk);
    expect([drawn.drawn, drawn.length, drawn.items, drawn.namesItems, drawn.written]).toEqual([
      true,
      200,
      100,
      false,
      0,
    ]);
    const expiry = opSource({ kind: 'expiry', items: 50, seed: 1, keyRange: 2 ** 31 });
    expect(expiry.drawn).toBe(false);
    expect(expiry.namesItems).toBe(true);
    const asterisk = opSource({ kind: 'asterisk', items: 50, seed: 1, keyRange: 2 ** 31 });
    expect([asterisk.drawn, asterisk.length]).toEqual([false, 100]);
  });

  it('writes each operation once: a fill never goes back, and stops at the last operation', () => {
    for (const workload of [
      { kind: 'phk', items: 20, seed: 3, keyRange: 100 },
      { kind: 'asterisk', items: 20, seed: 3, keyRange: 100 },
    ] as const) {
      const source = opSource(workload);
      const into = arrays(source.length);
      source.fillTo(into, 30);
      expect(source.written).toBe(30);
      into.kinds.fill(9, 0, 30);
      source.fillTo(into, 10);
      expect(source.written).toBe(30);
      expect(into.kinds.subarray(0, 30).every((kind) => kind === 9)).toBe(true);
      into.kinds.fill(9, 30);
      source.fillTo(into, 10 ** 9);
      expect(source.written).toBe(source.length);
      expect(into.kinds.subarray(30).includes(9)).toBe(false);
    }
  });

  it('writes all of a source into a list of its own that names items as the source says', () => {
    const workload: Workload = { kind: 'expiry', items: 40, seed: 2, keyRange: 2 ** 31 };
    const all = writeAll(opSource(workload));
    expect(all).toBeInstanceOf(OpList);
    expect(all.toArray()).toEqual(recordOps(workload).ops.toArray());
    expect(all.namesItems).toBe(true);
  });
});
