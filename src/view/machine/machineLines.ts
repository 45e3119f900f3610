// The machine chart's series: per layout a band from the fastest to the slowest repetition, the
// median as a solid line with a marker at each N, and the model as a dashed line.

import { area, line } from 'd3-shape';
import type { MachineLayout } from '../../core/measure/machineLayouts';
import type { Part } from '../charts/parts';
import type { MachineChartData, MachineSeries, MachineSeriesPoint } from './machineData';
import type { MachineGeometry } from './machineScales';
import { markPath, markTransform } from './marks';

export class MachineLines {
  /** Faded while points are measured (mc-busy). */
  readonly group: Part<SVGGElement>;

  constructor(svg: Part<SVGSVGElement>) {
    this.group = svg.append('g').attr('class', 'mc-lines');
  }

  draw(data: MachineChartData | null, g: MachineGeometry): void {
    const { x, y } = g;
    const band = area<MachineSeriesPoint>()
      .digits(1)
      .x((p) => x(p.items))
      .y0((p) => y(p.minNs))
      .y1((p) => y(p.maxNs));
    const median = line<MachineSeriesPoint>()
      .digits(1)
      .x((p) => x(p.items))
      .y((p) => y(p.medianNs));
    const model = line<MachineSeriesPoint>()
      .digits(1)
      .defined((p) => p.modelNs !== null && p.modelNs > 0)
      .x((p) => x(p.items))
      .y((p) => y(p.modelNs ?? 1));
    const showModel = data?.showModel ?? false;
    const groups = this.group
      .selectAll<SVGGElement, MachineSeries>('g.mc-series')
      .data(data?.series ?? [], (s) => s.layout)
      .join((enter) => {
        const s = enter.append('g');
        s.append('path').attr('class', 'mc-band');
        s.append('path').attr('class', 'mc-model');
        s.append('path').attr('class', 'mc-line');
        return s;
      })
      .attr('class', (s) => `mc-series mc-k-${s.layout}`);
    groups
      .select<SVGPathElement>('path.mc-band')
      .attr('d', (s) => (s.points.length > 1 ? (band(s.points) ?? '') : ''));
    groups
      .select<SVGPathElement>('path.mc-model')
      .attr('data-layout', (s) => s.layout)
      .attr('data-points', (s) =>
        s.points
          .filter((p) => p.modelNs !== null)
          .map((p) => `${p.items}:${p.modelNs}`)
          .join(';'),
      )
      .style('display', () => (showModel ? null : 'none'))
      .attr('d', (s) => model(s.points) ?? '');
    groups
      .select<SVGPathElement>('path.mc-line')
      .attr('data-layout', (s) => s.layout)
      // The plotted numbers, for tests and for anyone reading the DOM: "N:median:min:max;…".
      .attr('data-points', (s) =>
        s.points.map((p) => `${p.items}:${p.medianNs}:${p.minNs}:${p.maxNs}`).join(';'),
      )
      .attr('d', (s) => median(s.points) ?? '');
    groups
      .selectAll<SVGPathElement, MachineSeriesPoint & { layout: MachineLayout }>('path.mc-mark')
      .data((s) => s.points.map((p) => ({ layout: s.layout, ...p })))
      .join('path')
      .attr('class', 'mc-mark')
      .attr('d', (p) => markPath(p.layout))
      .attr('transform', (p) => markTransform(p.layout, x(p.items), y(p.medianNs)));
  }
}
