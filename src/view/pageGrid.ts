// The page grid: one cell per virtual-memory page of one heap, showing its state, LRU recency and
// the current step's pager event. Canvas, because 2,048 cells are redrawn on every autoplay frame.

import type { SimEvent } from '../core/events';
import { PAGE_CLEAN, PAGE_DIRTY, PAGE_OUT, PAGE_UNTOUCHED, type ViewState } from '../core/replay';
import { mix, type Palette, type Rgb, readPalette, textOn, toRgb, watchPalette } from './palette';

export interface PageGridOptions {
  testId: string;
  /** Names the grid in its aria-label, e.g. "binary heap pages". */
  title: string;
  onHoverPage: (page: number | null) => void;
}

/** What the current step did to a page; each kind has its own colour and its own shape. */
export type PageMark = 'hit' | 'zero-fill' | 'page-in' | 'evict' | 'write-back';

const MAX_CELL = 48;
const MIN_CELL = 3;
/** Room around the grid (CSS px) so rings drawn outside edge cells are not clipped. */
const PAD = 6;
/** LRU shades: more would not be told apart, and few fill styles keep the redraw cheap. */
const SHADES = 12;
/** Cell sizes (CSS px) from which outlines, rank numbers and page numbers are drawn. */
const OUTLINE_FROM = 7;
const DASH_FROM = 14;
const RANK_FROM = 20;
const PAGE_NUMBER_FROM = 28;

const BUCKET_UNTOUCHED = 0;
const BUCKET_OUT = 1;
const BUCKET_RESIDENT = 2; // + shade

function gapFor(css: number): number {
  if (css >= 14) return Math.max(2, Math.round(css * 0.1));
  return css >= OUTLINE_FROM ? 1 : 0;
}

/**
 * Largest cell (CSS px) whose grid fits the width within a height of about half the width: eight
 * pages get big, labelled cells; two thousand get 4-8 px cells without gaps.
 */
export function cellSizeFor(count: number, width: number): number {
  const budget = Math.max(120, width * 0.55);
  for (let css = MAX_CELL; css > MIN_CELL; css--) {
    const gap = gapFor(css);
    const cols = Math.max(1, Math.floor((width + gap) / (css + gap)));
    if (Math.ceil(count / cols) * (css + gap) - gap <= budget) return css;
  }
  return MIN_CELL;
}

/** The grid in device pixels: whole-pixel cells stay crisp at any zoom or devicePixelRatio. */
interface Geometry {
  count: number;
  cssWidth: number;
  dpr: number;
  css: number;
  cell: number;
  gap: number;
  pitch: number;
  cols: number;
  rows: number;
  pad: number;
  width: number;
  height: number;
}

function geometryFor(count: number, cssWidth: number, dpr: number): Geometry {
  const css = cellSizeFor(Math.max(1, count), Math.max(1, cssWidth - 2 * PAD));
  const cell = Math.max(1, Math.round(css * dpr));
  const gap = Math.round(gapFor(css) * dpr);
  const pitch = cell + gap;
  const pad = Math.round(PAD * dpr);
  const width = Math.max(1, Math.round(cssWidth * dpr));
  const cols = Math.max(1, Math.floor((width - 2 * pad + gap) / pitch));
  const rows = Math.max(1, Math.ceil(count / cols));
  const height = 2 * pad + rows * pitch - gap;
  return { count, cssWidth, dpr, css, cell, gap, pitch, cols, rows, pad, width, height };
}

/** Colours prepared for one palette and pixel ratio. */
interface Paint {
  palette: Palette;
  background: Rgb;
  ramp: string[];
  rampText: string[];
  untouchedText: string;
  hatch: CanvasPattern | string;
}

