// The crosshair both charts share: a hidden group with a dashed line across the plot at x.
//
// Each chart adds its own marks on the curves to the group.

import type { Part, PlotBox } from './parts';
import { ruleX } from './rules';

interface Crosshair {
  /** Where the chart adds its dots. */
  group: Part<SVGGElement>;
  hide: () => void;
  /** Shows the crosshair, its line at x. */
  at: (x: number, box: PlotBox) => void;
}

/** Appends the crosshair (hidden); `className` is its group's, `prefix` names its line's class. */
export function crosshair(svg: Part<SVGSVGElement>, prefix: string, className: string): Crosshair {
  const group = svg.append('g').attr('class', className).style('display', 'none');
  const line = group.append('line').attr('class', `chart-cross-line ${prefix}-cross-line`);
  return {
    group,
    hide: () => {
      group.style('display', 'none');
    },
    at: (x, box) => {
      group.style('display', null);
      ruleX(line, x, box);
    },
  };
}
