// The counters each side shows, and how a side's numbers are written (pure).

import { formatCount } from '../core/explain/numbers';

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
  return distance === 0 ? 'new' : formatCount(distance);
}
