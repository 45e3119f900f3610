// Cost per operation against N, log-log, one line per structure: the Asterisk review's tables as a
// picture. Colour and marker shape both name the structure (colour-blind safe); solid lines are the
// cost model, dashed ones the times measured in this browser. A pointer/keyboard crosshair reads out
// every structure's value at one N.

import { axisBottom, axisLeft } from 'd3-axis';
import { type ScaleLogarithmic, scaleLog } from 'd3-scale';
import { type Selection, select } from 'd3-selection';
import {
  line,
  type SymbolType,
  symbol,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
} from 'd3-shape';
import {
  formatItems,
  formatSeconds,
  formatSecondsTick,
  QUANTITY_LABELS,
  type ScalingQuantity,
  type ScalingSeries,
  type ScalingSource,
} from '../core/scalingSeries';
import { STRUCTURES, type StructureKind } from '../core/structures';
import { logTicks, PlotSizer, shown } from './chartKit';

export interface ScalingChartData {
  /** One series per structure, from the cost model. */
  model: ScalingSeries[];
  /** Measured in this browser; empty when not measured. */
  measured: ScalingSeries[];
  /** Draw the measured series (dashed) too. */
  showMeasured: boolean;
  quantity: ScalingQuantity;
  /** Every N of the request, so the x axis stays put while points arrive. */
  sizes: readonly number[];
  title: string;
  caption: string;
}

export interface ScalingChartOptions {
  /** data-testid of the <svg>, the HTML legend and the HTML readout. */
  testId: string;
  legendTestId: string;
  readoutTestId: string;
}

type Svg = Selection<SVGSVGElement, unknown, null, undefined>;
type G = Selection<SVGGElement, unknown, null, undefined>;
type Text = Selection<SVGTextElement, unknown, null, undefined>;
type Rect = Selection<SVGRectElement, unknown, null, undefined>;
type Line = Selection<SVGLineElement, unknown, null, undefined>;

const SVG_NS = 'http://www.w3.org/2000/svg';
const FALLBACK_WIDTH = 560;
const FALLBACK_HEIGHT = 340;
const MIN_HEIGHT = 240;
const TITLE_BASELINE = 20;
const CAPTION_BASELINE = 39;
const TOP = 54;
const BOTTOM = 50;
const RIGHT = 18;
/** Width of a 13 px character, to size the left margin from the tick labels. */
const CHAR_PX = 7.4;
/** Closest two y ticks may be (px), so 13 px labels never touch. */
const MARK_AREA = 70;

/** Marker per structure; a rotation turns the triangle into a second, distinct shape. */
const MARKS: Record<StructureKind, { type: SymbolType; rotate: number }> = {
  list: { type: symbolSquare, rotate: 0 },
  binary: { type: symbolCircle, rotate: 0 },
  bheap: { type: symbolTriangle, rotate: 0 },
  dary4: { type: symbolDiamond, rotate: 0 },
  dary8: { type: symbolTriangle, rotate: 180 },
  treap: { type: symbolStar, rotate: 0 },
  llrb: { type: symbolWye, rotate: 0 },
  rb: { type: symbolCross, rotate: 45 },
};

const SOURCE_WORDS: Record<ScalingSource, string> = {
  model: 'cost model',
  measured: 'measured here',
};

function markPath(kind: StructureKind, area = MARK_AREA): string {
  return symbol(MARKS[kind].type, area)() ?? '';
}

function markTransform(kind: StructureKind, x: number, y: number): string {
  const r = MARKS[kind].rotate;
  return r === 0 ? `translate(${x},${y})` : `translate(${x},${y}) rotate(${r})`;
}

interface Geometry {
  left: number;
  top: number;
  plotW: number;
  plotH: number;
  x: ScaleLogarithmic<number, number>;
  y: ScaleLogarithmic<number, number>;
}

/** The series drawn now, in drawing order (model first, measured over them). */
function visibleSeries(data: ScalingChartData): ScalingSeries[] {
  return data.showMeasured ? [...data.model, ...data.measured] : data.model;
}

