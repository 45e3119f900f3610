// A log-log chart of series against N (the scaling chart, the machine chart), drawn from a
// specification: its series, its table of marks, its scales, legend and words. Colour and marker
// shape both name a series (colour-blind safe). A pointer/keyboard crosshair stops at each N
// with data and reads every series out there. This module keeps the state and layers the parts.

import { shown } from './chartKit';
import { ChartShell } from './chartShell';
import { crosshair } from './crosshair';
import { fitText, measurerFor } from './fitText';
import { LogLogAxes, type LogLogGeometry, type LogLogScales, type LogLogWords } from './logLogAxes';
import { MessageOverlay } from './messageOverlay';
import { coverBox, type Part } from './parts';
import type { ReadoutMove } from './readoutInput';
import { type LegendRow, SeriesLegend } from './seriesLegend';
import {
  type SeriesAccess,
  type SeriesMark,
  SeriesMarks,
  type SeriesPoint,
  seriesSizes,
} from './seriesMarks';

/** What one chart is: its data D holds series S of points P. */
export interface SeriesChartSpec<D, S, P extends SeriesPoint> extends SeriesAccess<S, P> {
  /** Class prefix of its parts (sc-, mc-): its own marks and sizes are styled on these. */
  prefix: string;
  /** The size while the plot has none yet (a hidden tab), and the least height. */
  fallback: { width: number; height: number; minHeight: number };
  /** The <svg>'s label before any data. */
  noDataLabel: string;
  /** The series drawn now, in drawing order. */
  series: (data: D) => readonly S[];
  /** The table of marks each series is drawn with, bottom to top. */
  marks: readonly SeriesMark<D, S, P>[];
  /** `charPx`: a tick label character's width in the chart's type (px). */
  scales: (data: D | null, width: number, height: number, charPx: number) => LogLogScales;
  words: (data: D | null) => LogLogWords;
  /** The title's wordings, longest first (the first that fits is drawn), and the caption. */
  titles: (data: D | null) => string[];
  caption: (data: D | null) => string;
  legend: (data: D | null) => LegendRow[];
  /** The readout at N = items, and the chart in sentences (its label). */
  readout: (data: D, items: number) => string;
  /**
   * Where the crosshair rests until the reader moves it, among `sizes` (the N with data,
   * ascending); the largest of them if not given.
   */
  restAt?: (data: D, sizes: readonly number[]) => number;
  describe: (data: D | null) => string;
}

export interface SeriesChartOptions {
  /** data-testid of the <svg>, the HTML legend and the HTML readout. */
  testId: string;
  legendTestId: string;
  readoutTestId: string;
  /** The crosshair moved to N (or null: no data). */
  onReadout?: (items: number | null) => void;
}

const BASELINE = { title: 20, caption: 39 };
/** Without a canvas to measure text with, the width of a 13 px character. */
const CHAR_PX = 7.5;

/** The chart's parts over the shell's background and titles, bottom to top. */
interface Layers<D, S, P extends SeriesPoint> {
  axes: LogLogAxes;
  marks: SeriesMarks<D, S, P>;
  cross: ReturnType<typeof crosshair>;
  rings: Part<SVGGElement>;
  hit: Part<SVGRectElement>;
  message: MessageOverlay;
}

export class SeriesChart<D, S, P extends SeriesPoint> {
  private readonly shell: ChartShell;
  /** In HTML under the plot, not a layer of the SVG. */
  private readonly legend: SeriesLegend;
  private readonly layers: Layers<D, S, P>;
  private data: D | null = null;
  private message: string | null = null;
  /** The N the crosshair is on, or null before the first point. */
  private current: number | null = null;
  /** Until the reader moves it, the crosshair stays where the spec rests it (the largest N). */
  private followLargest = true;
  private geometry: LogLogGeometry | null = null;

  constructor(
    container: HTMLElement,
    private readonly spec: SeriesChartSpec<D, S, P>,
    private readonly options: SeriesChartOptions,
  ) {
    const { prefix } = spec;
    this.legend = new SeriesLegend(options.legendTestId, prefix);
    this.shell = new ChartShell(container, {
      prefix,
      testId: options.testId,
      readoutTestId: options.readoutTestId,
      aria: { role: 'img' },
      label: spec.noDataLabel,
      between: [this.legend.element],
      fallback: spec.fallback,
      redraw: () => this.draw(),
    });
    this.shell.root.classList.add('series-chart');
    const svg = this.shell.svg;
    const snap = (x: number): void => this.snapTo(x);
    // Made in this order, each painted over the ones before.
    const axes = new LogLogAxes(svg, prefix);
    const marks = new SeriesMarks(svg, prefix, spec, spec.marks);
    const cross = crosshair(svg, prefix, `${prefix}-cross`);
    this.layers = {
      axes,
      marks,
      cross,
      rings: cross.group.append('g'),
      hit: this.shell.pointerTarget(`chart-hit ${prefix}-hit`, snap, snap),
      message: new MessageOverlay(svg, prefix, 'top'),
    };
    this.shell.keys((move) => this.onMove(move));
    // The empty chart on the next frame, unless data comes first: a panel built with its data
    // (a tour scene's shipped points) drew three times in its first task, 10-14 ms each.
    this.shell.schedule();
  }

