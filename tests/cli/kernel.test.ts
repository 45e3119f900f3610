import { describe, expect, it } from 'vitest';
import { builtStamp, kernelStamp } from '../../src/cli/kernel';
import { STACK_KERNEL_STAMP } from '../../src/core/memory/kernel/stackKernel.generated';

describe('the generated stack kernel', () => {
  it('was built from the current source, compiler and flags (else: npm run kernel)', () => {
    // The curve tests run whatever module was generated; a stale one would test old code.
    expect(STACK_KERNEL_STAMP).toBe(kernelStamp());
    expect(builtStamp()).toBe(STACK_KERNEL_STAMP);
  });
});
