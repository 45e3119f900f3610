// The curves chart's crosshair: a line at the readout's frame count and a dot on each curve.
//
// It follows the pointer, so it is left out of exports.

import { shown } from '../charts/chartKit';
import { crosshair } from '../charts/crosshair';
import type { Part } from '../charts/parts';
import { SERIES_CLASSES } from './curvesLegend';
import type { CurvesGeometry } from './curvesScales';
import { type Prepared, pressureOf, ratioOf, valueAt } from './prepare';

/** Draws the crosshair at f resident frames, or hides it for null. */
export type DrawCurvesCross = (
  p: Prepared | null,
  g: CurvesGeometry | null,
  f: number | null,
) => void;

/** Appends the crosshair (hidden; faded by cc-busy) and returns its draw. */
export function curvesCrosshair(svg: Part<SVGSVGElement>, noExport: string): DrawCurvesCross {
  const cross = crosshair(svg, 'cc', `cc-cross ${noExport}`);
  // The ratio's dot is the smaller: its line is the thinner-looking (dotted).
  const [left, right, ratio] = SERIES_CLASSES.map((cls, k) =>
    cross.group
      .append('circle')
      .attr('class', `cc-dot ${cls}`)
      .attr('r', k === 2 ? 4 : 5),
  );
  return (p, g, f) => {
    if (p === null || g === null || f === null) {
      cross.hide();
      return;
    }
    const cx = g.x(pressureOf(p, f));
    const va = valueAt(p, 0, f);
    const vb = valueAt(p, 1, f);
    const r = ratioOf(va, vb);
    const yOf = (v: number): number => g.y(Math.max(v, p.floor));
    cross.at(cx, g);
    left.attr('cx', cx).attr('cy', yOf(va));
    right.attr('cx', cx).attr('cy', yOf(vb));
    shown(ratio, Number.isFinite(r));
    ratio.attr('cx', cx).attr('cy', Number.isFinite(r) ? g.r(r) : 0);
  };
}
