import { describe, expect, it } from 'vitest';
import { builtStamp, kernelStamp, POLICY_KERNEL } from '../../src/cli/kernel';
import { POLICY_KERNEL_STAMP } from '../../src/core/memory/kernel/policyKernel.generated';

describe('the generated policy kernel', () => {
  it('was built from the current source, compiler and flags (else: npm run kernel)', () => {
    // The replay tests run whatever module was generated; a stale one would test old code.
    expect(POLICY_KERNEL_STAMP).toBe(kernelStamp(POLICY_KERNEL));
    expect(builtStamp(POLICY_KERNEL)).toBe(POLICY_KERNEL_STAMP);
  });
});