function makePaint(ctx: CanvasRenderingContext2D, palette: Palette, dpr: number): Paint {
  const recent = toRgb(palette.clean);
  const old = toRgb(palette.cleanOld);
  const ramp: string[] = [];
  const rampText: string[] = [];
  for (let i = 0; i < SHADES; i++) {
    const t = i / (SHADES - 1);
    ramp.push(mix(recent, old, t));
    rampText.push(textOn(toRgb(mix(recent, old, t))));
  }
  // Paged-out cells are hollow with diagonal hatching: a shape that survives at 4 px and in greyscale.
  const size = Math.max(4, Math.round(4 * dpr));
  const tile = document.createElement('canvas');
  tile.width = size;
  tile.height = size;
  const t = tile.getContext('2d');
  let hatch: CanvasPattern | string = palette.out;
  if (t !== null) {
    t.strokeStyle = palette.out;
    t.lineWidth = Math.max(1, dpr);
    t.beginPath();
    t.moveTo(0, size);
    t.lineTo(size, 0);
    t.moveTo(-1, 1);
    t.lineTo(1, -1);
    t.moveTo(size - 1, size + 1);
    t.lineTo(size + 1, size - 1);
    t.stroke();
    hatch = ctx.createPattern(tile, 'repeat') ?? palette.out;
  }
  return {
    palette,
    background: toRgb(palette.background),
    ramp,
    rampText,
    untouchedText: palette.text,
    hatch,
  };
}

function markColour(palette: Palette, mark: PageMark): string {
  switch (mark) {
    case 'hit':
      return palette.hit;
    case 'zero-fill':
      return palette.zeroFill;
    case 'page-in':
      return palette.pageIn;
    case 'evict':
      return palette.evict;
    case 'write-back':
      return palette.writeBack;
  }
}

const BADGE: Record<PageMark, string> = {
  hit: '',
  'zero-fill': 'Z',
  'page-in': '↓IN',
  evict: '',
  'write-back': '↑WB',
};

/** The pager event of the current step, if it concerns a page. */
export function pageMarkOf(current: SimEvent | null): { page: number; mark: PageMark } | null {
  if (current === null) return null;
  if (current.kind === 'touch') return { page: current.page, mark: current.outcome };
  if (current.kind === 'evict') {
    return { page: current.page, mark: current.writeBack ? 'write-back' : 'evict' };
  }
  return null;
}

function roundedBox(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/**
 * Draws a transient mark on the cell at (x, y): rings for touches (solid = hit, dotted + Z =
 * zero-fill, double + ↓IN = page-in), an X for evictions (+ ↑WB when written back). Marks are at
 * least 14 CSS px so they stay visible on 4 px cells.
 */
function drawMark(
  ctx: CanvasRenderingContext2D,
  paint: Paint,
  mark: PageMark,
  x: number,
  y: number,
  cell: number,
  dpr: number,
  bounds: { width: number; height: number },
): void {
  const colour = markColour(paint.palette, mark);
  const halo = paint.palette.background;
  const cx = x + cell / 2;
  const cy = y + cell / 2;
  const lw = Math.max(2, Math.round(2.5 * dpr));
  const half = Math.max(cell, Math.round(14 * dpr)) / 2 + Math.round(1.5 * dpr) + lw / 2;
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const ring = (h: number, dash: number[]): void => {
    ctx.setLineDash([]);
    ctx.strokeStyle = halo;
    ctx.lineWidth = lw + 2 * Math.max(1, Math.round(dpr));
    ctx.strokeRect(cx - h, cy - h, 2 * h, 2 * h);
    ctx.setLineDash(dash);
    ctx.strokeStyle = colour;
    ctx.lineWidth = lw;
    ctx.strokeRect(cx - h, cy - h, 2 * h, 2 * h);
  };
  if (mark === 'hit') ring(half, []);
  else if (mark === 'zero-fill') ring(half, [lw, lw * 1.2]);
  else if (mark === 'page-in') {
    ring(half + lw * 1.6, []);
    ring(half, []);
  } else {
    const h = half - lw / 2;
    ctx.beginPath();
    ctx.moveTo(cx - h, cy - h);
    ctx.lineTo(cx + h, cy + h);
    ctx.moveTo(cx + h, cy - h);
    ctx.lineTo(cx - h, cy + h);
    ctx.strokeStyle = halo;
    ctx.lineWidth = lw * 1.6 + 2 * Math.max(1, Math.round(dpr));
    ctx.stroke();
    ctx.strokeStyle = colour;
    ctx.lineWidth = lw * 1.6;
    ctx.stroke();
  }
  const text = BADGE[mark];
  if (text !== '') {
    ctx.setLineDash([]);
    ctx.font = `700 ${Math.round(10 * dpr)}px system-ui, sans-serif`;
    const w = Math.ceil(ctx.measureText(text).width) + Math.round(6 * dpr);
    const h = Math.round(14 * dpr);
    const outer = mark === 'page-in' ? half + lw * 1.6 : half;
    const bx = Math.max(0, Math.min(bounds.width - w, cx + outer - w * 0.4));
    const by = Math.max(0, Math.min(bounds.height - h, cy - outer - h * 0.6));
    roundedBox(ctx, bx, by, w, h, Math.round(3 * dpr));
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.strokeStyle = halo;
    ctx.lineWidth = Math.max(1, Math.round(dpr));
    ctx.stroke();
    ctx.fillStyle = textOn(toRgb(colour));
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, bx + w / 2, by + h / 2 + Math.round(0.5 * dpr));
  }
  ctx.restore();
}