  setData(data: D | null): void {
    // Still empty, with the empty chart's draw waiting for the next frame: that draw will do. A
    // panel being built asks for its empty chart again as it takes its settings (scene 11's
    // scaling tab drew it twice, then its shipped points, in one task).
    const emptyAgain = data === null && this.data === null && this.shell.scheduled;
    this.data = data;
    const sizes = this.sizes();
    const before = this.current;
    if (sizes.length === 0) {
      this.current = null;
      this.followLargest = true;
    } else if (this.followLargest || this.current === null || !sizes.includes(this.current)) {
      this.current =
        data !== null && this.spec.restAt !== undefined
          ? this.spec.restAt(data, sizes)
          : sizes[sizes.length - 1];
    }
    this.legend.draw(this.spec.legend(data));
    if (!emptyAgain) this.draw();
    if (this.current !== before) this.options.onReadout?.(this.current);
  }

  /** The N the crosshair is on. */
  get readoutItems(): number | null {
    return this.current;
  }

  /** A message over the chart ("Computing…"), or null to clear it. */
  setMessage(text: string | null): void {
    this.message = text === null || text === '' ? null : text;
    this.drawMessage();
  }

  destroy(): void {
    this.shell.destroy();
  }

  private sizes(): number[] {
    const { data, spec } = this;
    return data === null ? [] : seriesSizes(spec.series(data), spec.points);
  }

  private draw(): void {
    const { shell, layers, spec, data } = this;
    const size = shell.take();
    const series = data === null ? [] : spec.series(data);
    const hasData = series.length > 0;
    const fonts = {
      title: measurerFor(shell.title.node()!, CHAR_PX),
      caption: measurerFor(shell.caption.node()!, CHAR_PX),
    };
    shell.resize(size);
    // The tick labels' type: a projector's is larger, and the margins grow with it.
    const chartPx = Number.parseFloat(getComputedStyle(shell.svg.node()!).fontSize) || 13;
    const scales = spec.scales(data, size.width, size.height, chartPx * 0.57);
    this.geometry = scales.geometry;
    const room = size.width - 16;
    fitText(
      shell.title.attr('x', 8).attr('y', BASELINE.title),
      fonts.title,
      spec.titles(data),
      room,
    );
    fitText(
      shell.caption.attr('x', 8).attr('y', BASELINE.caption),
      fonts.caption,
      [spec.caption(data)],
      room,
    );
    coverBox(layers.hit, scales.geometry);
    layers.axes.draw(scales, spec.words(data));
    layers.marks.draw(data, series, scales.geometry);
    layers.axes.show(hasData);
    shown(layers.marks.group, hasData);
    shown(layers.hit, hasData);
    shell.svg.attr('aria-label', spec.describe(data));
    this.drawCross();
    this.drawMessage();
  }

  private drawCross(): void {
    const { data, geometry: g, current: n, spec, layers } = this;
    if (data === null || g === null || n === null) {
      layers.cross.hide();
      this.shell.say('');
      return;
    }
    const cx = g.x(n);
    layers.cross.at(cx, g);
    // A ring on every drawn series that has a point at n.
    const at = spec
      .series(data)
      .map((s) => ({ s, point: spec.points(s).find((p) => p.items === n) }))
      .filter((d): d is { s: S; point: P } => d.point !== undefined);
    layers.rings
      .selectAll<SVGCircleElement, (typeof at)[number]>('circle')
      .data(at)
      .join('circle')
      .attr('class', (d) => `series-dot ${spec.classes(d.s)}`)
      .attr('r', 7)
      .attr('cx', cx)
      .attr('cy', (d) => g.y(spec.y(d.point)));
    this.shell.say(spec.readout(data, n));
  }

  private drawMessage(): void {
    const text = this.message;
    this.shell.root.classList.toggle(`${this.spec.prefix}-busy`, text !== null);
    this.layers.message.draw(text, this.shell.size, this.geometry);
  }

  private moveTo(n: number): void {
    this.followLargest = false;
    if (n === this.current) return;
    this.current = n;
    this.drawCross();
    this.options.onReadout?.(n);
  }

  /** Snaps the pointer's x to the nearest N with data (on the log scale, as drawn). */
  private snapTo(x: number): void {
    const g = this.geometry;
    const sizes = this.sizes();
    if (g === null || sizes.length === 0) return;
    let best = sizes[0];
    for (const n of sizes) if (Math.abs(g.x(n) - x) < Math.abs(g.x(best) - x)) best = n;
    this.moveTo(best);
  }

  /** Steps from one N with data to the next; Enter picks nothing here, so the page keeps it. */
  private onMove(move: ReadoutMove): boolean {
    const sizes = this.sizes();
    if (sizes.length === 0 || this.current === null || move === 'pick') return false;
    const index = Math.max(0, sizes.indexOf(this.current));
    if (move === 'previous') this.moveTo(sizes[Math.max(0, index - 1)]);
    else if (move === 'next') this.moveTo(sizes[Math.min(sizes.length - 1, index + 1)]);
    else if (move === 'first') this.moveTo(sizes[0]);
    else this.moveTo(sizes[sizes.length - 1]);
    return true;
  }
}
