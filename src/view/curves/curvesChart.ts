// The fault-cost curves chart: run time (or transfers) against VM pressure, and their ratio.
//
// As in the article's Figures 1-4: log left scale, the ratio on the right, a keyboard/pointer
// readout, SVG/PNG export. This module keeps the state and layers the parts; each draws itself.

import { shown } from '../charts/chartKit';
import { ChartShell } from '../charts/chartShell';
import { fitText, measurerFor } from '../charts/fitText';
import { MessageOverlay } from '../charts/messageOverlay';
import { coverBox, type Part } from '../charts/parts';
import { svgToPng } from '../charts/pngExport';
import type { ReadoutMove } from '../charts/readoutInput';
import { svgFile } from '../charts/svgExport';
import { CurvesAxes } from './curvesAxes';
import { curvesCrosshair, type DrawCurvesCross } from './curvesCrosshair';
import type { CurvesData } from './curvesData';
import { CurvesLegend, legendOf, NO_LEGEND } from './curvesLegend';
import { CurvesLines } from './curvesLines';
import { curvesMarker, type DrawMarker } from './curvesMarker';
import { type CurvesGeometry, pressureScale, valueScales } from './curvesScales';
import { clampInt, framesOfX, type Prepared, prepare } from './prepare';
import { chartLabel, fileLabel, NO_DATA_LABEL, readoutText } from './readout';

export type { CurveMode, CurveSeries, CurvesData, PressureUnit } from './curvesData';

interface CurvesChartOptions {
  /** data-testid of the <svg>. */
  testId: string;
  /** data-testid of the HTML readout below the chart. */
  readoutTestId: string;
  /** A click (or Enter) on a point. */
  onPickFrames: (frames: number) => void;
  /** The readout moved (pointer or keys) to this frame count. */
  onReadout?: (frames: number) => void;
}

/** Used while the container has no size yet (hidden tab): better a plausible chart than none. */
const FALLBACK_SIZE = { width: 640, height: 320, minHeight: 220 };
const BASELINE = { title: 20, caption: 40 };
/** Class of the parts that follow the pointer, left out of exports. */
const NO_EXPORT = 'cc-noexport';

/** The chart's parts over the shell's background and titles, bottom to top. */
interface Layers {
  legend: CurvesLegend;
  axes: CurvesAxes;
  lines: CurvesLines;
  marker: DrawMarker;
  cross: DrawCurvesCross;
  hit: Part<SVGRectElement>;
  message: MessageOverlay;
}

export class CurvesChart {
  private readonly shell: ChartShell;
  private readonly layers: Layers;
  private prepared: Prepared | null = null;
  private message: string | null = null;
  private highlight: number | null = null;
  private current: number | null = null;
  /** Where a link asked the readout to stand, kept until data arrives to place it. */
  private wanted: number | null = null;
  private geometry: CurvesGeometry | null = null;
  private drawQueued = false;
  /** What is drawn belongs to earlier settings: hidden, and not drawn again, until new data. */
  private stale = false;

  constructor(
    container: HTMLElement,
    private readonly options: CurvesChartOptions,
  ) {
    this.shell = new ChartShell(container, {
      prefix: 'cc',
      testId: options.testId,
      readoutTestId: options.readoutTestId,
      // 'application': the arrow keys belong to the chart while it has focus, not to a reader.
      aria: { role: 'application', 'aria-roledescription': 'chart' },
      label: NO_DATA_LABEL,
      fallback: FALLBACK_SIZE,
      redraw: () => this.draw(),
    });
    const svg = this.shell.svg;
    // Made in this order, each painted over the ones before.
    this.layers = {
      legend: new CurvesLegend(svg),
      axes: new CurvesAxes(svg),
      lines: new CurvesLines(svg),
      marker: curvesMarker(svg),
      cross: curvesCrosshair(svg, NO_EXPORT),
      hit: this.shell.pointerTarget(
        `chart-hit cc-hit ${NO_EXPORT}`,
        (x) => this.moveTo(this.framesAt(x)),
        (x) => this.pick(this.framesAt(x)),
      ),
      message: new MessageOverlay(svg, 'cc', 'boxed'),
    };
    this.shell.keys((move, shift) => this.onMove(move, shift));
    this.draw();
  }

