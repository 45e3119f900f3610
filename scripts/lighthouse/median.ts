// The median of several Lighthouse runs of one page: each number is the median of its own runs
// (a run's missing number is left out), and the culprit lists come from one whole run, the one
// whose performance score is nearest the median's, so they describe a load that happened.

/** The middle value; for an even count, the mean of the two middle ones. Null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of the values that are numbers. */
export function medianOf(values: readonly (number | null)[]): number | null {
  return median(values.filter((value): value is number => value !== null));
}

/** The index of the run whose key is nearest the median of the keys (the first such); 0 if none has one. */
export function medianRunIndex(keys: readonly (number | null)[]): number {
  const middle = medianOf(keys);
  if (middle === null) return 0;
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  keys.forEach((key, index) => {
    if (key === null) return;
    const distance = Math.abs(key - middle);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}