function valueAt(series: ScalingSeries, items: number): number | null {
  for (const point of series.points) if (point.items === items) return point.seconds;
  return null;
}

let chartCount = 0;

export class ScalingChart {
  private readonly root: HTMLDivElement;
  private readonly plot: HTMLDivElement;
  private readonly legend: HTMLUListElement;
  private readonly readout: HTMLParagraphElement;
  private readonly svgNode: SVGSVGElement;
  private readonly svg: Svg;
  private readonly background: Rect;
  private readonly title: Text;
  private readonly caption: Text;
  private readonly gridX: G;
  private readonly gridY: G;
  private readonly frameRect: Rect;
  private readonly axisX: G;
  private readonly axisY: G;
  private readonly labelX: Text;
  private readonly labelY: Text;
  private readonly lines: G;
  private readonly cross: G;
  private readonly crossLine: Line;
  private readonly crossDots: G;
  private readonly hit: Rect;
  private readonly messageGroup: G;
  private readonly messageText: Text;
  private data: ScalingChartData | null = null;
  private message: string | null = null;
  /** The N the crosshair is on, or null before the first point. */
  private current: number | null = null;
  /** Until the reader moves it, the crosshair stays on the largest N computed so far. */
  private followLargest = true;
  private geometry: Geometry | null = null;
  private readonly sizer: PlotSizer;
  private legendKey = '';

  constructor(container: HTMLElement, options: ScalingChartOptions) {
    const id = ++chartCount;
    this.root = document.createElement('div');
    this.root.className = 'sc-root';
    this.plot = document.createElement('div');
    this.plot.className = 'sc-plot';
    this.legend = document.createElement('ul');
    this.legend.className = 'sc-legend';
    this.legend.dataset.testid = options.legendTestId;
    this.legend.setAttribute('aria-label', 'Legend');
    this.readout = document.createElement('p');
    this.readout.className = 'sc-readout';
    this.readout.id = `sc-readout-${id}`;
    this.readout.dataset.testid = options.readoutTestId;
    this.readout.setAttribute('aria-live', 'polite');
    this.root.append(this.plot, this.legend, this.readout);
    container.append(this.root);

    this.svg = select(this.plot)
      .append('svg')
      .attr('xmlns', SVG_NS)
      .attr('class', 'sc-svg')
      .attr('data-testid', options.testId)
      .attr('tabindex', 0)
      .attr('role', 'img')
      .attr('aria-describedby', this.readout.id)
      .attr('aria-label', 'cost per operation against N: no data');
    this.svgNode = this.svg.node()!;
    const svg = this.svg;
    this.background = svg.append('rect').attr('class', 'sc-bg');
    this.title = svg.append('text').attr('class', 'sc-title');
    this.caption = svg.append('text').attr('class', 'sc-caption');
    this.gridX = svg.append('g').attr('class', 'sc-grid');
    this.gridY = svg.append('g').attr('class', 'sc-grid');
    this.frameRect = svg.append('rect').attr('class', 'sc-frame');
    this.axisX = svg.append('g').attr('class', 'sc-axis');
    this.axisY = svg.append('g').attr('class', 'sc-axis');
    this.labelX = svg.append('text').attr('class', 'sc-axis-label');
    this.labelY = svg.append('text').attr('class', 'sc-axis-label');
    this.lines = svg.append('g').attr('class', 'sc-lines');
    this.cross = svg.append('g').attr('class', 'sc-cross').style('display', 'none');
    this.crossLine = this.cross.append('line').attr('class', 'sc-cross-line');
    this.crossDots = this.cross.append('g');
    this.hit = svg.append('rect').attr('class', 'sc-hit');
    this.messageGroup = svg.append('g').attr('class', 'sc-message').style('display', 'none');
    this.messageText = this.messageGroup.append('text').attr('class', 'sc-message-text');

    this.hit.on('pointermove', (event: PointerEvent) => this.pointAt(event));
    this.hit.on('click', (event: MouseEvent) => this.pointAt(event));
    this.svg.on('keydown', (event: KeyboardEvent) => this.onKey(event));

    this.sizer = new PlotSizer(
      this.plot,
      { width: FALLBACK_WIDTH, height: FALLBACK_HEIGHT, minHeight: MIN_HEIGHT },
      () => this.draw(),
    );
    this.draw();
  }