function stateName(state: number): string {
  if (state === PAGE_CLEAN) return 'resident, clean';
  if (state === PAGE_DIRTY) return 'resident, dirty';
  if (state === PAGE_OUT) return 'paged out';
  return 'untouched';
}

export class PageGridView {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly observer: ResizeObserver;
  private readonly stopPalette: () => void;
  private geometry: Geometry | null = null;
  private paint: Paint | null = null;
  private cssWidth: number;
  private frame = 0;
  private hovered: number | null = null;
  // What the last render drew, for redraws (resize, theme) and for hover text.
  private last: {
    view: ViewState;
    current: SimEvent | null;
    highlight: ReadonlySet<number>;
  } | null = null;
  private states = new Uint8Array(0);
  private ranks = new Int32Array(0);
  private frames = new Int32Array(0);
  private residentCount = 0;
  private buckets = new Uint8Array(0);
  private order = new Int32Array(0);

  constructor(
    container: HTMLElement,
    private readonly options: PageGridOptions,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'pg-grid';
    this.element.dataset.testid = options.testId;
    this.element.setAttribute('role', 'img');
    this.element.setAttribute('aria-label', `${options.title}: not started`);
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'pg-canvas';
    this.canvas.setAttribute('aria-hidden', 'true');
    this.element.append(this.canvas);
    container.append(this.element);
    const ctx = this.canvas.getContext('2d', { alpha: true });
    if (ctx === null) throw new Error('canvas 2D context unavailable');
    this.ctx = ctx;
    this.cssWidth = this.element.getBoundingClientRect().width || 320;

    // Redraw on the next frame, not inside the callback: the redraw changes the canvas height,
    // which would otherwise re-trigger the observer within the same frame.
    this.observer = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1]?.contentRect.width ?? 0;
      if (width > 0 && Math.abs(width - this.cssWidth) >= 0.5) {
        this.cssWidth = width;
        this.schedule();
      }
    });
    this.observer.observe(this.element);
    this.stopPalette = watchPalette(() => {
      this.paint = null;
      this.schedule();
    });

    this.canvas.addEventListener('mousemove', (event) => this.hover(this.pageAt(event)));
    this.canvas.addEventListener('mouseleave', () => this.hover(null));
  }

  render(view: ViewState, current: SimEvent | null, highlightPages: ReadonlySet<number>): void {
    this.last = { view, current, highlight: highlightPages };
    this.draw();
  }

  /** Stops observers and removes the grid. */
  destroy(): void {
    this.observer.disconnect();
    this.stopPalette();
    cancelAnimationFrame(this.frame);
    this.element.remove();
  }

  private schedule(): void {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.draw());
  }

  private ensureGeometry(count: number): Geometry {
    const dpr = window.devicePixelRatio || 1;
    const g = this.geometry;
    if (g !== null && g.count === count && g.cssWidth === this.cssWidth && g.dpr === dpr) return g;
    const next = geometryFor(count, this.cssWidth, dpr);
    this.canvas.width = next.width;
    this.canvas.height = next.height;
    this.canvas.style.height = `${next.height / dpr}px`;
    if (g === null || g.dpr !== dpr) this.paint = null;
    this.geometry = next;
    return next;
  }

  private draw(): void {
    const last = this.last;
    if (last === null) return;
    const { view, current, highlight } = last;
    const count = view.pages;
    const g = this.ensureGeometry(count);
    const ctx = this.ctx;
    this.paint ??= makePaint(ctx, readPalette(), g.dpr);
    const paint = this.paint;
    const palette = paint.palette;
    this.snapshotState(view);

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.setLineDash([]);
    ctx.clearRect(0, 0, g.width, g.height);

    // Sort cells by fill style (counting sort) so each style is set once, not once per cell.
    const bucketCount = BUCKET_RESIDENT + SHADES;
    const starts = new Int32Array(bucketCount + 1);
    const buckets = this.buckets;
    const span = Math.max(1, this.residentCount - 1);
    let dirty = 0;
    let out = 0;
    for (let page = 0; page < count; page++) {
      const state = this.states[page];
      let bucket = BUCKET_UNTOUCHED;
      if (state === PAGE_OUT) {
        bucket = BUCKET_OUT;
        out++;
      } else if (state === PAGE_CLEAN || state === PAGE_DIRTY) {
        bucket = BUCKET_RESIDENT + Math.round(((this.ranks[page] - 1) / span) * (SHADES - 1));
        if (state === PAGE_DIRTY) dirty++;
      }
      buckets[page] = bucket;
      starts[bucket + 1]++;
    }
    for (let b = 0; b < bucketCount; b++) starts[b + 1] += starts[b];
    const fill = starts.slice(0, bucketCount);
    const order = this.order;
    for (let page = 0; page < count; page++) order[fill[buckets[page]]++] = page;

    const { cell, pitch, cols, pad } = g;
    const xOf = (page: number): number => pad + (page % cols) * pitch;
    const yOf = (page: number): number => pad + Math.floor(page / cols) * pitch;
    for (let b = 0; b < bucketCount; b++) {
      if (starts[b] === starts[b + 1]) continue;
      ctx.fillStyle =
        b === BUCKET_UNTOUCHED
          ? palette.untouched
          : b === BUCKET_OUT
            ? paint.hatch
            : paint.ramp[b - BUCKET_RESIDENT];
      // One path per style: a single fill call rasterises all its cells.
      ctx.beginPath();
      for (let i = starts[b]; i < starts[b + 1]; i++) {
        const page = order[i];
        ctx.rect(xOf(page), yOf(page), cell, cell);
      }
      ctx.fill();
    }

    // Outlines: thin solid for untouched, dashed for paged out; one path per kind.
    if (g.css >= OUTLINE_FROM) {
      const line = Math.max(1, Math.round(g.dpr));
      const inset = line / 2;
      const outline = (from: number, to: number, colour: string, dash: number[]): void => {
        if (from === to) return;
        ctx.beginPath();
        for (let i = from; i < to; i++) {
          const page = order[i];
          ctx.rect(xOf(page) + inset, yOf(page) + inset, cell - line, cell - line);
        }
        ctx.setLineDash(dash);
        ctx.strokeStyle = colour;
        ctx.lineWidth = line;
        ctx.stroke();
      };
      outline(starts[BUCKET_UNTOUCHED], starts[BUCKET_UNTOUCHED + 1], palette.outline, []);
      // Dashes cost far more than fills in software rendering; small cells rely on the hatching.
      if (g.css >= DASH_FROM) {
        const dash = Math.max(2, Math.round(3 * g.dpr));
        outline(starts[BUCKET_OUT], starts[BUCKET_OUT + 1], palette.out, [dash, dash * 0.7]);
      }
      ctx.setLineDash([]);
    }

    // Dirty pages: a corner triangle, so dirtiness reads without colour.
    if (dirty > 0) {
      const leg = Math.max(2, Math.ceil(cell * (g.css >= RANK_FROM ? 0.42 : 0.6)));
      ctx.beginPath();
      for (let page = 0; page < count; page++) {
        if (this.states[page] !== PAGE_DIRTY) continue;
        const x = xOf(page) + cell;
        const y = yOf(page) + cell;
        ctx.moveTo(x, y);
        ctx.lineTo(x - leg, y);
        ctx.lineTo(x, y - leg);
        ctx.closePath();
      }
      ctx.fillStyle = palette.dirty;
      ctx.fill();
    }

    if (g.css >= RANK_FROM) this.drawNumbers(g, paint, xOf, yOf);

    if (highlight.size > 0) {
      const line = Math.max(2, Math.round(2 * g.dpr));
      const out = line / 2 + Math.round(g.dpr);
      ctx.strokeStyle = palette.highlight;
      ctx.lineWidth = line;
      ctx.beginPath();
      for (const page of highlight) {
        if (page < 0 || page >= count) continue;
        ctx.rect(xOf(page) - out, yOf(page) - out, cell + 2 * out, cell + 2 * out);
      }
      ctx.stroke();
    }

    const marked = pageMarkOf(current);
    if (marked !== null && marked.page >= 0 && marked.page < count) {
      drawMark(ctx, paint, marked.mark, xOf(marked.page), yOf(marked.page), cell, g.dpr, g);
    }

    const resident = this.residentCount;
    const untouched = count - resident - out;
    let label = `${this.options.title}: ${resident} resident, ${dirty} dirty, ${out} paged out, ${untouched} untouched, of ${count}`;
    if (marked !== null) label += `; now page ${marked.page} ${marked.mark.replace('-', ' ')}`;
    this.element.setAttribute('aria-label', label);
    const data = this.element.dataset;
    data.resident = String(resident);
    data.dirty = String(dirty);
    data.out = String(out);
    data.cell = String(g.css);
    data.mark = marked === null ? '' : `${marked.mark}:${marked.page}`;
    if (this.hovered !== null) this.canvas.title = this.describe(this.hovered);
  }

  /** Copies what hover text and redraws need, so they describe what is on screen. */
  private snapshotState(view: ViewState): void {
    const count = view.pages;
    if (this.states.length !== count) {
      this.states = new Uint8Array(count);
      this.ranks = new Int32Array(count);
      this.frames = new Int32Array(count);
      this.buckets = new Uint8Array(count);
      this.order = new Int32Array(count);
    }
    this.states.set(view.pageState.subarray(0, count));
    this.frames.set(view.frameOf.subarray(0, count));
    this.ranks.fill(0);
    const lru = view.lruOrder();
    for (let i = 0; i < lru.length; i++) this.ranks[lru[i]] = i + 1;
    this.residentCount = lru.length;
  }

  private drawNumbers(
    g: Geometry,
    paint: Paint,
    xOf: (page: number) => number,
    yOf: (page: number) => number,
  ): void {
    const ctx = this.ctx;
    const { cell } = g;
    const withPage = g.css >= PAGE_NUMBER_FROM;
    const span = Math.max(1, this.residentCount - 1);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const rankFont = `700 ${Math.round(cell * 0.4)}px system-ui, sans-serif`;
    const smallRankFont = `700 ${Math.round(cell * 0.3)}px system-ui, sans-serif`;
    for (let page = 0; page < g.count; page++) {
      const rank = this.ranks[page];
      if (rank === 0) continue;
      const shade = Math.round(((rank - 1) / span) * (SHADES - 1));
      ctx.fillStyle = paint.rampText[shade];
      ctx.font = rank >= 100 ? smallRankFont : rankFont;
      ctx.fillText(String(rank), xOf(page) + cell / 2, yOf(page) + cell * (withPage ? 0.58 : 0.5));
    }
    if (!withPage) return;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.font = `${Math.max(Math.round(9 * g.dpr), Math.round(cell * 0.24))}px system-ui, sans-serif`;
    const inset = Math.round(cell * 0.08);
    for (let page = 0; page < g.count; page++) {
      const rank = this.ranks[page];
      ctx.fillStyle =
        rank === 0
          ? paint.untouchedText
          : paint.rampText[Math.round(((rank - 1) / span) * (SHADES - 1))];
      ctx.globalAlpha = 0.8;
      ctx.fillText(`p${page}`, xOf(page) + inset, yOf(page) + inset);
    }
    ctx.globalAlpha = 1;
  }

  private pageAt(event: MouseEvent): number | null {
    const g = this.geometry;
    if (g === null) return null;
    const x = event.offsetX * g.dpr - g.pad;
    const y = event.offsetY * g.dpr - g.pad;
    if (x < 0 || y < 0) return null;
    const col = Math.floor(x / g.pitch);
    const row = Math.floor(y / g.pitch);
    if (col >= g.cols) return null;
    const page = row * g.cols + col;
    return page < g.count ? page : null;
  }

  private hover(page: number | null): void {
    if (page === this.hovered) return;
    this.hovered = page;
    this.canvas.title = page === null ? '' : this.describe(page);
    this.options.onHoverPage(page);
  }

  private describe(page: number): string {
    const view = this.last?.view;
    if (view === undefined || page >= this.states.length) return '';
    const state = this.states[page];
    // Heaps address slots (those below the root are padding); pointer structures address arena
    // words, node n's starting at n × its words per node, node 0 being the header.
    // Multiplications, not shifts: a large heap's slots pass 2^31.
    const firstWord = page * view.spec.itemsPerPage;
    const lastWord = firstWord + view.spec.itemsPerPage - 1;
    const span =
      view.heap !== null
        ? `slots ${Math.max(view.heap.rootSlot, firstWord)}–${lastWord}`
        : `words ${firstWord}–${lastWord}, nodes ${view.holderOf(firstWord)}–${view.holderOf(lastWord)}`;
    let text = `page ${page} (${span}): ${stateName(state)}`;
    if (state === PAGE_CLEAN || state === PAGE_DIRTY) {
      text += `, LRU rank ${this.ranks[page]} of ${this.residentCount} (1 = most recent), frame ${this.frames[page]}`;
    }
    return text;
  }
}

