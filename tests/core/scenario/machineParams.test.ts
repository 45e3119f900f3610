// The "On this machine" tab's link parameters: a link restores every setting, a bad value is
// named with what is allowed and falls back alone, and the link written back reads silently.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MACHINE,
  MACHINE_PAGE_MAX_ITEMS,
  type MachineSettings,
} from '../../../src/core/experiments/machine';
import { MACHINE_LAYOUTS } from '../../../src/core/measure/machineLayouts';
import { animationKey, formatScenario } from '../../../src/core/scenario/format';
import { parseScenario } from '../../../src/core/scenario/parse';

const settings: fc.Arbitrary<MachineSettings> = fc.record({
  layouts: fc.subarray([...MACHINE_LAYOUTS], { minLength: 1 }),
  sizes: fc
    .uniqueArray(fc.integer({ min: 1024, max: MACHINE_PAGE_MAX_ITEMS }), {
      minLength: 1,
      maxLength: 16,
    })
    .map((sizes) => sizes.sort((a, b) => a - b)),
  form: fc.constantFrom('key' as const, 'ref' as const),
  workload: fc.constantFrom('phk' as const, 'expiry' as const),
  reps: fc.integer({ min: 3, max: 15 }),
  predict: fc.boolean(),
  hierarchy: fc.record({
    l1Bytes: fc.integer({ min: 1, max: 4096 }).map((kb) => kb * 1024),
    l2Bytes: fc.integer({ min: 1, max: 65_536 }).map((kb) => kb * 1024),
    l3Bytes: fc.integer({ min: 1, max: 1_048_576 }).map((kb) => kb * 1024),
    tlbEntries: fc.integer({ min: 1, max: 1_048_576 }),
  }),
  part: fc.constantFrom('kernel' as const, undefined),
});

describe('the machine tab in a link', () => {
  it('reads back exactly the settings it wrote, with panel=machine, and never changes the animation', () => {
    fc.assert(
      fc.property(settings, (machine) => {
        const base = parseScenario('').scenario;
        const scenario = { ...base, panel: 'machine' as const, machine };
        const written = formatScenario(scenario);
        const parsed = parseScenario(written);
        expect(parsed.errors).toEqual([]);
        expect(parsed.scenario.machine).toEqual(machine);
        expect(parsed.scenario.panel).toBe('machine');
        expect(animationKey(parsed.scenario)).toBe(animationKey(base));
      }),
      { numRuns: 100 },
    );
  });

  it('names a bad value with what is allowed, falls back for it alone, and writes a silent link', () => {
    const parsed = parseScenario(
      'panel=machine&mlayouts=binary,heap&msizes=512,4096&mform=pointer&mwork=expiry&mreps=1&mpredict=yes&ml1=0&ml2=08&ml3=65536&mtlb=2048',
    );
    const byParam = new Map(parsed.errors.map((e) => [e.param, e.message]));
    expect([...byParam.keys()].sort()).toEqual(
      ['ml1', 'ml2', 'mform', 'mlayouts', 'mpredict', 'mreps', 'msizes'].sort(),
    );
    expect(byParam.get('mlayouts')).toMatch(
      /must list layouts from binary, bheap64, .*"heap"; using all/,
    );
    expect(byParam.get('msizes')).toMatch(/from 1024 to 16777216, got "512"/);
    expect(byParam.get('mform')).toMatch(/one of key, ref, got "pointer"; using key/);
    expect(byParam.get('mreps')).toMatch(/from 3 to 15, got "1"; using 5/);
    expect(byParam.get('ml2')).toMatch(/plain digits, as 8/);
    const machine = parsed.scenario.machine;
    expect(machine.layouts).toEqual(DEFAULT_MACHINE.layouts);
    expect(machine.sizes).toEqual(DEFAULT_MACHINE.sizes);
    expect(machine.workload).toBe('expiry');
    expect(machine.hierarchy.l3Bytes).toBe(65536 * 1024);
    expect(machine.hierarchy.tlbEntries).toBe(2048);
    expect(machine.hierarchy.l1Bytes).toBe(DEFAULT_MACHINE.hierarchy.l1Bytes);
    expect(parseScenario(formatScenario(parsed.scenario)).errors).toEqual([]);
  });

  it('puts the kernel part first with mpart=kernel, names a bad value, and leaves the default unsaid', () => {
    const kernel = parseScenario('panel=machine&mpart=kernel');
    expect(kernel.errors).toEqual([]);
    expect(kernel.scenario.machine.part).toBe('kernel');
    expect(formatScenario(kernel.scenario)).toContain('mpart=kernel');
    const timing = parseScenario('panel=machine&mpart=timing');
    expect(timing.errors).toEqual([]);
    expect(timing.scenario.machine.part).toBeUndefined();
    expect(formatScenario(timing.scenario)).not.toContain('mpart');
    const bad = parseScenario('panel=machine&mpart=<b>pager</b>');
    expect(bad.errors).toEqual([
      {
        param: 'mpart',
        message: 'mpart must be one of timing, kernel, got "<b>pager</b>"; using timing',
      },
    ]);
    expect(bad.scenario.machine.part).toBeUndefined();
  });
});