  setData(data: ScalingChartData | null): void {
    this.data = data;
    const sizes = this.sizesWithData();
    if (sizes.length === 0) {
      this.current = null;
      this.followLargest = true;
    } else if (this.followLargest || this.current === null || !sizes.includes(this.current)) {
      this.current = sizes[sizes.length - 1];
    }
    this.drawLegend();
    this.draw();
  }

  /** A message over the chart ("Computing…"), or null to clear it. */
  setMessage(text: string | null): void {
    this.message = text === null || text === '' ? null : text;
    this.drawMessage();
  }

  destroy(): void {
    this.sizer.disconnect();
    this.svg.on('keydown', null);
    this.hit.on('pointermove', null).on('click', null);
    this.root.remove();
  }

  /** The N with at least one drawn value, ascending. */
  private sizesWithData(): number[] {
    const data = this.data;
    if (data === null) return [];
    const found = new Set<number>();
    for (const series of visibleSeries(data)) for (const p of series.points) found.add(p.items);
    return [...found].sort((a, b) => a - b);
  }

  /** Rebuilt only when the structures or the sources shown change, not on every point. */
  private drawLegend(): void {
    const data = this.data;
    const kinds = data === null ? [] : data.model.map((s) => s.kind);
    const measured = data?.showMeasured === true && data.measured.length > 0;
    const key = `${kinds.join(',')}|${measured}`;
    if (key === this.legendKey) return;
    this.legendKey = key;
    const items: HTMLLIElement[] = kinds.map((kind) => {
      const item = document.createElement('li');
      item.dataset.kind = kind;
      item.append(swatch(kind, 'model'));
      const name = document.createElement('span');
      name.textContent = STRUCTURES[kind].title;
      item.append(name);
      return item;
    });
    if (kinds.length > 0) {
      for (const source of ['model', 'measured'] as const) {
        const item = document.createElement('li');
        item.className = 'sc-legend-source';
        item.dataset.source = source;
        if (source === 'measured' && !measured) item.classList.add('sc-legend-off');
        item.append(swatch(null, source));
        const text = document.createElement('span');
        text.textContent =
          source === 'model'
            ? 'solid: cost model'
            : measured
              ? 'dashed: measured in this browser'
              : 'dashed: measured in this browser (not shown)';
        item.append(text);
        items.push(item);
      }
    }
    this.legend.replaceChildren(...items);
  }

