// Growing a kernel's linear memory to hold its layout, for every AssemblyScript kernel (the
// stack and policy kernels here, the heap kernel in measure/, the replay kernel in replay/).

/** Grows the memory to hold bytes 0..`end` - 1 (whole 64 KiB pages); false if it cannot grow. */
export function growMemoryTo(end: usize): bool {
  const needed = <i32>((end + 0xffff) >>> 16);
  const have = memory.size();
  return !(needed > have && memory.grow(needed - have) < 0);
}
