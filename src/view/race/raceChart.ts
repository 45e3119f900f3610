// The race of transfers: each side's page-ins plus write-backs so far, against the operation
// number, with a cursor at the current step, so the gap is seen growing while the animation
// plays. The lines are drawn once per scenario; a step moves only the cursor and its labels.

import { axisBottom, axisLeft } from 'd3-axis';
import { format } from 'd3-format';
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { type PlotSize, PlotSizer } from '../charts/chartKit';
import type { Part } from '../charts/parts';
import { SVG_NS } from '../charts/parts';
import { nearestSample, raceParts, raceReadout, sampledPath } from './raceMath';

interface RaceData {
  /** The two sides' names, left then right. */
  names: [string, string];
  /** The operation counts sampled, ascending from 0 to the last operation. */
  ops: Int32Array;
  /** transfers[side][i]: that side's transfers after ops[i] operations. */
  transfers: [Float64Array, Float64Array];
  /**
   * The run's operations, the x axis's end, when the samples stop short of it (a large run
   * still being recorded: the lines end where the recording has got). Else the last sample's.
   */
  operations?: number;
}

/** Where the cursor stands: an operation (fractional inside one) and the exact values there. */
export interface RaceCursor {
  /** 0..operations: k + the share of operation k's steps already taken. */
  position: number;
  values: [number, number];
}

const MARGIN = { top: 26, right: 16, bottom: 24, left: 64 };
const whole = format(',d');
const short = format('.2~s');
/**
 * An axis's labels: whole numbers while its end is under a million, else 500k, 1.5M, 50M for
 * every label alike (a projector's narrow margin cannot hold 50,000,000).
 */
function axisLabels(end: number): (value: number) => string {
  return end >= 1e6 ? short : whole;
}

export class RaceChart {
  readonly root: HTMLElement;
  private readonly svg: Part<SVGSVGElement>;
  private readonly plot: HTMLElement;
  private readonly legend: HTMLElement;
  /** The legend's words: each side's name and count (after its line's swatch), and the ratio. */
  private readonly legendWords: [HTMLElement, HTMLElement, HTMLElement];
  private readonly readout: HTMLElement;
  private readonly sizer: PlotSizer;
  private readonly lines: Part<SVGPathElement>[];
  private readonly dots: Part<SVGCircleElement>[];
  private readonly cursorLine: Part<SVGLineElement>;
  private readonly xAxis: Part<SVGGElement>;
  private readonly yAxis: Part<SVGGElement>;
  private readonly xTitle: Part<SVGTextElement>;
  private readonly yTitle: Part<SVGTextElement>;
  private data: RaceData | null = null;
  private cursor: RaceCursor | null = null;
  private x = scaleLinear();
  private y = scaleLinear();
  /** The x title's width, and the size and type it was measured at. */
  private titleWidth = 0;
  private titleMeasuredAt = '';
  /** What each axis was last drawn for: a recording's growing lines leave the x axis as it is. */
  private xAxisDrawn = '';
  private yAxisDrawn = '';