interface LegendEntry {
  label: string;
  draw: (ctx: CanvasRenderingContext2D, paint: Paint, dpr: number, w: number, h: number) => void;
}

/** One cell as the grid draws it, for the legend. */
function legendCell(
  ctx: CanvasRenderingContext2D,
  paint: Paint,
  dpr: number,
  x: number,
  y: number,
  size: number,
  state: number,
  shade: number,
): void {
  const p = paint.palette;
  const line = Math.max(1, Math.round(dpr));
  if (state === PAGE_UNTOUCHED) {
    ctx.fillStyle = p.untouched;
    ctx.fillRect(x, y, size, size);
    ctx.strokeStyle = p.outline;
    ctx.lineWidth = line;
    ctx.strokeRect(x + line / 2, y + line / 2, size - line, size - line);
    return;
  }
  if (state === PAGE_OUT) {
    ctx.fillStyle = paint.hatch;
    ctx.fillRect(x, y, size, size);
    const dash = Math.max(2, Math.round(3 * dpr));
    ctx.setLineDash([dash, dash * 0.7]);
    ctx.strokeStyle = p.out;
    ctx.lineWidth = line;
    ctx.strokeRect(x + line / 2, y + line / 2, size - line, size - line);
    ctx.setLineDash([]);
    return;
  }
  ctx.fillStyle = paint.ramp[shade];
  ctx.fillRect(x, y, size, size);
  if (state === PAGE_DIRTY) {
    const leg = Math.ceil(size * 0.5);
    ctx.beginPath();
    ctx.moveTo(x + size, y + size);
    ctx.lineTo(x + size - leg, y + size);
    ctx.lineTo(x + size, y + size - leg);
    ctx.closePath();
    ctx.fillStyle = p.dirty;
    ctx.fill();
  }
}

