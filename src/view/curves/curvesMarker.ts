// The scenario marker: a line and label at the animation's resident page count on the curves.

import type { Part } from '../charts/parts';
import { ruleX } from '../charts/rules';
import type { CurvesGeometry } from './curvesScales';
import { type Prepared, pressureOf } from './prepare';

/** Closer than this to the plot's right edge, the label goes to the line's left. */
const LABEL_ROOM = 110;

export type DrawMarker = (p: Prepared | null, g: CurvesGeometry | null, f: number | null) => void;

/** Appends the marker (hidden) and returns its draw: at f frames, hidden for null or out of range. */
export function curvesMarker(svg: Part<SVGSVGElement>): DrawMarker {
  const group = svg.append('g').attr('class', 'cc-marker').style('display', 'none');
  const line = group.append('line').attr('class', 'cc-marker-line');
  const label = group.append('text').attr('class', 'cc-marker-label');
  return (p, g, f) => {
    if (p === null || g === null || f === null || f < p.from || f > p.to) {
      group.style('display', 'none');
      return;
    }
    const mx = g.x(pressureOf(p, f));
    const nearRight = mx > g.left + g.plotW - LABEL_ROOM;
    group.style('display', null);
    ruleX(line, mx, g);
    label
      .attr('x', nearRight ? mx - 6 : mx + 6)
      .attr('y', g.top + 16)
      .attr('text-anchor', nearRight ? 'end' : 'start')
      .text(`scenario: ${Number.isInteger(f) ? f : f.toFixed(1)} resident`);
  };
}
