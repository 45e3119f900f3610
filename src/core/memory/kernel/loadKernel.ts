// How every WebAssembly kernel of the project is loaded: from the base64 bytes its generated
// module holds (`npm run kernel`), compiled once per thread, synchronously (each is a few KB,
// which a browser compiles synchronously even on its main thread), one instance per call.

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
      compiled = new WebAssembly.Module(bytes);
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
