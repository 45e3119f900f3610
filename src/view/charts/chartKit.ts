// Small pieces both D3 charts (fault-cost curves, scaling) draw with: log-axis ticks that keep
// their labels apart, and showing or hiding an SVG part.

import { ticks as niceTicks } from 'd3-array';
import type { Selection } from 'd3-selection';

/** Labels on a vertical axis need about this many pixels between them. */
export const MIN_TICK_GAP = 22;

/**
 * Left-axis ticks on the log scale, at least MIN_TICK_GAP px apart. Within about a decade, plain
 * nice numbers (4, 6, 8...) say more than one lonely power of ten; over many decades, powers of
 * ten (with 2 and 5 between them when there is room), thinned to fit the height.
 */
export function logTicks(lo: number, hi: number, height: number): number[] {
  const span = Math.log10(hi / lo);
  const perDecade = height / Math.max(span, 1e-9);
  const spaced = (ts: number[]): boolean =>
    ts.every((t, i) => i === 0 || Math.log10(t / ts[i - 1]) * perDecade >= MIN_TICK_GAP);
  if (span < 1) {
    let ts: number[] = [];
    for (let count = Math.max(2, Math.floor(height / MIN_TICK_GAP)); count >= 2; count--) {
      ts = niceTicks(lo, hi, count).filter((t) => t > 0);
      if (spaced(ts)) return ts;
    }
    // A very short axis: even the coarsest nice ticks crowd, so keep every tick that stands at
    // least the gap above the last one kept.
    const kept: number[] = [];
    for (const t of ts) {
      const last = kept[kept.length - 1];
      if (last === undefined || Math.log10(t / last) * perDecade >= MIN_TICK_GAP) kept.push(t);
    }
    return kept;
  }
  const first = Math.floor(Math.log10(lo));
  const last = Math.ceil(Math.log10(hi));
  const multipliers = Math.log10(2) * perDecade >= MIN_TICK_GAP * 1.2 ? [1, 2, 5] : [1];
  const every = Math.max(1, Math.ceil((MIN_TICK_GAP * 1.3) / perDecade));
  const out: number[] = [];
  for (let e = first; e <= last; e++) {
    if ((e - first) % every !== 0) continue;
    for (const m of multipliers) {
      // Built from a decimal string so ticks print as 0.001, not 0.0010000000000000002.
      const t = Number(`${m}e${e}`);
      if (t >= lo && t <= hi) out.push(t);
    }
  }
  return out;
}

/** Shows or hides an SVG part without removing it (its place in the layers stays). */
export function shown<E extends SVGElement>(
  selection: Selection<E, unknown, null, undefined>,
  visible: boolean,
): void {
  if (visible) selection.style('display', null);
  else selection.style('display', 'none');
}

export interface PlotSize {
  width: number;
  height: number;
}

/**
 * Follows a plot element's size and redraws on the next frame when it changes, not inside the
 * observer's callback (which would risk its loop). The size is kept from the observer, so a
 * draw never forces a layout to read it; fallbacks cover a plot not yet in the page.
 */
export class PlotSizer {
  private box: PlotSize;
  private drawn: PlotSize = { width: 0, height: 0 };
  private frame = 0;
  private readonly observer: ResizeObserver;

  constructor(
    private readonly element: Element,
    private readonly fallback: PlotSize & { minHeight: number },
    private readonly redraw: () => void,
  ) {
    // Its box is read when it first draws (take), not here: the panel around it is still being
    // built, and reading it now forced a layout that the draw forced again.
    this.box = { width: 0, height: 0 };
    this.observer = new ResizeObserver((entries) => {
      const content = entries[entries.length - 1]?.contentRect;
      if (content === undefined) return;
      this.box = { width: content.width, height: content.height };
      const { width, height } = this.measure();
      if (width !== this.drawn.width || height !== this.drawn.height) this.schedule();
    });
    this.observer.observe(element);
  }

  /** The size the last draw used. */
  get size(): PlotSize {
    return this.drawn;
  }

  /** Whether a redraw waits for the next frame. */
  get scheduled(): boolean {
    return this.frame !== 0;
  }

  /** For a draw about to start: drops a pending redraw and fixes the size it draws at. */
  take(): PlotSize {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    // Built before it was in the page, a plot has no size from the observer until the frame
    // after it went in; a draw before that reads its box, or it would draw at the fallback's
    // 600 px and widen a phone's page for a frame (a layout shift of 0.07).
    if (this.box.width === 0 && this.element.isConnected) {
      const rect = this.element.getBoundingClientRect();
      this.box = { width: rect.width, height: rect.height };
    }
    this.drawn = this.measure();
    return this.drawn;
  }

  /**
   * Runs a redraw waiting for the next frame now (a panel just shown, before work that takes
   * the cores starts and would stretch it); nothing if none waits.
   */
  flush(): void {
    if (this.frame === 0) return;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.redraw();
  }

  schedule(): void {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.redraw();
    });
  }

  disconnect(): void {
    this.observer.disconnect();
    cancelAnimationFrame(this.frame);
  }

  private measure(): PlotSize {
    const width = Math.floor(this.box.width) || this.fallback.width;
    const height = Math.max(
      this.fallback.minHeight,
      Math.floor(this.box.height) || this.fallback.height,
    );
    return { width, height };
  }
}
