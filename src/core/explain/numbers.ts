// Numbers as the page writes them for people (pure): counts with thousands separators, seconds in
// the unit that reads best with three significant digits, the same in counters, narration, the
// race chart and the readouts.

import { formatCount } from '../grouped';

export { formatCount };

/**
 * Seconds in s, ms or µs, three significant digits (whole numbers grouped past a thousand):
 * "9.02 ms", "12.3 s", "12,998 s", "0 s".
 */
export function formatDuration(seconds: number): string {
  if (seconds === 0) return '0 s';
  const abs = Math.abs(seconds);
  // A value that would round up to 1,000 of a unit is written in the next unit up.
  const unit = abs >= 0.9995 ? 's' : abs >= 0.9995e-3 ? 'ms' : 'µs';
  const value = unit === 's' ? seconds : unit === 'ms' ? seconds * 1e3 : seconds * 1e6;
  const size = Math.abs(value);
  const digits = size >= 99.95 ? 0 : size >= 9.995 ? 1 : 2;
  const text = digits === 0 ? formatCount(Math.round(value)) : value.toFixed(digits);
  return `${text} ${unit}`;
}

/**
 * A long run time as a clock reads it, for the seconds beside it: "13 h 8 min", "2.1 days";
 * null under an hour, where seconds read well enough.
 */
export function clockDuration(seconds: number): string | null {
  if (!(seconds >= 3600)) return null;
  if (seconds >= 48 * 3600) return `${(seconds / 86_400).toFixed(1)} days`;
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${minutes - hours * 60} min`;
}

/** "1 page", "9 pages": a count and its noun, singular or plural. */
export function countOf(value: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(value)} ${value === 1 ? noun : plural}`;
}
