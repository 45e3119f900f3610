// The counters each side shows, and how a side's numbers are written (pure).

import { formatCount } from '../../core/explain/numbers';

/** Counter fields shown per side: the side's number (key) and its data-testid stem. */
export const COUNTERS = [
  { key: 'comparisons', stem: 'comparisons', label: 'compares' },
  { key: 'swaps', stem: 'swaps', label: 'swaps' },
  { key: 'pageIns', stem: 'pageins', label: 'page-ins' },
  { key: 'writeBacks', stem: 'writebacks', label: 'write-backs' },
  { key: 'zeroFills', stem: 'zerofill', label: 'zero-fills' },
] as const;

/** A stack distance as the side shows it: the number, "new" for a first touch, "—" for none. */
export function distanceLabel(distance: number | null): string {
  if (distance === null) return '—';
  return distance === 0 ? 'new' : formatCount(distance);
}