const LEGEND_CELL = 16;

function stateEntry(label: string, state: number): LegendEntry {
  return {
    label,
    draw: (ctx, paint, dpr, w, h) => {
      const size = Math.round(LEGEND_CELL * dpr);
      legendCell(
        ctx,
        paint,
        dpr,
        Math.round((w - size) / 2),
        Math.round((h - size) / 2),
        size,
        state,
        0,
      );
    },
  };
}

function markEntry(label: string, mark: PageMark, state: number): LegendEntry {
  return {
    label,
    draw: (ctx, paint, dpr, w, h) => {
      const size = Math.round(12 * dpr);
      const x = Math.round(w * 0.4 - size / 2);
      const y = Math.round(h * 0.58 - size / 2);
      legendCell(ctx, paint, dpr, x, y, size, state, 0);
      drawMark(ctx, paint, mark, x, y, size, dpr, { width: w, height: h });
    },
  };
}

const LEGEND_STATES: LegendEntry[] = [
  stateEntry('untouched (never used)', PAGE_UNTOUCHED),
  stateEntry('resident, clean', PAGE_CLEAN),
  stateEntry('resident, dirty (evicting it costs a write-back)', PAGE_DIRTY),
  stateEntry('paged out (touching it costs a page-in)', PAGE_OUT),
];

