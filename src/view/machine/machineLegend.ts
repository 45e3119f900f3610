// The machine chart's HTML legend: each layout's colour and marker, then what the solid line, the
// band and the dashed line are.

import { MACHINE_LAYOUT_INFO, type MachineLayout } from '../../core/measure/machineLayouts';
import { SVG_NS } from '../charts/parts';
import type { MachineChartData } from './machineData';
import { markPath, markTransform } from './marks';

type Sample = 'measured' | 'band' | 'model';

function swatch(layout: MachineLayout | null, sample: Sample): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', `mc-swatch mc-k-${layout ?? 'none'} mc-swatch-${sample}`);
  svg.setAttribute('width', '36');
  svg.setAttribute('height', '16');
  svg.setAttribute('viewBox', '0 0 36 16');
  svg.setAttribute('aria-hidden', 'true');
  if (sample === 'band') {
    const rect = document.createElementNS(SVG_NS, 'rect');
    rect.setAttribute('class', 'mc-band');
    rect.setAttribute('x', '2');
    rect.setAttribute('y', '3');
    rect.setAttribute('width', '32');
    rect.setAttribute('height', '10');
    svg.append(rect);
    return svg;
  }
  const stroke = document.createElementNS(SVG_NS, 'line');
  stroke.setAttribute('class', sample === 'model' ? 'mc-model' : 'mc-line');
  stroke.setAttribute('x1', '2');
  stroke.setAttribute('x2', '34');
  stroke.setAttribute('y1', '8');
  stroke.setAttribute('y2', '8');
  svg.append(stroke);
  if (layout !== null) {
    const mark = document.createElementNS(SVG_NS, 'path');
    mark.setAttribute('class', 'mc-mark');
    mark.setAttribute('d', markPath(layout));
    mark.setAttribute('transform', markTransform(layout, 18, 8));
    svg.append(mark);
  }
  return svg;
}

export class MachineLegend {
  readonly element: HTMLUListElement;
  private key = '';

  constructor(testId: string) {
    this.element = document.createElement('ul');
    this.element.className = 'mc-legend';
    this.element.dataset.testid = testId;
    this.element.setAttribute('aria-label', 'Legend');
  }

  draw(data: MachineChartData | null): void {
    const layouts = data === null ? [] : data.series.map((s) => s.layout);
    const model =
      data?.showModel === true && data.series.some((s) => s.points.some((p) => p.modelNs !== null));
    const key = `${layouts.join(',')}|${model}`;
    if (key === this.key) return;
    this.key = key;
    const items: HTMLLIElement[] = layouts.map((layout) => {
      const item = document.createElement('li');
      item.dataset.layout = layout;
      item.append(swatch(layout, 'measured'));
      const name = document.createElement('span');
      name.textContent = MACHINE_LAYOUT_INFO[layout].title;
      item.append(name);
      return item;
    });
    if (layouts.length > 0) {
      const keys: [Sample, string][] = [
        ['measured', 'solid: median measured here'],
        ['band', 'band: fastest to slowest repetition'],
        ['model', model ? 'dashed: the cache model' : 'dashed: the cache model (none yet)'],
      ];
      for (const [sample, text] of keys) {
        const item = document.createElement('li');
        item.className = 'mc-legend-key';
        item.dataset.sample = sample;
        if (sample === 'model' && !model) item.classList.add('mc-legend-off');
        item.append(swatch(null, sample));
        const span = document.createElement('span');
        span.textContent = text;
        item.append(span);
        items.push(item);
      }
    }
    this.element.replaceChildren(...items);
  }
}
