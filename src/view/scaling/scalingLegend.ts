// The scaling chart's HTML legend: each structure's colour and marker, then solid and dashed.

import type { ScalingSource } from '../../core/experiments/scalingSeries';
import { STRUCTURES, type StructureKind } from '../../core/structures/registry';
import { SVG_NS } from '../charts/parts';
import { markPath, markTransform } from './marks';
import type { ScalingChartData } from './scalingData';

/** A legend swatch: a short line in the structure's colour and dash, with its marker. */
function swatch(kind: StructureKind | null, source: ScalingSource): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute(
    'class',
    `sc-swatch${kind === null ? ' sc-k-none' : ` sc-k-${kind}`} sc-${source}`,
  );
  svg.setAttribute('width', '36');
  svg.setAttribute('height', '16');
  svg.setAttribute('viewBox', '0 0 36 16');
  svg.setAttribute('aria-hidden', 'true');
  const stroke = document.createElementNS(SVG_NS, 'line');
  stroke.setAttribute('class', 'sc-line');
  stroke.setAttribute('x1', '2');
  stroke.setAttribute('x2', '34');
  stroke.setAttribute('y1', '8');
  stroke.setAttribute('y2', '8');
  svg.append(stroke);
  if (kind !== null) {
    const mark = document.createElementNS(SVG_NS, 'path');
    mark.setAttribute('class', 'sc-mark');
    mark.setAttribute('d', markPath(kind));
    mark.setAttribute('transform', markTransform(kind, 18, 8));
    svg.append(mark);
  }
  return svg;
}

export class ScalingLegend {
  readonly element: HTMLUListElement;
  /** The structures and sources drawn last time: rebuilt when they change, not on every point. */
  private key = '';

  constructor(testId: string) {
    this.element = document.createElement('ul');
    this.element.className = 'sc-legend';
    this.element.dataset.testid = testId;
    this.element.setAttribute('aria-label', 'Legend');
  }

  draw(data: ScalingChartData | null): void {
    const kinds = data === null ? [] : data.model.map((s) => s.kind);
    const measured = data?.showMeasured === true && data.measured.length > 0;
    const key = `${kinds.join(',')}|${measured}`;
    if (key === this.key) return;
    this.key = key;
    const items: HTMLLIElement[] = kinds.map((kind) => {
      const item = document.createElement('li');
      item.dataset.kind = kind;
      item.append(swatch(kind, 'model'));
      const name = document.createElement('span');
      name.textContent = STRUCTURES[kind].title;
      item.append(name);
      return item;
    });
    if (kinds.length > 0) {
      for (const source of ['model', 'measured'] as const) {
        const item = document.createElement('li');
        item.className = 'sc-legend-source';
        item.dataset.source = source;
        if (source === 'measured' && !measured) item.classList.add('sc-legend-off');
        item.append(swatch(null, source));
        const text = document.createElement('span');
        text.textContent =
          source === 'model'
            ? 'solid: cost model'
            : measured
              ? 'dashed: measured in this browser'
              : 'dashed: measured in this browser (not shown)';
        item.append(text);
        items.push(item);
      }
    }
    this.element.replaceChildren(...items);
  }
}
