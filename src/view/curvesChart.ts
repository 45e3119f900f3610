// Run time (or page transfers) against VM pressure for two structures, as in the article's
// Figures 1-4: log left scale, their ratio on the right, a keyboard/pointer readout, SVG/PNG export.

import { ticks as niceTicks } from 'd3-array';
import { axisBottom, axisLeft, axisRight } from 'd3-axis';
import { format } from 'd3-format';
import { type ScaleLinear, type ScaleLogarithmic, scaleLinear, scaleLog } from 'd3-scale';
import { type Selection, select } from 'd3-selection';
import { line } from 'd3-shape';
import { logTicks, PlotSizer, shown } from './chartKit';

export type CurveMode = 'time' | 'transfers';
export type PressureUnit = 'pages' | 'kb';

export interface CurveSeries {
  /** The structure's name in the legend, readout and labels, e.g. "B-heap". */
  title: string;
  /** Frame counts run 1..pages. */
  pages: number;
  /** A page is itemsPerPage * 8 bytes (64-bit pointers): 512 -> 4 KB. */
  itemsPerPage: number;
  operations: number;
  /** CPU part of the run time. */
  cpuSeconds: number;
  /** Index f-1: page-ins with f resident pages (frames). */
  pageIns: Float64Array;
  /** Index f-1. */
  writebacks: Float64Array;
}

export interface CurvesData {
  /** [left, right] over the same pages (the shorter one padded); the ratio is left / right. */
  series: [CurveSeries, CurveSeries];
  /** Milliseconds per transfer. */
  ioMs: number;
  mode: CurveMode;
  unit: PressureUnit;
  /** Visible range of frame counts (1 <= from < to <= pages). */
  fromFrames: number;
  toFrames: number;
  /** E.g. "Figure 2: heavy pressure". */
  title: string;
  /** The parameters, e.g. "1M items · 512 per page · 1 ms · article CPU". */
  caption: string;
}

export interface CurvesChartOptions {
  /** data-testid of the <svg>. */
  testId: string;
  /** data-testid of the HTML readout below the chart. */
  readoutTestId: string;
  /** A click (or Enter) on a point. */
  onPickFrames: (frames: number) => void;
}

type G = Selection<SVGGElement, unknown, null, undefined>;
type Path = Selection<SVGPathElement, unknown, null, undefined>;
type Line = Selection<SVGLineElement, unknown, null, undefined>;
type Circle = Selection<SVGCircleElement, unknown, null, undefined>;
type Text = Selection<SVGTextElement, unknown, null, undefined>;
type Rect = Selection<SVGRectElement, unknown, null, undefined>;

const SVG_NS = 'http://www.w3.org/2000/svg';
const MIN_HEIGHT = 220;
/** Used while the container has no size yet (hidden tab): better a plausible chart than none. */
const FALLBACK_WIDTH = 640;
const FALLBACK_HEIGHT = 320;
/** Width of a 13 px digit, to size margins before any text exists to measure. */
const CHAR_PX = 7.6;
const TITLE_BASELINE = 20;
const CAPTION_BASELINE = 40;
const LEGEND_FIRST = 62;
const LEGEND_ROW = 20;
const BOTTOM = 54;
/** More than this many points per horizontal pixel are reduced to each column's min and max. */
const POINTS_PER_PX = 2;
/** Closest two left-axis ticks may be (px), so 13 px labels never touch. */
/** Up to this many pages on screen, KB ticks fall on whole pages, as the article's -64 ... 0 KB. */
const PAGE_ALIGNED_TICKS = 100;
/** When a value is zero on a log axis it is drawn on a floor line labelled "0"; without data, here. */
const DEFAULT_FLOOR: Record<CurveMode, number> = { time: 1e-3, transfers: 1e-6 };

interface LegendEntry {
  cls: string;
  label: string;
  /** Short labels take over when the full ones would not fit on one row. */
  short: string;
}

/** The two series keep their colours by side, whichever structures they show. */
const SERIES_CLASSES = ['cc-left', 'cc-right', 'cc-ratio'] as const;

function legendOf(left: string, right: string): LegendEntry[] {
  return [
    { cls: SERIES_CLASSES[0], label: `${left} (left scale)`, short: left },
    { cls: SERIES_CLASSES[1], label: `${right} (left scale)`, short: right },
    {
      cls: SERIES_CLASSES[2],
      label: `ratio ${left} / ${right} (right scale)`,
      short: 'ratio (right)',
    },
  ];
}

/** Shown (hidden) before any data, so the legend's three items exist from the start. */
const NO_LEGEND = legendOf('left', 'right');
const LEGEND_SWATCH = 34;
const LEGEND_GAP = 22;

const fmt3 = format('.3r');
const fmt4 = format('.4~r');
const fmtSmall = format('.2e');
const fmtTick = format(',~g');
const fmtRatioTick = format('~g');

/** Three significant digits, without exponents for the magnitudes a readout sees. */
function sig3(v: number): string {
  if (v === 0) return '0';
  if (Math.abs(v) < 1e-3) return fmtSmall(v);
  return fmt3(v);
}

function formatValue(mode: CurveMode, v: number): string {
  if (mode === 'transfers') return `${sig3(v)} transfers/op`;
  if (v > 0 && v < 1) return `${sig3(v * 1000)} ms`;
  return `${sig3(v)} s`;
}

