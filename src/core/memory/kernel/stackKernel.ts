// The WebAssembly stack-distance kernel (assembly/stackKernel.ts), instantiated once per
// AllFramesCounter. The bytes come from a generated module (`npm run kernel`), so the tests,
// the CLI, its workers and the page's worker load it alike, synchronously: the browser allows
// a synchronous compile of a module this small (4 KB) even on its main thread.

import { kernelLoader } from './loadKernel';
import { STACK_KERNEL_WASM } from './stackKernel.generated';

/** The kernel's exports. Pointers are byte offsets into `memory`. */
export interface StackKernel extends StackCheckpoints {
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
}

/**
 * The kernel's checkpoint exports (before finish(): see the kernel's last section), the same in
 * every kernel that compiles this one in (replay/kernel/replayKernel.ts).
 */
export const STACK_CHECKPOINT_FUNCTIONS = [
  'exportOrder',
  'orderAt',
  'dirtyFromAt',
  'neverWritten',
  'pageInDifferences',
  'writeBackDifferences',
  'distanceTwoCount',
  'distanceTwoWriteBacks',
  'zeroFills',
] as const;

/** Each checkpoint export returns a pointer into the kernel's memory or a count. */
export type StackCheckpoints = Record<(typeof STACK_CHECKPOINT_FUNCTIONS)[number], () => number>;

const FUNCTIONS = [
  'init',
  'queueLength',
  'consume',
  'finish',
  'pageInCurve',
  'writeBackCurve',
  ...STACK_CHECKPOINT_FUNCTIONS,
] as const;

const load = kernelLoader<StackKernel>(STACK_KERNEL_WASM, 'stack kernel', FUNCTIONS);

/** A fresh kernel instance, with its own memory. */
export function instantiateStackKernel(): StackKernel {
  return load();
}
