// Straight lines across the plot box, as Observable Plot's rule marks, one or one per tick.
//
// One at a value: the crosshair, the scenario marker, the ratio's 1. One per tick: grid lines.

import { select } from 'd3-selection';
import type { Part, PlotBox } from './parts';

/** A vertical line from the top of the plot to its bottom, at x. */
export function ruleX(line: Part<SVGLineElement>, x: number, box: PlotBox): void {
  line
    .attr('x1', x)
    .attr('x2', x)
    .attr('y1', box.top)
    .attr('y2', box.top + box.plotH);
}

/** A horizontal line across the plot, at y. */
export function ruleY(line: Part<SVGLineElement>, y: number, box: PlotBox): void {
  line
    .attr('x1', box.left)
    .attr('x2', box.left + box.plotW)
    .attr('y1', y)
    .attr('y2', y);
}

/**
 * One line per value in the group, kept in step with the values (d3's join), each placed by
 * `place`: grid lines at the ticks, `(line, t) => ruleY(line, y(t), box)`.
 */
export function rules(
  group: Part<SVGGElement>,
  values: readonly number[],
  place: (line: Part<SVGLineElement>, value: number) => void,
): void {
  group
    .selectAll<SVGLineElement, number>('line')
    .data(values)
    .join('line')
    .each(function (value) {
      place(select(this), value);
    });
}
