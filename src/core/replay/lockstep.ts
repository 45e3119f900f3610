// The page's lockstep rule: both sides show the same operation, which lasts as many steps as the
// side with more events in it needs (the timeline and the trace number steps by it).

/** Steps an operation lasts, from each side's event count in it. */
export function lockstepLength(eventCounts: readonly number[]): number {
  let longest = 0;
  for (const count of eventCounts) longest = Math.max(longest, count);
  return longest;
}