  private draw(): void {
    const { width, height } = this.sizer.take();
    const data = this.data;
    const series = data === null ? [] : visibleSeries(data);
    const hasData = series.length > 0;
    this.svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
    this.background.attr('width', width).attr('height', height);

    // y: seconds per operation, padded a little so no line runs along the frame.
    let lo = Number.POSITIVE_INFINITY;
    let hi = 0;
    for (const s of series) {
      for (const p of s.points) {
        lo = Math.min(lo, p.seconds);
        hi = Math.max(hi, p.seconds);
      }
    }
    if (!hasData) {
      lo = 1e-7;
      hi = 1e-5;
    }
    const span = Math.log10(hi / lo);
    if (span < 0.5) {
      const pad = 10 ** ((0.5 - span) / 2 + 0.05);
      lo /= pad;
      hi *= pad;
    } else {
      const pad = 10 ** (span * 0.06);
      lo /= pad;
      hi *= pad;
    }
    const plotH = Math.max(60, height - TOP - BOTTOM);
    const yTicks = logTicks(lo, hi, plotH);
    const leftChars = Math.max(4, ...yTicks.map((t) => formatSecondsTick(t).length));
    const left = Math.round(30 + 8 + leftChars * CHAR_PX);
    const plotW = Math.max(60, width - left - RIGHT);
    const y = scaleLog()
      .domain([lo, hi])
      .range([TOP + plotH, TOP]);

    // x: N, over the requested sizes even before all of them are computed.
    const sizes = data?.sizes.length ? data.sizes : [100, 1_000_000];
    const nLo = Math.min(...sizes);
    const nHi = Math.max(...sizes);
    const x = scaleLog()
      .domain(nLo === nHi ? [nLo / 3, nHi * 3] : [nLo / 1.3, nHi * 1.3])
      .range([left, left + plotW]);
    const [dLo, dHi] = x.domain();
    let xTicks: number[] = [];
    for (let e = Math.ceil(Math.log10(dLo)); e <= Math.floor(Math.log10(dHi)); e++) {
      xTicks.push(10 ** e);
    }
    if (xTicks.length < 2) xTicks = [...sizes];
    this.geometry = { left, top: TOP, plotW, plotH, x, y };

    const quantity = data === null ? 'add' : data.quantity;
    const room = width - 16;
    fitText(
      this.title.attr('x', 8).attr('y', TITLE_BASELINE),
      [
        data?.title ?? 'Cost per operation against N',
        `Time per ${QUANTITY_LABELS[quantity]} against N`,
      ],
      room,
    );
    fitText(this.caption.attr('x', 8).attr('y', CAPTION_BASELINE), [data?.caption ?? ''], room);
    this.frameRect.attr('x', left).attr('y', TOP).attr('width', plotW).attr('height', plotH);
    this.hit.attr('x', left).attr('y', TOP).attr('width', plotW).attr('height', plotH);

    this.axisX.attr('transform', `translate(0,${TOP + plotH})`).call(
      axisBottom(x)
        .tickValues(xTicks)
        .tickFormat((v) => formatItems(v.valueOf()))
        .tickSizeOuter(0),
    );
    this.axisY.attr('transform', `translate(${left},0)`).call(
      axisLeft(y)
        .tickValues(yTicks)
        .tickFormat((v) => formatSecondsTick(v.valueOf()))
        .tickSizeOuter(0),
    );
    this.labelX
      .attr('x', left + plotW / 2)
      .attr('y', TOP + plotH + 40)
      .text('N, items in the queue (log scale)');
    this.labelY
      .attr('transform', `translate(15,${TOP + plotH / 2}) rotate(-90)`)
      .text(`time per ${QUANTITY_LABELS[quantity]} (log scale)`);
    this.gridY
      .selectAll<SVGLineElement, number>('line')
      .data(yTicks)
      .join('line')
      .attr('x1', left)
      .attr('x2', left + plotW)
      .attr('y1', (t) => y(t))
      .attr('y2', (t) => y(t));
    this.gridX
      .selectAll<SVGLineElement, number>('line')
      .data(xTicks)
      .join('line')
      .attr('x1', (t) => x(t))
      .attr('x2', (t) => x(t))
      .attr('y1', TOP)
      .attr('y2', TOP + plotH);

    // One group per (structure, source): its line and its markers.
    const path = line<{ items: number; seconds: number }>()
      .digits(1)
      .x((p) => x(p.items))
      .y((p) => y(p.seconds));
    const groups = this.lines
      .selectAll<SVGGElement, ScalingSeries>('g.sc-series')
      .data(series, (s) => `${s.kind}-${s.source}`)
      .join((enter) => {
        const g = enter.append('g');
        g.append('path').attr('class', 'sc-line');
        return g;
      })
      .attr('class', (s) => `sc-series sc-k-${s.kind} sc-${s.source}`);
    groups
      .select<SVGPathElement>('path.sc-line')
      .attr('data-kind', (s) => s.kind)
      .attr('data-source', (s) => s.source)
      // The plotted numbers, for tests and for anyone reading the DOM: "N:seconds;…".
      .attr('data-points', (s) => s.points.map((p) => `${p.items}:${p.seconds}`).join(';'))
      .attr('d', (s) => path(s.points) ?? '');
    groups
      .selectAll<SVGPathElement, { kind: StructureKind; items: number; seconds: number }>(
        'path.sc-mark',
      )
      .data((s) => s.points.map((p) => ({ kind: s.kind, ...p })))
      .join('path')
      .attr('class', 'sc-mark')
      .attr('d', (p) => markPath(p.kind))
      .attr('transform', (p) => markTransform(p.kind, x(p.items), y(p.seconds)));

    for (const node of [this.gridX, this.gridY, this.axisX, this.axisY, this.lines]) {
      shown(node, hasData);
    }
    shown(this.hit, hasData);
    shown(this.labelX, hasData);
    shown(this.labelY, hasData);
    this.svg.attr('aria-label', this.describe());
    this.drawCross();
    this.drawMessage();
  }

