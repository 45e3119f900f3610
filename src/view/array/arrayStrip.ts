// The memory strip: the structure's memory as a row of slots (heaps) or words (pointer
// structures), page by page, each slot tinted by its tree level, the current step's slots
// marked. It is the picture the article draws under Figures 5 and 6: where each level of the
// tree lies in memory. Canvas, and a window of whole pages around the current slot when the
// structure is wider than the strip, so it works at every size the page accepts.

import type { SimEvent } from '../../core/events';
import type { ViewState } from '../../core/replay/viewState';
import { CANVAS_FONT, setCanvasFont } from '../pages/canvasFont';
import { readPalette, watchPalette } from '../theme/palette';
import { cellLeft, levelOf, type StripWindow, stripWindow } from './stripGeometry';

/** Height of the cells, and of the page numbers above them (CSS px). */
const CELL_H = 18;
const LABEL_H = 13;
/** The strip's height in CSS px: its page labels, one row of cells, a margin. */
const STRIP_HEIGHT = LABEL_H + CELL_H + 4;

/** What the current step does to which slots: compared, swapped, written, or referenced. */
type SlotMark = 'compare' | 'swap' | 'write' | 'touch';

/** The slots (or words) the event concerns, with the mark each gets. */
function slotMarksOf(event: SimEvent | null): { slot: number; mark: SlotMark }[] {
  if (event === null) return [];
  switch (event.kind) {
    case 'compare':
      return [
        { slot: event.slot, mark: 'compare' },
        { slot: event.other, mark: 'compare' },
      ];
    case 'swap':
      return [
        { slot: event.slot, mark: 'swap' },
        { slot: event.other, mark: 'swap' },
      ];
    case 'place':
    case 'clear':
    case 'rekey':
      return [{ slot: event.slot, mark: 'write' }];
    case 'touch':
      return [{ slot: event.slot, mark: 'touch' }];
    default:
      return [];
  }
}

export class ArrayStrip {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly observer: ResizeObserver;
  private cssWidth: number;
  private frame = 0;
  private last: { view: ViewState; event: SimEvent | null } | null = null;
  /** The slot the window follows: the latest one a step concerned. */
  private focus = -1;

