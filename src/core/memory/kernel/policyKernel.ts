// The WebAssembly FIFO and CLOCK replay kernel (assembly/policyKernel.ts), instantiated once per
// thread that replays (policyReplay.ts). Like the stack kernel, its bytes come from a generated
// module (`npm run kernel`) and it compiles synchronously: it is about 2 KB.

import { kernelLoader } from './loadKernel';
import { POLICY_KERNEL_WASM } from './policyKernel.generated';

/** The kernel's exports. Pointers are byte offsets into `memory`. */
export interface PolicyKernel {
  readonly memory: WebAssembly.Memory;
  /** Lays out and clears the arrays; returns where each chunk of entries is copied. */
  init(pages: number, frames: number, wide: number): number;
  /** Entries one copied chunk may hold. */
  chunkEntries(): number;
  /** Replays the copied chunk's first `count` entries (16- or 32-bit). */
  fifo16(count: number): void;
  fifo32(count: number): void;
  clock16(count: number): void;
  clock32(count: number): void;
  zeroFills(): number;
  pageIns(): number;
  writeBacks(): number;
  evictions(): number;
}

const FUNCTIONS = [
  'init',
  'chunkEntries',
  'fifo16',
  'fifo32',
  'clock16',
  'clock32',
  'zeroFills',
  'pageIns',
  'writeBacks',
  'evictions',
] as const;

const load = kernelLoader<PolicyKernel>(POLICY_KERNEL_WASM, 'policy kernel', FUNCTIONS);

/** A fresh kernel instance, with its own memory. */
export function instantiatePolicyKernel(): PolicyKernel {
  return load();
}
