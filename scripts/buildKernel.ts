// `npm run kernel`: rebuilds each generated WebAssembly module whose source, compiler or flags
// changed (scripts/kernel.ts); `--force` rebuilds them anyway.

import { buildKernel, builtStamp, KERNELS, kernelStamp } from './kernel';

const force = process.argv.includes('--force');
for (const spec of KERNELS) {
  if (!force && builtStamp(spec) === kernelStamp(spec)) {
    console.log(`kernel: up to date (${spec.module})`);
  } else {
    const bytes = await buildKernel(spec);
    console.log(`kernel: built ${bytes} bytes of WebAssembly into ${spec.module}`);
  }
}
