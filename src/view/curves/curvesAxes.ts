// The curves chart's frame, grid, zero floor, three axes and their labels.
//
// Each label is the longest of its wordings that fits.

import { axisBottom, axisLeft, axisRight } from 'd3-axis';
import { formatCount } from '../../core/explain/numbers';
import { numberAxis } from '../charts/axes';
import { shown } from '../charts/chartKit';
import { fitText, type Measurer, measurerFor } from '../charts/fitText';
import { coverBox, type Part, type PlotBox } from '../charts/parts';
import { rules, ruleY } from '../charts/rules';
import type { PressureUnit } from './curvesData';
import {
  type CurvesGeometry,
  fmtRatioTick,
  fmtTick,
  leftAxisTicks,
  pressureFormat,
  pressureTicks,
} from './curvesScales';
import type { Prepared } from './prepare';

type G = Part<SVGGElement>;

/** The x axis's wordings, longest first: resident pages out of the run's, or VM pressure. */
export function xAxisLabels(unit: PressureUnit, pages: number): string[] {
  if (unit === 'resident') {
    return [
      `Resident pages (of the ${formatCount(pages)} the run uses): fewer = more VM pressure`,
      `Resident pages (of ${formatCount(pages)})`,
      'Resident pages',
    ];
  }
  const name = unit === 'kb' ? 'KB' : 'pages';
  return [
    `VM pressure: address space not resident (${name})`,
    `VM pressure (${name} not resident)`,
  ];
}
type Text = Part<SVGTextElement>;

export class CurvesAxes {
  private readonly grid: G;
  private readonly floorLine: G;
  private readonly frame: Part<SVGRectElement>;
  /** Bottom, left (values), right (ratio). */
  private readonly axes: G[];
  private readonly labels: Text[];

  constructor(svg: Part<SVGSVGElement>) {
    // Bottom to top: grid and floor under the frame, then the axes and their labels.
    this.grid = svg.append('g').attr('class', 'chart-grid cc-grid');
    this.floorLine = svg.append('g').attr('class', 'cc-floor');
    this.frame = svg.append('rect').attr('class', 'chart-frame cc-frame');
    this.axes = ['x', 'left', 'right'].map((side) =>
      svg.append('g').attr('class', `chart-axis cc-axis cc-axis-${side}`),
    );
    this.labels = this.axes.map(() =>
      svg.append('text').attr('class', 'chart-axis-label cc-axis-label'),
    );
  }

  /** The axis labels' font; read before a draw writes anything. */
  labelFont(): Measurer {
    return measurerFor(this.labels[0].node()!);
  }

  /** Without data, only the frame stays: the rest would speak of nothing. */
  show(visible: boolean): void {
    for (const g of [this.grid, this.floorLine, ...this.axes]) shown(g, visible);
    for (const t of this.labels) shown(t, visible);
  }

  draw(
    p: Prepared,
    g: CurvesGeometry,
    ticks: { left: number[]; right: number[] },
    font: Measurer,
    width: number,
  ): void {
    const { left, top, plotW, plotH, x, y, r } = g;
    const [axisX, axisL, axisR] = this.axes;
    const [labelX, labelL, labelR] = this.labels;
    const data = p.data;
    const xLabel = pressureFormat(p);
    axisX
      .attr('transform', `translate(0,${top + plotH})`)
      .call(numberAxis(axisBottom(x), pressureTicks(p, x, plotW), xLabel));
    const centre = left + plotW / 2;
    fitText(
      labelX.attr('x', centre).attr('y', top + plotH + 44),
      font,
      xAxisLabels(data.unit, p.pages),
      2 * Math.min(centre, width - centre) - 8,
    );

    const leftTicks = leftAxisTicks(p, y, ticks.left);
    axisL
      .attr('transform', `translate(${left},0)`)
      .call(
        numberAxis(axisLeft(y), leftTicks.ticks, (v) =>
          p.hasZero && v === p.floor ? '0' : fmtTick(v),
        ),
      );
    axisR
      .attr('transform', `translate(${left + plotW},0)`)
      .call(numberAxis(axisRight(r), ticks.right, fmtRatioTick));
    const leftLabels =
      data.mode === 'time'
        ? ['run time (s, log scale)', 'run time (s)', 's']
        : ['transfers per operation (log scale)', 'transfers per op', 'transfers/op'];
    fitText(
      labelL.attr('transform', `translate(16,${top + plotH / 2}) rotate(-90)`),
      font,
      leftLabels,
      plotH + 30,
    );
    fitText(
      labelR.attr('transform', `translate(${width - 12},${top + plotH / 2}) rotate(90)`),
      font,
      [`ratio ${data.series[0].title} / ${data.series[1].title}`, 'ratio'],
      plotH + 30,
    );

    rules(this.grid, leftTicks.grid, (line, t) => ruleY(line, y(t), g));
    // Zeros cannot sit on a log scale: they are drawn on this line, labelled 0.
    rules(this.floorLine, p.hasZero ? [p.floor] : [], (line, t) => ruleY(line, y(t), g));
  }

  /** The frame follows the plot box, with or without data. */
  placeFrame(box: PlotBox): void {
    coverBox(this.frame, box);
  }
}
