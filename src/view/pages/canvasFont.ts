// The font family the page grid's canvas draws with.
//
// A list of named families, as the page's CSS has: a generic alias such as system-ui alone sends
// the canvas to the OS's font lookup on every font change, a large share of a frame's budget
// (docs/performance.md, "Why the code is so").
export const CANVAS_FONT = '"DejaVu Sans", "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/**
 * Sets a 2D context's font only when it differs from the one it has: the setter parses the
 * font and looks its family up every time (several ms a draw without a GPU), while the getter
 * is cheap. The context's own value is compared, not a remembered one, because resizing a
 * canvas resets its state.
 */
export function setCanvasFont(ctx: CanvasRenderingContext2D, font: string): void {
  const known = normalized.get(font);
  if (known !== undefined && ctx.font === known) return;
  ctx.font = font;
  normalized.set(font, ctx.font);
}

/** Each font as the context writes it back (the getter serializes: "700 12px ..."). */
const normalized = new Map<string, string>();
