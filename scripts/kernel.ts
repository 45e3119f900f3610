// Builds the WebAssembly kernels (AssemblyScript sources) into TypeScript modules that hold
// their bytes, so the tests, the CLI, its workers and Vite's bundle all import them the same way,
// with no loader to configure. The modules are generated, never committed: `npm ci` (the
// `prepare` script) and `npm test` / `npm start` build each one whose stamp is out of date.
//
// Four kernels: the stack-distance accounting of the LRU sweep and the FIFO and CLOCK replays of
// the policy sweeps (core/memory/kernel), the heaps timed over real memory (core/measure/kernel),
// and a large run's heap side with the stack kernel compiled in (core/replay/kernel). The two
// heap kernels share the index maps of core/structures/heap/assembly.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';
import { importsOf } from './importGraph';

// The kernels' tests check the stamps' sources with it.
export { importsOf };

export interface KernelSpec {
  /** Used in messages. */
  name: string;
  /** The entry file. */
  source: string;
  /** The other sources it is compiled from (importsOf: the stamp covers them too). */
  imports: readonly string[];
  module: string;
  /** The generated constants: `${prefix}_STAMP` and `${prefix}_WASM`. */
  prefix: string;
  flags: readonly string[];
}

/** A path from the repository's root. */
const path = (relative: string): string =>
  fileURLToPath(new URL(`../${relative}`, import.meta.url));

/** A kernel built from `source` and the files it imports (paths from the repository's root). */
function kernel(spec: Omit<KernelSpec, 'imports'>): KernelSpec {
  const source = path(spec.source);
  return { ...spec, source, imports: importsOf(source), module: path(spec.module) };
}

/**
 * -O3 with the stub runtime: the kernel allocates nothing, so it needs no garbage collector,
 * and without assertions it imports nothing (no `abort`). SIMD (128-bit) is in every browser
 * since 2023 (Safari 16.4) and in Node since 16.
 */
export const STACK_KERNEL = kernel({
  name: 'stack kernel',
  source: 'src/core/memory/kernel/assembly/stackKernel.ts',
  module: 'src/core/memory/kernel/stackKernel.generated.ts',
  prefix: 'STACK_KERNEL',
  flags: ['-O3', '--runtime', 'stub', '--noAssert', '--enable', 'simd'],
});

/** The FIFO and CLOCK replays: the stack kernel's flags (it allocates nothing either). */
export const POLICY_KERNEL = kernel({
  name: 'policy kernel',
  source: 'src/core/memory/kernel/assembly/policyKernel.ts',
  module: 'src/core/memory/kernel/policyKernel.generated.ts',
  prefix: 'POLICY_KERNEL',
  flags: STACK_KERNEL.flags,
});

/**
 * The measured heaps: -O3, the stub runtime (a handful of empty marker objects, allocated once),
 * no assertions (a trap on a bad address is the only check, as in C). No SIMD: the heaps have
 * nothing to vectorise.
 */
export const HEAP_KERNEL = kernel({
  name: 'heap kernel',
  source: 'src/core/measure/kernel/assembly/heapKernel.ts',
  module: 'src/core/measure/kernel/heapKernel.generated.ts',
  prefix: 'HEAP_KERNEL',
  flags: ['-O3', '--runtime', 'stub', '--noAssert'],
});

/**
 * A large run's heap side for the page's workers (replay/kernelSide.ts): the heap with the stack
 * kernel compiled in, so its references reach the queue with no call across modules.
 */
export const REPLAY_KERNEL = kernel({
  name: 'replay kernel',
  source: 'src/core/replay/kernel/assembly/replayKernel.ts',
  module: 'src/core/replay/kernel/replayKernel.generated.ts',
  prefix: 'REPLAY_KERNEL',
  flags: STACK_KERNEL.flags,
});

export const KERNELS: readonly KernelSpec[] = [
  STACK_KERNEL,
  POLICY_KERNEL,
  HEAP_KERNEL,
  REPLAY_KERNEL,
];

/** What a generated module was built from: its sources, the compiler's version and its flags. */
export function kernelStamp(spec: KernelSpec): string {
  const hash = createHash('sha256').update(readFileSync(spec.source));
  for (const source of spec.imports) hash.update('\0').update(readFileSync(source));
  return hash.update(`\0${asc.version}\0${spec.flags.join(' ')}`).digest('hex');
}

/** The stamp written into the generated module, or null if there is none. */
export function builtStamp(spec: KernelSpec): string | null {
  if (!existsSync(spec.module)) return null;
  const pattern = new RegExp(`${spec.prefix}_STAMP = '([0-9a-f]{64})'`);
  const match = pattern.exec(readFileSync(spec.module, 'utf8'));
  return match === null ? null : match[1];
}

/** Compiles a kernel and writes its generated module; returns the size of the binary. */
export async function buildKernel(spec: KernelSpec): Promise<number> {
  let binary: Uint8Array | null = null;
  const result = await asc.main([spec.source, '--outFile', 'kernel.wasm', ...spec.flags], {
    writeFile(name, contents) {
      if (name.endsWith('.wasm') && typeof contents !== 'string') binary = contents;
    },
  });
  if (result.error !== null || binary === null) {
    throw new Error(`the ${spec.name} did not compile:\n${result.stderr.toString()}`);
  }
  const bytes: Uint8Array = binary;
  const source = spec.source.slice(spec.source.indexOf('/kernel/') + 1);
  writeFileSync(
    spec.module,
    [
      `// Generated by \`npm run kernel\` (scripts/kernel.ts) from ${source}.`,
      '// Do not edit, do not commit: it is rebuilt whenever its stamp differs.',
      '',
      `export const ${spec.prefix}_STAMP = '${kernelStamp(spec)}';`,
      '',
      `export const ${spec.prefix}_WASM = '${Buffer.from(bytes).toString('base64')}';`,
      '',
    ].join('\n'),
  );
  return bytes.length;
}
