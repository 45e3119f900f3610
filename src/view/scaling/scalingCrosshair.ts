// The scaling chart's crosshair: a line at the readout's N and a ring on each series there.

import type { ScalingSeries } from '../../core/experiments/scalingSeries';
import { crosshair } from '../charts/crosshair';
import type { Part } from '../charts/parts';
import { type ScalingChartData, valueAt, visibleSeries } from './scalingData';
import type { ScalingGeometry } from './scalingScales';

interface Ring {
  s: ScalingSeries;
  value: number;
}

/** Draws the crosshair at N = n, or hides it for null. */
export type DrawScalingCross = (
  data: ScalingChartData | null,
  g: ScalingGeometry | null,
  n: number | null,
) => void;

/** Appends the crosshair (hidden) and returns its draw. */
export function scalingCrosshair(svg: Part<SVGSVGElement>): DrawScalingCross {
  const cross = crosshair(svg, 'sc', 'sc-cross');
  const rings = cross.group.append('g');
  return (data, g, n) => {
    if (data === null || g === null || n === null) {
      cross.hide();
      return;
    }
    const cx = g.x(n);
    cross.at(cx, g);
    // A ring on every drawn series that has a value at n.
    const at = visibleSeries(data)
      .map((s) => ({ s, value: valueAt(s, n) }))
      .filter((d): d is Ring => d.value !== null);
    rings
      .selectAll<SVGCircleElement, Ring>('circle')
      .data(at)
      .join('circle')
      .attr('class', (d) => `sc-dot sc-k-${d.s.kind} sc-${d.s.source}`)
      .attr('r', 7)
      .attr('cx', cx)
      .attr('cy', (d) => g.y(d.value));
  };
}