const LEGEND_MARKS: LegendEntry[] = [
  markEntry('hit', 'hit', PAGE_CLEAN),
  markEntry('zero-fill (first touch, no I/O)', 'zero-fill', PAGE_CLEAN),
  markEntry('page-in (one transfer)', 'page-in', PAGE_CLEAN),
  markEntry('evicted (clean)', 'evict', PAGE_OUT),
  markEntry('evicted with write-back (one transfer)', 'write-back', PAGE_OUT),
];

const LEGEND_RAMP_CELLS = 5;
const LEGEND_LRU: LegendEntry = {
  label: 'LRU rank: 1 = most recently used (strongest shade) … last = next to be evicted',
  draw: (ctx, paint, dpr, _w, h) => {
    const size = Math.round(20 * dpr);
    const gap = Math.round(2 * dpr);
    const y = Math.round((h - size) / 2);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `700 ${Math.round(size * 0.45)}px system-ui, sans-serif`;
    for (let i = 0; i < LEGEND_RAMP_CELLS; i++) {
      const shade = Math.round((i / (LEGEND_RAMP_CELLS - 1)) * (SHADES - 1));
      const x = i * (size + gap);
      legendCell(ctx, paint, dpr, x, y, size, PAGE_CLEAN, shade);
      ctx.fillStyle = paint.rampText[shade];
      ctx.fillText(String(i + 1), x + size / 2, y + size / 2 + Math.round(0.5 * dpr));
    }
  },
};

