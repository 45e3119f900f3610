// A series chart's HTML legend: each series' colour and marker, then what each kind of mark
// stands for (solid, dashed, band), each row with a sample drawn as the chart draws it.

import type { MarkedSeries } from './markers';
import { markPath, markTransform } from './markers';
import { SVG_NS } from './parts';

/** A legend sample: a short line (or a band) in its classes' colour and dash, and a marker. */
interface Swatch {
  /** Classes of the sample's <svg>: the colour (series-k-…) and the mark's kind. */
  classes: string;
  /** A stroke with this class, or a band with this class. */
  stroke?: string;
  band?: string;
  /** The marker on the stroke, with its class. */
  marker?: { series: MarkedSeries; className: string };
}

export interface LegendRow {
  /** The row's own class, if any ("sc-legend-source"). */
  className?: string;
  /** data-* attributes naming what the row stands for (data-kind, data-source…). */
  data: Record<string, string>;
  swatch: Swatch;
  text: string;
  /** Stands for something not drawn now: greyed. */
  off?: boolean;
}

/** An SVG element with these attributes. */
function svgElement<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function swatchOf(sample: Swatch): SVGSVGElement {
  const svg = svgElement('svg', {
    class: `series-swatch ${sample.classes}`,
    width: '36',
    height: '16',
    viewBox: '0 0 36 16',
    'aria-hidden': 'true',
  });
  if (sample.band !== undefined) {
    svg.append(
      svgElement('rect', { class: sample.band, x: '2', y: '3', width: '32', height: '10' }),
    );
  }
  if (sample.stroke !== undefined) {
    svg.append(svgElement('line', { class: sample.stroke, x1: '2', x2: '34', y1: '8', y2: '8' }));
  }
  if (sample.marker !== undefined) {
    const { series, className } = sample.marker;
    svg.append(
      svgElement('path', {
        class: className,
        d: markPath(series),
        transform: markTransform(series, 18, 8),
      }),
    );
  }
  return svg;
}

export class SeriesLegend {
  readonly element: HTMLUListElement;
  /** The rows drawn last time: rebuilt when they change, not on every point. */
  private key = '';

  constructor(testId: string, prefix: string) {
    this.element = document.createElement('ul');
    this.element.className = `series-legend ${prefix}-legend`;
    this.element.dataset.testid = testId;
    this.element.setAttribute('aria-label', 'Legend');
  }

  draw(rows: readonly LegendRow[]): void {
    const key = JSON.stringify(rows);
    if (key === this.key) return;
    this.key = key;
    const items = rows.map((row) => {
      const item = document.createElement('li');
      if (row.className !== undefined) item.className = row.className;
      for (const [name, value] of Object.entries(row.data)) item.dataset[name] = value;
      if (row.off === true) item.classList.add('series-legend-off');
      const text = document.createElement('span');
      text.textContent = row.text;
      item.append(swatchOf(row.swatch), text);
      return item;
    });
    this.element.replaceChildren(...items);
  }
}