function formatKb(kb: number): string {
  if (Number.isInteger(kb)) return String(kb);
  return kb >= 1000 ? String(Math.round(kb)) : fmt4(kb);
}

/** The visible curves, reduced to what every draw needs. Values are recomputed per frame on demand. */
interface Prepared {
  data: CurvesData;
  pages: number;
  from: number;
  to: number;
  kbPerPage: number;
  /** x units (pages or KB) per page. */
  unitFactor: number;
  /** value = base + (pageIns + writebacks) * mul, per series: one formula for both modes. */
  base: [number, number];
  mul: [number, number];
  /** Zeros exist among the visible values, so the floor line is drawn. */
  hasZero: boolean;
  floor: number;
  lo: number;
  hi: number;
  ratioMax: number;
  legend: LegendEntry[];
}

function clampInt(v: number, lo: number, hi: number): number {
  if (!Number.isFinite(v)) return lo;
  return Math.min(hi, Math.max(lo, Math.round(v)));
}

function prepare(data: CurvesData): Prepared | null {
  const [a, b] = data.series;
  const pages = Math.min(a.pages, b.pages);
  const cap = Math.min(
    pages,
    a.pageIns.length,
    a.writebacks.length,
    b.pageIns.length,
    b.writebacks.length,
  );
  if (!(cap >= 1)) return null;
  let from = clampInt(data.fromFrames, 1, cap);
  let to = clampInt(data.toFrames, 1, cap);
  if (from > to) [from, to] = [to, from];
  const kbPerPage = (a.itemsPerPage * 8) / 1024;
  const perTransfer = Math.max(0, data.ioMs) / 1000;
  const time = data.mode === 'time';
  const base: [number, number] = time ? [a.cpuSeconds, b.cpuSeconds] : [0, 0];
  const mul: [number, number] = time
    ? [perTransfer, perTransfer]
    : [a.operations > 0 ? 1 / a.operations : 0, b.operations > 0 ? 1 / b.operations : 0];

  let minPositive = Number.POSITIVE_INFINITY;
  let max = 0;
  let hasZero = false;
  let ratioMax = 0;
  const [pa, wa, pb, wb] = [a.pageIns, a.writebacks, b.pageIns, b.writebacks];
  const [ba, bb] = base;
  const [ma, mb] = mul;
  for (let i = from - 1; i < to; i++) {
    const va = ba + (pa[i] + wa[i]) * ma;
    const vb = bb + (pb[i] + wb[i]) * mb;
    // Unrolled for the two series: this loop runs over up to millions of frames.
    const small = Math.min(va, vb);
    const large = Math.max(va, vb);
    if (large > max) max = large;
    if (small > 0) {
      if (small < minPositive) minPositive = small;
    } else if (small === 0) {
      hasZero = true;
      if (large > 0 && large < minPositive) minPositive = large;
    }
    if (vb > 0) {
      const r = va / vb;
      if (r > ratioMax) ratioMax = r;
    }
  }
  const found = Number.isFinite(minPositive);
  // One decade below the smallest value's decade: zeros sit visibly apart from the least non-zero.
  const floor = found ? 10 ** (Math.floor(Math.log10(minPositive)) - 1) : DEFAULT_FLOOR[data.mode];
  let lo = hasZero || !found ? floor : minPositive;
  let hi = found ? max : floor * 10;
  const span = Math.log10(hi / lo);
  if (span < 1e-9) {
    lo /= 1.5;
    hi *= 1.5;
  } else {
    // A little room so the extreme curves do not run along the frame.
    const pad = 10 ** (span * 0.04);
    lo /= pad;
    hi *= pad;
  }
  return {
    data,
    pages,
    from,
    to,
    kbPerPage,
    unitFactor: data.unit === 'kb' ? kbPerPage : 1,
    base,
    mul,
    hasZero,
    floor,
    lo,
    hi,
    ratioMax,
    legend: legendOf(a.title, b.title),
  };
}

function valueAt(p: Prepared, s: 0 | 1, f: number): number {
  const series = p.data.series[s];
  return p.base[s] + (series.pageIns[f - 1] + series.writebacks[f - 1]) * p.mul[s];
}

function ratioOf(va: number, vb: number): number {
  return vb > 0 ? va / vb : Number.NaN;
}

/** x position of a frame count, in the axis unit: pressure is the address space not resident. */
function pressureOf(p: Prepared, f: number): number {
  return -(p.pages - f) * p.unitFactor;
}

/** The readout line; also the chart's accessible description of the current point. */
function readoutText(p: Prepared, f: number): string {
  const va = valueAt(p, 0, f);
  const vb = valueAt(p, 1, f);
  const r = ratioOf(va, vb);
  const missing = p.pages - f;
  const [a, b] = p.data.series;
  const ratio = Number.isFinite(r)
    ? sig3(r)
    : p.data.mode === 'transfers'
      ? `n/a (no ${b.title} transfers)`
      : 'n/a';
  return (
    `${f} resident pages (${missing} missing = ${formatKb(missing * p.kbPerPage)} KB): ` +
    `${a.title} ${formatValue(p.data.mode, va)}, ${b.title} ${formatValue(p.data.mode, vb)}, ` +
    `ratio ${ratio}`
  );
}

