// The WebAssembly stack-distance kernel (assembly/stackKernel.ts), instantiated once per
// AllFramesCounter. The bytes come from a generated module (`npm run kernel`), so the tests,
// the CLI, its workers and the page's worker load it alike, synchronously: the browser allows
// a synchronous compile of a module this small (4 KB) even on its main thread.

import { STACK_KERNEL_WASM } from './stackKernel.generated';

/** The kernel's exports. Pointers are byte offsets into `memory`. */
export interface StackKernel {
  readonly memory: WebAssembly.Memory;
  /** Lays out the arrays for `pages` pages and a top array of `topSize`; returns the queue. */
  init(pages: number, topSize: number): number;
  /** Entries the queue holds. */
  queueLength(): number;
  /** Accounts the queue's first `count` entries. */
  consume(count: number): void;
  /** Closes the open intervals and turns the difference arrays into the curves. */
  finish(): void;
  pageInCurve(): number;
  writeBackCurve(): number;
  zeroFills(): number;
  /** Checkpoints (before finish()): see the kernel's last section. */
  exportOrder(): number;
  orderAt(): number;
  dirtyFromAt(): number;
  neverWritten(): number;
  pageInDifferences(): number;
  writeBackDifferences(): number;
  distanceTwoCount(): number;
  distanceTwoWriteBacks(): number;
}

const FUNCTIONS = [
  'init',
  'queueLength',
  'consume',
  'finish',
  'pageInCurve',
  'writeBackCurve',
  'zeroFills',
  'exportOrder',
  'orderAt',
  'dirtyFromAt',
  'neverWritten',
  'pageInDifferences',
  'writeBackDifferences',
  'distanceTwoCount',
  'distanceTwoWriteBacks',
] as const;

let compiled: WebAssembly.Module | null = null;

/** A fresh kernel instance, with its own memory. */
export function instantiateStackKernel(): StackKernel {
  if (compiled === null) {
    const binary = atob(STACK_KERNEL_WASM);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    compiled = new WebAssembly.Module(bytes);
  }
  const exports = new WebAssembly.Instance(compiled, {}).exports;
  // A module built from another version of the source would fail here, not with wrong numbers.
  for (const name of FUNCTIONS) {
    if (typeof exports[name] !== 'function') {
      throw new Error(`the stack kernel has no function ${name}: run \`npm run kernel\``);
    }
  }
  if (!(exports.memory instanceof WebAssembly.Memory)) {
    throw new Error('the stack kernel exports no memory: run `npm run kernel`');
  }
  return exports as unknown as StackKernel;
}
