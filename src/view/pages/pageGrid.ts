// The page grid: one cell per virtual-memory page of one heap, showing its state, LRU recency and
// the current step's pager event. Canvas, because up to 65,537 cells are redrawn on every autoplay
// frame.
// This entry owns the element, the canvas and what the last render drew; the modules beside it
// each compute or paint one thing (geometry, fills, cells, numbers, marks, text, legend).

import type { SimEvent } from '../../core/events';
import { PAGE_DIRTY, type ViewState } from '../../core/replay/viewState';
import { readPalette, watchPalette } from '../theme/palette';
import { drawCellNumbers } from './cellNumbers';
import { paintCells } from './cells';
import { describeCell, describePage } from './describe';
import { FillOrder } from './fillOrder';
import {
  cellX,
  cellY,
  type GridGeometry,
  geometryFor,
  OUTLINE_FROM,
  pageAtPoint,
  RANK_FROM,
} from './gridGeometry';
import { drawHighlight } from './highlight';
import { drawMark, pageMarksOf } from './pageMarks';
import { makePaint, type Paint } from './paint';
import { paintPixelCells } from './pixelCells';
import { GridSnapshot } from './snapshot';
import { gridAriaLabel, gridDataset } from './summary';

export { cellSizeFor } from './gridGeometry';
export { drawLegend } from './legend';
export { type PageMark, pageMarksOf } from './pageMarks';

/**
 * Height (CSS px) kept for the note when a grid that fitted its box without one is made smaller,
 * since a smaller grid may need several pages a cell and so the note.
 */
const NOTE_ROOM = 20;

function perCellNote(perCell: number): string {
  return `each cell: ${perCell} pages, coloured by the most recently used of them`;
}

interface PageGridOptions {
  testId: string;
  /** Names the grid in its aria-label, e.g. "binary heap pages". */
  title: string;
  onHoverPage: (page: number | null) => void;
}

export class PageGridView {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  /** Says how many pages a cell stands for, when more than one (hidden otherwise). */
  private readonly note: HTMLParagraphElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly observer: ResizeObserver;
  private readonly stopPalette: () => void;
  private geometry: GridGeometry | null = null;
  /** The room the geometry was made for. */
  private geometryRoom: number | undefined = undefined;
  private paint: Paint | null = null;
  private cssWidth: number;
  /**
   * The most height (CSS px) the grid's box shows, once a draw found the box clipping the grid
   * (its max-height on a 720-line screen): the grid then shrinks to fit, so no page is hidden.
   * Forgotten when the side's size changes.
   */
  private room: number | undefined = undefined;
  /** The least text size (CSS px) of the numbers in cells: 11, or 18 on a projector. */
  private leastText = 11;
  private readonly sideObserver: ResizeObserver;
  private frame = 0;
  private hovered: number | null = null;
  // What the last render drew, for redraws (resize, theme) and for hover text.
  private last: {
    view: ViewState;
    current: SimEvent | null;
    highlight: ReadonlySet<number>;
  } | null = null;
  private readonly snapshot = new GridSnapshot();
  private readonly fills = new FillOrder();
  /** The canvas's pixels, for grids too fine for outlines (written whole, then put). */
  private image: ImageData | null = null;

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
    this.note = document.createElement('p');
    this.note.className = 'pg-note';
    this.note.dataset.testid = `${options.testId}-note`;
    this.note.hidden = true;
    this.element.append(this.note, this.canvas);
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
    // The box's height follows the side's: when that changes, measure the room again.
    let sideHeight = container.parentElement?.clientHeight ?? 0;
    this.sideObserver = new ResizeObserver((entries) => {
      const height = entries[entries.length - 1]?.contentRect.height ?? 0;
      if (Math.abs(height - sideHeight) >= 0.5) {
        sideHeight = height;
        this.room = undefined;
        this.schedule();
      }
    });
    if (container.parentElement !== null) this.sideObserver.observe(container.parentElement);
    this.stopPalette = watchPalette(() => {
      this.paint = null;
      this.schedule();
    });

