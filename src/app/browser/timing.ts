// User Timing entries (bheap:seek, bheap:render, bheap:sweep, bheap:chart) that the e2e
// performance reports read, and the boot's marks (bheap:boot:*), which say how far a page that
// never showed its link got. Browsers keep measures until cleared, and autoplay adds ~120 a
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

/** The boot's phases, in order: a page stuck pending says by its last mark where it stopped. */
export type BootPhase = 'module' | 'built' | 'finished' | 'fonts' | 'mounted';

export function markBoot(phase: BootPhase, detail?: string): void {
  performance.mark(`bheap:boot:${phase}`, detail === undefined ? undefined : { detail });
}