/**
 * Points to plot for the three curves. Up to POINTS_PER_PX per pixel every frame is kept; beyond,
 * each pixel column keeps its minimum and maximum in frame order, so spikes survive the reduction.
 */
interface Sampled {
  frames: Float64Array;
  values: Float64Array;
  length: number;
}

function sample(p: Prepared, columns: number): [Sampled, Sampled, Sampled] {
  const n = p.to - p.from + 1;
  const reduce = n > POINTS_PER_PX * columns;
  const size = reduce ? 2 * columns + 2 : n;
  const out: [Sampled, Sampled, Sampled] = [0, 1, 2].map(() => ({
    frames: new Float64Array(size),
    values: new Float64Array(size),
    length: 0,
  })) as [Sampled, Sampled, Sampled];
  const push = (s: Sampled, f: number, v: number): void => {
    s.frames[s.length] = f;
    s.values[s.length] = v;
    s.length++;
  };
  const [a, b] = p.data.series;
  const [pa, wa, pb, wb] = [a.pageIns, a.writebacks, b.pageIns, b.writebacks];
  const [ba, bb] = p.base;
  const [ma, mb] = p.mul;
  if (!reduce) {
    for (let f = p.from; f <= p.to; f++) {
      const i = f - 1;
      const va = ba + (pa[i] + wa[i]) * ma;
      const vb = bb + (pb[i] + wb[i]) * mb;
      push(out[0], f, va);
      push(out[1], f, vb);
      push(out[2], f, ratioOf(va, vb));
    }
    return out;
  }
  // Min and max per column and series, in scalars: typed-array bookkeeping here cost 2x at 4M frames.
  const emit = (
    s: Sampled,
    start: number,
    lf: number,
    lv: number,
    hf: number,
    hv: number,
  ): void => {
    if (lv === Number.POSITIVE_INFINITY) push(s, start, Number.NaN);
    else if (lf === hf) push(s, lf, lv);
    else if (lf < hf) {
      push(s, lf, lv);
      push(s, hf, hv);
    } else {
      push(s, hf, hv);
      push(s, lf, lv);
    }
  };
  const INF = Number.POSITIVE_INFINITY;
  for (let c = 0; c < columns; c++) {
    const start = p.from + Math.floor((c * n) / columns);
    const end = p.from + Math.floor(((c + 1) * n) / columns) - 1;
    if (end < start) continue;
    let aLo = INF;
    let aHi = -INF;
    let bLo = INF;
    let bHi = -INF;
    let rLo = INF;
    let rHi = -INF;
    let aLoF = start;
    let aHiF = start;
    let bLoF = start;
    let bHiF = start;
    let rLoF = start;
    let rHiF = start;
    for (let f = start; f <= end; f++) {
      const i = f - 1;
      const va = ba + (pa[i] + wa[i]) * ma;
      const vb = bb + (pb[i] + wb[i]) * mb;
      if (va < aLo) {
        aLo = va;
        aLoF = f;
      }
      if (va > aHi) {
        aHi = va;
        aHiF = f;
      }
      if (vb < bLo) {
        bLo = vb;
        bLoF = f;
      }
      if (vb > bHi) {
        bHi = vb;
        bHiF = f;
      }
      if (vb > 0) {
        const r = va / vb;
        if (r < rLo) {
          rLo = r;
          rLoF = f;
        }
        if (r > rHi) {
          rHi = r;
          rHiF = f;
        }
      }
    }
    emit(out[0], start, aLoF, aLo, aHiF, aHi);
    emit(out[1], start, bLoF, bLo, bHiF, bHi);
    emit(out[2], start, rLoF, rLo, rHiF, rHi);
  }
  return out;
}

/** Where the last draw put things, for pointer mapping and the crosshair. */
interface Geometry {
  left: number;
  top: number;
  plotW: number;
  plotH: number;
  x: ScaleLinear<number, number>;
  y: ScaleLogarithmic<number, number>;
  r: ScaleLinear<number, number>;
}

let chartCount = 0;

export class CurvesChart {
  private readonly root: HTMLDivElement;
  private readonly plot: HTMLDivElement;
  private readonly svgNode: SVGSVGElement;
  private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  private readonly readout: HTMLParagraphElement;
  private readonly background: Rect;
  private readonly frameRect: Rect;
  private readonly title: Text;
  private readonly caption: Text;
  private readonly legend: G;
  private readonly grid: G;
  private readonly floorLine: G;
  private readonly axisX: G;
  private readonly axisL: G;
  private readonly axisR: G;
  private readonly labelX: Text;
  private readonly labelL: Text;
  private readonly labelR: Text;
  private readonly curves: G;
  private readonly unity: Line;
  private readonly paths: [Path, Path, Path];
  private readonly marker: G;
  private readonly markerLine: Line;
  private readonly markerLabel: Text;
  private readonly cross: G;
  private readonly crossLine: Line;
  private readonly dots: [Circle, Circle, Circle];
  private readonly hit: Rect;
  private readonly messageGroup: G;
  private readonly messageBox: Rect;
  private readonly messageText: Text;
  private prepared: Prepared | null = null;
  private message: string | null = null;
  private highlight: number | null = null;
  private current: number | null = null;
  private geometry: Geometry | null = null;
  /** Measured again only when the legend's font (a stylesheet arriving late) or texts change. */
  private legendWidths: { font: string; texts: string; label: number[]; short: number[] } | null =
    null;
  private sampled: { p: Prepared; columns: number; curves: [Sampled, Sampled, Sampled] } | null =
    null;
  private readonly sizer: PlotSizer;

