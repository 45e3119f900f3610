// The scaling chart: cost per operation against N, log-log, one line per structure.
//
// The Asterisk review's tables as a picture. Colour and marker shape both name the structure
// (colour-blind safe); solid lines are the cost model, dashed ones the times measured in this
// browser. A pointer/keyboard crosshair reads out every structure's value at one N. This module
// keeps the state and layers the parts.

import { QUANTITY_LABELS } from '../../core/experiments/scalingSeries';
import { shown } from '../charts/chartKit';
import { ChartShell } from '../charts/chartShell';
import { fitText, measurerFor } from '../charts/fitText';
import { LogLogAxes } from '../charts/logLogAxes';
import { MessageOverlay } from '../charts/messageOverlay';
import { coverBox, type Part } from '../charts/parts';
import type { ReadoutMove } from '../charts/readoutInput';
import { scalingAxisWords } from './scalingAxes';
import { type DrawScalingCross, scalingCrosshair } from './scalingCrosshair';
import { type ScalingChartData, sizesWithData, visibleSeries } from './scalingData';
import { ScalingLegend } from './scalingLegend';
import { ScalingLines } from './scalingLines';
import { describe, NO_DATA_LABEL, readoutText } from './scalingReadout';
import { type ScalingGeometry, scalingScales } from './scalingScales';

export type { ScalingChartData } from './scalingData';

export interface ScalingChartOptions {
  /** data-testid of the <svg>, the HTML legend and the HTML readout. */
  testId: string;
  legendTestId: string;
  readoutTestId: string;
}

/** Used while the container has no size yet (hidden tab). */
const FALLBACK_SIZE = { width: 560, height: 340, minHeight: 240 };
const BASELINE = { title: 20, caption: 39 };
/** Without a canvas to measure text with, the width of a 13 px character. */
const CHAR_PX = 7.5;

/** The chart's parts over the shell's background and titles, bottom to top. */
interface Layers {
  axes: LogLogAxes;
  lines: ScalingLines;
  cross: DrawScalingCross;
  hit: Part<SVGRectElement>;
  message: MessageOverlay;
}

export class ScalingChart {
  private readonly shell: ChartShell;
  /** In HTML under the plot, not a layer of the SVG. */
  private readonly legend: ScalingLegend;
  private readonly layers: Layers;
  private data: ScalingChartData | null = null;
  private message: string | null = null;
  /** The N the crosshair is on, or null before the first point. */
  private current: number | null = null;
  /** Until the reader moves it, the crosshair stays on the largest N computed so far. */
  private followLargest = true;
  private geometry: ScalingGeometry | null = null;

  constructor(container: HTMLElement, options: ScalingChartOptions) {
    this.legend = new ScalingLegend(options.legendTestId);
    this.shell = new ChartShell(container, {
      prefix: 'sc',
      testId: options.testId,
      readoutTestId: options.readoutTestId,
      aria: { role: 'img' },
      label: NO_DATA_LABEL,
      between: [this.legend.element],
      fallback: FALLBACK_SIZE,
      redraw: () => this.draw(),
    });
    const svg = this.shell.svg;
    const snap = (x: number): void => this.snapTo(x);
    // Made in this order, each painted over the ones before.
    this.layers = {
      axes: new LogLogAxes(svg, 'sc'),
      lines: new ScalingLines(svg),
      cross: scalingCrosshair(svg),
      hit: this.shell.pointerTarget('chart-hit sc-hit', snap, snap),
      message: new MessageOverlay(svg, 'sc', 'top'),
    };
    this.shell.keys((move) => this.onMove(move));
    this.draw();
  }

  setData(data: ScalingChartData | null): void {
    this.data = data;
    const sizes = sizesWithData(data);
    if (sizes.length === 0) {
      this.current = null;
      this.followLargest = true;
    } else if (this.followLargest || this.current === null || !sizes.includes(this.current)) {
      this.current = sizes[sizes.length - 1];
    }
    this.legend.draw(data);
    this.draw();
  }

  /** A message over the chart ("Computing…"), or null to clear it. */
  setMessage(text: string | null): void {
    this.message = text === null || text === '' ? null : text;
    this.drawMessage();
  }

  destroy(): void {
    this.shell.destroy();
  }

  private draw(): void {
    const { shell, layers } = this;
    const size = shell.take();
    const data = this.data;
    const series = data === null ? [] : visibleSeries(data);
    const hasData = series.length > 0;
    const fonts = {
      title: measurerFor(shell.title.node()!, CHAR_PX),
      caption: measurerFor(shell.caption.node()!, CHAR_PX),
    };
    shell.resize(size);
    const scales = scalingScales(series, data?.sizes ?? [], size.width, size.height);
    this.geometry = scales.geometry;

    const quantity = data === null ? 'add' : data.quantity;
    const room = size.width - 16;
    fitText(
      shell.title.attr('x', 8).attr('y', BASELINE.title),
      fonts.title,
      [
        data?.title ?? 'Cost per operation against N',
        `Time per ${QUANTITY_LABELS[quantity]} against N`,
      ],
      room,
    );
    fitText(
      shell.caption.attr('x', 8).attr('y', BASELINE.caption),
      fonts.caption,
      [data?.caption ?? ''],
      room,
    );
    coverBox(layers.hit, scales.geometry);
    layers.axes.draw(scales, scalingAxisWords(quantity));
    layers.lines.draw(series, scales.geometry);
    layers.axes.show(hasData);
    shown(layers.lines.group, hasData);
    shown(layers.hit, hasData);
    shell.svg.attr('aria-label', describe(data));
    this.drawCross();
    this.drawMessage();
  }

  private drawCross(): void {
    const { data, geometry: g, current: n } = this;
    this.layers.cross(data, g, n);
    this.shell.say(data === null || g === null || n === null ? '' : readoutText(data, n));
  }

  private drawMessage(): void {
    const text = this.message;
    this.shell.root.classList.toggle('sc-busy', text !== null);
    this.layers.message.draw(text, this.shell.size, this.geometry);
  }

  private moveTo(n: number): void {
    this.followLargest = false;
    if (n === this.current) return;
    this.current = n;
    this.drawCross();
  }

  /** Snaps the pointer's x to the nearest computed N (on the log scale, as drawn). */
  private snapTo(x: number): void {
    const g = this.geometry;
    const sizes = sizesWithData(this.data);
    if (g === null || sizes.length === 0) return;
    let best = sizes[0];
    for (const n of sizes) if (Math.abs(g.x(n) - x) < Math.abs(g.x(best) - x)) best = n;
    this.moveTo(best);
  }

  /** Steps from one computed N to the next; Enter picks nothing here, so the page keeps it. */
  private onMove(move: ReadoutMove): boolean {
    const sizes = sizesWithData(this.data);
    if (sizes.length === 0 || this.current === null || move === 'pick') return false;
    const index = Math.max(0, sizes.indexOf(this.current));
    if (move === 'previous') this.moveTo(sizes[Math.max(0, index - 1)]);
    else if (move === 'next') this.moveTo(sizes[Math.min(sizes.length - 1, index + 1)]);
    else if (move === 'first') this.moveTo(sizes[0]);
    else this.moveTo(sizes[sizes.length - 1]);
    return true;
  }
}
