// A d3 axis on the ticks a chart chose, labelled in its own number format.
//
// No outer ticks: the plot's frame draws the ends.

import type { Axis } from 'd3-axis';
import type { NumberValue } from 'd3-scale';

export function numberAxis(
  axis: Axis<NumberValue>,
  ticks: readonly number[],
  label: (value: number) => string,
): Axis<NumberValue> {
  return axis
    .tickValues(ticks)
    .tickFormat((v) => label(v.valueOf()))
    .tickSizeOuter(0);
}
