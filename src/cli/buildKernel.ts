// `npm run kernel`: rebuilds the generated WebAssembly module when its source, compiler or flags
// changed (src/cli/kernel.ts); `--force` rebuilds it anyway.

import { buildKernel, builtStamp, KERNEL_MODULE, kernelStamp } from './kernel';

const force = process.argv.includes('--force');
if (!force && builtStamp() === kernelStamp()) {
  console.log(`kernel: up to date (${KERNEL_MODULE})`);
} else {
  const bytes = await buildKernel();
  console.log(`kernel: built ${bytes} bytes of WebAssembly into ${KERNEL_MODULE}`);
}
