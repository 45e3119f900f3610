// Colours shared by the canvas page grid and its legend, read from the CSS tokens (tokens.css,
// light and dark) so a theme switch needs no code, only a redraw; the SVG tree uses them in CSS.

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
  /** Tree levels 0, 1, 2 … (cycling) on the memory strip. */
  levels: string[];
}

type ColourKey = Exclude<keyof Palette, 'pageTones' | 'levels'>;

// Light-theme values, used only when tokens.css is not loaded (for example in a bare test page),
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
/** Okabe-Ito-like hues for tree levels, told apart by most colour-blind readers. */
const LEVEL_FALLBACK = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#f0e442',
  '#999999',
];

let cached: Palette | null = null;

/** The current theme's colours (cached until the theme changes; see watchPalette). */
export function readPalette(): Palette {
  if (cached !== null) return cached;
  const root = document.documentElement;
  const style = getComputedStyle(root);
  // A token may be light-dark(…, …) or var(…), which a canvas cannot read: an element given the
  // token as its colour reports the colour it stands for now, in the current theme.
  const probe = document.createElement('span');
  probe.style.display = 'none';
  root.append(probe);
  const probed = getComputedStyle(probe);
  const read = (variable: string, fallback: string): string => {
    if (style.getPropertyValue(variable).trim() === '') return fallback;
    probe.style.color = `var(${variable})`;
    return probed.color || fallback;
  };
  const colours = {} as Record<ColourKey, string>;
  for (const key of Object.keys(FALLBACK) as ColourKey[]) {
    const [variable, fallback] = FALLBACK[key];
    colours[key] = read(variable, fallback);
  }
  const pageTones = TONE_FALLBACK.map((fallback, i) => read(`--tv-page-tone-${i}`, fallback));
  const levels = LEVEL_FALLBACK.map((fallback, i) => read(`--level-${i}`, fallback));
  probe.remove();
  const palette = { ...colours, pageTones, levels };
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
 * Calls onChange after the theme may have changed (data-theme or style on <html>, or the system
 * colour scheme). One observer serves every view; returns the unsubscribe function. Not the
 * class: tokens.css sets the colours by data-theme and the system's scheme only, and the page's
 * own classes on <html> (presenting, no-strip) change with the layout; read as a theme change,
 * each presenter toggle re-read every token and redrew every view twice.
 */
export function watchPalette(onChange: () => void): () => void {
  listeners.add(onChange);
  if (stopWatching === null) {
    const observer = new MutationObserver(themeChanged);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'style'],
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
function luminance([r, g, b]: Rgb): number {
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
