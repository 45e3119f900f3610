// A chart as a standalone SVG file, with the page's computed styles written onto a copy.
//
// A file has no stylesheet and no theme variables, so each colour and font is written out as the
// page shows it now; the parts that follow the pointer and the page-only attributes are left out.

import { SVG_NS } from './parts';

interface SvgFileOptions {
  /** What the file shows (its <title> and aria-label); the page's label speaks of keys. */
  label: string;
  width: number;
  height: number;
  /** Elements with this class (crosshair, pointer target) follow the pointer: not in the file. */
  leaveOut: string;
}

/** Initial values, left out of exports to keep files small. */
const INITIAL: Record<string, string> = {
  'fill-opacity': '1',
  'stroke-opacity': '1',
  opacity: '1',
  stroke: 'none',
  'stroke-width': '1px',
  'stroke-dasharray': 'none',
  'stroke-linecap': 'butt',
  'stroke-linejoin': 'miter',
  'paint-order': 'normal',
  'dominant-baseline': 'auto',
  'text-anchor': 'start',
  'font-weight': '400',
};
const PRESENTATION_ATTRIBUTES = ['fill', 'stroke', 'font-size', 'font-family', 'text-anchor'];
const SHAPE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'opacity',
];
const TEXT_PROPS = [
  ...SHAPE_PROPS,
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
];
/** Attributes for the page's keyboard and tests, meaningless in a file. */
const PAGE_ONLY = ['tabindex', 'role', 'aria-roledescription', 'aria-describedby', 'data-testid'];

/** The root's font, written once on the file's <svg> and not again on each text. */
export interface RootFont {
  'font-family': string;
  'font-size': string;
}

/**
 * The style declarations an element keeps in a file: the properties that matter for its tag, as
 * computed, less initial values and the font it inherits from the root anyway.
 */
export function inlineDeclarations(
  tag: string,
  computed: (property: string) => string,
  root: RootFont,
): string[] {
  const isText = tag === 'text' || tag === 'tspan';
  const props = isText ? TEXT_PROPS : tag === 'g' ? ['opacity'] : SHAPE_PROPS;
  const declarations: string[] = [];
  for (const prop of props) {
    const value = computed(prop);
    if (value === '' || INITIAL[prop] === value) continue;
    if ((prop === 'font-family' || prop === 'font-size') && value === root[prop]) continue;
    declarations.push(`${prop}:${value}`);
  }
  return declarations;
}

/** Copies the computed styles of source's elements onto clone's, in document order. */
function inlineStyles(source: SVGSVGElement, clone: SVGSVGElement, leaveOut: string): void {
  const from = [source, ...Array.from(source.querySelectorAll('*'))];
  const to = [clone, ...Array.from(clone.querySelectorAll('*'))];
  const rootStyle = getComputedStyle(source);
  const root: RootFont = {
    'font-family': rootStyle.fontFamily,
    'font-size': rootStyle.fontSize,
  };
  clone.setAttribute('style', `font-family:${root['font-family']};font-size:${root['font-size']}`);
  for (let i = 1; i < from.length; i++) {
    const element = to[i];
    const style = getComputedStyle(from[i]);
    if (style.display === 'none' || from[i].classList.contains(leaveOut)) {
      element.remove();
      continue;
    }
    const declarations = inlineDeclarations(
      element.tagName,
      (prop) => style.getPropertyValue(prop),
      root,
    );
    // d3-axis sets presentation attributes (font-size="10", fill="currentColor"...) on its groups;
    // they would be inherited by the inlined text, so only the inlined styles remain.
    for (const name of PRESENTATION_ATTRIBUTES) element.removeAttribute(name);
    if (declarations.length > 0) element.setAttribute('style', declarations.join(';'));
    else element.removeAttribute('style');
    element.removeAttribute('class');
  }
}

/** The chart as an SVG file's text, as the page shows it now. */
export function svgFile(source: SVGSVGElement, options: SvgFileOptions): string {
  const clone = source.cloneNode(true) as SVGSVGElement;
  inlineStyles(source, clone, options.leaveOut);
  for (const name of PAGE_ONLY) clone.removeAttribute(name);
  clone.removeAttribute('class');
  clone.setAttribute('role', 'img');
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('aria-label', options.label);
  const title = document.createElementNS(SVG_NS, 'title');
  title.textContent = options.label;
  clone.prepend(title);
  clone.setAttribute('width', String(options.width));
  clone.setAttribute('height', String(options.height));
  const out = new XMLSerializer().serializeToString(clone);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${out}`;
}
