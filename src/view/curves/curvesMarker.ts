// The scenario marker: a line and label where the animation's memory pressure falls on the
// curves. The animated heap is far smaller than the curves' run, so the line stands at the same
// share of pages resident, and the label says so in those words.

import type { Part } from '../charts/parts';
import { ruleX } from '../charts/rules';
import type { CurvesGeometry } from './curvesScales';
import { type Prepared, pressureOf } from './prepare';

/** Closer than this to the plot's right edge, the label goes to the line's left. */
const LABEL_ROOM = 190;

export type DrawMarker = (p: Prepared | null, g: CurvesGeometry | null, f: number | null) => void;

/** "animation: 57% of its pages resident": the share f of the run's pages stands for. */
export function markerLabel(p: Prepared, f: number): string {
  const percent = (100 * f) / p.pages;
  const shown = percent >= 10 || percent === 0 ? Math.round(percent) : Number(percent.toFixed(1));
  return `animation: ${shown}% of its pages resident`;
}

/** Appends the marker (hidden) and returns its draw: at f frames, hidden for null or out of range. */
export function curvesMarker(svg: Part<SVGSVGElement>): DrawMarker {
  const group = svg.append('g').attr('class', 'cc-marker').style('display', 'none');
  const line = group.append('line').attr('class', 'cc-marker-line');
  const label = group.append('text').attr('class', 'cc-marker-label');
  const tip = group.append('title');
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
      .text(markerLabel(p, f));
    tip.text(
      'The animated heap’s memory pressure on this run’s scale: the same share of its pages is resident. Click a point to move the animation there.',
    );
  };
}
