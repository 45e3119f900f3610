// The page grid's colour choices: the LRU shade of a resident page and the ramp of shades.

import { mix, type Rgb } from '../theme/palette';

/** LRU shades: more would not be told apart, and few fill styles keep the redraw cheap. */
export const SHADES = 12;

/** What LRU ranks 1..residentCount spread over (at least 1, so one resident page divides). */
export function lruSpan(residentCount: number): number {
  return Math.max(1, residentCount - 1);
}

/** Shade 0 (most recently used, strongest) to SHADES - 1 (next to be evicted) of an LRU rank. */
export function shadeOf(rank: number, span: number): number {
  return Math.round(((rank - 1) / span) * (SHADES - 1));
}

/** The SHADES fills from `recent` (shade 0) to `old`, evenly mixed. */
export function rampColours(recent: Rgb, old: Rgb): string[] {
  const ramp: string[] = [];
  for (let i = 0; i < SHADES; i++) ramp.push(mix(recent, old, i / (SHADES - 1)));
  return ramp;
}
