// Node labels of the tree view: a short key or the slot/node number, in a font that fits.

import { format } from 'd3-format';

/** What a node shows: its key, or its number (heap slot, arena node). */
export type TreeMode = 'keys' | 'slots';

/** Below this node diameter (px) labels are hidden; the shapes stay. */
export const LABEL_MIN_DIAMETER = 14;

const compact = format('.3~s');

/** Keys as short as a node allows: large random(3) keys become 1.8G (the tooltip has them whole). */
export function keyLabel(key: number): string {
  const text = Number.isInteger(key) ? String(key) : String(Number(key.toPrecision(4)));
  return text.length <= 4 ? text : compact(key);
}

/** Whether nodes of radius r (px) are large enough for labels. */
export function labelsShown(r: number): boolean {
  return 2 * r >= LABEL_MIN_DIAMETER;
}

/** The label of a member (slot or node) with this key; empty where labels are hidden. */
export function nodeLabel(mode: TreeMode, member: number, key: number, r: number): string {
  if (!labelsShown(r)) return '';
  return mode === 'slots' ? String(member) : keyLabel(key);
}

/** The smallest and largest label font (px): presenter mode raises both, for a projector. */
export interface LabelRange {
  min: number;
  max: number;
}

/** Labels of 11 px or more: readable from a classroom's back row on a laptop's screen. */
export const NORMAL_LABELS: LabelRange = { min: 11, max: 14 };

/**
 * Advance widths (em) of DejaVu Sans, the page's first font (theme/tokens.css), for the characters
 * keyLabel writes: its digits (0.636 em) are wider than those of the fallbacks (Segoe UI, Roboto:
 * about 0.56), so a label measured here fits whichever font the reader gets. Three digits at
 * 0.58 em each, the old estimate, touched the circle.
 */
const DIGIT_EM = 0.636;
const CHAR_EM: Readonly<Record<string, number>> = {
  '.': 0.318,
  '-': 0.361,
  '+': 0.838,
  e: 0.615,
  k: 0.579,
  M: 0.863,
  G: 0.775,
  T: 0.611,
  P: 0.603,
  m: 0.974,
  µ: 0.636,
  n: 0.634,
  p: 0.635,
};
/** Any other character: as wide as the widest lower-case letter, so no label is under-measured. */
const OTHER_EM = 0.974;
/**
 * Half the height (em) of a label's glyphs about the central baseline the text is centred on:
 * digits and capitals stand 0.73 em, and their middle sits a little above that baseline.
 */
const HALF_HEIGHT_EM = 0.38;
/** Room (px) between a label's glyph box and its circle's outline (whose stroke is 1.2 px). */
export const LABEL_MARGIN = 2;

/** A label's width in em of the page's font. */
export function labelEm(label: string): number {
  let em = 0;
  for (const char of label)
    em += char >= '0' && char <= '9' ? DIGIT_EM : (CHAR_EM[char] ?? OTHER_EM);
  return em;
}

/** Half the width and half the height (px) of the box a label's glyphs fill at `size` px. */
export function labelExtent(
  label: string,
  size: number,
): { halfWidth: number; halfHeight: number } {
  return { halfWidth: (labelEm(label) * size) / 2, halfHeight: HALF_HEIGHT_EM * size };
}

/**
 * The largest font (px) at which a label's glyph box lies inside a circle of radius r with
 * LABEL_MARGIN to spare: the box's corners, at (w/2, h/2) from the centre, reach r - margin.
 */
function largestInside(label: string, r: number): number {
  const diagonalEm = Math.hypot(labelEm(label) / 2, HALF_HEIGHT_EM);
  return Math.max(0, r - LABEL_MARGIN) / diagonalEm;
}

/**
 * A label's font size (px): as large as the range allows, no larger than the radius, and small
 * enough that the label sits inside its circle with a margin; whole pixels unless the least is not. `text` is empty when that would be
 * smaller than the range allows (unreadable, or in presenter mode under 18 px).
 */
export function labelFit(
  label: string,
  r: number,
  range: LabelRange = NORMAL_LABELS,
): { text: string; size: number } {
  const size = Math.min(r, range.max, largestInside(label, r));
  if (size < range.min) return { text: '', size };
  // In whole pixels, never under the least: each size is a font the browser looks up, 0.5-2 ms
  // the first time on Linux; to a tenth of a pixel, one tree drew in a dozen sizes.
  return { text: label, size: Math.max(range.min, Math.floor(size)) };
}

/**
 * The smallest node radius (px) at which labelFit draws `label` at the range's least size: its
 * inverse. The radius must reach the size itself (a one-digit label) or hold the label's glyph
 * box with the margin (a wider one).
 */
export function labelRadius(label: string, range: LabelRange): number {
  const diagonalEm = Math.hypot(labelEm(label) / 2, HALF_HEIGHT_EM);
  // A hair over the exact inverse, so rounding never drops the label it was computed for.
  return Math.max(range.min, range.min * diagonalEm + LABEL_MARGIN) * (1 + 1e-9);
}
