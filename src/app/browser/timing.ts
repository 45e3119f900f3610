// User Timing entries (bheap:seek, bheap:render, bheap:sweep, bheap:chart) that the e2e
// performance reports read. Browsers keep measures until cleared, and autoplay adds ~120 a
// second, so each name is trimmed once it holds a thousand: a long lesson must not leak memory.

const KEEP = 1000;
const counts = new Map<string, number>();

export function recordDuration(name: string, start: number): void {
  performance.measure(name, { start, end: performance.now() });
  const count = (counts.get(name) ?? 0) + 1;
  if (count >= KEEP) {
    performance.clearMeasures(name);
    counts.set(name, 0);
  } else counts.set(name, count);
}
