// The heaps measured over real memory, and the bytes the kernel's memory holds for a run: whole
// 64-byte lines, the traced region inside the run's bytes, whole 64 KiB pages above 4 MiB.
// (kernel/heapKernel.test.ts holds runBytes against the kernel's own answer.)

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ITEM_FORMS,
  kernelMemoryBytes,
  MACHINE_LAYOUT_INFO,
  MACHINE_LAYOUTS,
  MACHINE_WORKLOADS,
  type MachineRun,
  runBytes,
  tracedRegionBytes,
} from '../../../src/core/measure/machineLayouts';

const run: fc.Arbitrary<MachineRun> = fc.record({
  layout: fc.constantFrom(...MACHINE_LAYOUTS),
  form: fc.constantFrom(...ITEM_FORMS),
  workload: fc.constantFrom(...MACHINE_WORKLOADS),
  items: fc.integer({ min: 1, max: 2 ** 24 }),
  seed: fc.constant(1),
});

describe('the measured layouts', () => {
  it('give each B-heap a power-of-two page of 8-byte slots, of the size its title says', () => {
    const bytes: Record<string, number> = { '64 B': 64, '4 KB': 4096, '2 MB': 2 * 2 ** 20 };
    for (const layout of MACHINE_LAYOUTS) {
      const { title, code, pageSlots } = MACHINE_LAYOUT_INFO[layout];
      const size = /(\d+ [KM]?B) pages/.exec(title)?.[1];
      if (size === undefined) {
        expect(pageSlots).toBe(0);
        continue;
      }
      expect(code).toBe(1);
      expect(Number.isInteger(Math.log2(pageSlots))).toBe(true);
      expect(pageSlots * 8).toBe(bytes[size]);
    }
  });
});

describe('runBytes, tracedRegionBytes and kernelMemoryBytes', () => {
  it('hold whole lines, the traced region within the run, the memory in whole pages above 4 MiB', () => {
    fc.assert(
      fc.property(run, (r) => {
        const bytes = runBytes(r);
        const traced = tracedRegionBytes(r);
        expect(bytes % 64).toBe(0);
        expect(traced % 64).toBe(0);
        expect(traced).toBeLessThanOrEqual(bytes);
        // At least the slots of every item held.
        expect(traced).toBeGreaterThanOrEqual(8 * r.items);
        const memory = kernelMemoryBytes(r);
        expect(memory % 65_536).toBe(0);
        expect(memory).toBeGreaterThanOrEqual(4 * 2 ** 20 + bytes);
        expect(memory - 65_536).toBeLessThan(4 * 2 ** 20 + bytes);
      }),
    );
  });

  it('grow with N, and more for objects than for keys, and for expiry than for the article', () => {
    fc.assert(
      fc.property(run, (r) => {
        expect(runBytes({ ...r, items: r.items + 64 })).toBeGreaterThan(runBytes(r));
        expect(runBytes({ ...r, form: 'ref' })).toBeGreaterThanOrEqual(
          runBytes({ ...r, form: 'key' }),
        );
        expect(runBytes({ ...r, workload: 'expiry' })).toBeGreaterThan(
          runBytes({ ...r, workload: 'phk' }),
        );
      }),
    );
  });
});
