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
 * A label's font size (px): long labels shrink to the node's width. `text` is empty when that
 * would be smaller than the range allows (unreadable, or in presenter mode under 18 px).
 */
export function labelFit(
  label: string,
  r: number,
  range: LabelRange = NORMAL_LABELS,
): { text: string; size: number } {
  const base = Math.min(r, range.max);
  const size = Math.min(base, (2 * r * 0.94) / (Math.max(1, label.length) * 0.58));
  return { text: size >= range.min ? label : '', size };
}
