// The scaling chart's series: per structure and source, a line with a marker at each point.
//
// Measured series are dashed, with hollow markers.

import { line } from 'd3-shape';
import type { ScalingSeries, SeriesPoint } from '../../core/experiments/scalingSeries';
import type { StructureKind } from '../../core/structures/registry';
import type { Part } from '../charts/parts';
import { markPath, markTransform } from './marks';
import type { ScalingGeometry } from './scalingScales';

export class ScalingLines {
  /** Faded while points are computed (sc-busy). */
  readonly group: Part<SVGGElement>;

  constructor(svg: Part<SVGSVGElement>) {
    this.group = svg.append('g').attr('class', 'sc-lines');
  }

  draw(series: ScalingSeries[], g: ScalingGeometry): void {
    const { x, y } = g;
    const path = line<SeriesPoint>()
      .digits(1)
      .x((p) => x(p.items))
      .y((p) => y(p.seconds));
    const groups = this.group
      .selectAll<SVGGElement, ScalingSeries>('g.sc-series')
      .data(series, (s) => `${s.kind}-${s.source}`)
      .join((enter) => {
        const g = enter.append('g');
        g.append('path').attr('class', 'sc-line');
        return g;
      })
      .attr('class', (s) => `sc-series sc-k-${s.kind} sc-${s.source}`);
    groups
      .select<SVGPathElement>('path.sc-line')
      .attr('data-kind', (s) => s.kind)
      .attr('data-source', (s) => s.source)
      // The plotted numbers, for tests and for anyone reading the DOM: "N:seconds;…".
      .attr('data-points', (s) => s.points.map((p) => `${p.items}:${p.seconds}`).join(';'))
      .attr('d', (s) => path(s.points) ?? '');
    groups
      .selectAll<SVGPathElement, SeriesPoint & { kind: StructureKind }>('path.sc-mark')
      .data((s) => s.points.map((p) => ({ kind: s.kind, ...p })))
      .join('path')
      .attr('class', 'sc-mark')
      .attr('d', (p) => markPath(p.kind))
      .attr('transform', (p) => markTransform(p.kind, x(p.items), y(p.seconds)));
  }
}