  constructor(
    container: HTMLElement,
    private readonly options: CurvesChartOptions,
  ) {
    const id = ++chartCount;
    this.root = document.createElement('div');
    this.root.className = 'cc-root';
    this.plot = document.createElement('div');
    this.plot.className = 'cc-plot';
    this.readout = document.createElement('p');
    this.readout.className = 'cc-readout';
    this.readout.id = `cc-readout-${id}`;
    this.readout.dataset.testid = options.readoutTestId;
    this.readout.setAttribute('aria-live', 'polite');
    this.root.append(this.plot, this.readout);
    container.append(this.root);

    this.svg = select(this.plot)
      .append('svg')
      .attr('xmlns', SVG_NS)
      .attr('class', 'cc-svg')
      .attr('data-testid', options.testId)
      .attr('tabindex', 0)
      // 'application': the arrow keys belong to the chart while it has focus, not to a reader.
      .attr('role', 'application')
      .attr('aria-roledescription', 'chart')
      .attr('aria-describedby', this.readout.id)
      .attr('aria-label', 'run time against VM pressure: no data');
    this.svgNode = this.svg.node()!;
    const svg = this.svg;
    this.background = svg.append('rect').attr('class', 'cc-bg');
    this.title = svg.append('text').attr('class', 'cc-title');
    this.caption = svg.append('text').attr('class', 'cc-caption');
    this.legend = svg.append('g').attr('class', 'cc-legend');
    this.grid = svg.append('g').attr('class', 'cc-grid');
    this.floorLine = svg.append('g').attr('class', 'cc-floor');
    this.frameRect = svg.append('rect').attr('class', 'cc-frame');
    this.axisX = svg.append('g').attr('class', 'cc-axis cc-axis-x');
    this.axisL = svg.append('g').attr('class', 'cc-axis cc-axis-left');
    this.axisR = svg.append('g').attr('class', 'cc-axis cc-axis-right');
    this.labelX = svg.append('text').attr('class', 'cc-axis-label');
    this.labelL = svg.append('text').attr('class', 'cc-axis-label');
    this.labelR = svg.append('text').attr('class', 'cc-axis-label');
    this.curves = svg.append('g').attr('class', 'cc-curves');
    this.unity = this.curves.append('line').attr('class', 'cc-unity');
    this.paths = [
      this.curves.append('path').attr('class', `cc-line ${SERIES_CLASSES[0]}`),
      this.curves.append('path').attr('class', `cc-line ${SERIES_CLASSES[1]}`),
      this.curves.append('path').attr('class', `cc-line ${SERIES_CLASSES[2]}`),
    ];
    this.marker = svg.append('g').attr('class', 'cc-marker').style('display', 'none');
    this.markerLine = this.marker.append('line').attr('class', 'cc-marker-line');
    this.markerLabel = this.marker.append('text').attr('class', 'cc-marker-label');
    // The crosshair and hit area follow the pointer; they are left out of exports.
    this.cross = svg.append('g').attr('class', 'cc-cross cc-noexport').style('display', 'none');
    this.crossLine = this.cross.append('line').attr('class', 'cc-cross-line');
    this.dots = [
      this.cross.append('circle').attr('class', `cc-dot ${SERIES_CLASSES[0]}`).attr('r', 5),
      this.cross.append('circle').attr('class', `cc-dot ${SERIES_CLASSES[1]}`).attr('r', 5),
      this.cross.append('circle').attr('class', `cc-dot ${SERIES_CLASSES[2]}`).attr('r', 4),
    ];
    this.hit = svg.append('rect').attr('class', 'cc-hit cc-noexport');
    this.messageGroup = svg.append('g').attr('class', 'cc-message').style('display', 'none');
    this.messageBox = this.messageGroup.append('rect').attr('class', 'cc-message-box');
    this.messageText = this.messageGroup.append('text').attr('class', 'cc-message-text');

    for (const entry of NO_LEGEND) {
      const item = this.legend.append('g').attr('class', 'cc-legend-item');
      item
        .append('line')
        .attr('class', `cc-line ${entry.cls}`)
        .attr('x1', 0)
        .attr('x2', LEGEND_SWATCH - 6)
        .attr('y1', 0)
        .attr('y2', 0);
      item.append('text').attr('x', LEGEND_SWATCH).attr('dy', '0.35em').text(entry.label);
    }

    this.hit.on('pointermove', (event: PointerEvent) => {
      const f = this.framesAt(event);
      if (f !== null) this.moveTo(f);
    });
    this.hit.on('click', (event: MouseEvent) => {
      const f = this.framesAt(event);
      if (f === null) return;
      this.moveTo(f);
      this.options.onPickFrames(f);
    });
    this.svg.on('keydown', (event: KeyboardEvent) => this.onKey(event));

    this.sizer = new PlotSizer(
      this.plot,
      { width: FALLBACK_WIDTH, height: FALLBACK_HEIGHT, minHeight: MIN_HEIGHT },
      () => this.draw(),
    );
    this.draw();
  }

