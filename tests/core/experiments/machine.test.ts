// The machine measurement's settings: N values read as the link and the CLI write them, the
// runs planned in order, the prediction limited by the traced heap's size, memory refused with
// the settings named.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MACHINE,
  largestPredicted,
  MACHINE_CLI_MAX_ITEMS,
  MACHINE_CLI_MEMORY_BYTES,
  MACHINE_MAX_SIZES,
  MACHINE_MIN_ITEMS,
  MACHINE_PAGE_MAX_ITEMS,
  MACHINE_PAGE_MEMORY_BYTES,
  machineMemoryProblem,
  machinePlan,
  PREDICT_PAGE_MAX_BYTES,
  parseMachineLayouts,
  parseMachineSizes,
  predictionPlan,
} from '../../../src/core/experiments/machine';
import {
  kernelMemoryBytes,
  MACHINE_LAYOUTS,
  tracedRegionBytes,
} from '../../../src/core/measure/machineLayouts';

const NAMES = { sizes: 'msizes', form: 'mform', workload: 'mwork' };

describe('machine settings', () => {
  it('reads N values sorted and once each, and refuses what is out of range or not plain', () => {
    expect(parseMachineSizes('4096, 1024 1024,2048', MACHINE_PAGE_MAX_ITEMS)).toEqual({
      ok: true,
      value: [1024, 2048, 4096],
    });
    for (const bad of ['', '512', '01024', '1024.0', String(MACHINE_PAGE_MAX_ITEMS + 1), 'x']) {
      const parsed = parseMachineSizes(bad, MACHINE_PAGE_MAX_ITEMS);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(/from 1024 to 16777216|plain digits|got none/);
    }
    const many = Array.from({ length: MACHINE_MAX_SIZES + 1 }, (_, i) => MACHINE_MIN_ITEMS + i);
    expect(parseMachineSizes(many.join(','), MACHINE_PAGE_MAX_ITEMS).ok).toBe(false);
  });

  it('reads layouts in their fixed order and names an unknown one', () => {
    expect(parseMachineLayouts('dary4,binary')).toEqual({ ok: true, value: ['binary', 'dary4'] });
    const bad = parseMachineLayouts('binary,heap');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toContain('"heap"');
  });

  it('plans every layout at each N, smallest N first', () => {
    const plan = machinePlan({
      ...DEFAULT_MACHINE,
      layouts: ['binary', 'dary8'],
      sizes: [1024, 4096],
    });
    expect(plan.map((run) => `${run.layout}@${run.items}`)).toEqual([
      'binary@1024',
      'dary8@1024',
      'binary@4096',
      'dary8@4096',
    ]);
  });

  it('predicts only runs whose traced heap fits the limit, and none when switched off', () => {
    const settings = { ...DEFAULT_MACHINE, sizes: [1024, 2 ** 18, 2 ** 20, 2 ** 22] };
    const traced = predictionPlan(settings, PREDICT_PAGE_MAX_BYTES);
    expect(traced.length).toBeGreaterThan(0);
    for (const run of traced)
      expect(tracedRegionBytes(run)).toBeLessThanOrEqual(PREDICT_PAGE_MAX_BYTES);
    const left = machinePlan(settings).filter((run) => !traced.includes(run));
    expect(left.length).toBeGreaterThan(0);
    expect(largestPredicted({ ...settings, form: 'ref' }, PREDICT_PAGE_MAX_BYTES)).toBeLessThan(
      largestPredicted(settings, PREDICT_PAGE_MAX_BYTES),
    );
    expect(predictionPlan({ ...settings, predict: false }, PREDICT_PAGE_MAX_BYTES)).toEqual([]);
  });

  it('fits every page run up to its largest N in the page budget, and refuses the largest CLI runs by name', () => {
    for (const form of ['key', 'ref'] as const) {
      for (const workload of ['phk', 'expiry'] as const) {
        const settings = {
          ...DEFAULT_MACHINE,
          layouts: [...MACHINE_LAYOUTS],
          sizes: [MACHINE_PAGE_MAX_ITEMS],
          form,
          workload,
        };
        expect(machineMemoryProblem(settings, MACHINE_PAGE_MEMORY_BYTES, NAMES)).toBeNull();
      }
    }
    const largest = {
      ...DEFAULT_MACHINE,
      sizes: [MACHINE_CLI_MAX_ITEMS],
      form: 'ref' as const,
      workload: 'expiry' as const,
    };
    const problem = machineMemoryProblem(largest, MACHINE_CLI_MEMORY_BYTES, NAMES);
    expect(problem).toContain(`msizes ${MACHINE_CLI_MAX_ITEMS}`);
    expect(problem).toContain('mform ref');
    expect(kernelMemoryBytes(machinePlan(largest)[0])).toBeGreaterThan(MACHINE_CLI_MEMORY_BYTES);
    expect(
      machineMemoryProblem(
        { ...largest, form: 'key', workload: 'phk' },
        MACHINE_CLI_MEMORY_BYTES,
        NAMES,
      ),
    ).toBeNull();
  });
});
