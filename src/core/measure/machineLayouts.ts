// The heaps measured over real memory, by name: the binary heap, the B-heap at three page sizes
// that match real boundaries (a 64-byte cache line, a 4 KB page, a 2 MB huge page) and the
// aligned 4-ary and 8-ary heaps, with what the WebAssembly kernel needs to run each.

/** The measured layouts, as the link, the CLI and the CSV name them. */
export type MachineLayout = 'binary' | 'bheap64' | 'bheap4k' | 'bheap2m' | 'dary4' | 'dary8';

export const MACHINE_LAYOUTS: readonly MachineLayout[] = [
  'binary',
  'bheap64',
  'bheap4k',
  'bheap2m',
  'dary4',
  'dary8',
];

/** Bytes of a heap slot (a key and an id, or a 64-bit reference): 512 to a 4 KB page. */
const SLOT_BYTES = 8;

interface MachineLayoutInfo {
  title: string;
  /** The kernel's layout code: 0 binary, 1 B-heap, 2 4-ary, 3 8-ary. */
  code: number;
  /** B-heap: slots per page (a power of two); 0 for the others. */
  pageSlots: number;
}

export const MACHINE_LAYOUT_INFO: Record<MachineLayout, MachineLayoutInfo> = {
  binary: { title: 'Binary heap', code: 0, pageSlots: 0 },
  bheap64: { title: 'B-heap, 64 B pages', code: 1, pageSlots: 64 / SLOT_BYTES },
  bheap4k: { title: 'B-heap, 4 KB pages', code: 1, pageSlots: 4096 / SLOT_BYTES },
  bheap2m: { title: 'B-heap, 2 MB pages', code: 1, pageSlots: (2 * 1024 * 1024) / SLOT_BYTES },
  dary4: { title: '4-ary heap', code: 2, pageSlots: 0 },
  dary8: { title: '8-ary heap', code: 3, pageSlots: 0 },
};

/** How the items are stored: keys in the slots, or references to objects holding the key. */
export type ItemForm = 'key' | 'ref';
export const ITEM_FORMS: readonly ItemForm[] = ['key', 'ref'];

export const FORM_TITLES: Record<ItemForm, string> = {
  key: 'keys in the array',
  ref: 'references to objects',
};

/** The two workloads measured: the article's, and a cache's expiry timer queue. */
export type MachineWorkload = 'phk' | 'expiry';
export const MACHINE_WORKLOADS: readonly MachineWorkload[] = ['phk', 'expiry'];

/** One measured run: what the kernel is given. */
export interface MachineRun {
  layout: MachineLayout;
  form: ItemForm;
  workload: MachineWorkload;
  items: number;
  seed: number;
}

/** Most items the run holds at once (expiry: the fill and at most one insert per tick). */
function runCapacity(run: MachineRun): number {
  return run.workload === 'phk' ? run.items : 2 * run.items;
}

/** Bytes rounded up to whole 64-byte lines, as the kernel aligns each array. */
const line = (bytes: number): number => Math.ceil(bytes / 64) * 64;

/**
 * Bytes the kernel's memory holds for a run: heapKernel.ts init's layout, line for line (slots
 * from a 4 MB offset; objects of 32 bytes; the key form's handle table over 2N ids and expiry's
 * live set, positions and due-time bitmap), each part rounded up to 64 bytes.
 * tests/core/measure/kernel/heapKernel.test.ts checks it against init's answer.
 */
export function runBytes(run: MachineRun): number {
  const capacity = runCapacity(run);
  const ids = 2 * run.items;
  let bytes = tracedRegionBytes(run);
  if (run.workload === 'expiry') {
    const positions = run.form === 'key' ? ids : capacity;
    bytes += line(4 * capacity + 4 * positions + 4 * Math.ceil((8 * run.items + 128) / 32));
  }
  return bytes;
}

/** Bytes of the traced region (slots, objects, the handle table): what a traced run touches. */
export function tracedRegionBytes(run: MachineRun): number {
  const capacity = runCapacity(run);
  let bytes = line(SLOT_BYTES * (capacity + 8));
  if (run.form === 'ref') bytes += line(32 * capacity);
  if (run.form === 'key' && run.workload === 'expiry') bytes += line(4 * 2 * run.items);
  return bytes;
}

/** The kernel's whole linear memory for a run: its bytes after the 4 MB below them. */
export function kernelMemoryBytes(run: MachineRun): number {
  return Math.ceil((4 * 2 ** 20 + runBytes(run)) / 65_536) * 65_536;
}
