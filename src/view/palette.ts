// Colours shared by the canvas page grid and its legend, read from CSS custom properties (set in
// views.css per theme) so a theme switch needs no code, only a redraw; the SVG tree uses them in CSS.

export interface Palette {
  /** What the views sit on: halos around marks and text contrast are computed against it. */
  background: string;
  untouched: string;
  /** Most recently used resident page (strongest shade). */
  clean: string;
  /** Least recently used resident page (weakest shade); ranks in between are mixed. */
  cleanOld: string;
  /** The dirty page's corner mark. */
  dirty: string;
  /** Hatching and dashed outline of a paged-out page. */
  out: string;
  outline: string;
  text: string;
  /** Outline of pages linked from the tree (hover). */
  highlight: string;
  hit: string;
  zeroFill: string;
  pageIn: string;
  evict: string;
  writeBack: string;
  accentCompare: string;
  accentSwap: string;
  pageTones: string[];
}

type ColourKey = Exclude<keyof Palette, 'pageTones'>;

// Light-theme values, used only when views.css is not loaded (for example in a bare test page),
// so the canvas never paints with an empty colour.
const FALLBACK: Record<ColourKey, [variable: string, fallback: string]> = {
  background: ['--pg-background', '#ffffff'],
  untouched: ['--pg-untouched', '#f1f2f4'],
  clean: ['--pg-clean', '#0b4f8a'],
  cleanOld: ['--pg-clean-old', '#c3d8ec'],
  dirty: ['--pg-dirty', '#d55e00'],
  out: ['--pg-out', '#7d5a80'],
  outline: ['--pg-outline', '#8f97a3'],
  text: ['--pg-text', '#1b1f24'],
  highlight: ['--pg-highlight', '#000000'],
  hit: ['--pg-hit', '#009e73'],
  zeroFill: ['--pg-zero-fill', '#2a8bd1'],
  pageIn: ['--pg-page-in', '#e69f00'],
  evict: ['--pg-evict', '#cc79a7'],
  writeBack: ['--pg-write-back', '#d55e00'],
  accentCompare: ['--tv-accent-compare', '#e69f00'],
  accentSwap: ['--tv-accent-swap', '#0072b2'],
};
const TONE_FALLBACK = ['#7b8794', '#a08c6a', '#6f9a8d'];

let cached: Palette | null = null;

/** The current theme's colours (cached until the theme changes; see watchPalette). */
export function readPalette(): Palette {
  if (cached !== null) return cached;
  const style = getComputedStyle(document.documentElement);
  const read = (variable: string, fallback: string): string =>
    style.getPropertyValue(variable).trim() || fallback;
  const colours = {} as Record<ColourKey, string>;
  for (const key of Object.keys(FALLBACK) as ColourKey[]) {
    const [variable, fallback] = FALLBACK[key];
    colours[key] = read(variable, fallback);
  }
  const pageTones = TONE_FALLBACK.map((fallback, i) => read(`--tv-page-tone-${i}`, fallback));
  const palette = { ...colours, pageTones };
  // Not cached while the stylesheet is missing: it may still arrive, with the dark theme.
  if (style.getPropertyValue(FALLBACK.clean[0]).trim() !== '') cached = palette;
  return palette;
}

const listeners = new Set<() => void>();
let stopWatching: (() => void) | null = null;

function themeChanged(): void {
  cached = null;
  for (const listener of [...listeners]) listener();
}

/**
 * Calls onChange after the theme may have changed (data-theme, class or style on <html>, or the
 * system colour scheme). One observer serves every view; returns the unsubscribe function.
 */
export function watchPalette(onChange: () => void): () => void {
  listeners.add(onChange);
  if (stopWatching === null) {
    const observer = new MutationObserver(themeChanged);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'class', 'style'],
    });
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    query.addEventListener('change', themeChanged);
    stopWatching = () => {
      observer.disconnect();
      query.removeEventListener('change', themeChanged);
    };
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0 && stopWatching !== null) {
      stopWatching();
      stopWatching = null;
    }
  };
}

export type Rgb = [number, number, number];

let probe: CanvasRenderingContext2D | null = null;

/** Any CSS colour as RGB: the canvas normalises it, so themes may use any colour syntax. */
export function toRgb(colour: string): Rgb {
  probe ??= document.createElement('canvas').getContext('2d');
  if (probe === null) return [128, 128, 128];
  probe.fillStyle = '#808080';
  probe.fillStyle = colour;
  const normal = String(probe.fillStyle);
  if (normal.startsWith('#')) {
    const n = Number.parseInt(normal.slice(1, 7), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const parts = normal.match(/[\d.]+/g)?.map(Number) ?? [128, 128, 128];
  return [parts[0] ?? 128, parts[1] ?? 128, parts[2] ?? 128];
}

/** Colour a fraction t of the way from a to b. */
export function mix(a: Rgb, b: Rgb, t: number): string {
  const c = (i: number): number => Math.round(a[i] + (b[i] - a[i]) * t);
  return `rgb(${c(0)}, ${c(1)}, ${c(2)})`;
}

/** WCAG relative luminance, to pick readable text on a fill. */
export function luminance([r, g, b]: Rgb): number {
  const channel = (v: number): number => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Black or white text, whichever contrasts more with the fill. */
export function textOn(fill: Rgb): string {
  // Contrast with white equals contrast with black at luminance ~0.179.
  return luminance(fill) > 0.179 ? '#111111' : '#ffffff';
}
