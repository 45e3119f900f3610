// The page grid's legend: every page state, the LRU shades and every mark, drawn as the grid does.

import { PAGE_CLEAN, PAGE_DIRTY, PAGE_OUT, PAGE_UNTOUCHED } from '../../core/replay/viewState';
import { readPalette, watchPalette } from '../theme/palette';
import { CANVAS_FONT, setCanvasFont } from './canvasFont';
import { SHADES } from './colours';
import { drawMark, type PageMark } from './pageMarks';
import { makePaint, type Paint } from './paint';

interface LegendEntry {
  label: string;
  /** Draws the swatch into a w × h device-px canvas. */
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
    setCanvasFont(ctx, `700 ${Math.round(size * 0.45)}px ${CANVAS_FONT}`);
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
 * Renders the page-grid legend into container: every page state, the LRU shade and every
 * transient mark, drawn by the same code as the grid so the two cannot disagree. The swatches
 * are laid out at once and painted when the legend first comes into view: their ten canvases
 * took 10-12 ms of the page's construction, before its first frame (docs/performance.md). A
 * theme change paints them again in place.
 */
export function drawLegend(container: HTMLElement): void {
  legendWatchers.get(container)?.();
  container.querySelector(':scope > .pg-legend')?.remove();
  const root = document.createElement('div');
  root.className = 'pg-legend';
  root.dataset.testid = 'page-legend';
  const dpr = window.devicePixelRatio || 1;
  const swatches: { canvas: HTMLCanvasElement; entry: LegendEntry; width: number }[] = [];
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
      const canvas = document.createElement('canvas');
      canvas.className = 'pg-swatch';
      const deviceWidth = Math.round(width * dpr);
      canvas.width = deviceWidth;
      canvas.height = Math.round(height * dpr);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      canvas.setAttribute('aria-hidden', 'true');
      swatches.push({ canvas, entry, width: deviceWidth });
      const text = document.createElement('span');
      text.textContent = entry.label;
      item.append(canvas, text);
      list.append(item);
    }
    root.append(list);
  };
  group('Pages', LEGEND_STATES, 20, 20);
  group('Recency', [LEGEND_LRU], LEGEND_RAMP_CELLS * 22, 22);
  group('This step', LEGEND_MARKS, 44, 32);
  container.append(root);
  let painted = false;
  const paint = (): void => {
    painted = true;
    const palette = readPalette();
    for (const { canvas, entry, width } of swatches) {
      // Sizing a canvas clears it and resets its context (a dash, a font left from before).
      canvas.width = width;
      const ctx = canvas.getContext('2d');
      if (ctx !== null)
        entry.draw(ctx, makePaint(ctx, palette, dpr), dpr, canvas.width, canvas.height);
    }
  };
  let seen: IntersectionObserver | null = null;
  if (typeof IntersectionObserver === 'undefined') paint();
  else {
    seen = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      seen?.disconnect();
      paint();
    });
    seen.observe(root);
  }
  const stopPalette = watchPalette(() => {
    if (!root.isConnected) stop();
    else if (painted) paint();
  });
  const stop = (): void => {
    seen?.disconnect();
    stopPalette();
  };
  legendWatchers.set(container, stop);
}