  setData(data: CurvesData | null): void {
    // Until the next frame draws the new data, the old drawing is not shown under it.
    this.blank();
    this.prepared = data === null ? null : prepare(data);
    this.stale = false;
    // The old scales do not fit the new data: nothing is placed by them until the draw.
    this.geometry = null;
    this.layers.lines.forget();
    const p = this.prepared;
    if (p === null) this.current = null;
    else if (this.wanted !== null) this.current = clampInt(this.wanted, p.from, p.to);
    else if (this.current === null || this.current < p.from || this.current > p.to) {
      this.current = p.from;
    }
    this.drawSoon();
  }

  /**
   * Draws in the next animation frame, once however many changes come before it: new data
   * arrives in the task that also updates the panel and the link, and a whole chart drawn there
   * too could make it a long task.
   */
  private drawSoon(): void {
    if (this.drawQueued) return;
    this.drawQueued = true;
    // Two frames: the frame, axes and legend, then the lines. New data's first draw compiles
    // its code as it goes: split, neither frame is a long task.
    requestAnimationFrame(() => {
      this.draw(false);
      requestAnimationFrame(() => {
        this.drawQueued = false;
        this.drawLines();
      });
    });
  }

  /** The three curves, on the geometry the last draw laid out. */
  private drawLines(): void {
    const p = this.prepared;
    const g = this.geometry;
    if (p === null || g === null) return;
    this.layers.lines.draw(p, g);
    shown(this.layers.lines.group, true);
  }

  /**
   * Hides what is drawn, which no longer belongs to the panel's settings (a tour's next figure),
   * until the next draw: a frame of the old chart and its readout under the new caption would
   * say the wrong thing.
   */
  blank(): void {
    this.stale = true;
    this.shell.svg.style('visibility', 'hidden');
    this.shell.readout.textContent = '';
  }

  /** Puts the readout at `frames` (a link's cread), now or when the data arrives; null: the start. */
  setReadout(frames: number | null): void {
    this.wanted = frames;
    const p = this.prepared;
    if (p === null || this.stale) return;
    const next = frames === null ? p.from : clampInt(frames, p.from, p.to);
    if (next === this.current) return;
    this.current = next;
    this.drawCross();
  }

  /**
   * Draws now at the plot's new size if it changed (its tab was just shown): the panel calls it
   * before a sweep's workers take both cores, under which the same draw would be stretched.
   */
  flush(): void {
    this.shell.flush();
  }

  setMessage(text: string | null): void {
    this.message = text === null || text === '' ? null : text;
    this.drawMessage();
  }

  highlightFrames(frames: number | null): void {
    this.highlight = frames !== null && Number.isFinite(frames) ? frames : null;
    this.drawMarker();
  }

  toSvgString(): string {
    const { width, height } = this.shell.size;
    return svgFile(this.shell.svgNode, {
      label: fileLabel(this.prepared, this.message),
      width,
      height,
      leaveOut: NO_EXPORT,
    });
  }

  async toPngBlob(scale = 2): Promise<Blob> {
    const { width, height } = this.shell.size;
    return svgToPng(this.toSvgString(), width, height, scale);
  }

  destroy(): void {
    this.shell.destroy();
  }

