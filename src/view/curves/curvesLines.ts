// The three curves (left, right, their ratio) and the ratio's line at 1.
//
// Where the ratio crosses 1, the right-hand structure starts to win.

import { line } from 'd3-shape';
import type { Part } from '../charts/parts';
import { ruleY } from '../charts/rules';
import { SERIES_CLASSES } from './curvesLegend';
import type { CurvesGeometry } from './curvesScales';
import { floorAt, type Prepared, pressureOf } from './prepare';
import { type Sampled, sample } from './sample';

export class CurvesLines {
  /** Faded while a new sweep runs (cc-busy). */
  readonly group: Part<SVGGElement>;
  private readonly unity: Part<SVGLineElement>;
  private readonly paths: Part<SVGPathElement>[];
  /** Each side's OPT floor, dashed. */
  private readonly floors: Part<SVGPathElement>[];
  private sampled: { p: Prepared; columns: number; curves: [Sampled, Sampled, Sampled] } | null =
    null;

  constructor(svg: Part<SVGSVGElement>) {
    this.group = svg.append('g').attr('class', 'cc-curves');
    this.unity = this.group.append('line').attr('class', 'cc-unity');
    this.paths = SERIES_CLASSES.map((cls) =>
      this.group.append('path').attr('class', `series-line cc-line ${cls}`),
    );
    this.floors = [SERIES_CLASSES[0], SERIES_CLASSES[1]].map((cls) =>
      this.group.append('path').attr('class', `series-line cc-line ${cls} cc-opt`),
    );
  }

  /** Drops the points of the data no longer shown. */
  forget(): void {
    this.sampled = null;
  }

  draw(p: Prepared, g: CurvesGeometry): void {
    const { x, y, r } = g;
    ruleY(this.unity, r(1), g);
    // Reused while only the height or the theme changes: reducing millions of frames is the cost.
    const columns = Math.max(1, Math.round(g.plotW));
    if (this.sampled === null || this.sampled.p !== p || this.sampled.columns !== columns) {
      this.sampled = { p, columns, curves: sample(p, columns) };
    }
    const yOf = (v: number): number => y(Math.max(v, p.floor));
    this.sampled.curves.forEach((s, k) => {
      // Only the frame counts the policy has: the line joins them (FIFO and CLOCK on a large
      // run have 64), and a value is never made up between them.
      const index = Array.from({ length: s.length }, (_, i) => i).filter((i) =>
        Number.isFinite(s.values[i]),
      );
      const path = line<number>()
        .digits(1)
        .x((i) => x(pressureOf(p, s.frames[i])))
        .y((i) => (k === 2 ? r(s.values[i]) : yOf(s.values[i])));
      this.paths[k].attr('d', path(index) ?? '');
    });
    this.floors.forEach((floorPath, side) => {
      const floor = p.data.floor?.[side] ?? null;
      if (floor === null) {
        floorPath.attr('d', null);
        return;
      }
      const frames = Array.from({ length: p.to - p.from + 1 }, (_, i) => p.from + i);
      const path = line<number>()
        .digits(1)
        .x((f) => x(pressureOf(p, f)))
        .y((f) => yOf(floorAt(p, side as 0 | 1, f)));
      floorPath.attr('d', path(frames) ?? '');
    });
  }
}
