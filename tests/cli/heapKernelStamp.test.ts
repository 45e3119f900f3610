import { describe, expect, it } from 'vitest';
import { builtStamp, HEAP_KERNEL, kernelStamp } from '../../src/cli/kernel';
import { HEAP_KERNEL_STAMP } from '../../src/core/measure/kernel/heapKernel.generated';

describe('the generated heap kernel', () => {
  it('was built from the current source, compiler and flags (else: npm run kernel)', () => {
    // The measured heaps are whatever module was generated; a stale one would time old code.
    expect(HEAP_KERNEL_STAMP).toBe(kernelStamp(HEAP_KERNEL));
    expect(builtStamp(HEAP_KERNEL)).toBe(HEAP_KERNEL_STAMP);
  });
});