    this.canvas.addEventListener('mousemove', (event) => this.hover(this.pageAt(event)));
    this.canvas.addEventListener('mouseleave', () => this.hover(null));
  }

  /** Numbers smaller than `px` CSS px are not drawn (the stage's least text size). */
  setLeastText(px: number): void {
    if (px === this.leastText) return;
    this.leastText = px;
    this.geometry = null;
    this.schedule();
  }

  render(view: ViewState, current: SimEvent | null, highlightPages: ReadonlySet<number>): void {
    this.last = { view, current, highlight: highlightPages };
    // This draw is at the new size: a redraw the observers asked for would only repeat it.
    cancelAnimationFrame(this.frame);
    this.draw();
  }

  /** Stops observers and removes the grid. */
  destroy(): void {
    this.observer.disconnect();
    this.sideObserver.disconnect();
    this.stopPalette();
    cancelAnimationFrame(this.frame);
    this.element.remove();
  }

  private schedule(): void {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.draw());
  }

  /**
   * The geometry for `count` pages at the current width, pixel ratio and room; resizes the canvas.
   * A new geometry that its box clips is made again to fit what the box shows.
   */
  private ensureGeometry(count: number): GridGeometry {
    const dpr = window.devicePixelRatio || 1;
    const g = this.geometry;
    if (
      g !== null &&
      g.count === count &&
      g.cssWidth === this.cssWidth &&
      g.dpr === dpr &&
      this.geometryRoom === this.room
    ) {
      return g;
    }
    let next = this.applyGeometry(geometryFor(count, this.cssWidth, dpr, this.room));
    const box = this.element.parentElement;
    if (box !== null && this.element.offsetHeight > box.clientHeight + 1) {
      // Clipped: the room is what the box shows, less what sits above the canvas (the note).
      const noteShown = !this.note.hidden;
      const above = this.element.offsetHeight - next.height / dpr;
      this.room = Math.max(24, box.clientHeight - above);
      next = this.applyGeometry(geometryFor(count, this.cssWidth, dpr, this.room));
      if (!noteShown && next.perCell > 1) {
        // The smaller grid needs the note after all: make room for it too.
        this.room = Math.max(24, this.room - NOTE_ROOM);
        next = this.applyGeometry(geometryFor(count, this.cssWidth, dpr, this.room));
      }
    }
    if (g === null || g.dpr !== dpr) this.paint = null;
    this.geometry = next;
    this.geometryRoom = this.room;
    return next;
  }

  private applyGeometry(next: GridGeometry): GridGeometry {
    // Written only when they change: a write makes the next measure lay the page out again.
    if (this.canvas.width !== next.width) this.canvas.width = next.width;
    if (this.canvas.height !== next.height) this.canvas.height = next.height;
    const height = `${next.height / next.dpr}px`;
    if (this.canvas.style.height !== height) this.canvas.style.height = height;
    // The note above the canvas shows only when a cell holds several pages.
    if (this.note.hidden !== (next.perCell === 1)) this.note.hidden = next.perCell === 1;
    const text = perCellNote(next.perCell);
    if (next.perCell > 1 && this.note.textContent !== text) this.note.textContent = text;
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
    this.snapshot.update(view);

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.setLineDash([]);
    const fills = this.fills;
    if (g.css < OUTLINE_FROM) {
      // Cells too small for outlines are many (a large run spans up to 524,288 pages): one pass
      // over the pixels, which it writes whole, costs a few ms where a path per fill style cost
      // tens. It needs each page's bucket, not the pages sorted by it.
      fills.classify(this.snapshot, count);
      if (this.image?.width !== g.width || this.image.height !== g.height) {
        this.image = ctx.createImageData(g.width, g.height);
      }
      const pixels = new Uint32Array(this.image.data.buffer);
      paintPixelCells(pixels, g, paint.pixels, fills.buckets, this.snapshot.states, PAGE_DIRTY);
      ctx.putImageData(this.image, 0, 0);
    } else {
      ctx.clearRect(0, 0, g.width, g.height);
      // Sort cells by fill style so each style is set once, not once per cell.
      fills.sort(this.snapshot, count);
      paintCells(ctx, g, paint, fills, this.snapshot.states);
    }
    const text =
      g.css >= RANK_FROM
        ? drawCellNumbers(ctx, g, paint, this.snapshot, this.leastText)
        : { rank: 0, page: 0 };
    drawHighlight(ctx, g, paint.palette.highlight, highlight);

    const marked = pageMarksOf(current).filter((m) => m.page >= 0 && m.page < count);
    for (const { page, mark } of marked) {
      drawMark(ctx, paint, mark, cellX(g, page), cellY(g, page), g.cell, g.dpr, g);
    }

    const counts = {
      pages: count,
      resident: this.snapshot.residentCount,
      dirty: fills.dirty,
      out: fills.out,
    };
    const perCellText = perCellNote(g.perCell);
    const label = gridAriaLabel(this.options.title, counts, marked);
    this.element.setAttribute('aria-label', g.perCell > 1 ? `${label}; ${perCellText}` : label);
    Object.assign(this.element.dataset, gridDataset(counts, g.css, marked), {
      perCell: String(g.perCell),
      // The canvas's text sizes (CSS px), for the layout checks: canvas text counts as text.
      rankPx: text.rank.toFixed(1),
      labelPx: text.page.toFixed(1),
    });
    if (this.hovered !== null) this.canvas.title = this.describe(this.hovered);
  }

  private pageAt(event: MouseEvent): number | null {
    const g = this.geometry;
    return g === null ? null : pageAtPoint(g, event.offsetX, event.offsetY);
  }

  private hover(page: number | null): void {
    if (page === this.hovered) return;
    this.hovered = page;
    this.canvas.title = page === null ? '' : this.describe(page);
    this.options.onHoverPage(page);
  }

  private describe(page: number): string {
    const view = this.last?.view;
    const perCell = this.geometry?.perCell ?? 1;
    if (view === undefined) return '';
    return perCell > 1
      ? describeCell(this.snapshot, page, perCell)
      : describePage(view, this.snapshot, page);
  }
}
