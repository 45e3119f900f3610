// The marks a series chart draws for each series, from a table: Observable Plot's idea that a
// chart is a specification over a few shared marks (a band, a line, markers at the points).
//
// Each series is a group holding one path per band or line of the table, in its order (each
// painted over the ones before), then a marker at each point.

import { area, line } from 'd3-shape';
import type { LogLogGeometry } from './logLogAxes';
import { type MarkedSeries, markPath, markTransform } from './markers';
import type { Part } from './parts';

/** A point of a series: at N = items, whatever values its marks read. */
export interface SeriesPoint {
  items: number;
}

/** What a chart's series are to the shared parts. */
export interface SeriesAccess<S, P extends SeriesPoint> {
  /** Ascending N. */
  points: (series: S) => readonly P[];
  /** Tells series apart across draws (d3's join key). */
  key: (series: S) => string;
  /** Its colour class (series-k-…) and the like, on its group, crosshair ring and legend swatch. */
  classes: (series: S) => string;
  /** Its marker's shape. */
  marker: (series: S) => MarkedSeries;
  /** The value its markers, crosshair ring and snapping stand on. */
  y: (point: P) => number;
}

/** The N with a point in some series, ascending: where the crosshair may stop. */
export function seriesSizes<S, P extends SeriesPoint>(
  series: readonly S[],
  points: (series: S) => readonly P[],
): number[] {
  const found = new Set<number>();
  for (const s of series) for (const point of points(s)) found.add(point.items);
  return [...found].sort((a, b) => a - b);
}

/** One row of the table of marks. `className` also selects the mark's path on later draws. */
export type SeriesMark<D, S, P> =
  /** The area between two values at each point (the machine's fastest-to-slowest band). */
  | { type: 'band'; className: string; low: (point: P) => number; high: (point: P) => number }
  /** A line through one value of each point; a point without the value (null) is a gap. */
  | {
      type: 'line';
      className: string;
      value: (point: P) => number | null;
      /** The plotted numbers and names on the path, for tests and for anyone reading the DOM. */
      attrs: (series: S) => Record<string, string>;
      /** Whether the data asks for it; without this, always drawn. */
      shown?: (data: D) => boolean;
    }
  /** The series' marker at each point, on its y. */
  | { type: 'markers'; className: string };

/** The selector of a mark's path: every class it carries. */
function selector(className: string): string {
  return `path.${className.split(' ').join('.')}`;
}

export class SeriesMarks<D, S, P extends SeriesPoint> {
  /** Faded while points arrive (the chart's `-busy`). */
  readonly group: Part<SVGGElement>;
  private readonly paths: Exclude<SeriesMark<D, S, P>, { type: 'markers' }>[];
  private readonly markers: Extract<SeriesMark<D, S, P>, { type: 'markers' }> | undefined;

  /** `prefix` names the chart's groups: `${prefix}-lines`, `${prefix}-series`. */
  constructor(
    svg: Part<SVGSVGElement>,
    private readonly prefix: string,
    private readonly access: SeriesAccess<S, P>,
    marks: readonly SeriesMark<D, S, P>[],
  ) {
    this.group = svg.append('g').attr('class', `${prefix}-lines`);
    this.paths = marks.filter((mark) => mark.type !== 'markers');
    this.markers = marks.find((mark) => mark.type === 'markers');
  }

  draw(data: D | null, series: readonly S[], g: LogLogGeometry): void {
    const { x, y } = g;
    const { access, prefix } = this;
    const groups = this.group
      .selectAll<SVGGElement, S>(`g.${prefix}-series`)
      .data(series, access.key)
      .join((enter) => {
        const s = enter.append('g');
        for (const mark of this.paths) s.append('path').attr('class', mark.className);
        return s;
      })
      .attr('class', (s) => `${prefix}-series ${access.classes(s)}`);
    for (const mark of this.paths) {
      const paths = groups.select<SVGPathElement>(selector(mark.className));
      if (mark.type === 'band') {
        const band = area<P>()
          .digits(1)
          .x((p) => x(p.items))
          .y0((p) => y(mark.low(p)))
          .y1((p) => y(mark.high(p)));
        paths.attr('d', (s) => {
          const points = access.points(s);
          return points.length > 1 ? (band([...points]) ?? '') : '';
        });
        continue;
      }
      const path = line<P>()
        .digits(1)
        .defined((p) => {
          const value = mark.value(p);
          return value !== null && value > 0;
        })
        .x((p) => x(p.items))
        .y((p) => y(mark.value(p) ?? 1));
      paths.each(function (s) {
        for (const [name, value] of Object.entries(mark.attrs(s))) this.setAttribute(name, value);
      });
      if (mark.shown !== undefined) {
        const visible = data !== null && mark.shown(data);
        paths.style('display', () => (visible ? null : 'none'));
      }
      paths.attr('d', (s) => path([...access.points(s)]) ?? '');
    }
    const markers = this.markers;
    if (markers === undefined) return;
    groups
      .selectAll<SVGPathElement, { series: MarkedSeries; point: P }>(selector(markers.className))
      .data((s) => access.points(s).map((point) => ({ series: access.marker(s), point })))
      .join('path')
      .attr('class', markers.className)
      .attr('d', (d) => markPath(d.series))
      .attr('transform', (d) => markTransform(d.series, x(d.point.items), y(access.y(d.point))));
  }
}