  constructor(container: HTMLElement) {
    this.root = document.createElement('section');
    this.root.className = 'race';
    this.root.setAttribute('aria-label', 'Race of transfers');
    this.legend = document.createElement('p');
    this.legend.className = 'race-legend';
    this.legend.dataset.testid = 'race-legend';
    // Each side's words follow a swatch of its line (solid, dashed): a key that does not rest
    // on colour alone. Its text reads as raceReadout's.
    const words = (): HTMLElement => document.createElement('span');
    this.legendWords = [words(), words(), words()];
    const swatch = (side: 'left' | 'right'): HTMLElement => {
      const mark = document.createElement('span');
      mark.className = `race-swatch race-swatch-${side}`;
      mark.setAttribute('aria-hidden', 'true');
      return mark;
    };
    this.legend.append(
      'Transfers so far: ',
      swatch('left'),
      this.legendWords[0],
      ' · ',
      swatch('right'),
      this.legendWords[1],
      ' · ',
      this.legendWords[2],
    );
    this.plot = document.createElement('div');
    this.plot.className = 'race-plot';
    this.readout = document.createElement('p');
    this.readout.className = 'race-readout';
    this.readout.dataset.testid = 'race-readout';
    this.root.append(this.legend, this.plot, this.readout);
    container.append(this.root);

    this.svg = select(this.plot)
      .append('svg')
      .attr('xmlns', SVG_NS)
      .attr('class', 'race-svg')
      .attr('data-testid', 'race-chart')
      .attr('role', 'img');
    this.xAxis = this.svg.append('g').attr('class', 'race-axis race-axis-x');
    this.yAxis = this.svg.append('g').attr('class', 'race-axis race-axis-y');
    this.lines = [0, 1].map((side) =>
      this.svg.append('path').attr('class', `race-line race-line-${side === 0 ? 'left' : 'right'}`),
    );
    this.cursorLine = this.svg.append('line').attr('class', 'race-cursor');
    this.dots = [0, 1].map((side) =>
      this.svg
        .append('circle')
        .attr('r', 5)
        .attr('class', `race-dot race-dot-${side === 0 ? 'left' : 'right'}`),
    );
    const hit = this.svg.append('rect').attr('class', 'race-hit');
    hit.on('pointermove', (event: PointerEvent) => this.hover(event));
    hit.on('pointerleave', () => this.sayReadout(null));
    // Axis titles: beside the y axis, and left of the x axis's first tick (its numbers follow).
    this.yTitle = this.svg
      .append('text')
      .attr('class', 'race-axis-label')
      .attr('text-anchor', 'middle')
      .text('transfers');
    this.xTitle = this.svg
      .append('text')
      .attr('class', 'race-axis-label')
      .attr('text-anchor', 'end')
      .text('operation');
    this.sizer = new PlotSizer(this.plot, { width: 600, height: 120, minHeight: 56 }, () =>
      this.draw(),
    );
  }

  /** A new scenario: its two sides' transfers per operation (drawn once). */
  setData(data: RaceData): void {
    this.data = data;
    this.draw();
  }

  /** The current step: moves the cursor, the dots and the legend's numbers, now. */
  setCursor(cursor: RaceCursor): void {
    this.cursor = cursor;
    this.placeCursor();
  }

