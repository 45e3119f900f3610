// Every generated WebAssembly module against its sources: the tests, the CLI and the page run
// whatever module was generated, so a stale one (a kernel edited without `npm run kernel`) would
// test, time or replay old code.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  builtStamp,
  HEAP_KERNEL,
  importsOf,
  KERNELS,
  kernelStamp,
  POLICY_KERNEL,
  REPLAY_KERNEL,
  STACK_KERNEL,
} from '../../scripts/kernel';

const source = (relative: string): string =>
  fileURLToPath(new URL(`../../src/core/${relative}`, import.meta.url));

const GROW = source('memory/kernel/assembly/growMemory.ts');
const INDEX_MAPS = source('structures/heap/assembly/indexMaps.ts');

describe('the generated kernels', () => {
  it.each(KERNELS.map((spec) => [spec.name, spec] as const))(
    'the %s was built from its current sources, compiler and flags (else: npm run kernel)',
    async (_name, spec) => {
      const generated: Record<string, unknown> = await import(spec.module);
      const stamp = generated[`${spec.prefix}_STAMP`];
      expect(stamp).toBe(kernelStamp(spec));
      expect(builtStamp(spec)).toBe(stamp);
    },
  );

  it('are stamped with every source they are built from, shared ones included', () => {
    const sorted = (files: readonly string[]): string[] => [...files].sort();
    expect(STACK_KERNEL.imports).toEqual([GROW]);
    expect(POLICY_KERNEL.imports).toEqual([GROW]);
    expect(sorted(HEAP_KERNEL.imports)).toEqual(sorted([GROW, INDEX_MAPS]));
    expect(sorted(REPLAY_KERNEL.imports)).toEqual(sorted([STACK_KERNEL.source, GROW, INDEX_MAPS]));
    for (const spec of KERNELS) {
      expect(importsOf(spec.source)).toEqual(spec.imports);
      // The stamp changes with an imported source, not only with the entry file.
      expect(kernelStamp({ ...spec, imports: [] })).not.toBe(kernelStamp(spec));
    }
  });
});
