// The core's hash of a run's removals is the one the WebAssembly kernel computes (and the native
// helper, tests/native/bheapNative.test.ts): FNV-1a over the removed ids, in order.

import { describe, expect, it } from 'vitest';
import { instantiateHeapKernel } from '../../../src/core/measure/kernel/heapKernel';
import { FNV_OFFSET, fnvOf, removedHash } from '../../../src/core/measure/removedHash';
import { kernelCodes } from '../../../src/core/measure/timing';
import { FULL_KEY_RANGE } from '../../../src/core/workloads/workloads';

describe('the hash of a run’s removals', () => {
  it('is FNV-1a over 32-bit ids', () => {
    expect(fnvOf([])).toBe(FNV_OFFSET);
    // FNV-1a of the bytes would differ: these are whole 32-bit ids, one multiply each.
    expect(fnvOf([0])).toBe(Math.imul(FNV_OFFSET, 16777619) >>> 0);
    expect(fnvOf([1, 2])).not.toBe(fnvOf([2, 1]));
  });

  it.each([
    ['binary', 'bheap4k', 'phk'],
    ['bheap', 'bheap4k', 'expiry'],
    ['dary4', 'dary4', 'expiry'],
  ] as const)('equals the WebAssembly kernel’s for %s (%s), %s', (kind, machine, workload) => {
    const items = 5000;
    const core = removedHash(
      { kind, itemsPerPage: 512, nodeBytes: 48 },
      { kind: workload, items, seed: 4, keyRange: FULL_KEY_RANGE },
    );
    const kernel = instantiateHeapKernel(null);
    const c = kernelCodes({ layout: machine, form: 'key', workload, items, seed: 4 });
    kernel.init(c.layout, c.pageLog2, c.form, c.workload, items);
    const operations = kernel.run(0, 4);
    expect({ operations, hash: kernel.removedHash() >>> 0 }).toEqual(core);
  });
});