  private draw(): void {
    const data = this.data;
    const size: PlotSize = this.sizer.take();
    const { width, height } = size;
    this.svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
    if (data === null) return;
    const last = data.ops.length - 1;
    const operations = Math.max(data.ops[last], data.operations ?? 0);
    const most = Math.max(1, data.transfers[0][last], data.transfers[1][last]);
    // The left margin holds the y ticks and, left of the first x tick, the x axis's title: as
    // wide as that title is in the chart's type (a projector's is larger).
    const left = Math.max(MARGIN.left, Math.ceil(this.measureTitle(size)) + 16);
    const plotW = Math.max(10, width - left - MARGIN.right);
    const plotH = Math.max(10, height - MARGIN.top - MARGIN.bottom);
    this.x = scaleLinear()
      .domain([0, Math.max(1, operations)])
      .range([left, left + plotW]);
    this.y = scaleLinear()
      .domain([0, most])
      .nice()
      .range([MARGIN.top + plotH, MARGIN.top]);
    const xTicks = Math.max(2, Math.floor(plotW / 110));
    // A short plot labels only its ends: nice ticks every few pixels would overlap.
    const yValues = plotH < 70 ? [0, this.y.domain()[1]] : this.y.ticks(Math.floor(plotH / 34));
    const xLabel = axisLabels(this.x.domain()[1]);
    const yLabel = axisLabels(this.y.domain()[1]);
    // An axis is drawn again only when its scale or ticks change: while a large run records,
    // its lines grow each second under the same x axis, and mostly the same y axis.
    const xAxisFor = `${this.x.domain()} ${this.x.range()} ${xTicks} ${MARGIN.top + plotH}`;
    if (xAxisFor !== this.xAxisDrawn) {
      this.xAxisDrawn = xAxisFor;
      this.xAxis.attr('transform', `translate(0,${MARGIN.top + plotH})`).call(
        axisBottom(this.x)
          .ticks(xTicks)
          .tickFormat((v) => xLabel(v.valueOf()))
          .tickSizeOuter(0),
      );
    }
    const yAxisFor = `${this.y.domain()} ${this.y.range()} ${yValues} ${left}`;
    if (yAxisFor !== this.yAxisDrawn) {
      this.yAxisDrawn = yAxisFor;
      this.yAxis.attr('transform', `translate(${left},0)`).call(
        axisLeft(this.y)
          .tickValues(yValues)
          // No "0" by the corner: the x axis's own 0 is there, and its title sits under it.
          .tickFormat((v) => (v.valueOf() === 0 ? '' : yLabel(v.valueOf())))
          .tickSizeOuter(0),
      );
    }
    const axisY = MARGIN.top + plotH;
    this.xTitle.attr('x', left - 10).attr('y', axisY + 17);
    // Rotated, the title needs the plot's height; a short plot's legend line says "transfers".
    this.yTitle
      .attr('display', plotH >= 64 ? null : 'none')
      .attr('transform', `translate(12,${(MARGIN.top + axisY) / 2}) rotate(-90)`);
    this.lines.forEach((line, side) => {
      line.attr('d', sampledPath(data.ops, data.transfers[side], this.x, this.y, plotW));
    });
    this.svg
      .select<SVGRectElement>('.race-hit')
      .attr('x', left)
      .attr('y', MARGIN.top)
      .attr('width', plotW)
      .attr('height', plotH);
    const partial =
      data.ops[last] < operations
        ? `, recorded up to operation ${whole(data.ops[last])} of ${whole(operations)}`
        : '';
    this.svg.attr(
      'aria-label',
      `Transfers so far against the operation, ${data.names[0]} and ${data.names[1]}${partial}`,
    );
    this.placeCursor();
  }

  /**
   * The x title's width in the chart's type, measured again only when the chart's size or type
   * changes: measuring text lays the page out, and a recording's status line has just changed it.
   */
  private measureTitle(size: PlotSize): number {
    const title = this.xTitle.node();
    if (title === null) return 0;
    const at = `${size.width}x${size.height} ${getComputedStyle(title).fontSize}`;
    if (at !== this.titleMeasuredAt) {
      this.titleWidth = title.getComputedTextLength();
      // A chart out of the layout measures 0: measured again once it is in.
      this.titleMeasuredAt = this.titleWidth > 0 ? at : '';
    }
    return this.titleWidth;
  }

  private placeCursor(): void {
    const data = this.data;
    const cursor = this.cursor;
    if (data === null || cursor === null) return;
    const x = this.x(cursor.position);
    this.cursorLine
      .attr('x1', x)
      .attr('x2', x)
      .attr('y1', this.y.range()[0])
      .attr('y2', this.y.range()[1]);
    this.dots.forEach((dot, side) => {
      dot.attr('cx', x).attr('cy', this.y(cursor.values[side]));
    });
    raceParts(data.names, cursor.values).forEach((text, part) => {
      const words = this.legendWords[part] as HTMLElement;
      if (words.textContent !== text) words.textContent = text;
    });
  }

  private hover(event: PointerEvent): void {
    const data = this.data;
    if (data === null) return;
    const box = (this.svg.node() as SVGSVGElement).getBoundingClientRect();
    const op = Math.round(this.x.invert(event.clientX - box.left));
    this.sayReadout(nearestSample(data.ops, op));
  }

  /** The readout at sample `i`: its operation count, exact values there. */
  private sayReadout(i: number | null): void {
    const data = this.data;
    if (data === null || i === null) {
      this.readout.textContent = '';
      return;
    }
    const values: [number, number] = [data.transfers[0][i], data.transfers[1][i]];
    this.readout.textContent = raceReadout(data.names, values, data.ops[i]);
  }
}