  /** The chart in one or two sentences: what it plots and how the ends compare. */
  private describe(): string {
    const data = this.data;
    if (data === null || data.model.length === 0) {
      return 'Cost per operation against N, log-log: no data yet.';
    }
    const what = QUANTITY_LABELS[data.quantity];
    let text =
      `${data.title}. ${data.caption}. Log-log chart of the time per ${what} against N for ` +
      `${data.model.length} structures (${data.model.map((s) => STRUCTURES[s.kind].title).join(', ')}).`;
    const largest = Math.max(...data.model.flatMap((s) => s.points.map((p) => p.items)));
    const at = data.model
      .map((s) => ({ kind: s.kind, value: valueAt(s, largest) }))
      .filter((e): e is { kind: StructureKind; value: number } => e.value !== null)
      .sort((a, b) => a.value - b.value);
    if (at.length >= 2) {
      const cheap = at[0];
      const dear = at[at.length - 1];
      text +=
        ` At N = ${formatItems(largest)} the model's costliest is ${STRUCTURES[dear.kind].title} ` +
        `(${formatSeconds(dear.value)}) and the cheapest ${STRUCTURES[cheap.kind].title} ` +
        `(${formatSeconds(cheap.value)}).`;
    }
    if (data.showMeasured && data.measured.length > 0) text += ' Dashed lines: measured here.';
    return `${text} Left and right arrows move the readout from one N to the next.`;
  }

  private drawCross(): void {
    const data = this.data;
    const g = this.geometry;
    const n = this.current;
    if (data === null || g === null || n === null) {
      this.cross.style('display', 'none');
      if (this.readout.textContent !== '') this.readout.textContent = '';
      return;
    }
    const cx = g.x(n);
    this.cross.style('display', null);
    this.crossLine
      .attr('x1', cx)
      .attr('x2', cx)
      .attr('y1', g.top)
      .attr('y2', g.top + g.plotH);
    const dots = visibleSeries(data)
      .map((s) => ({ s, value: valueAt(s, n) }))
      .filter((d): d is { s: ScalingSeries; value: number } => d.value !== null);
    this.crossDots
      .selectAll<SVGCircleElement, { s: ScalingSeries; value: number }>('circle')
      .data(dots)
      .join('circle')
      .attr('class', (d) => `sc-dot sc-k-${d.s.kind} sc-${d.s.source}`)
      .attr('r', 7)
      .attr('cx', cx)
      .attr('cy', (d) => g.y(d.value));
    const parts = data.model.map((s) => {
      const model = valueAt(s, n);
      const measuredSeries = data.showMeasured
        ? data.measured.find((m) => m.kind === s.kind)
        : undefined;
      const measured = measuredSeries === undefined ? null : valueAt(measuredSeries, n);
      const value = model === null ? 'not run' : formatSeconds(model);
      const extra =
        measured === null ? '' : ` (${SOURCE_WORDS.measured} ${formatSeconds(measured)})`;
      return `${STRUCTURES[s.kind].title} ${value}${extra}`;
    });
    const text = `N = ${n.toLocaleString('en-US')}, time per ${QUANTITY_LABELS[data.quantity]}: ${parts.join(' · ')}`;
    if (this.readout.textContent !== text) this.readout.textContent = text;
  }