  setData(data: CurvesData | null): void {
    this.prepared = data === null ? null : prepare(data);
    this.sampled = null;
    const p = this.prepared;
    if (p === null) this.current = null;
    else if (this.current === null || this.current < p.from || this.current > p.to) {
      this.current = p.from;
    }
    this.draw();
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
    const clone = this.svgNode.cloneNode(true) as SVGSVGElement;
    inlineStyles(this.svgNode, clone);
    for (const name of ['tabindex', 'role', 'aria-roledescription', 'aria-describedby']) {
      clone.removeAttribute(name);
    }
    clone.removeAttribute('data-testid');
    clone.removeAttribute('class');
    clone.setAttribute('role', 'img');
    clone.setAttribute('xmlns', SVG_NS);
    // The page's label speaks of arrow keys; a file only needs to say what it shows.
    const p = this.prepared;
    const label =
      p === null ? (this.message ?? 'VM pressure chart') : `${p.data.title}. ${p.data.caption}`;
    clone.setAttribute('aria-label', label);
    const title = document.createElementNS(SVG_NS, 'title');
    title.textContent = label;
    clone.prepend(title);
    const { width, height } = this.sizer.size;
    clone.setAttribute('width', String(width));
    clone.setAttribute('height', String(height));
    const out = new XMLSerializer().serializeToString(clone);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${out}`;
  }

  async toPngBlob(scale = 2): Promise<Blob> {
    const svg = this.toSvgString();
    const { width, height } = this.sizer.size;
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
    try {
      const image = new Image();
      image.decoding = 'async';
      await new Promise<void>((resolve, reject) => {
        image.onload = () => resolve();
        image.onerror = () => reject(new Error('the chart could not be rasterised'));
        image.src = url;
      });
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(width * scale));
      canvas.height = Math.max(1, Math.round(height * scale));
      const ctx = canvas.getContext('2d');
      if (ctx === null) throw new Error('canvas 2D context unavailable');
      ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
      return await new Promise<Blob>((resolve, reject) => {
        canvas.toBlob((blob) => {
          if (blob === null) reject(new Error('PNG encoding failed'));
          else resolve(blob);
        }, 'image/png');
      });
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  destroy(): void {
    this.sizer.disconnect();
    this.svg.on('keydown', null);
    this.hit.on('pointermove', null).on('click', null);
    this.root.remove();
  }

  private measureLegend(entries: LegendEntry[]): { label: number[]; short: number[] } {
    const node = this.legend.select<SVGTextElement>('text').node();
    if (node === null) return { label: [0, 0, 0], short: [0, 0, 0] };
    const { font, width } = measurerFor(node);
    const texts = entries.map((entry) => `${entry.label}\n${entry.short}`).join('\n');
    if (this.legendWidths?.font !== font || this.legendWidths.texts !== texts) {
      this.legendWidths = {
        font,
        texts,
        label: entries.map((entry) => width(entry.label)),
        short: entries.map((entry) => width(entry.short)),
      };
    }
    return this.legendWidths;
  }

  private draw(): void {
    const { width, height } = this.sizer.take();
    // Fonts are read before anything is written, so the style is recalculated once per draw.
    const fonts = {
      title: measurerFor(this.title.node()!),
      caption: measurerFor(this.caption.node()!),
      label: measurerFor(this.labelX.node()!),
    };
    const p = this.prepared;
    const entries = p?.legend ?? NO_LEGEND;
    const measured = this.measureLegend(entries);
    this.svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
    this.background.attr('width', width).attr('height', height);

    // Legend rows under the caption, wrapped to the width; they set the plot's top.
    const room = width - 16;
    const rowWidth = (ws: number[]): number =>
      ws.reduce((sum, w) => sum + LEGEND_SWATCH + w, 0) + LEGEND_GAP * (ws.length - 1);
    const kind = rowWidth(measured.label) <= room ? 'label' : 'short';
    const widths = measured[kind];
    const positions: [number, number][] = [];
    let lx = 0;
    let row = 0;
    widths.forEach((w) => {
      const itemW = LEGEND_SWATCH + w;
      if (lx > 0 && lx + itemW > room) {
        row++;
        lx = 0;
      }
      positions.push([8 + lx, LEGEND_FIRST + row * LEGEND_ROW - 4]);
      lx += itemW + LEGEND_GAP;
    });
    const top = LEGEND_FIRST + row * LEGEND_ROW + 16;
    const plotH = Math.max(40, height - top - BOTTOM);
    // Then the scales: the margins depend on the tick labels.
    const lo = p?.lo ?? DEFAULT_FLOOR.time;
    const hi = p?.hi ?? 10;
    const y = scaleLog().domain([lo, hi]);
    let leftTicks = logTicks(lo, hi, plotH);
    if (p?.hasZero) leftTicks = leftTicks.filter((t) => t > p.floor * 1.0001);
    const r = scaleLinear()
      .domain([0, Math.max(1.2, (p?.ratioMax ?? 2) * 1.05)])
      .nice(Math.max(2, Math.floor(plotH / 40)));
    const rightTicks = r.ticks(Math.max(2, Math.floor(plotH / 40)));
    const leftChars = Math.max(1, ...leftTicks.map((t) => fmtTick(t).length));
    const rightChars = Math.max(1, ...rightTicks.map((t) => fmtRatioTick(t).length));
    const left = p === null ? 56 : Math.round(28 + 10 + leftChars * CHAR_PX);
    const right = p === null ? 56 : Math.round(28 + 10 + rightChars * CHAR_PX);
    const plotW = Math.max(40, width - left - right);

    y.range([top + plotH, top]);
    r.range([top + plotH, top]);

    shown(this.legend, p !== null);
    this.legend
      .selectAll<SVGGElement, unknown>('.cc-legend-item')
      .attr('transform', (_, i) => `translate(${positions[i][0]},${positions[i][1]})`)
      .select('text')
      .text((_, i) => entries[i][kind]);
    this.frameRect.attr('x', left).attr('y', top).attr('width', plotW).attr('height', plotH);
    this.hit.attr('x', left).attr('y', top).attr('width', plotW).attr('height', plotH);

    for (const g of [this.grid, this.floorLine, this.axisX, this.axisL, this.axisR, this.curves]) {
      shown(g, p !== null);
    }
    for (const t of [this.title, this.caption, this.labelX, this.labelL, this.labelR]) {
      shown(t, p !== null);
    }
    shown(this.hit, p !== null);

    if (p === null) {
      this.geometry = null;
      this.svg.attr('aria-label', 'run time against VM pressure: no data');
      this.readout.textContent = '';
      this.drawCross();
      this.drawMarker();
      this.drawMessage();
      return;
    }

    const data = p.data;
    const x0 = pressureOf(p, p.from);
    const x1 = pressureOf(p, p.to);
    const x = scaleLinear()
      .domain(x0 === x1 ? [x0 - p.unitFactor / 2, x1 + p.unitFactor / 2] : [x0, x1])
      .range([left, left + plotW]);
    this.geometry = { left, top, plotW, plotH, x, y, r };

    fitText(
      this.title.attr('x', 8).attr('y', TITLE_BASELINE),
      fonts.title,
      [data.title],
      width - 16,
    );
    fitText(
      this.caption.attr('x', 8).attr('y', CAPTION_BASELINE),
      fonts.caption,
      [data.caption],
      width - 16,
    );

    // x axis: pressure as negative numbers growing to 0 at the right, as in the article.
    const xMax = Math.max(Math.abs(x0), Math.abs(x1));
    const xFormat = xMax >= 1e5 ? format('~s') : format('~r');
    const xCount = Math.max(2, Math.floor(plotW / 100));
    let xTicks: number[];
    if (data.unit === 'pages' || p.to - p.from <= PAGE_ALIGNED_TICKS) {
      // Fractions of a page are never a state of the simulation, so ticks stay on whole pages.
      xTicks = niceTicks(-(p.pages - p.from), -(p.pages - p.to), xCount)
        .filter((t) => Number.isInteger(t))
        .map((t) => t * p.unitFactor);
    } else xTicks = x.ticks(xCount);
    this.axisX.attr('transform', `translate(0,${top + plotH})`).call(
      axisBottom(x)
        .tickValues(xTicks)
        .tickFormat((v) => xFormat(v.valueOf()))
        .tickSizeOuter(0),
    );
    const unit = data.unit === 'kb' ? 'KB' : 'pages';
    const centre = left + plotW / 2;
    fitText(
      this.labelX.attr('x', centre).attr('y', top + plotH + 44),
      fonts.label,
      [`VM pressure: address space not resident (${unit})`, `VM pressure (${unit} not resident)`],
      2 * Math.min(centre, width - centre) - 8,
    );

    // Left axis, with the zero floor as its own tick when zeros are plotted.
    const floorY = y(p.floor);
    const clear = (t: number): boolean => !p.hasZero || Math.abs(y(t) - floorY) >= 16;
    const leftValues = leftTicks.filter(clear);
    if (p.hasZero) leftValues.unshift(p.floor);
    this.axisL.attr('transform', `translate(${left},0)`).call(
      axisLeft(y)
        .tickValues(leftValues)
        .tickFormat((v) => (p.hasZero && v === p.floor ? '0' : fmtTick(v.valueOf())))
        .tickSizeOuter(0),
    );
    this.axisR.attr('transform', `translate(${left + plotW},0)`).call(
      axisRight(r)
        .tickValues(rightTicks)
        .tickFormat((v) => fmtRatioTick(v.valueOf()))
        .tickSizeOuter(0),
    );
    const leftLabels =
      data.mode === 'time'
        ? ['run time (s, log scale)', 'run time (s)', 's']
        : ['transfers per operation (log scale)', 'transfers per op', 'transfers/op'];
    fitText(
      this.labelL.attr('transform', `translate(16,${top + plotH / 2}) rotate(-90)`),
      fonts.label,
      leftLabels,
      plotH + 30,
    );
    fitText(
      this.labelR.attr('transform', `translate(${width - 12},${top + plotH / 2}) rotate(90)`),
      fonts.label,
      [`ratio ${data.series[0].title} / ${data.series[1].title}`, 'ratio'],
      plotH + 30,
    );

    this.grid
      .selectAll<SVGLineElement, number>('line')
      .data(leftTicks.filter(clear))
      .join('line')
      .attr('x1', left)
      .attr('x2', left + plotW)
      .attr('y1', (t) => y(t))
      .attr('y2', (t) => y(t));
    this.floorLine
      .selectAll<SVGLineElement, number>('line')
      .data(p.hasZero ? [p.floor] : [])
      .join('line')
      .attr('x1', left)
      .attr('x2', left + plotW)
      .attr('y1', floorY)
      .attr('y2', floorY);

    // Equal run times: where the ratio line crosses it, the right-hand structure starts to win.
    this.unity
      .attr('x1', left)
      .attr('x2', left + plotW)
      .attr('y1', r(1))
      .attr('y2', r(1));

    // Reused while only the height or the theme changes: reducing millions of frames is the cost.
    const columns = Math.max(1, Math.round(plotW));
    if (this.sampled === null || this.sampled.p !== p || this.sampled.columns !== columns) {
      this.sampled = { p, columns, curves: sample(p, columns) };
    }
    const yOf = (v: number): number => y(Math.max(v, p.floor));
    this.sampled.curves.forEach((s, k) => {
      const index = Array.from({ length: s.length }, (_, i) => i);
      const path = line<number>()
        .digits(1)
        .defined((i) => Number.isFinite(s.values[i]))
        .x((i) => x(pressureOf(p, s.frames[i])))
        .y((i) => (k === 2 ? r(s.values[i]) : yOf(s.values[i])));
      this.paths[k].attr('d', path(index) ?? '');
    });

    this.svg.attr(
      'aria-label',
      `${data.title}. ${data.caption}. ${
        data.mode === 'time' ? 'Run time' : 'Page transfers per operation'
      } of the ${data.series[0].title} and the ${data.series[1].title} against VM pressure, and their ratio (left / right). ` +
        'Left and right arrows move the readout, Enter picks that number of resident pages.',
    );
    this.drawCross();
    this.drawMarker();
    this.drawMessage();
  }

  private drawCross(): void {
    const p = this.prepared;
    const g = this.geometry;
    const f = this.current;
    if (p === null || g === null || f === null) {
      this.cross.style('display', 'none');
      return;
    }
    const cx = g.x(pressureOf(p, f));
    const va = valueAt(p, 0, f);
    const vb = valueAt(p, 1, f);
    const ratio = ratioOf(va, vb);
    const yOf = (v: number): number => g.y(Math.max(v, p.floor));
    this.cross.style('display', null);
    this.crossLine
      .attr('x1', cx)
      .attr('x2', cx)
      .attr('y1', g.top)
      .attr('y2', g.top + g.plotH);
    this.dots[0].attr('cx', cx).attr('cy', yOf(va));
    this.dots[1].attr('cx', cx).attr('cy', yOf(vb));
    shown(this.dots[2], Number.isFinite(ratio));
    this.dots[2].attr('cx', cx).attr('cy', Number.isFinite(ratio) ? g.r(ratio) : 0);
    const text = readoutText(p, f);
    if (this.readout.textContent !== text) this.readout.textContent = text;
  }

  private drawMarker(): void {
    const p = this.prepared;
    const g = this.geometry;
    const f = this.highlight;
    if (p === null || g === null || f === null || f < p.from || f > p.to) {
      this.marker.style('display', 'none');
      return;
    }
    const mx = g.x(pressureOf(p, f));
    const nearRight = mx > g.left + g.plotW - 110;
    this.marker.style('display', null);
    this.markerLine
      .attr('x1', mx)
      .attr('x2', mx)
      .attr('y1', g.top)
      .attr('y2', g.top + g.plotH);
    this.markerLabel
      .attr('x', nearRight ? mx - 6 : mx + 6)
      .attr('y', g.top + 16)
      .attr('text-anchor', nearRight ? 'end' : 'start')
      .text(`scenario: ${Number.isInteger(f) ? f : f.toFixed(1)} resident`);
  }

  private drawMessage(): void {
    const text = this.message;
    this.root.classList.toggle('cc-busy', text !== null && this.prepared !== null);
    if (text === null) {
      this.messageGroup.style('display', 'none');
      return;
    }
    const { width, height } = this.sizer.size;
    const g = this.geometry;
    const cx = g === null ? width / 2 : g.left + g.plotW / 2;
    const cy = g === null ? height / 2 : g.top + g.plotH / 2;
    const boxW = Math.max(80, (g?.plotW ?? width) - 32);
    const lines = wrap(text, Math.max(12, Math.floor(boxW / 8.2)));
    const lineH = 20;
    this.messageGroup.style('display', null);
    this.messageText
      .selectAll<SVGTSpanElement, string>('tspan')
      .data(lines)
      .join('tspan')
      .attr('x', cx)
      .attr('y', (_, i) => cy + (i - (lines.length - 1) / 2) * lineH)
      .text((d) => d);
    const widest = Math.max(...lines.map((l) => l.length)) * 8.2;
    const w = Math.min(boxW + 16, widest + 32);
    const h = lines.length * lineH + 16;
    this.messageBox
      .attr('x', cx - w / 2)
      .attr('y', cy - h / 2)
      .attr('width', w)
      .attr('height', h)
      .attr('rx', 6);
  }

  private moveTo(f: number): void {
    const p = this.prepared;
    if (p === null) return;
    const next = clampInt(f, p.from, p.to);
    if (next === this.current) return;
    this.current = next;
    this.drawCross();
  }

  private framesAt(event: MouseEvent): number | null {
    const p = this.prepared;
    const g = this.geometry;
    if (p === null || g === null) return null;
    const box = this.svgNode.getBoundingClientRect();
    const scaleX = box.width > 0 ? this.sizer.size.width / box.width : 1;
    const px = (event.clientX - box.left) * scaleX;
    const f = p.pages + g.x.invert(px) / p.unitFactor;
    return clampInt(f, p.from, p.to);
  }

  private onKey(event: KeyboardEvent): void {
    const p = this.prepared;
    if (p === null || this.current === null) return;
    const step = event.shiftKey ? 10 : 1;
    switch (event.key) {
      case 'ArrowLeft':
        this.moveTo(this.current - step);
        break;
      case 'ArrowRight':
        this.moveTo(this.current + step);
        break;
      case 'Home':
        this.moveTo(p.from);
        break;
      case 'End':
        this.moveTo(p.to);
        break;
      case 'Enter':
        this.options.onPickFrames(this.current);
        break;
      default:
        return;
    }
    // The page binds the same keys to stepping; they must not fire twice.
    event.preventDefault();
    event.stopPropagation();
  }
}

let measureContext: CanvasRenderingContext2D | null | undefined;

/**
 * A text measurer in the element's font. Canvas measureText needs no layout (getComputedTextLength
 * forces one per call after each text change) and works while the chart is hidden.
 */
function measurerFor(node: Element): Measurer {
  measureContext ??= document.createElement('canvas').getContext('2d');
  const ctx = measureContext;
  const style = getComputedStyle(node);
  const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  if (ctx === null || style.fontSize === '') return { font, width: (text) => text.length * 7 };
  return {
    font,
    width: (text) => {
      ctx.font = font;
      return ctx.measureText(text).width;
    },
  };
}

interface Measurer {
  font: string;
  width: (text: string) => number;
}

/**
 * Sets the first candidate text no wider than max; failing all, the last one shortened with an
 * ellipsis.
 */
function fitText(t: Text, measurer: Measurer, candidates: string[], max: number): void {
  const node = t.node();
  if (node === null || candidates.length === 0) return;
  node.textContent = fitMeasured(measurer.width, candidates, max);
}

function fitMeasured(width: (text: string) => number, candidates: string[], max: number): string {
  for (const candidate of candidates) {
    if (width(candidate) <= max) return candidate;
  }
  const text = candidates[candidates.length - 1];
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (width(`${text.slice(0, mid).trimEnd()}…`) <= max) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/** Greedy word wrap; SVG text has none of its own. */
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    for (const word of paragraph.split(/\s+/)) {
      if (word === '') continue;
      if (current !== '' && current.length + 1 + word.length > maxChars) {
        lines.push(current);
        current = word;
      } else current = current === '' ? word : `${current} ${word}`;
    }
    lines.push(current);
  }
  return lines.length > 0 ? lines : [''];
}

/** Initial values, left out of exports to keep files small. */
const INITIAL: Record<string, string> = {
  'fill-opacity': '1',
  'stroke-opacity': '1',
  opacity: '1',
  stroke: 'none',
  'stroke-width': '1px',
  'stroke-dasharray': 'none',
  'stroke-linecap': 'butt',
  'stroke-linejoin': 'miter',
  'paint-order': 'normal',
  'dominant-baseline': 'auto',
  'text-anchor': 'start',
  'font-weight': '400',
};
const PRESENTATION_ATTRIBUTES = ['fill', 'stroke', 'font-size', 'font-family', 'text-anchor'];
const SHAPE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'opacity',
];
const TEXT_PROPS = [
  ...SHAPE_PROPS,
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
];

/**
 * Copies the computed styles onto the clone: an exported file has no stylesheet and no theme
 * variables, so each colour and font is written out as the page currently shows it.
 */
function inlineStyles(source: SVGSVGElement, clone: SVGSVGElement): void {
  const from = [source, ...Array.from(source.querySelectorAll('*'))];
  const to = [clone, ...Array.from(clone.querySelectorAll('*'))];
  const rootStyle = getComputedStyle(source);
  const root: Record<string, string> = {
    'font-family': rootStyle.fontFamily,
    'font-size': rootStyle.fontSize,
  };
  clone.setAttribute('style', `font-family:${root['font-family']};font-size:${root['font-size']}`);
  for (let i = 1; i < from.length; i++) {
    const element = to[i];
    const style = getComputedStyle(from[i]);
    if (style.display === 'none' || from[i].classList.contains('cc-noexport')) {
      element.remove();
      continue;
    }
    const isText = element.tagName === 'text' || element.tagName === 'tspan';
    const props = isText ? TEXT_PROPS : element.tagName === 'g' ? ['opacity'] : SHAPE_PROPS;
    const declarations: string[] = [];
    for (const prop of props) {
      const value = style.getPropertyValue(prop);
      if (value === '' || INITIAL[prop] === value) continue;
      if ((prop === 'font-family' || prop === 'font-size') && value === root[prop]) continue;
      declarations.push(`${prop}:${value}`);
    }
    // d3-axis sets presentation attributes (font-size="10", fill="currentColor"...) on its groups;
    // they would be inherited by the inlined text, so only the inlined styles remain.
    for (const name of PRESENTATION_ATTRIBUTES) element.removeAttribute(name);
    if (declarations.length > 0) element.setAttribute('style', declarations.join(';'));
    else element.removeAttribute('style');
    element.removeAttribute('class');
  }
}
