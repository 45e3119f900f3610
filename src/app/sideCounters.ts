// The counters each side shows, and how a side's numbers are written (pure).

/** Counter fields shown per side, with their data-testid stem. */
export const COUNTERS = [
  { stem: 'comparisons', label: 'compares' },
  { stem: 'swaps', label: 'swaps' },
  { stem: 'pageins', label: 'page-ins' },
  { stem: 'writebacks', label: 'write-backs' },
  { stem: 'zerofill', label: 'zero-fills' },
] as const;

/** A stack distance as the side shows it: the number, "new" for a first touch, "—" for none. */
export function distanceLabel(distance: number | null): string {
  if (distance === null) return '—';
  return distance === 0 ? 'new' : String(distance);
}

export function formatSeconds(seconds: number): string {
  if (seconds === 0) return '0 s';
  if (seconds < 1e-3) return `${(seconds * 1e6).toFixed(1)} µs`;
  if (seconds < 1) return `${(seconds * 1e3).toFixed(2)} ms`;
  return `${seconds.toFixed(3)} s`;
}
