// The WebAssembly stack-distance kernel (assembly/stackKernel.ts), instantiated once per
// AllFramesCounter. The bytes come from a generated module (`npm run kernel`), so the tests,
// the CLI, its workers and the page's worker load it alike, synchronously: the browser allows
// a synchronous compile of a module this small (4 KB) even on its main thread.

import { kernelLoader } from './loadKernel';
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

const load = kernelLoader<StackKernel>(STACK_KERNEL_WASM, 'stack kernel', FUNCTIONS);

/** A fresh kernel instance, with its own memory. */
export function instantiateStackKernel(): StackKernel {
  return load();
}