  /** Lays the chart out and draws it; without `withLines`, the curves wait for drawLines(). */
  private draw(withLines = true): void {
    const { shell, layers } = this;
    // Blanked for settings whose data has not come: a resize must not show the old data again.
    if (this.stale) return;
    const { width, height } = shell.take();
    shell.svg.style('visibility', null);
    // Fonts are read before anything is written, so the style is recalculated once per draw.
    const fonts = {
      title: measurerFor(shell.title.node()!),
      caption: measurerFor(shell.caption.node()!),
      label: layers.axes.labelFont(),
    };
    const p = this.prepared;
    const entries =
      p === null
        ? NO_LEGEND
        : legendOf(
            p.data.series[0].title,
            p.data.series[1].title,
            p.data.policy,
            p.data.floor !== null,
          );
    // Legend rows under the caption, wrapped to the width, set the plot's top; then the scales.
    const legend = layers.legend.layout(entries, width - 16);
    const scales = valueScales(p, width, height, legend.top, fonts.label.width('0'));
    const box = scales.box;
    shell.resize({ width, height });

    layers.legend.place(entries, legend, p !== null);
    layers.axes.placeFrame(box);
    coverBox(layers.hit, box);
    layers.axes.show(p !== null);
    shown(layers.lines.group, p !== null && withLines);
    shown(shell.title, p !== null);
    shown(shell.caption, p !== null);
    shown(layers.hit, p !== null);

    if (p === null) {
      this.geometry = null;
      shell.svg.attr('aria-label', NO_DATA_LABEL);
      shell.readout.textContent = '';
      this.drawCross();
      this.drawMarker();
      this.drawMessage();
      return;
    }

    const data = p.data;
    const g: CurvesGeometry = { ...box, x: pressureScale(p, box), y: scales.y, r: scales.r };
    this.geometry = g;
    const room = width - 16;
    fitText(shell.title.attr('x', 8).attr('y', BASELINE.title), fonts.title, [data.title], room);
    fitText(
      shell.caption.attr('x', 8).attr('y', BASELINE.caption),
      fonts.caption,
      [data.caption],
      room,
    );
    const ticks = { left: scales.leftTicks, right: scales.rightTicks };
    layers.axes.draw(p, g, ticks, fonts.label, width);
    if (withLines) layers.lines.draw(p, g);
    shell.svg.attr('aria-label', chartLabel(data));
    this.drawCross();
    this.drawMarker();
    this.drawMessage();
  }

  private drawCross(): void {
    const { prepared: p, geometry: g, current: f } = this;
    this.layers.cross(p, g, f);
    if (p !== null && g !== null && f !== null) this.shell.say(readoutText(p, f));
  }

  private drawMarker(): void {
    this.layers.marker(this.prepared, this.geometry, this.highlight);
  }

  private drawMessage(): void {
    const text = this.message;
    this.shell.root.classList.toggle('cc-busy', text !== null && this.prepared !== null);
    this.layers.message.draw(text, this.shell.size, this.geometry);
  }

  private moveTo(f: number | null): void {
    const p = this.prepared;
    if (p === null || f === null) return;
    const next = clampInt(f, p.from, p.to);
    if (next === this.current) return;
    this.current = next;
    this.wanted = next;
    this.drawCross();
    this.options.onReadout?.(next);
  }

  /** A click on a point: the readout goes there, and the page takes that many resident pages. */
  private pick(f: number | null): void {
    if (f === null) return;
    this.moveTo(f);
    this.options.onPickFrames(f);
  }

  /** The frame count under the pointer's x, or null without data. */
  private framesAt(x: number): number | null {
    const p = this.prepared;
    const g = this.geometry;
    if (p === null || g === null) return null;
    return clampInt(framesOfX(p, g.x.invert(x)), p.from, p.to);
  }

  /** A key's move; false leaves the key to the page. Shift moves ten frames at a time. */
  private onMove(move: ReadoutMove, shift: boolean): boolean {
    const p = this.prepared;
    const current = this.current;
    if (p === null || current === null) return false;
    const step = shift ? 10 : 1;
    if (move === 'previous') this.moveTo(current - step);
    else if (move === 'next') this.moveTo(current + step);
    else if (move === 'first') this.moveTo(p.from);
    else if (move === 'last') this.moveTo(p.to);
    else this.options.onPickFrames(current);
    return true;
  }
}
