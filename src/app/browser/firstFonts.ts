// Which fonts to look up before the first frame (FontWarmer), by the stage's form.
//
// The lists are what e2e/first-fonts.spec.ts finds drawn by the first step of the page's entry
// links (the first visit, scene 12, the bare lab, the article's run) on a laptop's and a wide
// desktop's screens; that journey fails when they drift from the stylesheet, and
// BHEAP_WRITE_FIRST_FONTS=1 makes it write them again. Phones are not listed: there the frame
// after the first paint is what counts, and a warm-up's cost before it delays the first paint.

import type { StageForm } from '../frame/stageLayout';
import lists from './firstFonts.generated.json';

interface FormFonts {
  /** Fonts of the page's text (CSS and SVG). */
  text: readonly string[];
  /** Fonts the canvases set, at the pixel ratio the list was taken at (sizes scale with it). */
  canvas: readonly string[];
}

interface FirstFontLists {
  canvasPixelRatio: number;
  forms: Partial<Record<StageForm, FormFonts>>;
}

/** The fonts a first frame on this form draws, canvas ones only at the ratio they were taken. */
export function firstFonts(
  form: StageForm,
  pixelRatio: number,
  known: FirstFontLists = lists,
): string[] {
  const fonts = known.forms[form];
  if (fonts === undefined) return [];
  return pixelRatio === known.canvasPixelRatio ? [...fonts.text, ...fonts.canvas] : [...fonts.text];
}