const legendWatchers = new WeakMap<HTMLElement, () => void>();

/**
 * Renders (or re-renders) the page-grid legend into container: every page state, the LRU shade
 * and every transient mark, drawn by the same code as the grid so the two cannot disagree.
 */
export function drawLegend(container: HTMLElement): void {
  legendWatchers.get(container)?.();
  container.querySelector(':scope > .pg-legend')?.remove();
  const root = document.createElement('div');
  root.className = 'pg-legend';
  root.dataset.testid = 'page-legend';
  const dpr = window.devicePixelRatio || 1;
  const palette = readPalette();
  const group = (heading: string, entries: LegendEntry[], width: number, height: number): void => {
    const list = document.createElement('ul');
    list.className = 'pg-legend-group';
    list.setAttribute('aria-label', heading);
    const title = document.createElement('li');
    title.className = 'pg-legend-heading';
    title.textContent = heading;
    list.append(title);
    for (const entry of entries) {
      const item = document.createElement('li');
      item.className = 'pg-legend-item';
      const swatch = document.createElement('canvas');
      swatch.className = 'pg-swatch';
      swatch.width = Math.round(width * dpr);
      swatch.height = Math.round(height * dpr);
      swatch.style.width = `${width}px`;
      swatch.style.height = `${height}px`;
      swatch.setAttribute('aria-hidden', 'true');
      const ctx = swatch.getContext('2d');
      if (ctx !== null)
        entry.draw(ctx, makePaint(ctx, palette, dpr), dpr, swatch.width, swatch.height);
      const text = document.createElement('span');
      text.textContent = entry.label;
      item.append(swatch, text);
      list.append(item);
    }
    root.append(list);
  };
  group('Pages', LEGEND_STATES, 20, 20);
  group('Recency', [LEGEND_LRU], LEGEND_RAMP_CELLS * 22, 22);
  group('This step', LEGEND_MARKS, 44, 32);
  container.append(root);
  const stop = watchPalette(() => {
    if (root.isConnected) drawLegend(container);
    else stop();
  });
  legendWatchers.set(container, stop);
}
