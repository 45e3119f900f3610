// The WebAssembly heaps (assembly/heapKernel.ts), instantiated once per measurement run. The
// bytes come from a generated module (`npm run kernel`), loaded synchronously as the stack
// kernel's are (memory/kernel/stackKernel.ts): the module is compiled once and each instance has
// its own memory, which grows to the largest run it is given and is reused by the next.

import { kernelLoader } from '../../memory/kernel/loadKernel';
import { HEAP_KERNEL_WASM } from './heapKernel.generated';

/** The kernel's exports. Pointers are byte offsets into `memory`. */
export interface HeapKernel {
  readonly memory: WebAssembly.Memory;
  /**
   * Lays out a run (layout code, log2 of the B-heap's page in slots, form code, workload code,
   * N); returns its bytes, or -1 if it cannot have them.
   */
  init(layout: number, pageLog2: number, form: number, workload: number, n: number): number;
  /**
   * Runs the workload once from the start with keys from srandom(seed); traced 1: the traced
   * variant. Returns its operations.
   */
  run(traced: number, seed: number): number;
  /** FNV-1a (32-bit) of the removed ids of the last run, in order; read it with >>> 0. */
  removedHash(): number;
  /** Key comparisons of the last traced run. */
  comparisons(): number;
  /** Bytes of the traced region: its 64-byte lines are numbered from 0. */
  tracedBytes(): number;
  traceQueue(): number;
  traceQueueLength(): number;
}

const FUNCTIONS = [
  'init',
  'run',
  'removedHash',
  'comparisons',
  'tracedBytes',
  'traceQueue',
  'traceQueueLength',
] as const;

/** Receives a traced run's line references, `(line << 1) | write`, a batch at a time. */
type TraceSink = (entries: Uint32Array) => void;

const load = kernelLoader<HeapKernel>(HEAP_KERNEL_WASM, 'heap kernel', FUNCTIONS);

/** A fresh kernel instance, with its own memory; its traced runs report to `sink`. */
export function instantiateHeapKernel(sink: TraceSink | null = null): HeapKernel {
  let kernel: HeapKernel | null = null;
  const flush = (count: number): void => {
    if (sink === null || kernel === null) return;
    // A fresh view each time: growing the memory (only init does) detaches the old buffer.
    sink(new Uint32Array(kernel.memory.buffer, kernel.traceQueue(), count));
  };
  kernel = load({ heapKernel: { flushTrace: flush } });
  return kernel;
}
