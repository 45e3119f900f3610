// The frame, grid lines, axes and axis labels of a log-log chart of something against N: the
// scaling chart and the machine chart draw the same furniture and differ in their words.

import { axisBottom, axisLeft } from 'd3-axis';
import type { ScaleLogarithmic } from 'd3-scale';
import { numberAxis } from './axes';
import { shown } from './chartKit';
import { fitText, measurerFor } from './fitText';
import { coverBox, type Part, type PlotBox } from './parts';
import { rules, ruleX, ruleY } from './rules';

/** Where the last draw put things, for pointer mapping and the crosshair. */
export interface LogLogGeometry extends PlotBox {
  x: ScaleLogarithmic<number, number>;
  y: ScaleLogarithmic<number, number>;
}

export interface LogLogScales {
  geometry: LogLogGeometry;
  xTicks: number[];
  yTicks: number[];
}

/** How a chart writes its ticks and names its axes. */
export interface LogLogWords {
  xTick: (value: number) => string;
  yTick: (value: number) => string;
  xLabel: string;
  yLabel: string;
}

export class LogLogAxes {
  /** Each pair is [along x, along y]. */
  private readonly grids: Part<SVGGElement>[];
  private readonly frame: Part<SVGRectElement>;
  private readonly axes: Part<SVGGElement>[];
  private readonly labels: Part<SVGTextElement>[];

  /** `prefix` names the chart's own classes (`sc-grid`, `mc-axis`…) beside the shared ones. */
  constructor(svg: Part<SVGSVGElement>, prefix: string) {
    // Bottom to top: the grid under the frame, then the axes and their labels.
    const two = <E extends Element>(make: () => Part<E>): Part<E>[] => [make(), make()];
    this.grids = two(() => svg.append('g').attr('class', `chart-grid ${prefix}-grid`));
    this.frame = svg.append('rect').attr('class', `chart-frame ${prefix}-frame`);
    this.axes = two(() => svg.append('g').attr('class', `chart-axis ${prefix}-axis`));
    this.labels = two(() =>
      svg.append('text').attr('class', `chart-axis-label ${prefix}-axis-label`),
    );
  }

  /** Without data, only the frame stays: the rest would speak of nothing. */
  show(visible: boolean): void {
    for (const g of [...this.grids, ...this.axes]) shown(g, visible);
    for (const t of this.labels) shown(t, visible);
  }

  draw(scales: LogLogScales, words: LogLogWords): void {
    const g = scales.geometry;
    const { left, top, plotW, plotH, x, y } = g;
    const [gridX, gridY] = this.grids;
    const [axisX, axisY] = this.axes;
    const [labelX, labelY] = this.labels;
    coverBox(this.frame, g);
    axisX
      .attr('transform', `translate(0,${top + plotH})`)
      .call(numberAxis(axisBottom(x), scales.xTicks, words.xTick));
    axisY
      .attr('transform', `translate(${left},0)`)
      .call(numberAxis(axisLeft(y), scales.yTicks, words.yTick));
    labelX.attr('x', left + plotW / 2).attr('y', top + plotH + 40);
    labelY.attr('transform', `translate(15,${top + plotH / 2}) rotate(-90)`);
    // Each title fits its axis's length: whole, else without "(log scale)", else cut short.
    const node = labelX.node();
    if (node !== null) {
      const measure = measurerFor(node);
      fitText(labelX, measure, axisTitles(words.xLabel), plotW);
      fitText(labelY, measure, axisTitles(words.yLabel), plotH + 16);
    }
    rules(gridY, scales.yTicks, (line, t) => ruleY(line, y(t), g));
    rules(gridX, scales.xTicks, (line, t) => ruleX(line, x(t), g));
  }
}

/** An axis title and its shorter forms, longest first. */
function axisTitles(title: string): string[] {
  const short = title.replace(/\s*\(log scale\)$/, '');
  return short === title ? [title] : [title, short];
}