  constructor(container: HTMLElement, testId: string, title: string) {
    this.element = document.createElement('div');
    this.element.className = 'array-strip';
    this.element.dataset.testid = testId;
    this.element.setAttribute('role', 'img');
    this.element.setAttribute('aria-label', `${title}: empty`);
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('aria-hidden', 'true');
    // Its height from the start (a canvas is 150 px tall until sized): the tree below is
    // laid out, and drawn, once at its own size, not again when the first step sizes the strip.
    this.canvas.style.height = `${STRIP_HEIGHT}px`;
    this.element.append(this.canvas);
    container.append(this.element);
    const ctx = this.canvas.getContext('2d');
    if (ctx === null) throw new Error('canvas 2D context unavailable');
    this.ctx = ctx;
    this.cssWidth = this.element.getBoundingClientRect().width || 320;
    this.observer = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1]?.contentRect.width ?? 0;
      if (width > 0 && Math.abs(width - this.cssWidth) >= 0.5) {
        this.cssWidth = width;
        cancelAnimationFrame(this.frame);
        this.frame = requestAnimationFrame(() => this.draw());
      }
    });
    this.observer.observe(this.element);
    watchPalette(() => this.draw());
  }

  render(view: ViewState, event: SimEvent | null): void {
    this.last = { view, event };
    const marks = slotMarksOf(event);
    if (marks.length > 0) this.focus = marks[0].slot;
    // This draw is at the new size: a redraw the observer asked for would only repeat it.
    cancelAnimationFrame(this.frame);
    this.draw();
  }

  private draw(): void {
    const last = this.last;
    if (last === null) return;
    const { view, event } = last;
    const perPage = view.spec.itemsPerPage;
    const total = view.pages * perPage;
    const width = Math.max(60, Math.floor(this.cssWidth));
    const shown = stripWindow(total, perPage, this.focus, width);
    const dpr = window.devicePixelRatio || 1;
    const height = STRIP_HEIGHT;
    if (this.canvas.width !== Math.round(width * dpr)) this.canvas.width = Math.round(width * dpr);
    if (this.canvas.height !== Math.round(height * dpr))
      this.canvas.height = Math.round(height * dpr);
    // Written only when they change: each write makes the next font set or measure lay the
    // page out again, several times in one frame with four canvases.
    setStyleSize(this.canvas, width, height);
    const ctx = this.ctx;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const palette = readPalette();
    ctx.clearRect(0, 0, width, height);
    const levelColour = this.levelColours(view, palette.levels);
    for (let slot = shown.first; slot < shown.first + shown.count; slot++) {
      const x = cellLeft(shown, perPage, slot);
      const colour = levelColour(slot);
      if (colour === null) {
        ctx.strokeStyle = palette.outline;
        ctx.lineWidth = 1;
        ctx.strokeRect(x + 0.5, LABEL_H + 0.5, shown.cell - 1, CELL_H - 1);
      } else {
        ctx.fillStyle = colour;
        ctx.fillRect(x, LABEL_H, shown.cell - 1, CELL_H);
      }
    }
    this.drawPageNumbers(shown, perPage, palette.text);
    for (const { slot, mark } of slotMarksOf(event)) {
      if (slot < shown.first || slot >= shown.first + shown.count) continue;
      const x = cellLeft(shown, perPage, slot);
      ctx.lineWidth = 2.5;
      ctx.strokeStyle =
        mark === 'compare'
          ? palette.accentCompare
          : mark === 'swap'
            ? palette.accentSwap
            : palette.highlight;
      ctx.setLineDash(mark === 'touch' ? [3, 2] : []);
      ctx.strokeRect(x - 1, LABEL_H - 2, shown.cell + 1, CELL_H + 4);
      ctx.setLineDash([]);
    }
    const shownPages = `pages ${shown.first / perPage}–${(shown.first + shown.count) / perPage - 1} of ${view.pages}`;
    this.element.setAttribute(
      'aria-label',
      `${view.heap !== null ? 'Slots' : 'Words'} in memory, ${shownPages}, coloured by tree level`,
    );
    this.element.dataset.first = String(shown.first);
    this.element.dataset.count = String(shown.count);
  }

  /** The colour of a slot's tree level, or null for a slot that holds nothing. */
  private levelColours(view: ViewState, levels: string[]): (slot: number) => string | null {
    const heap = view.heap;
    if (heap !== null) {
      return (slot) =>
        // Below the root, past the tail, or a slot the layout leaves empty: nothing there.
        slot < heap.rootSlot || slot > view.lastSlot || heap.gaps?.isGap(slot) === true
          ? null
          : levels[levelOf(heap, slot) % levels.length];
    }
    // Pointer structures: words grouped by node, each node tinted by its depth from the root
    // (a list's by its place in the list) when the structure is mirrored; else nodes alternate.
    const nodes = view.nodes;
    const words = view.spec.nodeBytes / 8;
    const depths = nodes === null ? null : depthsFrom(view.root, nodes.left, nodes.right);
    return (word) => {
      const node = Math.floor(word / words);
      if (node === 0) return levels[levels.length - 1];
      if (nodes === null || depths === null) return levels[node % 2];
      if (nodes.live[node] !== 1) return null;
      return levels[Math.max(0, depths.get(node) ?? 0) % levels.length];
    };
  }

  private drawPageNumbers(shown: StripWindow, perPage: number, colour: string): void {
    const ctx = this.ctx;
    setCanvasFont(ctx, `10px ${CANVAS_FONT}`);
    ctx.fillStyle = colour;
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    const pageWidth = perPage * shown.cell;
    // Page numbers where there is room for them, at least every few pages.
    const every = Math.max(1, Math.ceil(28 / Math.max(1, pageWidth + shown.gap)));
    const firstPage = shown.first / perPage;
    for (let page = firstPage; page < (shown.first + shown.count) / perPage; page++) {
      if (page % every !== 0) continue;
      ctx.fillText(`p${page}`, cellLeft(shown, perPage, page * perPage), 0);
    }
  }
}

/** Each node's distance from `root` along left and right links (breadth first). */
function depthsFrom(root: number, left: Int32Array, right: Int32Array): Map<number, number> {
  const depths = new Map<number, number>();
  if (root === 0) return depths;
  const queue = [root];
  depths.set(root, 0);
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    const next = (depths.get(node) ?? 0) + 1;
    for (const child of [left[node], right[node]]) {
      if (child === 0 || depths.has(child)) continue;
      depths.set(child, next);
      queue.push(child);
    }
  }
  return depths;
}

/** Sets an element's CSS size, leaving the style alone when it already says so. */
function setStyleSize(element: HTMLElement, width: number, height: number): void {
  const w = `${width}px`;
  const h = `${height}px`;
  if (element.style.width !== w) element.style.width = w;
  if (element.style.height !== h) element.style.height = h;
}
