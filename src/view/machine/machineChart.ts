// The machine chart: time per operation against N, log-log, one line per layout with the spread
// of its repetitions as a band and the cache model dashed beside it. A pointer/keyboard
// crosshair reads every layout at one N and tells the page which N it is on. This module keeps
// the state and layers the parts.

import { shown } from '../charts/chartKit';
import { ChartShell } from '../charts/chartShell';
import { crosshair } from '../charts/crosshair';
import { fitText, measurerFor } from '../charts/fitText';
import { LogLogAxes } from '../charts/logLogAxes';
import { MessageOverlay } from '../charts/messageOverlay';
import { coverBox, type Part } from '../charts/parts';
import type { ReadoutMove } from '../charts/readoutInput';
import { MACHINE_AXIS_WORDS } from './machineAxes';
import {
  drawnValues,
  type MachineChartData,
  type MachineSeriesPoint,
  pointAt,
  sizesWithData,
} from './machineData';
import { MachineLegend } from './machineLegend';
import { MachineLines } from './machineLines';
import { describe, NO_DATA_LABEL, readoutText } from './machineReadout';
import { type MachineGeometry, machineScales } from './machineScales';

export type { MachineChartData } from './machineData';

export interface MachineChartOptions {
  testId: string;
  legendTestId: string;
  readoutTestId: string;
  /** The crosshair moved to N (or null: no data). */
  onReadout?: (items: number | null) => void;
}

const FALLBACK_SIZE = { width: 560, height: 360, minHeight: 240 };
const BASELINE = { title: 20, caption: 39 };
const CHAR_PX = 7.5;

export class MachineChart {
  private readonly shell: ChartShell;
  private readonly legend: MachineLegend;
  private readonly axes: LogLogAxes;
  private readonly lines: MachineLines;
  private readonly cross: ReturnType<typeof crosshair>;
  private readonly rings: Part<SVGGElement>;
  private readonly hit: Part<SVGRectElement>;
  private readonly message: MessageOverlay;
  private data: MachineChartData | null = null;
  private messageText: string | null = null;
  private current: number | null = null;
  /** Until the reader moves it, the crosshair stays on the largest N measured so far. */
  private followLargest = true;
  private geometry: MachineGeometry | null = null;

  constructor(
    container: HTMLElement,
    private readonly options: MachineChartOptions,
  ) {
    this.legend = new MachineLegend(options.legendTestId);
    this.shell = new ChartShell(container, {
      prefix: 'mc',
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
    this.axes = new LogLogAxes(svg, 'mc');
    this.lines = new MachineLines(svg);
    this.cross = crosshair(svg, 'mc', 'mc-cross');
    this.rings = this.cross.group.append('g');
    this.hit = this.shell.pointerTarget('chart-hit mc-hit', snap, snap);
    this.message = new MessageOverlay(svg, 'mc', 'top');
    this.shell.keys((move) => this.onMove(move));
    this.draw();
  }

  setData(data: MachineChartData | null): void {
    this.data = data;
    const sizes = sizesWithData(data);
    const before = this.current;
    if (sizes.length === 0) {
      this.current = null;
      this.followLargest = true;
    } else if (this.followLargest || this.current === null || !sizes.includes(this.current)) {
      this.current = sizes[sizes.length - 1];
    }
    this.legend.draw(data);
    this.draw();
    if (this.current !== before) this.options.onReadout?.(this.current);
  }

  /** The N the crosshair is on. */
  get readoutItems(): number | null {
    return this.current;
  }

  setMessage(text: string | null): void {
    this.messageText = text === null || text === '' ? null : text;
    this.drawMessage();
  }

  destroy(): void {
    this.shell.destroy();
  }

  private draw(): void {
    const { shell } = this;
    const size = shell.take();
    const data = this.data;
    const hasData = data !== null && data.series.length > 0;
    const fonts = {
      title: measurerFor(shell.title.node()!, CHAR_PX),
      caption: measurerFor(shell.caption.node()!, CHAR_PX),
    };
    shell.resize(size);
    const scales = machineScales(
      data === null ? [] : drawnValues(data),
      data?.sizes ?? [],
      size.width,
      size.height,
    );
    this.geometry = scales.geometry;
    const room = size.width - 16;
    fitText(
      shell.title.attr('x', 8).attr('y', BASELINE.title),
      fonts.title,
      [
        data?.title ?? 'Time per operation against N, on this machine',
        'Time per operation against N',
      ],
      room,
    );
    fitText(
      shell.caption.attr('x', 8).attr('y', BASELINE.caption),
      fonts.caption,
      [data?.caption ?? ''],
      room,
    );
    coverBox(this.hit, scales.geometry);
    this.axes.draw(scales, MACHINE_AXIS_WORDS);
    this.lines.draw(data, scales.geometry);
    this.axes.show(hasData);
    shown(this.lines.group, hasData);
    shown(this.hit, hasData);
    shell.svg.attr('aria-label', describe(data));
    this.drawCross();
    this.drawMessage();
  }

  private drawCross(): void {
    const { data, geometry: g, current: n } = this;
    if (data === null || g === null || n === null) {
      this.cross.hide();
      this.shell.say('');
      return;
    }
    const cx = g.x(n);
    this.cross.at(cx, g);
    const at = data.series
      .map((s) => ({ layout: s.layout, point: pointAt(s, n) }))
      .filter(
        (d): d is { layout: (typeof d)['layout']; point: MachineSeriesPoint } => d.point !== null,
      );
    this.rings
      .selectAll<SVGCircleElement, (typeof at)[number]>('circle')
      .data(at)
      .join('circle')
      .attr('class', (d) => `mc-dot mc-k-${d.layout}`)
      .attr('r', 7)
      .attr('cx', cx)
      .attr('cy', (d) => g.y(d.point.medianNs));
    this.shell.say(readoutText(data, n));
  }

  private drawMessage(): void {
    const text = this.messageText;
    this.shell.root.classList.toggle('mc-busy', text !== null);
    this.message.draw(text, this.shell.size, this.geometry);
  }

  private moveTo(n: number): void {
    this.followLargest = false;
    if (n === this.current) return;
    this.current = n;
    this.drawCross();
    this.options.onReadout?.(n);
  }

  private snapTo(x: number): void {
    const g = this.geometry;
    const sizes = sizesWithData(this.data);
    if (g === null || sizes.length === 0) return;
    let best = sizes[0];
    for (const n of sizes) if (Math.abs(g.x(n) - x) < Math.abs(g.x(best) - x)) best = n;
    this.moveTo(best);
  }

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
