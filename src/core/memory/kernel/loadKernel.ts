// How every WebAssembly kernel of the project is loaded: from the base64 bytes its generated
// module holds (`npm run kernel`), compiled once per thread, synchronously (each is a few KB,
// which a browser compiles synchronously even on its main thread), one instance per call.

/** What the page says where a kernel needs WebAssembly SIMD and the browser has none. */
export const NO_SIMD =
  'This browser’s WebAssembly has no SIMD, which this computation needs: use Safari 16.4, Firefox 89, Chrome 91 or later, or `npm run sim`.';

/** A module with one v128.const (the smallest SIMD instruction) that any SIMD engine accepts. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11,
]);

/** Whether this engine's WebAssembly has fixed-width SIMD (the stack, policy and replay kernels use it). */
export function hasWasmSimd(): boolean {
  return WebAssembly.validate(SIMD_PROBE);
}

/**
 * A loader for one kernel: each call makes a fresh instance with its own memory. It checks the
 * exports it expects, so a module built from another version of the source fails here, not
 * with wrong numbers.
 */
export function kernelLoader<Kernel>(
  base64: string,
  name: string,
  functions: readonly string[],
): (imports?: WebAssembly.Imports) => Kernel {
  let compiled: WebAssembly.Module | null = null;
  return (imports = {}) => {
    if (compiled === null) {
      const binary = atob(base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      try {
        compiled = new WebAssembly.Module(bytes);
      } catch (error) {
        // An engine without SIMD (before Safari 16.4, Firefox 89, Chrome 91) gets one sentence
        // where a CompileError would have been: the page shows it where the run would be.
        if (!hasWasmSimd()) throw new Error(NO_SIMD);
        throw error;
      }
    }
    const exports = new WebAssembly.Instance(compiled, imports).exports;
    for (const function_ of functions) {
      if (typeof exports[function_] !== 'function') {
        throw new Error(`the ${name} has no function ${function_}: run \`npm run kernel\``);
      }
    }
    if (!(exports.memory instanceof WebAssembly.Memory)) {
      throw new Error(`the ${name} exports no memory: run \`npm run kernel\``);
    }
    return exports as unknown as Kernel;
  };
}
