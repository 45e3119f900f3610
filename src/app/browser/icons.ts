// Icons drawn as inline SVG, so no button depends on the font having a glyph (Debian's fonts have
// no ⏸). Each is a 16-unit square in the text's colour, hidden from screen readers: the button's
// own text or label names the action.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Path data on a 16 x 16 grid. */
const PATHS = {
  play: 'M4 2.5v11l9-5.5z',
  pause: 'M3.5 2.5h3.2v11H3.5zM9.3 2.5h3.2v11H9.3z',
  stepBack: 'M12 2.5v11L5 8zM3 2.5h2v11H3z',
  stepForward: 'M4 2.5v11L11 8zM11 2.5h2v11h-2z',
  opBack: 'M8 2.5v11L1.5 8zM14.5 2.5v11L8 8z',
  opForward: 'M1.5 2.5v11L8 8zM8 2.5v11L14.5 8z',
  jumpStart: 'M2 2.5h2v11H2zM14 2.5v11L5.5 8z',
  jumpEnd: 'M12 2.5h2v11h-2zM2 2.5v11L10.5 8z',
  previous: 'M11 2.5v11L4 8z',
  next: 'M5 2.5v11L12 8z',
  close: 'M3.4 2 8 6.6 12.6 2 14 3.4 9.4 8l4.6 4.6-1.4 1.4L8 9.4 3.4 14 2 12.6 6.6 8 2 3.4z',
  zoomIn:
    'M7 2a5 5 0 1 1 0 10A5 5 0 0 1 7 2zm0 1.6a3.4 3.4 0 1 0 0 6.8 3.4 3.4 0 0 0 0-6.8zM6.2 5h1.6v1.2H9v1.6H7.8V9H6.2V7.8H5V6.2h1.2zM10.6 11.7l1.1-1.1 3 3-1.1 1.1z',
  zoomOut:
    'M7 2a5 5 0 1 1 0 10A5 5 0 0 1 7 2zm0 1.6a3.4 3.4 0 1 0 0 6.8 3.4 3.4 0 0 0 0-6.8zM5 6.2h4v1.6H5zM10.6 11.7l1.1-1.1 3 3-1.1 1.1z',
} as const;

export type IconName = keyof typeof PATHS;

/** An icon element, sized by the text around it (1.1em). */
export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', `icon icon-${name}`);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', PATHS[name]);
  svg.append(path);
  return svg;
}

/** Puts an icon and a text side by side in `target` (the text may be hidden on a phone). */
export function iconLabel(target: HTMLElement, name: IconName, text: string): void {
  const label = document.createElement('span');
  label.className = 'icon-text';
  label.textContent = text;
  target.replaceChildren(icon(name), label);
}
