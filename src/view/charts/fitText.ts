// Fits SVG text to a width: the first candidate that fits, or the last one cut with an ellipsis.

import type { Part } from './parts';

export interface Measurer {
  /** The CSS font the widths are for; a change (a stylesheet arriving late) invalidates them. */
  font: string;
  width: (text: string) => number;
}

let measureContext: CanvasRenderingContext2D | null | undefined;
/** The font last set on the context: setting one makes the canvas parse it and look it up. */
let contextFont = '';
/** Widths already measured, per font and text (tick labels and titles repeat every draw). */
const measured = new Map<string, number>();
/** Past this many entries the memo starts again, so it cannot grow without bound. */
const MEASURED_LIMIT = 4096;

/**
 * A text measurer in the element's font. Canvas measureText needs no layout (getComputedTextLength
 * forces one per call after each text change) and works while the chart is hidden. Without a
 * canvas or a style, each character counts charPx.
 */
export function measurerFor(node: Element, charPx = 7): Measurer {
  measureContext ??= document.createElement('canvas').getContext('2d');
  const ctx = measureContext;
  const style = getComputedStyle(node);
  const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  if (ctx === null || style.fontSize === '') return { font, width: (text) => text.length * charPx };
  return {
    font,
    width: (text) => {
      const key = `${font}\n${text}`;
      const known = measured.get(key);
      if (known !== undefined) return known;
      if (contextFont !== font) {
        ctx.font = font;
        contextFont = font;
      }
      const width = ctx.measureText(text).width;
      if (measured.size >= MEASURED_LIMIT) measured.clear();
      measured.set(key, width);
      return width;
    },
  };
}

/**
 * The first candidate no wider than max; failing all, the last one cut (binary search on its
 * length: the width grows with it) and ended with an ellipsis.
 */
export function fitMeasured(
  width: (text: string) => number,
  candidates: readonly string[],
  max: number,
): string {
  for (const candidate of candidates) {
    if (width(candidate) <= max) return candidate;
  }
  const text = candidates[candidates.length - 1];
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (width(`${text.slice(0, mid).trimEnd()}…`) <= max) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/** Sets the text to the fitted candidate, touching the DOM only when it changes. */
export function fitText(
  text: Part<SVGTextElement>,
  measurer: Measurer,
  candidates: readonly string[],
  max: number,
): void {
  const node = text.node();
  if (node === null || candidates.length === 0) return;
  const chosen = fitMeasured(measurer.width, candidates, max);
  if (node.textContent !== chosen) node.textContent = chosen;
}