  private drawMessage(): void {
    const text = this.message;
    this.root.classList.toggle('sc-busy', text !== null);
    if (text === null) {
      this.messageGroup.style('display', 'none');
      return;
    }
    const g = this.geometry;
    const { width, height } = this.sizer.size;
    const cx = g === null ? width / 2 : g.left + g.plotW / 2;
    const cy = g === null ? height / 2 : g.top + 22;
    this.messageGroup.style('display', null);
    this.messageText.attr('x', cx).attr('y', cy).text(text);
  }

  private moveTo(n: number): void {
    this.followLargest = false;
    if (n === this.current) return;
    this.current = n;
    this.drawCross();
  }

  /** Snaps the pointer to the nearest computed N (on the log scale, as drawn). */
  private pointAt(event: MouseEvent): void {
    const g = this.geometry;
    const sizes = this.sizesWithData();
    if (g === null || sizes.length === 0) return;
    const box = this.svgNode.getBoundingClientRect();
    const scaleX = box.width > 0 ? this.sizer.size.width / box.width : 1;
    const px = (event.clientX - box.left) * scaleX;
    let best = sizes[0];
    for (const n of sizes) if (Math.abs(g.x(n) - px) < Math.abs(g.x(best) - px)) best = n;
    this.moveTo(best);
  }

  private onKey(event: KeyboardEvent): void {
    const sizes = this.sizesWithData();
    if (sizes.length === 0 || this.current === null) return;
    const index = Math.max(0, sizes.indexOf(this.current));
    switch (event.key) {
      case 'ArrowLeft':
        this.moveTo(sizes[Math.max(0, index - 1)]);
        break;
      case 'ArrowRight':
        this.moveTo(sizes[Math.min(sizes.length - 1, index + 1)]);
        break;
      case 'Home':
        this.moveTo(sizes[0]);
        break;
      case 'End':
        this.moveTo(sizes[sizes.length - 1]);
        break;
      default:
        return;
    }
    // The page binds the same keys to stepping the animation; they must not fire twice.
    event.preventDefault();
    event.stopPropagation();
  }
}

let measureContext: CanvasRenderingContext2D | null | undefined;

/**
 * Sets the first candidate that fits in `max` px in the element's font; failing all, the last one
 * cut with an ellipsis. Canvas measureText needs no layout and works while the tab is hidden.
 */
function fitText(text: Text, candidates: string[], max: number): void {
  const node = text.node();
  if (node === null) return;
  measureContext ??= document.createElement('canvas').getContext('2d');
  const ctx = measureContext;
  const style = getComputedStyle(node);
  const width = (value: string): number => {
    if (ctx === null || style.fontSize === '') return value.length * 7.5;
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return ctx.measureText(value).width;
  };
  let chosen = candidates.find((candidate) => width(candidate) <= max);
  if (chosen === undefined) {
    const last = candidates[candidates.length - 1];
    let keep = last.length;
    while (keep > 0 && width(`${last.slice(0, keep).trimEnd()}…`) > max) keep--;
    chosen = `${last.slice(0, keep).trimEnd()}…`;
  }
  if (node.textContent !== chosen) node.textContent = chosen;
}

/** A legend swatch: a short line in the structure's colour and dash, with its marker. */
function swatch(kind: StructureKind | null, source: ScalingSource): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute(
    'class',
    `sc-swatch${kind === null ? ' sc-k-none' : ` sc-k-${kind}`} sc-${source}`,
  );
  svg.setAttribute('width', '36');
  svg.setAttribute('height', '16');
  svg.setAttribute('viewBox', '0 0 36 16');
  svg.setAttribute('aria-hidden', 'true');
  const stroke = document.createElementNS(SVG_NS, 'line');
  stroke.setAttribute('class', 'sc-line');
  stroke.setAttribute('x1', '2');
  stroke.setAttribute('x2', '34');
  stroke.setAttribute('y1', '8');
  stroke.setAttribute('y2', '8');
  svg.append(stroke);
  if (kind !== null) {
    const mark = document.createElementNS(SVG_NS, 'path');
    mark.setAttribute('class', 'sc-mark');
    mark.setAttribute('d', markPath(kind));
    mark.setAttribute('transform', markTransform(kind, 18, 8));
    svg.append(mark);
  }
  return svg;
}
